/**
 * Fixtures of the report, aggregate and export suites: random bets across agents, games,
 * currencies and the timezone edges, ingested through the real ingest service in random batches
 * with duplicates, and an oracle that computes every report straight from those bets with
 * BigInt arithmetic — independently of the server's aggregate code.
 */
import { formatMoney, ratio4, report, TIMEZONES, type ingest } from '@console/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { toNumber } from '../src/db/sql.ts';
import { ingestBets, ingestCancels, ingestTransfers } from '../src/modules/ingest/service.ts';
import { createDimensions, type Dimensions } from './domain-fixtures.ts';
import type { TestApp } from './harness.ts';

type ReportDef = report.ReportDef;

/** A seeded generator (mulberry32), so a failing run can be replayed with the same seed. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;

/** A random amount "123.4567" of at most `maxInt` integer digits. */
function amount(r: Rng, maxUnits: number, zeroChance = 0.1): string {
  if (r.chance(zeroChance)) return '0.0000';
  return formatMoney(BigInt(r.int(1, maxUnits)) * 10000n + BigInt(r.int(0, 9999)));
}

/**
 * A settle time that often falls where timezones disagree: 13:30–16:30 UTC (the local midnights
 * of +8:00 … +10:00) and the last and first days of months.
 */
function settleTime(r: Rng, startMs: number, days: number): number {
  let day = r.int(0, days - 1);
  if (r.chance(0.25)) {
    // Around a month end: pick a month in range and land on its last or first UTC day.
    const d = new Date(startMs + day * DAY);
    const edge = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, r.chance(0.5) ? 0 : 1);
    day = Math.min(days - 1, Math.max(0, Math.round((edge - startMs) / DAY)));
  }
  const minute = r.chance(0.6) ? r.int(13 * 60 + 30, 16 * 60 + 30) : r.int(0, 24 * 60 - 1);
  return startMs + day * DAY + minute * 60_000 + r.int(0, 59_999);
}

export interface PlayerSpec {
  account: string;
  agent: keyof Dimensions['agent'];
  currencies: Array<keyof Dimensions['currency']>;
}

export interface Scenario {
  dims: Dimensions;
  /** Every distinct bet stored, as ingested (first occurrence of each bet_id). */
  bets: ingest.IngestBet[];
  /** The bets cancelled afterwards, by bet_id: their reason and the cancel's time. */
  cancels: Map<string, { reason: string; time: string }>;
  startMs: number;
  days: number;
}

export const PLAYERS: PlayerSpec[] = [
  { account: 'p01', agent: 'A1', currencies: ['CNY'] },
  { account: 'p02', agent: 'A1', currencies: ['CNY'] },
  { account: 'p03', agent: 'A1-1', currencies: ['CNY'] },
  { account: 'p04', agent: 'A1-1', currencies: ['CNY', 'USD'] },
  { account: 'p05', agent: 'A1-1-1', currencies: ['USD'] },
  { account: 'p06', agent: 'A1-1-1', currencies: ['USD'] },
  { account: 'p07', agent: 'B1', currencies: ['VND'] },
  { account: 'p08', agent: 'B1', currencies: ['VND'] },
  // The same account under two agents: a player_account filter matches both.
  { account: 'p01', agent: 'B1', currencies: ['VND'] },
  { account: 'p10', agent: 'A1', currencies: ['CNY'] },
];
const GAMES = ['slot1', 'card1', 'fish1'] as const;

/**
 * Creates the dimensions, funds every player's wallets (the transfer creates the player, so
 * registrations fall at random times too) and ingests `count` random bets in random batches,
 * re-sending some bets within and across batches; with `options.prizes`, some bets win jackpot
 * prizes from pools deep enough for all; with `options.cancelShare` > 0, then cancels about that
 * share of the bets (random batches, some cancels sent twice) through the cancellation call.
 */
