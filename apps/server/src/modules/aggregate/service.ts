import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { daySegmentOf, HH_PER_DAY, hhOf, LOCAL_DAY_MASKS, LONG_SEGMENT_HH, monthSegmentOf, playerDayBits } from '../../lib/periods.ts';
import { formatMoney, MONEY_UNITS_MAX, playerWinLoss } from '@console/contract';
import type { BetStage, CancelStage } from '../../db/bet-batch.ts';
import type { TransferStage } from '../../db/transfer-batch.ts';
import {
  addPlayerDayCounts,
  AggregateOverflow,
  deleteEmptiedRows,
  lockPlayerDays,
  markPlayerDays,
  playerSegments,
  setPlayerDays,
  upsertAggregates,
  type PlayerDayChange,
  type PlayerDayCountDelta,
  type PlayerDayRow,
  type PlayerSegment,
} from './repository.ts';
import type { AggRow, BetAmounts, NewPlayer, SettledBet } from './types.ts';

export type { BetAmounts, NewPlayer, SettledBet } from './types.ts';
import { AGG_TABLES, METRIC_COLUMNS, type AggTableName } from './tables.ts';

/** A bet's player win/loss, payout − bet − tax + bonus + jackpot prize (docs/product.md, "Report metrics"): the win flag's test. */
export function betWinLoss(b: BetAmounts): bigint {
  return playerWinLoss(b);
}

/** One pre-summed row: counts are plain numbers (never money), amounts bigint. */
interface Entry {
  key: number[];
  count: number;
  win: number;
  bet: bigint;
  valid: bigint;
  payout: bigint;
  tax: bigint;
  bonus: bigint;
  jackpot: bigint;
  prize: bigint;
}

/** Target maps: one per table and level, keyed by "period:ids" text. */
const TARGETS = [
  ['agg_player_game', 0],
  ['agg_player_game', 1],
  ['agg_player_game', 2],
  ['agg_player', 1],
  ['agg_player', 2],
  ['agg_dim', 1],
  ['agg_dim', 2],
  ['agg_agent_hour', 0],
  ['agg_agent_hour', 1],
  ['agg_agent', 1],
  ['agg_agent', 2],
  ['agg_game', 1],
  ['agg_game', 2],
] as const;

/** Key columns of a new row of target `target`, in AGG_KEYS order. */
function keyColumns(target: number, lvl: number, period: number, b: SettledBet): number[] {
  const table = TARGETS[target]![0];
  if (table === 'agg_player_game') return [lvl, period, b.player_id, b.game_id, b.currency_id, b.agent_id, b.platform_id];
  if (table === 'agg_player') return [lvl, period, b.player_id, b.currency_id, b.agent_id];
  if (table === 'agg_dim') return [lvl, period, b.agent_id, b.game_id, b.currency_id, b.platform_id];
  if (table === 'agg_game') return [lvl, period, b.game_id, b.currency_id, b.platform_id];
  return [lvl, period, b.agent_id, b.currency_id];
}

/**
 * Pre-sums a batch per target row, so each row is written once per batch. This runs for every
 * ingested bet, so it is kept cheap: one key text per table and level, counts as numbers, and
 * only the seven amounts as bigint additions.
 */
export class AggAccumulator {
  private readonly maps: Array<Map<string, Entry>> = TARGETS.map(() => new Map());
  private readonly newPlayers = new Map<string, AggRow>();
  /** The bits the batch's bets set in player_day_mask ("day:player:currency" -> row). */
  private readonly playerDays = new Map<string, PlayerDayRow>();
  /** Registrations per local hour row (target 7 or 8 key text -> count). */
  private readonly hourNewPlayers: [Map<string, number>, Map<string, number>] = [new Map(), new Map()];

  /**
   * Adds a bet to one target row (`n` = 1), or takes it out (`n` = −1, `b` with its amounts
   * negated); `key` builds the row's key columns only when the row is new.
   */
  private add(target: number, k: string, b: SettledBet, win: number, lvl: number, period: number, n: number) {
    const map = this.maps[target]!;
    const e = map.get(k);
    if (e) {
      e.count += n;
      e.win += win;
      e.bet += b.bet_amount;
      e.valid += b.valid_bet_amount;
      e.payout += b.payout_amount;
      e.tax += b.tax_amount;
      e.bonus += b.bonus_amount;
      e.jackpot += b.jackpot_contribution;
      e.prize += b.jackpot_prize;
      return;
    }
    map.set(k, {
      key: keyColumns(target, lvl, period, b),
      count: n,
      win,
      bet: b.bet_amount,
      valid: b.valid_bet_amount,
      payout: b.payout_amount,
      tax: b.tax_amount,
      bonus: b.bonus_amount,
      jackpot: b.jackpot_contribution,
      prize: b.jackpot_prize,
    });
  }

