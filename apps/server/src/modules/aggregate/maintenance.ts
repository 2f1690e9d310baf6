import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { readSnapshot, writeTransaction } from '../../db/write-transaction.ts';
import { ledgerDayCounts, rebuildLedgerDayCounts, type LedgerDayCount } from '../wallet/public.ts';
import { HH_MS, HH_PER_DAY, monthSegmentOf } from '../../lib/periods.ts';
import {
  betsAfterId,
  betsSettledIn,
  clearAggregates,
  playersAfterId,
  readAggregateRows,
  readHourNewPlayers,
  PLAYER_DAY_TABLES,
  playerSegments,
  readPlayerDayCounts,
  readPlayerDays,
  settleTimeSpan,
  type AggRow,
} from './repository.ts';
import { AggAccumulator, countDeltas, playerDayMasks } from './service.ts';
import { AGG_TABLES, METRIC_COLUMNS, type AggTableName } from './tables.ts';

const REBUILD_CHUNK = 20_000;

/**
 * Rebuilds every aggregate from the raw bets and players, and the ledger's per-day counts and sums
 * from its entries, in one transaction that keeps the ingest out meanwhile (SQLite: the write lock;
 * PostgreSQL: a SHARE lock on bet, player and ledger_entry), so the result is exact even while the
 * server runs. Reads bets and players in id-ordered chunks: memory stays flat.
 */
export async function rebuildAggregates(database: Database, log: (msg: string) => void = () => undefined) {
  return writeTransaction(database, async (db) => {
    if (database.dialect === 'postgres') await sql`LOCK TABLE bet, player, ledger_entry IN SHARE MODE`.execute(db);
    await clearAggregates(db);
    await rebuildLedgerDayCounts(db);
    let players = 0;
    for (let after = 0; ; ) {
      const chunk = await playersAfterId(db, after, REBUILD_CHUNK);
      if (chunk.length === 0) break;
      const acc = new AggAccumulator();
      for (const p of chunk) acc.addNewPlayer(p);
      await acc.write(db, database.dialect);
      players += chunk.length;
      after = chunk[chunk.length - 1]!.id;
    }
    let bets = 0;
    let lastLog = Date.now();
    for (let after = 0; ; ) {
      const chunk = await betsAfterId(db, after, REBUILD_CHUNK);
      if (chunk.length === 0) break;
      const acc = new AggAccumulator();
      for (const b of chunk) acc.addBet(b);
      await acc.write(db, database.dialect);
      bets += chunk.length;
      after = chunk[chunk.length - 1]!.id;
      if (Date.now() - lastLog > 5000) {
        log(`${bets} bets`);
        lastLog = Date.now();
      }
    }
    return { players, bets };
  });
}

/** PostgreSQL: VACUUM (ANALYZE) every aggregate table (outside any transaction). */
export async function vacuumAggregates(database: Database): Promise<void> {
  if (database.dialect !== 'postgres') return;
  await sql`VACUUM (ANALYZE) ${sql.join([...AGG_TABLES, ...PLAYER_DAY_TABLES].map((t) => sql.table(t)))}`.execute(database.db);
}

export interface AggregateDifference {
  table: AggTableName | 'ledger_day_count' | 'player_day_mask' | 'player_day_count';
  key: Array<number | string>;
  /** Values from the raw bets (null: no such row expected). */
  expected: string[] | null;
  /** Values stored (null: the row is missing). */
  actual: string[] | null;
}

/** A row to compare: key columns, then values (an AggRow, or a ledger day count keyed by its type too). */
type KeyedRow = { key: Array<number | string>; values: bigint[] };

function diffRows(table: AggregateDifference['table'], expected: Iterable<KeyedRow>, actual: KeyedRow[], out: AggregateDifference[]) {
  const want = new Map<string, KeyedRow>();
  for (const r of expected) want.set(r.key.join(','), r);
  for (const r of actual) {
    const k = r.key.join(',');
    const e = want.get(k);
    want.delete(k);
    if (!e || e.values.some((v, i) => v !== r.values[i])) {
      out.push({ table, key: r.key, expected: e ? e.values.map(String) : null, actual: r.values.map(String) });
    }
  }
  for (const e of want.values()) out.push({ table, key: e.key, expected: e.values.map(String), actual: null });
}