export async function ingestScenario(
  t: TestApp,
  seed: number,
  count: number,
  startMs = Date.UTC(2025, 0, 20),
  days = 100,
  options: { prizes?: boolean; cancelShare?: number } = {},
): Promise<Scenario> {
  const r = rng(seed);
  // Prizes draw from a stream of their own: the scenario's other values stay as they were without them.
  const pr = rng(seed + 7919);
  const dims = await createDimensions(t.database.db);
  if (options.prizes) {
    // An enabled pool for every agent and game, deep enough for every prize of the scenario.
    const now = new Date().toISOString();
    for (const agent_id of Object.values(dims.agent)) {
      for (const game_id of Object.values(dims.game)) {
        await t.database.db
          .insertInto('prize_pool')
          .values({ agent_id, game_id, pool_amount: 9_000_000_000_000_000n, seed_amount: 0n, contribution_rate: 100, trigger_threshold: 0n, cap_amount: 0n, status: 1, created_at: now, updated_at: now })
          .execute();
      }
    }
  }
  const transfers: ingest.IngestTransfer[] = [];
  for (const [i, p] of PLAYERS.entries()) {
    for (const c of p.currencies) {
      transfers.push({
        order_id: `fund-${seed}-${i}-${c}`,
        agent_code: p.agent,
        player_account: p.account,
        currency_code: c,
        direction: 'in',
        amount: '900000000000.0000',
        time: iso(settleTime(r, startMs, days)),
      });
    }
  }
  // Funding in two batches: registrations land in two different ingest transactions.
  await ingestTransfers(t.database, transfers.slice(0, 6));
  await ingestTransfers(t.database, transfers.slice(6));

  const bets: ingest.IngestBet[] = [];
  for (let i = 0; i < count; i++) {
    const p = r.pick(PLAYERS);
    const settle = settleTime(r, startMs, days);
    const bet = amount(r, r.chance(0.05) ? 99_999_999 : 5000, 0.03);
    bets.push({
      bet_id: `b-${seed}-${i}`,
      round_id: `r-${seed}-${Math.floor(i / 3)}`,
      agent_code: p.agent,
      player_account: p.account,
      game_code: r.pick(GAMES),
      currency_code: r.pick(p.currencies),
      bet_amount: bet,
      valid_bet_amount: r.chance(0.8) ? bet : amount(r, 5000),
      payout_amount: r.chance(0.45) ? '0.0000' : amount(r, 12000),
      tax_amount: amount(r, 50, 0.6),
      bonus_amount: amount(r, 30, 0.8),
      jackpot_contribution: amount(r, 5, 0.5),
      bet_time: iso(settle - r.int(1000, 600_000)),
      settle_time: iso(settle),
      device: r.pick(['web', 'h5', 'ios', 'android', 'pc'] as const),
      // One bet in eight wins a prize; the rest leave the field out (its default, "0") or send "0".
      ...(options.prizes && pr.chance(0.125) ? { jackpot_prize: amount(pr, 20_000, 0) } : options.prizes && pr.chance(0.3) ? { jackpot_prize: '0' } : {}),
    });
  }
  // Random batches; some re-send a bet from an earlier batch or repeat one within the batch.
  let at = 0;
  while (at < bets.length) {
    const size = r.int(1, 120);
    const batch = bets.slice(at, at + size);
    if (at > 0 && r.chance(0.5)) batch.push(bets[r.int(0, at - 1)]!);
    if (batch.length > 1 && r.chance(0.3)) batch.push(batch[0]!);
    shuffle(r, batch);
    await ingestBets(t.database, batch);
    at += size;
  }
  const cancels = new Map<string, { reason: string; time: string }>();
  const toCancel: ingest.IngestCancel[] = [];
  for (const b of bets) {
    if (!r.chance(options.cancelShare ?? 0)) continue;
    const c = { bet_id: b.bet_id, reason: `void ${r.int(1, 5)}`, time: iso(Date.parse(b.settle_time) + r.int(0, 3 * 86_400_000)) };
    cancels.set(b.bet_id, { reason: c.reason, time: c.time });
    toCancel.push(c);
  }
  shuffle(r, toCancel);
  for (let i = 0; i < toCancel.length; ) {
    const size = r.int(1, 25);
    const batch = toCancel.slice(i, i + size);
    if (i > 0 && r.chance(0.4)) batch.push(toCancel[r.int(0, i - 1)]!);
    await ingestCancels(t.database, batch);
    i += size;
  }
  return { dims, bets, cancels, startMs, days };
}