  /** Adds a bet to every target row it belongs to. */
  addBet(b: SettledBet) {
    this.addSigned(b, b, 1);
  }

  /** Takes a bet out of every target row it was added to (a cancelled bet). */
  removeBet(b: SettledBet) {
    const negated: SettledBet = {
      ...b,
      bet_amount: -b.bet_amount,
      valid_bet_amount: -b.valid_bet_amount,
      payout_amount: -b.payout_amount,
      tax_amount: -b.tax_amount,
      bonus_amount: -b.bonus_amount,
      jackpot_contribution: -b.jackpot_contribution,
      jackpot_prize: -b.jackpot_prize,
    };
    this.addSigned(b, negated, -1);
  }

  /** `b` as the rows count it (`n` = ±1, `amounts` = b or b negated). */
  private addSigned(b: SettledBet, amounts: SettledBet, n: number) {
    const hh = hhOf(b.settle_time);
    const seg = daySegmentOf(hh);
    const mseg = monthSegmentOf(hh);
    // win_count feeds the winning-odds report: the player came out ahead on this bet.
    const win = betWinLoss(b) > 0n ? n : 0;
    const pg = `:${b.player_id}:${b.game_id}:${b.currency_id}`;
    const pl = `:${b.player_id}:${b.currency_id}`;
    const dim = `:${b.agent_id}:${b.game_id}:${b.currency_id}`;
    const ag = `:${b.agent_id}:${b.currency_id}`;
    this.add(0, hh + pg, amounts, win, 0, hh, n);
    this.add(1, seg + pg, amounts, win, 1, seg, n);
    this.add(2, mseg + pg, amounts, win, 2, mseg, n);
    this.add(3, seg + pl, amounts, win, 1, seg, n);
    this.add(4, mseg + pl, amounts, win, 2, mseg, n);
    this.add(5, seg + dim, amounts, win, 1, seg, n);
    this.add(6, mseg + dim, amounts, win, 2, mseg, n);
    // The two local-hour families: hours starting on the UTC hour (even hh) and on the half hour (odd hh).
    const odd = hh % 2 === 1;
    const h0 = odd ? hh - 1 : hh;
    const h1 = odd ? hh : hh - 1;
    this.add(7, h0 + ag, amounts, win, 0, h0, n);
    this.add(8, h1 + ag, amounts, win, 1, h1, n);
    const gm = `:${b.game_id}:${b.currency_id}`;
    this.add(9, seg + ag, amounts, win, 1, seg, n);
    this.add(10, mseg + ag, amounts, win, 2, mseg, n);
    this.add(11, seg + gm, amounts, win, 1, seg, n);
    this.add(12, mseg + gm, amounts, win, 2, mseg, n);
    // A cancellation's player days are worked out from the rows it leaves (recountPlayerDays).
    if (n > 0) markPlayerDayBits(this.playerDays, seg, pl, b.player_id, b.currency_id);
  }

  addNewPlayer(p: NewPlayer) {
    const hh = hhOf(p.registered_at);
    const odd = hh % 2 === 1;
    for (const [fam, start] of [[0, odd ? hh - 1 : hh], [1, odd ? hh : hh - 1]] as const) {
      const k = `${start}:${p.agent_id}:${p.currency_id}`;
      this.hourNewPlayers[fam].set(k, (this.hourNewPlayers[fam].get(k) ?? 0) + 1);
    }
    for (const key of [
      [0, hh, p.agent_id, p.currency_id],
      [1, daySegmentOf(hh), p.agent_id, p.currency_id],
      [2, monthSegmentOf(hh), p.agent_id, p.currency_id],
    ]) {
      const k = key.join(':');
      const row = this.newPlayers.get(k);
      if (row) row.values[0]! += 1n;
      else this.newPlayers.set(k, { key, values: [1n] });
    }
  }