const byLead = (rows: AggRow[], lead: number) => rows.filter((r) => r.key[0] === lead);

/**
 * The bet metrics of hourly rows (their new-player counts are checked against the players
 * separately); rows that only count registrations have no bet part.
 */
const betPart = (rows: AggRow[]) => rows.filter((r) => r.values[0] !== 0n).map((r) => ({ key: r.key, values: r.values.slice(0, METRIC_COLUMNS.length) }));

/** Tables with day-segment (level 1) and month-segment (level 2) rows. */
const SEGMENT_TABLES = ['agg_player_game', 'agg_player', 'agg_dim', 'agg_agent', 'agg_game'] as const;

/**
 * Compares every aggregate row with a computation from the raw bets and players. Works one UTC
 * "report day" [16:00, 16:00) at a time (a boundary of every level); month segments are compared
 * when their month is complete, and the half-hour-family local hour that straddles two windows is
 * carried over. Returns the differences (empty when everything reconciles), at most `limit`.
 *
 * Every read comes from one snapshot (readSnapshot): a batch ingested between reading a day's bets
 * and its aggregate rows would otherwise show as a difference where there is none.
 */
export async function checkAggregates(database: Database, limit = 1000): Promise<AggregateDifference[]> {
  return readSnapshot(database, (db) => checkSnapshot(db, limit));
}

async function checkSnapshot(db: Kysely<DB>, limit: number): Promise<AggregateDifference[]> {
  const out: AggregateDifference[] = [];
  await checkNewPlayers(db, out);
  await checkLedgerDayCounts(db, out);
  await checkPlayerDays(db, out);
  const span = await settleTimeSpan(db);
  const windowOf = (ms: number) => Math.floor((Math.floor(ms / HH_MS) - 32) / HH_PER_DAY) * HH_PER_DAY + 32;
  // Start where the first bet's month segment starts, so month rows are compared whole.
  const first = span ? monthSegmentOf(windowOf(span.min)) : 0;
  const end = span ? windowOf(span.max) + HH_PER_DAY : 0;

  // Nothing may lie outside the bets' span.
  for (const table of SEGMENT_TABLES) {
    diffRows(table, [], [...(await readAggregateRows(db, table, null, null, first)), ...(await readAggregateRows(db, table, null, end, null))], out);
  }
  for (const [fam, lo, hi] of [[0, first, end], [1, first - 1, end]] as const) {
    diffRows('agg_agent_hour', [], betPart([...(await readAggregateRows(db, 'agg_agent_hour', fam, null, lo)), ...(await readAggregateRows(db, 'agg_agent_hour', fam, hi, null))]), out);
  }

  let months = new AggAccumulator();
  let monthFrom = first;
  let hourCarry = new Map<string, AggRow>();
  for (let w = first; w < end && out.length < limit; w += HH_PER_DAY) {
    const wEnd = w + HH_PER_DAY;
    const acc = new AggAccumulator();
    for (const b of await betsSettledIn(db, w * HH_MS, wEnd * HH_MS)) acc.addBet(b);

    diffRows('agg_player_game', byLead(acc.rows('agg_player_game'), 0), await readAggregateRows(db, 'agg_player_game', 0, w, wEnd), out);
    diffRows('agg_player_game', byLead(acc.rows('agg_player_game'), 1), await readAggregateRows(db, 'agg_player_game', 1, w, wEnd), out);
    diffRows('agg_player', byLead(acc.rows('agg_player'), 1), await readAggregateRows(db, 'agg_player', 1, w, wEnd), out);
    for (const table of ['agg_dim', 'agg_agent', 'agg_game'] as const) {
      diffRows(table, byLead(acc.rows(table), 1), await readAggregateRows(db, table, 1, w, wEnd), out);
    }

    // Family 0 hours start on even half-hours and lie inside the window; the last family-1 hour
    // of the window ends half an hour into the next one.
    for (const r of betPart(acc.rows('agg_agent_hour'))) {
      const k = r.key.join(',');
      const prev = hourCarry.get(k);
      if (prev) r.values.forEach((v, i) => (prev.values[i]! += v));
      else hourCarry.set(k, r);
    }
    const done = [...hourCarry.values()].filter((r) => r.key[1]! + 2 <= wEnd);
    diffRows('agg_agent_hour', byLead(done, 0), betPart(await readAggregateRows(db, 'agg_agent_hour', 0, w, wEnd)), out);
    diffRows('agg_agent_hour', byLead(done, 1), betPart(await readAggregateRows(db, 'agg_agent_hour', 1, w - 1, wEnd - 1)), out);
    hourCarry = new Map([...hourCarry].filter(([, r]) => r.key[1]! + 2 > wEnd));

    for (const table of SEGMENT_TABLES) months.merge(table, byLead(acc.rows(table), 2));
    // A window ending where a month's big segment starts closes the previous month's segments.
    if (monthSegmentOf(wEnd) === wEnd || wEnd >= end) {
      for (const table of SEGMENT_TABLES) diffRows(table, months.rows(table), await readAggregateRows(db, table, 2, monthFrom, wEnd), out);
      months = new AggAccumulator();
      monthFrom = wEnd;
    }
  }
  if (out.length < limit) diffRows('agg_agent_hour', [...hourCarry.values()], betPart(await readAggregateRows(db, 'agg_agent_hour', 1, end - 1, end)), out);
  return out.slice(0, limit);
}