function shuffle<T>(r: Rng, xs: T[]) {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
}

// -----------------------------------------------------------------------------------------------
// The oracle.

export interface World {
  players: Map<number, { id: number; account: string; agent_id: number; currency_id: number; registered_at: number }>;
  playerIdOf: Map<string, number>;
  agents: Map<number, { code: string; name: string; path: string }>;
  games: Map<number, { code: string; name_zh: string; name_en: string; platform_id: number }>;
  platforms: Map<number, { code: string; name: string }>;
  currencies: Map<number, string>;
  currencyIdOf: Map<string, number>;
  agentIdOf: Map<string, number>;
  gameIdOf: Map<string, number>;
  /** The bets standing (not cancelled): what every report counts. */
  bets: OracleBet[];
  /** Every bet stored, cancelled ones too: what the bet-record list shows. */
  allBets: OracleBet[];
}

export interface OracleBet {
  bet_id: string;
  player_id: number;
  agent_id: number;
  game_id: number;
  platform_id: number;
  currency_id: number;
  bet: bigint;
  valid: bigint;
  payout: bigint;
  tax: bigint;
  bonus: bigint;
  jackpot: bigint;
  prize: bigint;
  bet_time: number;
  settle_time: number;
  device: string;
  round_id: string;
  cancelled_at: number | null;
  cancel_reason: string | null;
}

const units = (s: string) => {
  const [i, f = ''] = s.split('.');
  return BigInt(i!) * 10000n + BigInt((f + '0000').slice(0, 4));
};

/** Reads the dimension rows (ids, names) the oracle labels rows with, and converts the bets. */
export async function loadWorld(db: Kysely<DB>, s: Scenario): Promise<World> {
  const players = new Map<number, { id: number; account: string; agent_id: number; currency_id: number; registered_at: number }>();
  const playerIdOf = new Map<string, number>();
  for (const p of await db.selectFrom('player').select(['id', 'account', 'agent_id', 'currency_id', 'registered_at']).execute()) {
    const row = { id: toNumber(p.id), account: p.account, agent_id: toNumber(p.agent_id), currency_id: toNumber(p.currency_id), registered_at: toNumber(p.registered_at) };
    players.set(row.id, row);
    playerIdOf.set(`${row.agent_id}/${row.account}`, row.id);
  }
  const agents = new Map((await db.selectFrom('agent').select(['id', 'code', 'name', 'path']).execute()).map((a) => [toNumber(a.id), { code: a.code, name: a.name, path: a.path }]));
  const games = new Map(
    (await db.selectFrom('game').select(['id', 'code', 'name_zh', 'name_en', 'platform_id']).execute()).map((g) => [
      toNumber(g.id),
      { code: g.code, name_zh: g.name_zh, name_en: g.name_en, platform_id: toNumber(g.platform_id) },
    ]),
  );
  const platforms = new Map((await db.selectFrom('platform').select(['id', 'code', 'name']).execute()).map((p) => [toNumber(p.id), { code: p.code, name: p.name }]));
  const currencies = new Map((await db.selectFrom('currency').select(['id', 'code']).execute()).map((c) => [toNumber(c.id), c.code]));
  const currencyIdOf = new Map([...currencies].map(([id, code]) => [code, id]));
  const agentIdOf = new Map([...agents].map(([id, a]) => [a.code, id]));
  const gameIdOf = new Map([...games].map(([id, g]) => [g.code, id]));
  const allBets = s.bets.map((b): OracleBet => {
    const agent_id = agentIdOf.get(b.agent_code)!;
    const cancel = s.cancels.get(b.bet_id);
    const game_id = gameIdOf.get(b.game_code)!;
    return {
      bet_id: b.bet_id,
      round_id: b.round_id,
      player_id: playerIdOf.get(`${agent_id}/${b.player_account}`)!,
      agent_id,
      game_id,
      platform_id: games.get(game_id)!.platform_id,
      currency_id: currencyIdOf.get(b.currency_code)!,
      bet: units(b.bet_amount),
      valid: units(b.valid_bet_amount),
      payout: units(b.payout_amount),
      tax: units(b.tax_amount),
      bonus: units(b.bonus_amount),
      jackpot: units(b.jackpot_contribution),
      prize: units(b.jackpot_prize ?? '0'),
      bet_time: Date.parse(b.bet_time),
      settle_time: Date.parse(b.settle_time),
      device: b.device,
      cancelled_at: cancel ? Date.parse(cancel.time) : null,
      cancel_reason: cancel?.reason ?? null,
    };
  });
  const bets = allBets.filter((b) => b.cancelled_at === null);
  return { players, playerIdOf, agents, games, platforms, currencies, currencyIdOf, agentIdOf, gameIdOf, bets, allBets };
}

