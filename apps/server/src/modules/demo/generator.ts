import { sql, type Kysely } from 'kysely';
import { formatMoney, parseMoney, type ingest } from '@console/contract';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { int8Text, toNumber } from '../../db/sql.ts';
import { ingestBets, ingestCancels, ingestTransfers } from '../ingest/public.ts';
import { loadConfig } from '../../config/index.ts';
import type { KeySource } from '../../lib/secret-box.ts';
import { prng, type Rng } from './random.ts';
import { type GameType, insertDimensions, insertOperations, insertShareRates, roundTo, STAKE_STEPS } from './dimensions.ts';
import { localMonthIndex, monthText } from '../../lib/periods.ts';
import { cancelDemoControl, demoAdjustments, type Player, setDemoControls } from './management.ts';

export { prng } from './random.ts';

/**
 * The demo platform: a deterministic (seeded) set of currencies, platforms, games, an agent tree
 * with admin levels and agent users, game configs, prize pools, domains, and then players, wallet
 * transfers and settled bets over a span of days ending now. Money events go through the ingest
 * service, exactly as a game server's would, so wallets, ledger and report aggregates agree.
 *
 * Shape: bets follow a daily curve (slow growth, Friday/weekend bumps, some noise) and an hourly
 * curve in GMT+8 (quiet before dawn, evening peak 20:00–23:00). A player plays at most one session
 * a day: a transfer in, bets sized to the bankroll and the currency, a transfer out at the end
 * (most of the time). The simulation keeps every balance exactly, so no record is ever refused.
 */

export interface DemoOptions {
  /** Settled bets to generate (the total is met exactly unless the players run out of days). */
  bets: number;
  days: number;
  seed: number;
  players: number;
  /** The last bet is before this instant (default: now). */
  end?: number;
  /** Records per ingest call. */
  batchSize?: number;
  log?: (msg: string) => void;
  /** Where the key-encryption key lives (agent keys' secrets); the configuration's by default. */
  keys?: KeySource;
}

export const DEMO_DEFAULTS = { bets: 300_000, days: 60, seed: 20261121, players: 5000 } as const;

export interface DemoSummary {
  agents: number;
  games: number;
  players: number;
  transfers: number;
  bets: number;
  ms: number;
}

/** True when the database already holds domain data (then the demo is never generated). */
export async function hasDomainData(db: Kysely<DB>): Promise<boolean> {
  return !!(await db.selectFrom('agent').select('id').limit(1).executeTakeFirst()) || !!(await db.selectFrom('currency').select('id').limit(1).executeTakeFirst());
}

/* ---------------------------------------------------------------- seeded randomness */

/* ---------------------------------------------------------------- the players and their play */



const HOUR_WEIGHTS = [
  // GMT+8, 00:00 … 23:00: late night tail, dawn trough, lunch bump, evening peak.
  5.5, 4.2, 3.0, 2.0, 1.3, 1.0, 1.0, 1.4, 2.0, 2.6, 3.0, 3.4, 4.2, 4.4, 3.8, 3.6, 3.8, 4.2, 5.0, 6.2, 7.6, 8.6, 8.8, 7.4,
];
const HOURS = HOUR_WEIGHTS.map((_, h) => h);
const DEVICES: ingest.IngestBet['device'][] = ['h5', 'android', 'ios', 'web', 'pc'];
const DEVICE_WEIGHTS = [35, 25, 20, 12, 8];

const DAY_MS = 86_400_000;
const TZ_MS = 8 * 3_600_000;

const amount = (v: bigint) => formatMoney(v);

/** The enabled prize pools by "agent code:game code", with their amounts and caps (1/10000). */
async function enabledPools(db: Kysely<DB>): Promise<Map<string, { amount: bigint; cap: bigint }>> {
  const rows = await db
    .selectFrom('prize_pool as pp')
    .innerJoin('agent as a', 'a.id', 'pp.agent_id')
    .innerJoin('game as g', 'g.id', 'pp.game_id')
    .select(['a.code as agent_code', 'g.code as game_code', int8Text(sql.ref('pp.pool_amount')).as('pool_amount'), int8Text(sql.ref('pp.cap_amount')).as('cap_amount')])
    .where('pp.status', '=', 1)
    .execute();
  return new Map(rows.map((r) => [`${r.agent_code}:${r.game_code}`, { amount: BigInt(r.pool_amount), cap: BigInt(r.cap_amount) }]));
}