async function checkNewPlayers(db: Kysely<DB>, out: AggregateDifference[]) {
  const acc = new AggAccumulator();
  for (let after = 0; ; ) {
    const chunk = await playersAfterId(db, after, REBUILD_CHUNK);
    if (chunk.length === 0) break;
    for (const p of chunk) acc.addNewPlayer(p);
    after = chunk[chunk.length - 1]!.id;
  }
  diffRows('agg_new_player', acc.rows('agg_new_player'), await readAggregateRows(db, 'agg_new_player', null, null, null), out);
  // The hourly rows' new-player counts: every row that has one, against the registrations.
  const hours = acc.rows('agg_agent_hour').map((r) => ({ key: r.key, values: r.values.slice(METRIC_COLUMNS.length) }));
  diffRows('agg_agent_hour', hours, (await readHourNewPlayers(db)).map((r) => ({ key: r.key, values: r.values.slice(METRIC_COLUMNS.length) })), out);
}

/** ledger_day_count (the bill list's totals) against a count and the sums of the ledger's entries. */
async function checkLedgerDayCounts(db: Kysely<DB>, out: AggregateDifference[]) {
  const keyed = (rows: LedgerDayCount[]) => rows.map((r) => ({ key: [r.day, r.agent_id, r.currency_id, r.type], values: [BigInt(r.entry_count), r.amount_in, r.amount_out] }));
  diffRows('ledger_day_count', keyed(await ledgerDayCounts(db, true)), keyed(await ledgerDayCounts(db, false)), out);
}

/**
 * player_day_mask against the level-1 rows of agg_player (which the check compares with the bets), and
 * player_day_count against those masks counted afresh.
 */
async function checkPlayerDays(db: Kysely<DB>, out: AggregateDifference[]) {
  const masks = [...playerDayMasks(await playerSegments(db, null, null, null)).values()];
  const keyed = (rows: Array<{ day: number; player_id: number; currency_id: number; mask: number }>) => rows.map((r) => ({ key: [r.day, r.player_id, r.currency_id], values: [BigInt(r.mask)] }));
  diffRows('player_day_mask', keyed(masks), keyed(await readPlayerDays(db)), out);
  const counts = (rows: Array<{ zone: number; day: number; n: number }>) => rows.map((r) => ({ key: [r.zone, r.day], values: [BigInt(r.n)] }));
  diffRows('player_day_count', counts(countDeltas(masks.map((r) => ({ day: r.day, mask: r.mask, prev: 0 })))), counts(await readPlayerDayCounts(db)), out);
}