export interface OracleFilter {
  start_date: string;
  end_date: string;
  time_zone_id: number;
  currency_id?: number;
  agent_id?: number;
  game_id?: number;
  platform_id?: number;
  player_account?: string;
}

const offsetOf = (tz: number) => TIMEZONES.find((z) => z.id === tz)!.offsetMinutes;
const local = (ms: number, off: number) => new Date(ms + off * 60_000).toISOString();

interface Acc {
  row: Record<string, unknown>;
  bet_count: number;
  win_count: number;
  players: Set<number>;
  bet: bigint;
  valid: bigint;
  payout: bigint;
  tax: bigint;
  bonus: bigint;
  jackpot: bigint;
  prize: bigint;
  npc: number;
}
const newAcc = (row: Record<string, unknown>): Acc => ({ row, bet_count: 0, win_count: 0, players: new Set(), bet: 0n, valid: 0n, payout: 0n, tax: 0n, bonus: 0n, jackpot: 0n, prize: 0n, npc: 0 });

function addBet(a: Acc, b: OracleBet) {
  a.bet_count++;
  if (b.payout - b.bet - b.tax + b.bonus + b.prize > 0n) a.win_count++;
  a.players.add(b.player_id);
  a.bet += b.bet;
  a.valid += b.valid;
  a.payout += b.payout;
  a.tax += b.tax;
  a.bonus += b.bonus;
  a.jackpot += b.jackpot;
  a.prize += b.prize;
}

function metricsOf(a: Acc) {
  const pwl = a.payout - a.bet - a.tax + a.bonus + a.prize;
  return {
    bet_count: a.bet_count,
    bettor_count: a.players.size,
    bet_amount: formatMoney(a.bet),
    valid_bet_amount: formatMoney(a.valid),
    payout_amount: formatMoney(a.payout),
    tax_amount: formatMoney(a.tax),
    bonus_amount: formatMoney(a.bonus),
    jackpot_contribution: formatMoney(a.jackpot),
    jackpot_prize: formatMoney(a.prize),
    player_win_loss: formatMoney(pwl),
    platform_win_loss: formatMoney(-pwl),
    rtp: ratio4(a.payout + a.bonus + a.prize, a.bet),
  };
}

function extrasOf(d: ReportDef, a: Acc) {
  const out: Record<string, unknown> = {};
  if (d.newPlayers) out.new_player_count = a.npc;
  if (d.odds) Object.assign(out, { win_count: a.win_count, win_rate: ratio4(BigInt(a.win_count), BigInt(a.bet_count)) });
  return out;
}

/** Ids matched by the agent filter: the agent and every agent below it. */
function subtree(w: World, agentId: number): Set<number> {
  const root = w.agents.get(agentId)!;
  return new Set([...w.agents].filter(([, a]) => a.path.startsWith(root.path)).map(([id]) => id));
}

export interface Expected {
  rows: Array<Record<string, unknown>>;
  summary: Array<Record<string, unknown>>;
}