  /** The rows of one table, in AGG_KEYS / AGG_VALUES column order. */
  rows(table: AggTableName): AggRow[] {
    if (table === 'agg_new_player') return [...this.newPlayers.values()];
    const out: AggRow[] = [];
    TARGETS.forEach(([t, lvl], i) => {
      if (t !== table) return;
      const npc = table === 'agg_agent_hour' ? this.hourNewPlayers[lvl as 0 | 1] : null;
      for (const [k, e] of this.maps[i]!) {
        const values = [BigInt(e.count), BigInt(e.win), e.bet, e.valid, e.payout, e.tax, e.bonus, e.jackpot, e.prize];
        if (npc) values.push(BigInt(npc.get(k) ?? 0));
        out.push({ key: e.key, values });
      }
      if (npc) {
        // Hours with registrations and no bets in this batch.
        for (const [k, n] of npc) {
          if (this.maps[i]!.has(k)) continue;
          const [period, agent, currency] = k.split(':').map(Number) as [number, number, number];
          out.push({ key: [lvl, period, agent, currency], values: [...METRIC_COLUMNS.map(() => 0n), BigInt(n)] });
        }
      }
    });
    return out;
  }

  /** Adds rows of one table (values in AGG_VALUES order) — used by the check to merge windows. */
  merge(table: Exclude<AggTableName, 'agg_new_player'>, rows: AggRow[]) {
    const targets = TARGETS.map(([t, lvl], i) => ({ t, lvl, i })).filter((x) => x.t === table);
    for (const r of rows) {
      const target = targets.find((x) => x.lvl === r.key[0])!;
      const map = this.maps[target.i]!;
      const k = r.key.join(':');
      const v = r.values;
      const e = map.get(k);
      if (!e) {
        map.set(k, { key: r.key, count: Number(v[0]), win: Number(v[1]), bet: v[2]!, valid: v[3]!, payout: v[4]!, tax: v[5]!, bonus: v[6]!, jackpot: v[7]!, prize: v[8]! });
        continue;
      }
      e.count += Number(v[0]);
      e.win += Number(v[1]);
      e.bet += v[2]!;
      e.valid += v[3]!;
      e.payout += v[4]!;
      e.tax += v[5]!;
      e.bonus += v[6]!;
      e.jackpot += v[7]!;
      e.prize += v[8]!;
    }
  }

  async write(db: Kysely<DB>, dialect: Dialect) {
    for (const table of AGG_TABLES) {
      const rows = this.rows(table);
      if (rows.length) await upsertAggregates(db, dialect, table, rows);
    }
    if (this.playerDays.size) {
      const changes = await markPlayerDays(db, dialect, [...this.playerDays.values()]);
      await addPlayerDayCounts(db, countDeltas(changes));
    }
  }
}

const dayBits: number[] = [0, 0, 0, 0];

/**
 * Adds the bits a player's day segment sets (lib/periods.ts playerDayBits) to `rows`, keyed
 * "day:player:currency"; `pc` is the key's ":player:currency" part.
 */
function markPlayerDayBits(rows: Map<string, PlayerDayRow>, daySegment: number, pc: string, player: number, currency: number) {
  const pairs = playerDayBits(daySegment, dayBits);
  for (let i = 0; i < pairs * 2; i += 2) {
    const day = dayBits[i]!;
    const k = day + pc;
    const r = rows.get(k);
    if (r) r.mask |= dayBits[i + 1]!;
    else rows.set(k, { day, player_id: player, currency_id: currency, mask: dayBits[i + 1]! });
  }
}

/** player_day_mask's masks as level-1 rows of agg_player make them, keyed "day:player:currency". */
export function playerDayMasks(segments: PlayerSegment[]): Map<string, PlayerDayRow> {
  const rows = new Map<string, PlayerDayRow>();
  for (const s of segments) markPlayerDayBits(rows, s.period, `:${s.player_id}:${s.currency_id}`, s.player_id, s.currency_id);
  return rows;
}

/**
 * What changes of player_day_mask rows do to player_day_count: in each timezone, a row whose mask
 * gains its first bit of the local day (LOCAL_DAY_MASKS) adds a group to that day, one that loses
 * its last takes one away.
 */
export function countDeltas(changes: PlayerDayChange[]): PlayerDayCountDelta[] {
  const out = new Map<string, PlayerDayCountDelta>();
  for (const c of changes) {
    LOCAL_DAY_MASKS.forEach((m, zone) => {
      const n = ((c.mask & m) !== 0 ? 1 : 0) - ((c.prev & m) !== 0 ? 1 : 0);
      if (n === 0) return;
      const k = `${zone}:${c.day}`;
      const d = out.get(k);
      if (d) d.n += n;
      else out.set(k, { zone, day: c.day, n });
    });
  }
  return [...out.values()].filter((d) => d.n !== 0);
}

/**
 * After a cancellation has deleted the aggregate rows it emptied: the player_day_mask rows of its bets'
 * days made again from the level-1 rows of agg_player that are left, and the counts moved by the
 * difference. The rows are locked first (PostgreSQL), so a batch that adds a bet to one of them
 * meanwhile waits and then adds its bits to what is written here.
 */