/** One settled bet's outcome: payout (gross return), tax, bonus; about 95–97 % return to player. */
function outcome(rng: Rng, type: GameType, stake: bigint): { payout: bigint; tax: bigint; bonus: bigint; valid: bigint; jackpot: bigint; seconds: number } {
  const times = (x: number) => (stake * BigInt(Math.round(x * 10_000))) / 10_000n;
  switch (type) {
    case 'slot': {
      const won = rng.next() < 0.3;
      const m = won ? Math.min(200, rng.logNormal(0.742, 0.9)) : 0; // mean ≈ 3.15 × stake
      const bonus = rng.next() < 0.005 ? times(rng.int(1, 8)) : 0n;
      return { payout: times(m), tax: 0n, bonus, valid: stake, jackpot: stake / 100n, seconds: rng.int(2, 4) };
    }
    case 'fishing': {
      const won = rng.next() < 0.44;
      const m = won ? Math.min(300, rng.logNormal(0.37, 0.9)) : 0; // mean ≈ 2.17 × stake
      return { payout: times(m), tax: 0n, bonus: 0n, valid: stake, jackpot: 0n, seconds: 1 };
    }
    case 'card': {
      const r = rng.next();
      if (r < 0.02) return { payout: stake, tax: 0n, bonus: 0n, valid: 0n, jackpot: 0n, seconds: rng.int(20, 60) };
      if (r < 0.49) {
        const payout = stake * 2n;
        return { payout, tax: (stake * 5n) / 100n, bonus: rng.next() < 0.01 ? times(0.5) : 0n, valid: stake, jackpot: 0n, seconds: rng.int(20, 60) };
      }
      return { payout: 0n, tax: 0n, bonus: 0n, valid: stake, jackpot: 0n, seconds: rng.int(20, 60) };
    }
    case 'live': {
      const r = rng.next();
      if (r < 0.04) return { payout: stake, tax: 0n, bonus: 0n, valid: 0n, jackpot: 0n, seconds: rng.int(25, 45) }; // tie: stake back
      if (r < 0.045) return { payout: times(9), tax: 0n, bonus: 0n, valid: stake, jackpot: 0n, seconds: rng.int(25, 45) };
      if (r < 0.49) return { payout: times(r < 0.27 ? 1.95 : 2), tax: 0n, bonus: 0n, valid: stake, jackpot: 0n, seconds: rng.int(25, 45) };
      return { payout: 0n, tax: 0n, bonus: 0n, valid: stake, jackpot: 0n, seconds: rng.int(25, 45) };
    }
  }
}

/** Why a provider voids a settled bet (shown in the bet-record list), in both of the console's languages. */
const CANCEL_REASONS = [
  '厂商作废牌局 / Round voided by the provider',
  '游戏服务器故障，牌局退款 / Game server error: round refunded',
  '重复结算冲回 / Duplicate settlement reversed',
  '牌局异常，注单作废 / Abnormal round: bet voided',
];

const money = (s: string): bigint => parseMoney(s);

/**
 * Generates the demo into an empty database. Returns what it wrote. Deterministic for the same
 * options (and the same `end`).
 */