/** Every row and the per-currency totals of a report, computed from the raw bets. */
export function expectReport(w: World, d: ReportDef, f: OracleFilter, lang: 'en' | 'zh-cn' = 'en'): Expected {
  const off = offsetOf(f.time_zone_id);
  const agents = f.agent_id ? subtree(w, f.agent_id) : null;
  const inRange = (ms: number) => {
    const day = local(ms, off).slice(0, 10);
    return day >= f.start_date && day <= f.end_date;
  };
  const playerOk = (pid: number) => !f.player_account || w.players.get(pid)!.account === f.player_account;
  const bets = w.bets.filter(
    (b) =>
      inRange(b.settle_time) &&
      (!f.currency_id || f.currency_id <= 0 || b.currency_id === f.currency_id) &&
      (!agents || agents.has(b.agent_id)) &&
      (!f.game_id || b.game_id === f.game_id) &&
      (!f.platform_id || b.platform_id === f.platform_id) &&
      playerOk(b.player_id),
  );
  const periodOf = (ms: number): Record<string, string> => {
    const l = local(ms, off);
    if (d.period === 'day') return { date: l.slice(0, 10) };
    if (d.period === 'hour') return { hour: `${l.slice(0, 10)} ${l.slice(11, 13)}:00` };
    if (d.period === 'month') return { month: l.slice(0, 7) };
    return {};
  };
  const dimsOf = (agentId: number, gameId: number | null, platformId: number | null, playerId: number | null, currencyId: number) => {
    const row: Record<string, unknown> = {};
    for (const dim of d.dims) {
      if (dim === 'agent') Object.assign(row, { agent_id: agentId, agent_code: w.agents.get(agentId)!.code, agent_name: w.agents.get(agentId)!.name });
      if (dim === 'game') {
        const g = w.games.get(gameId!)!;
        Object.assign(row, { game_id: gameId, game_code: g.code, game_name: lang === 'en' ? g.name_en : g.name_zh, platform_id: g.platform_id, platform_code: w.platforms.get(g.platform_id)!.code });
      }
      if (dim === 'platform') Object.assign(row, { platform_id: platformId, platform_code: w.platforms.get(platformId!)!.code, platform_name: w.platforms.get(platformId!)!.name });
      if (dim === 'player') {
        const p = w.players.get(playerId!)!;
        Object.assign(row, { player_id: playerId, player_account: p.account, agent_id: p.agent_id, agent_code: w.agents.get(p.agent_id)!.code, agent_name: w.agents.get(p.agent_id)!.name });
      }
    }
    Object.assign(row, { currency_id: currencyId, currency_code: w.currencies.get(currencyId)! });
    return row;
  };
  const groups = new Map<string, Acc>();
  const accOf = (row: Record<string, unknown>) => {
    const key = JSON.stringify(row);
    let a = groups.get(key);
    if (!a) groups.set(key, (a = newAcc(row)));
    return a;
  };
  for (const b of bets) {
    addBet(accOf({ ...periodOf(b.settle_time), ...dimsOf(b.agent_id, b.game_id, b.platform_id, b.player_id, b.currency_id) }), b);
  }
  if (d.newPlayers) {
    const rowsFromRegistrations = !f.game_id && !f.platform_id;
    for (const p of w.players.values()) {
      if (!inRange(p.registered_at)) continue;
      if (f.currency_id && f.currency_id > 0 && p.currency_id !== f.currency_id) continue;
      if (agents && !agents.has(p.agent_id)) continue;
      if (!playerOk(p.id)) continue;
      const row = { ...periodOf(p.registered_at), ...dimsOf(p.agent_id, null, null, null, p.currency_id) };
      const key = JSON.stringify(row);
      if (!rowsFromRegistrations && !groups.has(key)) continue;
      accOf(row).npc++;
    }
  }
  const fields = report.reportSortFields(d);
  const rows = [...groups.values()].map((a) => {
    const all: Record<string, unknown> = { ...a.row, ...metricsOf(a), ...extrasOf(d, a) };
    return Object.fromEntries(fields.map((k) => [k, all[k]]));
  });
  // Totals per currency: sums of the rows, distinct bettors over the whole range.
  const totals = new Map<number, Acc>();
  for (const b of bets) {
    let a = totals.get(b.currency_id);
    if (!a) totals.set(b.currency_id, (a = newAcc({})));
    addBet(a, b);
  }
  for (const a of groups.values()) {
    const cid = a.row.currency_id as number;
    let t = totals.get(cid);
    if (!t) totals.set(cid, (t = newAcc({})));
    t.npc += a.npc;
  }
  const summary = [...totals]
    .map(([cid, a]) => ({ currency_id: cid, currency_code: w.currencies.get(cid)!, ...metricsOf(a), ...extrasOf(d, a) }))
    .sort((x, y) => (x.currency_code < y.currency_code ? -1 : 1));
  return { rows, summary };
}

