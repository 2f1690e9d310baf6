/**
 * The agents' settlement (docs/product.md, "Agent settlement"): on a random agent tree with a
 * random share-rate history and random bets (ingested through the real ingest), every row and
 * total equals a direct BigInt computation from the raw bets, bet by bet, in every timezone; each
 * month's takes add up exactly to the platform win/loss; a rate changed through agent management
 * applies from the next month; the code 1405 guards it; its export holds its rows.
 */
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney, ingest, parseMoney, report, TIMEZONES } from '@console/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { toNumber } from '../src/db/sql.ts';
import { ingestBets, ingestTransfers } from '../src/modules/ingest/service.ts';
import { shareRateFromMonth } from '../src/modules/agent/service.ts';
import { divRoundHalfAway, settle } from '../src/modules/report/settlement.ts';
import { createDimensions, type Dimensions } from './domain-fixtures.ts';
import { describeOnDatabases, type CallResult } from './harness.ts';
import { fetchAll, rng, type Rng } from './report-fixtures.ts';
import { asSheetValue } from './sheet-fixtures.ts';
import { addUser, passwordLogin } from './user-helpers.ts';

const SEED = Number(process.env.SETTLEMENT_SEED ?? 20250401);
const d = report.SETTLEMENT_REPORT;
const BP = 10_000n;
const DAY = 86_400_000;

type Row = Record<string, unknown>;
interface Answer {
  list: Row[];
  total: number;
  summary: Row[];
}