async function recountPlayerDays(db: Kysely<DB>, dialect: Dialect, bets: readonly SettledBet[]): Promise<void> {
  // The rows the bets touched (their bits here are not used).
  const keys = new Map<string, PlayerDayRow>();
  for (const b of bets) markPlayerDayBits(keys, daySegmentOf(hhOf(b.settle_time)), `:${b.player_id}:${b.currency_id}`, b.player_id, b.currency_id);
  const rows = [...keys.values()];
  const stored = new Map((await lockPlayerDays(db, dialect, rows)).map((r) => [`${r.day}:${r.player_id}:${r.currency_id}`, r.mask]));
  const first = rows.reduce((d, r) => Math.min(d, r.day), Infinity);
  const last = rows.reduce((d, r) => Math.max(d, r.day), -Infinity);
  // Day d's row is made of the segments from 14:00 UTC of the day before to 16:00 UTC of its own.
  const from = (first - 1) * HH_PER_DAY + LONG_SEGMENT_HH - 4;
  const to = last * HH_PER_DAY + LONG_SEGMENT_HH;
  const fresh = playerDayMasks(await playerSegments(db, [...new Set(rows.map((r) => r.player_id))], from, to));
  const changes: PlayerDayChange[] = [];
  const writes: PlayerDayRow[] = [];
  for (const [k, r] of keys) {
    const prev = stored.get(k) ?? 0;
    const mask = fresh.get(k)?.mask ?? 0;
    if (mask === prev) continue;
    writes.push({ ...r, mask });
    changes.push({ day: r.day, mask, prev });
  }
  await setPlayerDays(db, writes);
  await addPlayerDayCounts(db, countDeltas(changes));
}

/**
 * Adds settled bets to every aggregate table. Call it inside the transaction that stores the bets,
 * so the aggregates and the raw bets always agree.
 */
export async function applyBets(db: Kysely<DB>, dialect: Dialect, bets: SettledBet[]): Promise<void> {
  if (bets.length === 0) return;
  const acc = new AggAccumulator();
  for (const b of bets) acc.addBet(b);
  await acc.write(db, dialect);
}

/** Counts newly registered players per period, agent and currency (new_player_count). */
export async function applyNewPlayers(db: Kysely<DB>, dialect: Dialect, players: NewPlayer[]): Promise<void> {
  if (players.length === 0) return;
  const acc = new AggAccumulator();
  for (const p of players) acc.addNewPlayer(p);
  await acc.write(db, dialect);
}

/**
 * The ingest's aggregates stage (db/bet-batch.ts): the batch's new players and new bets added to
 * every report aggregate in the same transaction, so no report disagrees with the stored bets. A
 * total that would pass the largest amount refuses the batch.
 */
export const aggregateStage: BetStage = {
  name: 'aggregates',
  async run(batch) {
    try {
      await applyNewPlayers(batch.db, batch.dialect, [...batch.newPlayers]);
      await applyBets(batch.db, batch.dialect, [...batch.bets]);
    } catch (err) {
      if (err instanceof AggregateOverflow) batch.reject(null, 'bets', `the batch would take a report total past ${formatMoney(MONEY_UNITS_MAX)}, the most a total can hold`);
      throw err;
    }
  },
};

/**
 * The transfer pipeline's aggregates stage (db/transfer-batch.ts): the players the batch created
 * counted as new players. A transfer itself is in no report aggregate (the bill list reads the ledger).
 */
export const aggregateTransferStage: TransferStage = {
  name: 'aggregates',
  async run(batch) {
    await applyNewPlayers(batch.db, batch.dialect, [...batch.newPlayers]);
  },
};

/**
 * The cancellations' aggregates stage (db/bet-batch.ts CancelBatch): each cancelled bet taken out
 * of every aggregate row it was added to, in its original settle period, in the cancel's
 * transaction; a row left with no bet is deleted, so the aggregates stay what a rebuild from the
 * bets still standing makes (`aggregates:check`) and a player whose only bet was cancelled no
 * longer counts as a bettor.
 */
export const aggregateCancelStage: CancelStage = {
  name: 'aggregates',
  async run({ db, dialect, bets }) {
    if (bets.length === 0) return;
    const acc = new AggAccumulator();
    for (const b of bets) acc.removeBet(b);
    await acc.write(db, dialect);
    for (const table of AGG_TABLES) {
      if (table === 'agg_new_player') continue;
      const rows = acc.rows(table);
      if (rows.length) await deleteEmptiedRows(db, table, rows);
    }
    await recountPlayerDays(db, dialect, bets);
  },
};