export async function generateDemo(database: Database, options: DemoOptions): Promise<DemoSummary> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 1000;
  const rng = prng(options.seed);
  // The voided bets draw from their own sequence: the rest of the demo is what it was without them.
  const voids = prng(options.seed + 7919);
  const now = new Date().toISOString();
  const world = await insertDimensions(database.db, now, rng);
  await insertOperations(database.db, world, options.keys ?? loadConfig(), now);

  const end = options.end ?? Date.now();
  // The rates of the demo's last (GMT+8) month differ from the month before's.
  await insertShareRates(database.db, monthText(localMonthIndex(end, TZ_MS / 60_000)), now);
  // Local (GMT+8) midnight of the first day.
  const lastDayStart = Math.floor((end + TZ_MS) / DAY_MS) * DAY_MS - TZ_MS;
  const firstDayStart = lastDayStart - (options.days - 1) * DAY_MS;

  // Players: 40 % were there before the window opened (they register on day 0), the rest join day by day.
  const players: Player[] = [];
  const agentWeights = world.agents.map((a) => a.weight);
  for (let i = 0; i < options.players; i++) {
    const agent = rng.weighted(world.agents, agentWeights);
    const early = rng.next() < 0.4;
    players.push({
      agent: agent.code,
      account: `${rng.pick(['lucky', 'tiger', 'dragon', 'star', 'king', 'ace', 'jade', 'gold', 'moon', 'wind'])}${String(i + 1).padStart(5, '0')}`,
      currency: world.currencies.get(agent.currency)!,
      activity: rng.logNormal(0, 1),
      // Stake levels cluster around 5 CNY a bet; the cap keeps a few whales from swinging the return.
      level: Math.max(0, Math.min(STAKE_STEPS.length - 4, Math.round(4 + rng.normal() * 1.4))),
      balance: 0n,
      registeredDay: early ? 0 : rng.int(0, options.days - 1),
      favourite: rng.int(0, world.games.length - 1),
    });
  }

  // Daily quota: slow growth, Friday and weekend bumps, ±10 % noise; the total is options.bets.
  const dayWeights = Array.from({ length: options.days }, (_, d) => {
    const weekday = new Date(firstDayStart + d * DAY_MS + TZ_MS).getUTCDay();
    const week = weekday === 0 || weekday === 6 ? 1.3 : weekday === 5 ? 1.12 : 1;
    return (1 + (0.3 * d) / Math.max(1, options.days)) * week * (0.9 + 0.2 * rng.next());
  });
  // The last day is only as long as it has run so far.
  const lastDayShare = Math.max(0.05, (end - lastDayStart) / DAY_MS);
  dayWeights[options.days - 1]! *= lastDayShare;
  const weightSum = dayWeights.reduce((s, w) => s + w, 0);
  let quotaLeft = options.bets;

  let betSeq = 0;
  let orderSeq = 0;
  let transfers = 0;
  let bets = 0;
  const seedTag = options.seed.toString(36);
  const gameWeights = world.games.map((g) => g.weight);
  // A handful of jackpot prizes: every `prizeEvery`-th bet on a game with an enabled pool pays one,
  // a tenth of what the pool held at the start of the day less the day's prizes so far. In time
  // order a pool never holds less than that (contributions only add), so every prize is affordable.
  // No draws from the random stream: the seeded play stays as it was.
  const pools = await enabledPools(database.db);
  const prizeEvery = Math.max(20, Math.floor(options.bets / 80));
  let pooledBets = 0;

  const send = async (kind: 'bets' | 'transfers', records: Array<ingest.IngestBet | ingest.IngestTransfer>) => {
    for (let i = 0; i < records.length; i += batchSize) {
      const chunk = records.slice(i, i + batchSize);
      const r = kind === 'bets' ? await ingestBets(database, chunk) : await ingestTransfers(database, chunk);
      if (kind === 'bets') bets += r.accepted;
      else transfers += r.accepted;
    }
  };

  for (let d = 0; d < options.days; d++) {
    const dayStart = firstDayStart + d * DAY_MS;
    const dayEnd = Math.min(dayStart + DAY_MS, end);
    let quota = d === options.days - 1 ? quotaLeft : Math.min(quotaLeft, Math.round((options.bets * dayWeights[d]!) / weightSum));
    quotaLeft -= quota;
    const eligible = players.filter((p) => p.registeredDay <= d);
    const activity = eligible.map((p) => p.activity);
    const playedToday = new Set<Player>();
    const ins: ingest.IngestTransfer[] = [];
    const outs: ingest.IngestTransfer[] = [];
    const dayBets: ingest.IngestBet[] = [];
    const poolsToday = new Map([...pools].map(([k, v]) => [k, v.amount]));

    let misses = 0;
    while (quota > 0 && eligible.length > 0 && misses < 200) {
      const p = rng.weighted(eligible, activity);
      if (playedToday.has(p)) {
        misses++;
        continue;
      }
      // Sessions start at a time of day shaped like the traffic.
      const hour = rng.weighted(HOURS, HOUR_WEIGHTS);
      let t = dayStart + hour * 3_600_000 + rng.int(0, 3_599_000);
      if (t >= dayEnd - 60_000) {
        misses++;
        continue;
      }
      playedToday.add(p);
      const c = p.currency;
      const step = BigInt(Math.round(STAKE_STEPS[p.level]! * 10_000));
      const stakeOf = (lvl: number) => roundTo((c.unit * BigInt(Math.round(STAKE_STEPS[Math.max(0, Math.min(STAKE_STEPS.length - 1, lvl))]! * 10_000))) / 10_000n, c.round);
      // Top up when the wallet holds less than a comfortable bankroll.
      const bankroll = roundTo((c.unit * step * BigInt(rng.int(20, 80))) / 10_000n, c.round);
      const order = () => `T${seedTag}-${String(++orderSeq).padStart(9, '0')}`;
      if (p.balance < bankroll / 2n) {
        const deposit = bankroll - p.balance;
        ins.push({ order_id: order(), agent_code: p.agent, player_account: p.account, currency_code: c.code, direction: 'in', amount: amount(deposit), time: new Date(t).toISOString() });
        p.balance += deposit;
        t += rng.int(5_000, 60_000);
      }
      const game = rng.next() < 0.5 ? world.games[p.favourite]! : rng.weighted(world.games, gameWeights);
      const planned = Math.min(quota, 5 + Math.floor(-Math.log(1 - rng.next()) * (game.type === 'slot' || game.type === 'fishing' ? 45 : 18)));
      const device = rng.weighted(DEVICES, DEVICE_WEIGHTS);
      let placed = 0;
      for (let n = 0; n < planned; n++) {
        let stake = stakeOf(p.level + (rng.next() < 0.15 ? rng.int(-2, 2) : 0));
        if (stake > p.balance) stake = stakeOf(0);
        if (stake > p.balance) break;
        const o = outcome(rng, game.type, stake);
        const settle = t + o.seconds * 1000;
        if (settle >= dayEnd) break;
        betSeq++;
        const poolKey = `${p.agent}:${game.code}`;
        let prize = 0n;
        const pool = pools.get(poolKey);
        if (pool !== undefined) {
          // The ingest's rule: never past a cap above 0.
          if (pool.cap === 0n || pool.amount < pool.cap) pool.amount = pool.cap > 0n && pool.amount + o.jackpot > pool.cap ? pool.cap : pool.amount + o.jackpot;
          if (++pooledBets % prizeEvery === 0) {
            const left = poolsToday.get(poolKey)!;
            prize = roundTo(left / 10n, c.round);
            poolsToday.set(poolKey, left - prize);
            pool.amount -= prize;
          }
        }
        dayBets.push({
          bet_id: `B${seedTag}-${String(betSeq).padStart(10, '0')}`,
          round_id: `R${seedTag}-${game.code}-${Math.floor(t / 1000)}`,
          agent_code: p.agent,
          player_account: p.account,
          game_code: game.code,
          currency_code: c.code,
          bet_amount: amount(stake),
          valid_bet_amount: amount(o.valid),
          payout_amount: amount(o.payout),
          tax_amount: amount(o.tax),
          bonus_amount: amount(o.bonus),
          jackpot_contribution: amount(o.jackpot),
          ...(prize > 0n ? { jackpot_prize: amount(prize) } : {}),
          bet_time: new Date(t).toISOString(),
          settle_time: new Date(settle).toISOString(),
          device,
        });
        p.balance += o.payout - stake - o.tax + o.bonus + prize;
        placed++;
        t = settle + rng.int(1_000, game.type === 'slot' || game.type === 'fishing' ? 6_000 : 20_000);
      }
      quota -= placed;
      // Most players cash out at the end of a session; some leave the money for next time.
      if (p.balance > 0n && rng.next() < 0.55 && t + 30_000 < dayEnd) {
        const out = rng.next() < 0.8 ? p.balance : roundTo(p.balance / 2n, c.round);
        if (out > 0n && out <= p.balance) {
          outs.push({ order_id: order(), agent_code: p.agent, player_account: p.account, currency_code: c.code, direction: 'out', amount: amount(out), time: new Date(t + rng.int(5_000, 30_000)).toISOString() });
          p.balance -= out;
        }
      }
    }
    quotaLeft += Math.max(0, quota);

    // Everyone who signs up today and did not play yet makes a first deposit: every player of
    // the demo has a wallet, and new-player counts follow the registrations.
    for (const p of players) {
      if (p.registeredDay !== d || playedToday.has(p) || p.balance > 0n) continue;
      const t = dayStart + rng.int(0, Math.max(0, dayEnd - dayStart - 120_000));
      const deposit = roundTo((p.currency.unit * BigInt(Math.round(STAKE_STEPS[p.level]! * 10_000)) * BigInt(rng.int(10, 50))) / 10_000n, p.currency.round);
      ins.push({ order_id: `T${seedTag}-${String(++orderSeq).padStart(9, '0')}`, agent_code: p.agent, player_account: p.account, currency_code: p.currency.code, direction: 'in', amount: amount(deposit), time: new Date(t).toISOString() });
      p.balance += deposit;
    }

    // One session per player per day, so per player: transfer in < bets < transfer out, and
    // writing the day's ins, then its bets in time order, then its outs keeps every wallet's
    // ledger in time order.
    const byTime = <T extends { time?: string; bet_time?: string }>(a: T, b: T) => ((a.time ?? a.bet_time)! < (b.time ?? b.bet_time)! ? -1 : 1);
    // Point controls set halfway, so the ingest keeps their progress from then on.
    const controlDay = Math.floor(options.days / 2);
    if (d === controlDay) await setDemoControls(database.db, players, dayStart);
    if (d === Math.min(options.days - 1, controlDay + 7)) await cancelDemoControl(database.db, dayStart);
    await send('transfers', ins.sort(byTime));
    await send('bets', dayBets.sort(byTime));
    await send('transfers', outs.sort(byTime));
    // A few of the day's lost bets (about one in 1,500, at least one a day) are voided by their
    // provider at the end of the day: each gives its player the stake back. (A voided win could
    // take a wallet that was cashed out below zero, which the ingest refuses.)
    // What the bet did to the wallet, its jackpot prize included (a lost round can still win a prize).
    const effect = (b: ingest.IngestBet) => money(b.payout_amount) - money(b.tax_amount) + money(b.bonus_amount) + money(b.jackpot_prize ?? '0') - money(b.bet_amount);
    const lost = dayBets.filter((b) => effect(b) < 0n);
    const cancels: ingest.IngestCancel[] = [];
    for (let k = lost.length ? Math.max(1, Math.round(lost.length / 1500)) : 0; k > 0; k--) {
      const b = lost.splice(voids.int(0, lost.length - 1), 1)[0]!;
      cancels.push({ bet_id: b.bet_id, reason: voids.pick(CANCEL_REASONS), time: new Date(Math.max(Date.parse(b.settle_time) + 1_000, dayEnd - voids.int(1_000, 60_000))).toISOString() });
      players.find((x) => x.account === b.player_account && x.agent === b.agent_code)!.balance -= effect(b);
    }
    if (cancels.length) await ingestCancels(database, cancels);
    if ((d + 1) % 10 === 0 || d === options.days - 1) log(`demo: day ${d + 1}/${options.days}, ${bets.toLocaleString('en')} bets so far`);
  }

  await demoAdjustments(database, players, rng, new Date(Math.max(end, Date.parse(now))).toISOString());

  const playerCount = toNumber((await database.db.selectFrom('player').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { agents: world.agents.length, games: world.games.length, players: playerCount, transfers, bets, ms: Date.now() - started };
}