/** Month index (year * 12 + month0) of "YYYY-MM", and back. */
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
const monthOf = (i: number) => `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;

describe('the settlement arithmetic', () => {
  it('rounds half away from zero', () => {
    const cases: Array<[bigint, bigint]> = [
      [0n, 0n], [4999n, 0n], [5000n, 1n], [5001n, 1n], [14999n, 1n], [15000n, 2n],
      [-4999n, 0n], [-5000n, -1n], [-15000n, -2n], [-15001n, -2n], [123_456_789n, 12_346n],
    ];
    for (const [n, q] of cases) expect(divRoundHalfAway(n, BP), String(n)).toBe(q);
  });

  it('shares a bet out along its agent’s path: the agent r(L), each ancestor the difference, the platform the rest', () => {
    // T (60 %) > M (45 %) > L (20 %); one bet under L with a platform win/loss of 100.0000.
    const tree = [
      { id: 1, code: 't', parent_id: null, path: '/1/' },
      { id: 2, code: 'm', parent_id: 1, path: '/1/2/' },
      { id: 3, code: 'l', parent_id: 2, path: '/1/2/3/' },
    ];
    const history = [
      { agent_id: 1, from_month: '0000-01', share_rate: 6000 },
      { agent_id: 2, from_month: '0000-01', share_rate: 4500 },
      { agent_id: 3, from_month: '0000-01', share_rate: 2000 },
    ];
    const { rows, totals } = settle(tree, history, [{ month: monthIndex('2026-01'), agent_id: 3, currency_id: 1, bet_count: 1, platform_win_loss: 1_000_000n }]);
    const by = new Map(rows.map((r) => [r.agent_id, r]));
    expect([by.get(3)!.own_take, by.get(2)!.own_take, by.get(1)!.own_take]).toEqual([200_000n, 250_000n, 150_000n]);
    expect([by.get(3)!.upline_take, by.get(2)!.upline_take, by.get(1)!.upline_take]).toEqual([800_000n, 550_000n, 400_000n]);
    expect(rows.map((r) => r.platform_win_loss)).toEqual([1_000_000n, 1_000_000n, 1_000_000n]);
    // The platform keeps 40 %: what the agents' takes leave.
    expect(totals).toEqual([{ currency_id: 1, platform_win_loss: 1_000_000n, own_take: 600_000n }]);
  });

  it('takes a rate set now from the next GMT+8 month', () => {
    expect(shareRateFromMonth(Date.parse('2026-03-15T04:00:00Z'))).toBe('2026-04');
    // 23:30 on 31 March in GMT+8 (already 1 April in GMT+10): still March's edit.
    expect(shareRateFromMonth(Date.parse('2026-03-31T15:30:00Z'))).toBe('2026-04');
    // Midnight of 1 April in GMT+8.
    expect(shareRateFromMonth(Date.parse('2026-03-31T16:00:00Z'))).toBe('2026-05');
    expect(shareRateFromMonth(Date.parse('2026-12-10T00:00:00Z'))).toBe('2027-01');
  });
});

// ---------------------------------------------------------------------------------------------
// The random world and the oracle.

interface Agent {
  id: number;
  code: string;
  parent: number | null;
  path: number[];
}

interface Bet {
  agent_id: number;
  currency_id: number;
  settle_time: number;
  /** Platform win/loss: bet + tax − payout − bonus − jackpot prize. */
  pwl: bigint;
}

interface World {
  dims: Dimensions;
  agents: Map<number, Agent>;
  /** Tree order: each agent before its sub-tree, siblings by id. */
  order: number[];
  /** agent → month index → rate (months without an entry: the latest before, else 0). */
  entries: Map<number, Array<{ from: number; rate: number }>>;
  currencies: Map<number, string>;
  bets: Bet[];
}

const RATE_MONTHS = [monthIndex('2024-12'), monthIndex('2025-01'), monthIndex('2025-02'), monthIndex('2025-03'), monthIndex('2025-04'), monthIndex('2025-05')];

function rateAt(w: World, agentId: number, month: number): bigint {
  let rate = 0;
  for (const e of w.entries.get(agentId) ?? []) if (e.from <= month) rate = e.rate;
  return BigInt(rate);
}

async function insertAgent(db: Kysely<DB>, code: string, parent: Agent | null, currencyId: number): Promise<Agent> {
  const row = await db
    .insertInto('agent')
    .values({
      code, name: `Agent ${code}`, parent_id: parent?.id ?? null, level: parent ? parent.path.length + 1 : 1, path: 'tmp', currency_id: currencyId,
      wallet_mode: 1, share_rate: 0, ip_whitelist: '', status: 1, remark: '', created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = toNumber(row.id);
  const path = [...(parent?.path ?? []), id];
  await db.updateTable('agent').set({ path: `/${path.join('/')}/` }).where('id', '=', id).execute();
  return { id, code, parent: parent?.id ?? null, path };
}

/** A settle time often at the month edges and the local midnights of the five timezones (13:30–16:30 UTC). */
function settleTime(r: Rng): number {
  const start = Date.UTC(2025, 0, 20);
  let day = r.int(0, 130);
  if (r.chance(0.35)) {
    const at = new Date(start + day * DAY);
    day = Math.round((Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, r.chance(0.5) ? 0 : 1) - start) / DAY);
  }
  const minute = r.chance(0.6) ? r.int(13 * 60 + 30, 16 * 60 + 30) : r.int(0, 24 * 60 - 1);
  return start + day * DAY + minute * 60_000 + r.int(0, 59_999);
}

const money = (r: Rng, max: number) => formatMoney(BigInt(r.int(0, max)) * 10000n + BigInt(r.int(0, 9999)));

async function buildWorld(db: Kysely<DB>, database: Parameters<typeof ingestBets>[0], seed: number): Promise<World> {
  const r = rng(seed);
  const dims = await createDimensions(db);
  const agents = new Map<number, Agent>();
  for (const a of await db.selectFrom('agent').select(['id', 'code', 'parent_id', 'path']).execute()) {
    agents.set(toNumber(a.id), { id: toNumber(a.id), code: a.code, parent: a.parent_id === null ? null : toNumber(a.parent_id), path: a.path.split('/').filter(Boolean).map(Number) });
  }
  // Random agents under random parents (some at the top): trees up to six levels deep.
  for (let i = 1; i <= 10; i++) {
    const parent = r.chance(0.15) ? null : r.pick([...agents.values()]);
    const a = await insertAgent(db, `R${i}`, parent, dims.currency.CNY);
    agents.set(a.id, a);
  }
  const order = [...agents.values()]
    .sort((a, b) => {
      for (let i = 0; i < Math.min(a.path.length, b.path.length); i++) if (a.path[i] !== b.path[i]) return a.path[i]! - b.path[i]!;
      return a.path.length - b.path.length;
    })
    .map((a) => a.id);

  // Rates month by month, top-down, each at most its parent's; an entry where one changes. One
  // agent has no entry at all (0); some entries lie after the months asked for.
  const entries = new Map<number, Array<{ from: number; rate: number }>>();
  const current = new Map<number, number>();
  const noHistory = order[order.length - 1]!;
  for (const [mi, month] of RATE_MONTHS.entries()) {
    for (const id of order) {
      if (id === noHistory) continue;
      const a = agents.get(id)!;
      const cap = a.parent === null ? 10_000 : (current.get(a.parent) ?? 0);
      const was = current.get(id);
      let rate = was === undefined || r.chance(0.35) ? r.int(0, 20) * 500 + r.int(0, 1) * r.int(1, 499) : was;
      rate = Math.min(rate, cap);
      if (rate !== was) {
        // The first entry of an agent present from the start is "since always".
        const from = mi === 0 ? '0000-01' : monthOf(month);
        const list = entries.get(id) ?? [];
        list.push({ from: mi === 0 ? 0 : month, rate });
        entries.set(id, list);
        await db.insertInto('agent_share_rate').values({ agent_id: id, from_month: from, share_rate: rate, created_at: '2025-01-01T00:00:00.000Z' }).execute();
      }
      current.set(id, rate);
    }
  }
  for (const id of order.slice(0, 3)) {
    await db.insertInto('agent_share_rate').values({ agent_id: id, from_month: '2025-09', share_rate: 1, created_at: '2025-01-01T00:00:00.000Z' }).execute();
    entries.get(id)?.push({ from: monthIndex('2025-09'), rate: 1 });
  }

  // Players (one or two per agent, in one or two currencies), funded, then random bets.
  const codes = ['CNY', 'USD', 'VND'] as const;
  const players: Array<{ account: string; agent: Agent; currency: (typeof codes)[number] }> = [];
  for (const a of agents.values()) {
    if (a.id === order[1]) continue; // an agent with no bets of its own: its row comes from its sub-tree's
    for (let k = 0; k < r.int(1, 2); k++) players.push({ account: `p${a.id}x${k}`, agent: a, currency: r.pick(codes) });
  }
  const transfers: ingest.IngestTransfer[] = players.map((p, i) => ({
    order_id: `fund-${seed}-${i}`, agent_code: p.agent.code, player_account: p.account, currency_code: p.currency, direction: 'in', amount: '900000000000.0000', time: '2025-01-02T00:00:00Z',
  }));
  expect((await ingestTransfers(database, transfers)).accepted).toBe(transfers.length);
  // Jackpot prizes from a pool of every agent and game, drawn from a stream of their own: the platform
  // win/loss the settlement splits counts them (docs/product.md, "Report metrics").
  const pr = rng(seed + 1);
  for (const a of agents.values()) {
    for (const game_id of Object.values(dims.game)) {
      await db.insertInto('prize_pool').values({
        agent_id: a.id, game_id, pool_amount: 9_000_000_000_000_000n, seed_amount: 0n, contribution_rate: 0, trigger_threshold: 0n, cap_amount: 0n, status: 1,
        created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z',
      }).execute();
    }
  }
  const records: ingest.IngestBet[] = [];
  for (let i = 0; i < 700; i++) {
    const p = r.pick(players);
    const settle = settleTime(r);
    const stake = money(r, r.chance(0.05) ? 9_999_999 : 3000);
    records.push({
      bet_id: `sb-${seed}-${i}`, round_id: `sr-${seed}-${i}`, agent_code: p.agent.code, player_account: p.account, game_code: r.pick(['slot1', 'card1', 'fish1']), currency_code: p.currency,
      bet_amount: stake, valid_bet_amount: stake, payout_amount: r.chance(0.5) ? '0.0000' : money(r, 7000), tax_amount: r.chance(0.6) ? '0.0000' : money(r, 40),
      bonus_amount: r.chance(0.8) ? '0.0000' : money(r, 30), jackpot_contribution: '0.0000',
      bet_time: new Date(settle - 5000).toISOString(), settle_time: new Date(settle).toISOString(), device: 'web',
      jackpot_prize: pr.chance(0.15) ? money(pr, 2000) : '0',
    });
  }
  for (let at = 0; at < records.length; at += 100) expect((await ingestBets(database, records.slice(at, at + 100))).accepted).toBe(Math.min(100, records.length - at));

  const currencies = new Map((await db.selectFrom('currency').select(['id', 'code']).execute()).map((c) => [toNumber(c.id), c.code]));
  const currencyIdOf = new Map([...currencies].map(([id, code]) => [code, id]));
  const agentIdOf = new Map([...agents.values()].map((a) => [a.code, a.id]));
  const bets = records.map((b) => ({
    agent_id: agentIdOf.get(b.agent_code)!,
    currency_id: currencyIdOf.get(b.currency_code)!,
    settle_time: Date.parse(b.settle_time),
    pwl: parseMoney(b.bet_amount) + parseMoney(b.tax_amount) - parseMoney(b.payout_amount) - parseMoney(b.bonus_amount) - parseMoney(b.jackpot_prize!),
  }));
  return { dims, agents, order, entries, currencies, bets };
}

interface Filter {
  start_month: string;
  end_month: string;
  time_zone_id: number;
  agent_id?: number;
  currency_id?: number;
}

const offsetOf = (tz: number) => TIMEZONES.find((z) => z.id === tz)!.offsetMinutes;

/**
 * The settlement straight from the raw bets: each bet's platform win/loss shared out along its
 * agent's path (the agent r(L), each ancestor r(A) − r(child on the path), the platform
 * 10000 − r(top)) and added up per agent, month and currency in 1/10000 · bp, then rounded.
 */
function expectSettlement(w: World, f: Filter) {
  const off = offsetOf(f.time_zone_id);
  const root = f.agent_id ? w.agents.get(f.agent_id)! : null;
  const inScope = (a: Agent) => !root || a.path.includes(root.id);
  type Acc = { month: number; agent_id: number; currency_id: number; s: bigint; num: bigint };
  const accs = new Map<string, Acc>();
  const exact = new Map<string, { pwl: bigint; shares: bigint }>();
  for (const b of w.bets) {
    const month = monthIndex(new Date(b.settle_time + off * 60_000).toISOString().slice(0, 7));
    if (month < monthIndex(f.start_month) || month > monthIndex(f.end_month)) continue;
    if (f.currency_id && f.currency_id > 0 && b.currency_id !== f.currency_id) continue;
    const agent = w.agents.get(b.agent_id)!;
    if (!inScope(agent)) continue;
    // The path from the agent up to the top (or up to the agent asked for).
    const chain = [...agent.path].reverse();
    const stop = root ? chain.indexOf(root.id) : chain.length - 1;
    let below = 0n;
    let shares = 0n;
    for (const [i, id] of chain.entries()) {
      const rate = rateAt(w, id, month);
      const share = rate - (i === 0 ? 0n : below);
      below = rate;
      shares += share;
      if (i > stop) continue;
      const key = `${month}|${id}|${b.currency_id}`;
      const acc = accs.get(key) ?? { month, agent_id: id, currency_id: b.currency_id, s: 0n, num: 0n };
      acc.s += b.pwl;
      acc.num += b.pwl * share;
      accs.set(key, acc);
    }
    // Over the whole path the shares and the platform's 10000 − r(top) make up the whole bet.
    const platform = BP - below;
    expect(shares + platform).toBe(BP);
    const whole = exact.get(`${month}|${b.currency_id}`) ?? { pwl: 0n, shares: 0n };
    whole.pwl += b.pwl;
    whole.shares += b.pwl * shares;
    exact.set(`${month}|${b.currency_id}`, whole);
  }
  const place = new Map(w.order.map((id, i) => [id, i]));
  const rows = [...accs.values()]
    .sort((a, b) => b.month - a.month || place.get(a.agent_id)! - place.get(b.agent_id)! || a.currency_id - b.currency_id)
    .map((a) => {
      const rate = rateAt(w, a.agent_id, a.month);
      return {
        month: monthOf(a.month),
        agent_id: a.agent_id,
        agent_code: w.agents.get(a.agent_id)!.code,
        currency_id: a.currency_id,
        currency_code: w.currencies.get(a.currency_id)!,
        platform_win_loss: formatMoney(a.s),
        share_rate: Number(rate),
        own_take: formatMoney(divRoundHalfAway(a.num, BP)),
        upline_take: formatMoney(divRoundHalfAway(a.s * (BP - rate), BP)),
      };
    });
  const totals = new Map<number, { pwl: bigint; own: bigint }>();
  for (const a of accs.values()) {
    const t = totals.get(a.currency_id) ?? { pwl: 0n, own: 0n };
    t.own += divRoundHalfAway(a.num, BP);
    if (root ? a.agent_id === root.id : w.agents.get(a.agent_id)!.parent === null) t.pwl += a.s;
    totals.set(a.currency_id, t);
  }
  const summary = [...totals]
    .map(([id, t]) => ({ currency_id: id, currency_code: w.currencies.get(id)!, platform_win_loss: formatMoney(t.pwl), own_take: formatMoney(t.own), upline_take: formatMoney(t.pwl - t.own) }))
    .sort((a, b) => (a.currency_code < b.currency_code ? -1 : 1));
  return { rows, summary, exact };
}

describeOnDatabases('the agent settlement equals a direct computation over the raw bets', (t) => {
  let token = '';
  let w: World;
  const db = () => t().database.db;

  beforeAll(async () => {
    w = await buildWorld(db(), t().database, SEED);
    token = await t().login();
  }, 120_000);

  afterEach(() => {
    vi.useRealTimers();
  });

  const list = (body: Row, tk = token) => t().call<Answer>(d.path, { page: 1, page_size: 500, ...body }, { token: tk });

  for (const tz of TIMEZONES) {
    it(`rows and totals, ${tz.label}: every agent, a sub-tree, a currency`, async () => {
      const r = rng(SEED + tz.id);
      const someAgent = r.pick(w.order.filter((id) => w.agents.get(id)!.parent !== null));
      const filters: Filter[] = [
        { start_month: '2025-01', end_month: '2025-05', time_zone_id: tz.id },
        { start_month: '2025-02', end_month: '2025-03', time_zone_id: tz.id, agent_id: someAgent },
        { start_month: '2025-01', end_month: '2025-06', time_zone_id: tz.id, agent_id: w.dims.agent.A1, currency_id: w.dims.currency.CNY },
        { start_month: '2025-04', end_month: '2025-04', time_zone_id: tz.id, currency_id: r.pick([...w.currencies.keys()]) },
      ];
      let rows = 0;
      for (const f of filters) {
        const want = expectSettlement(w, f);
        const got = await fetchAll(t(), token, d, { ...f });
        const label = JSON.stringify(f);
        // In the default order: newest month first, then the tree's order, then the currency.
        expect(got.rows, label).toEqual(want.rows);
        expect(got.total, label).toBe(want.rows.length);
        expect(got.summary, label).toEqual(want.summary);
        rows += want.rows.length;
      }
      expect(rows).toBeGreaterThan(100);
    }, 120_000);
  }

  it("each month's takes add up exactly to the platform win/loss: the agents' own takes and the platform's part", async () => {
    for (const tz of [TIMEZONES[0]!, TIMEZONES[4]!]) {
      for (const month of ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05']) {
        const f: Filter = { start_month: month, end_month: month, time_zone_id: tz.id };
        const { exact } = expectSettlement(w, f);
        const got = await fetchAll(t(), token, d, { ...f });
        expect(got.summary.length, month).toBeGreaterThan(0);
        for (const s of got.summary) {
          const cid = s.currency_id as number;
          const rows = got.rows.filter((r) => r.currency_id === cid);
          const own = rows.reduce((n, r) => n + parseMoney(String(r.own_take)), 0n);
          const tops = rows.filter((r) => w.agents.get(r.agent_id as number)!.parent === null).reduce((n, r) => n + parseMoney(String(r.platform_win_loss)), 0n);
          const whole = exact.get(`${monthIndex(month)}|${cid}`)!;
          // The month's platform win/loss, from the raw bets, is the top agents' sub-trees'.
          expect(parseMoney(String(s.platform_win_loss))).toBe(whole.pwl);
          expect(tops).toBe(whole.pwl);
          expect(parseMoney(String(s.own_take))).toBe(own);
          // The platform's part is what the agents' takes leave: the takes add up exactly …
          const platform = parseMoney(String(s.upline_take));
          expect(own + platform).toBe(whole.pwl);
          // … and it differs from its exact share, (10000 − r(top)) of each bet, by the rounding only.
          const drift = platform * BP - (whole.pwl * BP - whole.shares);
          expect(drift < 0n ? -drift : drift).toBeLessThanOrEqual(5_000n * BigInt(rows.length));
        }
      }
    }
  });

  it('an agent asked for: its own take, its sub-agents’ and what goes above it make up its sub-tree', async () => {
    for (const id of w.order) {
      const f = { start_month: '2025-03', end_month: '2025-03', time_zone_id: 1, agent_id: id };
      const got = await fetchAll(t(), token, d, f);
      for (const s of got.summary) {
        const mine = got.rows.find((r) => r.agent_id === id && r.currency_id === s.currency_id)!;
        expect(s.platform_win_loss).toBe(mine.platform_win_loss);
        expect(parseMoney(String(s.own_take)) + parseMoney(String(s.upline_take))).toBe(parseMoney(String(mine.platform_win_loss)));
      }
    }
  });

  it('pages through the same rows, and sorts by any column with ties broken by the row key', async () => {
    const f = { start_month: '2025-01', end_month: '2025-05', time_zone_id: 1 };
    const all = (await list(f)).data;
    const paged: Row[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 7); page++) paged.push(...(await list({ ...f, page, page_size: 7 })).data.list);
    expect(paged).toEqual(all.list);
    for (const [field, order] of [['own_take', 'descend'], ['share_rate', 'ascend'], ['agent_code', 'ascend'], ['month', 'ascend'], ['upline_take', 'ascend']] as const) {
      const sorted = (await list({ ...f, sort_field: field, sort_order: order })).data.list;
      expect(sorted.length).toBe(all.total);
      const value = (r: Row) => (field.endsWith('_take') ? parseMoney(String(r[field])) : (r[field] as string | number));
      for (let i = 1; i < sorted.length; i++) {
        const [a, b] = [value(sorted[i - 1]!), value(sorted[i]!)];
        expect(order === 'ascend' ? a <= b : a >= b, `${field} at ${i}`).toBe(true);
      }
      expect([...sorted].sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1))).toEqual([...all.list].sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1)));
    }
  });

  it('refuses bad months, a reversed or too long range, an unknown agent or currency and a sort by anything else (A0400)', async () => {
    const base = { start_month: '2025-01', end_month: '2025-02', time_zone_id: 1 };
    const bad = async (body: Row, message: string | RegExp, lang: 'en' | 'zh-cn' = 'en') => {
      const r = await t().call(d.path, { ...base, ...body }, { token, lang });
      expect(r.error_code, JSON.stringify(body)).toBe('A0400');
      expect(r.error_msg).toMatch(message);
      const file = await t().call(`${d.path}/export`, { ...base, ...body }, { token, lang });
      expect(file.error_code, `export ${JSON.stringify(body)}`).toBe('A0400');
    };
    await bad({ start_month: '2025-13' }, 'start_month: must be a month YYYY-MM');
    await bad({ end_month: '2025-1' }, 'end_month：月份格式必须是 YYYY-MM', 'zh-cn');
    await bad({ start_date: '2025-01-01', start_month: undefined }, /^start_month: /);
    await bad({ start_month: '2025-03' }, 'end_month must not be before start_month');
    await bad({ start_month: '2023-01', end_month: '2025-01' }, 'the month range of this report may span at most 24 months (got 25)');
    await bad({ agent_id: 999_999 }, 'agent_id: there is no agent 999999');
    await bad({ currency_id: 999_998 }, 'currency_id: there is no currency 999998');
    await bad({ sort_field: 'bet_amount' }, /^sort_field must be one of month, agent_id, agent_code/);
    // Two years exactly are fine.
    expect((await list({ start_month: '2023-02', end_month: '2025-01', time_zone_id: 1 })).error_code).toBe('0');
  });

  it('answers A0301 to a user without 1405, list and export, and works with it alone', async () => {
    const body = { start_month: '2025-01', end_month: '2025-02' };
    const without = await addUser(t(), token, { permissions: '14,1401,1402,1403,1404' });
    const wt = (await passwordLogin(t(), without.account, without.password)).data.token;
    expect((await t().call(d.path, body, { token: wt })).error_code).toBe('A0301');
    expect((await t().call(`${d.path}/export`, body, { token: wt })).error_code).toBe('A0301');
    const withIt = await addUser(t(), token, { permissions: '1405' });
    const it1405 = (await passwordLogin(t(), withIt.account, withIt.password)).data.token;
    const ok = await list(body, it1405);
    expect(ok.error_code).toBe('0');
    expect(ok.data.total).toBeGreaterThan(0);
    expect((await t().call(`${d.path}/export`, body, { token: it1405 })).status).toBe(200);
  });

  it('exports the rows and totals of the list, in its order, with the months and the agent on the sheet', async () => {
    const body = { start_month: '2025-01', end_month: '2025-05', time_zone_id: 3, agent_id: w.dims.agent.A1, sort_field: 'own_take', sort_order: 'descend' };
    const res = await t().call(`${d.path}/export`, body, { token });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/Agent settlement-2025-01_2025-05-\d+\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet: unknown[][] = [];
    wb.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => sheet.push((row.values as unknown[]).slice(1)));
    const headerAt = sheet.findIndex((r, i) => i > 0 && r.length === 0) + 1;
    const lines = Object.fromEntries(sheet.slice(1, headerAt - 1).map((r) => [String(r[0]), String(r[1] ?? '')]));
    expect(lines).toMatchObject({ Report: 'Agent settlement', Months: '2025-01 ~ 2025-05', Timezone: 'GMT+9:00', Currency: 'All', 'Agent (with sub-agents)': 'A1 Agent A1' });
    expect(lines.Game).toBeUndefined();
    const keys = report.reportFields(d);
    expect(sheet[headerAt]).toEqual(['Month', 'Agent ID', 'Agent code', 'Currency ID', 'Currency', 'Platform win/loss', 'Share rate', 'Own take', 'Upline take']);
    const want = await fetchAll(t(), token, d, body);
    const body0 = sheet.slice(headerAt + 1);
    const firstTotal = body0.findIndex((r) => /^Total /.test(String(r[0] ?? '')));
    // As the cells read back: the month a date, money with the currencies' 2 decimals, the share rate the fraction under a percentage.
    expect(body0.slice(0, firstTotal)).toEqual(want.rows.map((r) => keys.map((k) => asSheetValue(k, r[k], 2))));
    const totals = body0.slice(firstTotal);
    expect(totals.length).toBe(want.summary.length);
    totals.forEach((row, i) => {
      const s = want.summary[i]!;
      expect(row[0]).toBe(`Total ${String(s.currency_code)}`);
      for (const k of ['platform_win_loss', 'own_take', 'upline_take']) expect(row[keys.indexOf(k)]).toBe(asSheetValue(k, s[k], 2));
    });
    const recorded = await db().selectFrom('export').select(['report', 'row_count', 'status']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ report: 'agent-settlement', status: 'done' });
    expect(toNumber(recorded.row_count)).toBe(want.rows.length);
  });

  it('a rate set in agent management applies from the next month, in every timezone; a new agent has none before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const at = (iso: string) => vi.setSystemTime(Date.parse(iso));
    const ok = <T>(r: CallResult<T>) => {
      expect(r.error_code, r.error_msg).toBe('0');
      return r.data;
    };
    const add = (code: string, parent: number, rate: number) =>
      t().call<{ id: number }>('agent/add', { code, name: code, parent_id: parent, currency_id: w.dims.currency.CNY, wallet_mode: 'transfer', share_rate: rate }, { token });
    const edit = (id: number, rate: number) => t().call('agent/edit', { id, share_rate: rate }, { token });

    at('2024-03-15T04:00:00Z');
    const top = ok(await add('settle01', 0, 4000)).id;
    const sub = ok(await add('settle02', top, 3000)).id;
    at('2024-04-20T04:00:00Z');
    ok(await edit(top, 6000));
    // 23:30 on 30 April in GMT+8, already 1 May in GMT+10: an April edit, for May.
    at('2024-04-30T15:30:00Z');
    ok(await edit(sub, 2000));
    // Midnight of 1 May in GMT+8: for June.
    at('2024-04-30T16:00:00Z');
    ok(await edit(sub, 2500));
    vi.useRealTimers();

    const history = await db().selectFrom('agent_share_rate').select(['agent_id', 'from_month', 'share_rate']).where('agent_id', 'in', [top, sub]).orderBy('agent_id').orderBy('from_month').execute();
    expect(history.map((h) => [toNumber(h.agent_id), h.from_month, toNumber(h.share_rate)])).toEqual([
      [top, '2024-04', 4000],
      [top, '2024-05', 6000],
      [sub, '2024-04', 3000],
      [sub, '2024-05', 2000],
      [sub, '2024-06', 2500],
    ]);
    // The agent's own rate is the latest one set; the log names the month it applies from.
    const stored = await db().selectFrom('agent').select('share_rate').where('id', '=', sub).executeTakeFirstOrThrow();
    expect(toNumber(stored.share_rate)).toBe(2500);
    const log = await db().selectFrom('operation_log').select('summary').where('action', '=', 'agent/edit').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(log.summary)).toMatchObject({ share_rate: { before: 2000, after: 2500 }, share_rate_from: '2024-06' });

    // A player of the sub-agent loses 100.0000 in the middle of each month, March to June.
    await ingestTransfers(t().database, [{ order_id: 'settle-fund', agent_code: 'settle02', player_account: 'settler', currency_code: 'CNY', direction: 'in', amount: '100000.0000', time: '2024-03-01T00:00:00Z' }]);
    const months = ['2024-03', '2024-04', '2024-05', '2024-06'];
    const bets = months.map((m, i) => ({
      bet_id: `settle-${i}`, round_id: `settle-${i}`, agent_code: 'settle02', player_account: 'settler', game_code: 'slot1', currency_code: 'CNY',
      bet_amount: '100.0000', valid_bet_amount: '100.0000', payout_amount: '0.0000', tax_amount: '0.0000', bonus_amount: '0.0000', jackpot_contribution: '0.0000',
      bet_time: `${m}-15T04:00:00Z`, settle_time: `${m}-15T04:00:05Z`, device: 'web' as const,
    }));
    expect((await ingestBets(t().database, bets)).accepted).toBe(4);

    // [month, sub's rate, sub's own, sub's upline, top's rate, top's own, top's upline]
    const want: Array<[string, number, string, string, number, string, string]> = [
      ['2024-06', 2500, '25.0000', '75.0000', 6000, '35.0000', '40.0000'],
      ['2024-05', 2000, '20.0000', '80.0000', 6000, '40.0000', '40.0000'],
      ['2024-04', 3000, '30.0000', '70.0000', 4000, '10.0000', '60.0000'],
      ['2024-03', 0, '0.0000', '100.0000', 0, '0.0000', '100.0000'],
    ];
    for (const tz of TIMEZONES) {
      const got = ok(await list({ start_month: '2024-03', end_month: '2024-06', time_zone_id: tz.id, agent_id: top }));
      expect(got.list.map((r) => [r.month, r.agent_code, r.share_rate, r.own_take, r.upline_take]), tz.label).toEqual(
        want.flatMap(([m, sr, so, su, tr, to, tu]) => [
          [m, 'settle01', tr, to, tu],
          [m, 'settle02', sr, so, su],
        ]),
      );
      expect(got.summary).toEqual([{ currency_id: w.dims.currency.CNY, currency_code: 'CNY', platform_win_loss: '400.0000', own_take: '160.0000', upline_take: '240.0000' }]);
    }
  });
});