/** The bet-record list from the raw bets: newest settle time first. */
export function expectBetting(w: World, f: OracleFilter, lang: 'en' | 'zh-cn' = 'en'): Array<Record<string, unknown>> {
  const off = offsetOf(f.time_zone_id);
  const agents = f.agent_id ? subtree(w, f.agent_id) : null;
  const t = (ms: number) => local(ms, off).slice(0, 19).replace('T', ' ');
  return w.allBets
    .filter((b) => {
      const day = local(b.settle_time, off).slice(0, 10);
      return (
        day >= f.start_date &&
        day <= f.end_date &&
        (!f.currency_id || f.currency_id <= 0 || b.currency_id === f.currency_id) &&
        (!agents || agents.has(b.agent_id)) &&
        (!f.game_id || b.game_id === f.game_id) &&
        (!f.platform_id || b.platform_id === f.platform_id) &&
        (!f.player_account || w.players.get(b.player_id)!.account === f.player_account)
      );
    })
    .sort((a, b) => b.settle_time - a.settle_time || (a.bet_id < b.bet_id ? 1 : -1))
    .map((b) => {
      const g = w.games.get(b.game_id)!;
      const p = w.players.get(b.player_id)!;
      return {
        bet_id: b.bet_id,
        round_id: b.round_id,
        player_id: b.player_id,
        player_account: p.account,
        agent_id: b.agent_id,
        agent_code: w.agents.get(b.agent_id)!.code,
        agent_name: w.agents.get(b.agent_id)!.name,
        game_id: b.game_id,
        game_code: g.code,
        game_name: lang === 'en' ? g.name_en : g.name_zh,
        platform_id: b.platform_id,
        platform_code: w.platforms.get(b.platform_id)!.code,
        currency_id: b.currency_id,
        currency_code: w.currencies.get(b.currency_id)!,
        bet_amount: formatMoney(b.bet),
        valid_bet_amount: formatMoney(b.valid),
        payout_amount: formatMoney(b.payout),
        tax_amount: formatMoney(b.tax),
        bonus_amount: formatMoney(b.bonus),
        jackpot_contribution: formatMoney(b.jackpot),
        jackpot_prize: formatMoney(b.prize),
        player_win_loss: formatMoney(b.payout - b.bet - b.tax + b.bonus + b.prize),
        bet_time: t(b.bet_time),
        settle_time: t(b.settle_time),
        device: b.device,
        cancelled_at: b.cancelled_at === null ? null : t(b.cancelled_at),
        cancel_reason: b.cancel_reason,
      };
    });
}

/** Stable order for comparing row sets. */
export const sortRows = (rows: Array<Record<string, unknown>>) => [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/** Every row of a report from the server: all pages of 500. */
export async function fetchAll(t: TestApp, token: string, d: ReportDef, body: Record<string, unknown>, lang: 'en' | 'zh-cn' = 'en') {
  const rows: Array<Record<string, unknown>> = [];
  let summary: Array<Record<string, unknown>> = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const r = await t.call<{ list: Array<Record<string, unknown>>; total: number; summary: Array<Record<string, unknown>> }>(d.path, { ...body, page, page_size: 500 }, { token, lang });
    if (r.error_code !== '0') throw new Error(`${d.path}: ${r.error_code} ${r.error_msg}`);
    rows.push(...r.data.list);
    summary = r.data.summary;
    total = r.data.total;
    if (r.data.list.length < 500) break;
  }
  return { rows, summary, total };
}
