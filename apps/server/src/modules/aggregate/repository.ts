import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { int8Text, isMoneySumOverflow, moneySumOutOfRange, sqliteIntegerSum, timeSpan, toNumber } from '../../db/sql.ts';
import type { AggRow, NewPlayer, SettledBet } from './types.ts';

export type { AggRow } from './types.ts';
import { AGG_KEYS, AGG_TABLES, AGG_VALUES, METRIC_COLUMNS, withAggregates, type AggTableName } from './tables.ts';

/**
 * SQLite statements hold at most 256 rows, and a shorter batch is padded with NULL rows up to a
 * power of two (skipped by `WHERE column1 IS NOT NULL`): the statement texts then repeat from
 * batch to batch and the driver's statement cache prepares each only once.
 */
const SQLITE_MAX_ROWS = 256;
const SQLITE_MIN_ROWS = 8;

/** SQLite: `rows` in statements of at most SQLITE_MAX_ROWS rows, each to be padded up to `size`. */
function* sqliteChunks<T>(rows: T[]): Generator<{ chunk: T[]; size: number }> {
  for (let i = 0; i < rows.length; i += SQLITE_MAX_ROWS) {
    const chunk = rows.slice(i, i + SQLITE_MAX_ROWS);
    let size = SQLITE_MIN_ROWS;
    while (size < chunk.length) size *= 2;
    yield { chunk, size };
  }
}

const sqliteText = new Map<string, string>();
const pgText = new Map<string, string>();

/** A sum that would pass the signed 64-bit range of its column: the batch that would make it is refused (db/sql.ts). */
export class AggregateOverflow extends Error {
  constructor(readonly table: AggTableName) {
    super(`a sum in ${table} would exceed the 64-bit range`);
  }
}

/** Counts grow by at most a batch's records, so they cannot come near 2^63: only sums of money are checked. */
const COUNTS = new Set(['bet_count', 'win_count', 'new_player_count', 'player_count']);

function conflictClause(dialect: Dialect, table: AggTableName): string {
  const keys = AGG_KEYS[table];
  const add = (v: string) => `${table}.${v} + excluded.${v}`;
  const checked = (v: string) => (dialect === 'sqlite' && !COUNTS.has(v) ? sqliteIntegerSum(add(v)) : add(v));
  const sets = AGG_VALUES[table].map((v) => `${v} = ${checked(v)}`).join(', ');
  return `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sets}`;
}

/** Statement text is built from the fixed table/column names above only; every value is a parameter. */
function sqliteInsert(table: AggTableName, rows: number): string {
  const cacheKey = `${table}:${rows}`;
  let text = sqliteText.get(cacheKey);
  if (!text) {
    const cols = [...AGG_KEYS[table], ...AGG_VALUES[table]];
    const tuple = `(${cols.map(() => '?').join(',')})`;
    text = `INSERT INTO ${table} (${cols.join(', ')}) SELECT * FROM (VALUES ${Array(rows).fill(tuple).join(',')}) WHERE column1 IS NOT NULL ${conflictClause('sqlite', table)}`;
    sqliteText.set(cacheKey, text);
  }
  return text;
}

const pgType = (col: string) => (col === 'lvl' || col === 'fam' ? 'int2' : col === 'period' ? 'int4' : 'int8');

/** PostgreSQL: one array parameter per column and `unnest`, so the statement text never grows with the batch. */
function pgInsert(table: AggTableName): string {
  let text = pgText.get(table);
  if (!text) {
    const cols = [...AGG_KEYS[table], ...AGG_VALUES[table]];
    const arrays = cols.map((c, i) => `$${i + 1}::${pgType(c)}[]`).join(', ');
    text = `INSERT INTO ${table} (${cols.join(', ')}) SELECT * FROM unnest(${arrays}) ${conflictClause('postgres', table)}`;
    pgText.set(table, text);
  }
  return text;
}

function compareKeys(a: AggRow, b: AggRow): number {
  for (let i = 0; i < a.key.length; i++) {
    const d = a.key[i]! - b.key[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Adds rows to an aggregate table (`x = x + excluded.x`). Keys must be unique within `rows`.
 * Rows go in key order, so concurrent PostgreSQL transactions lock rows in the same order and do
 * not deadlock each other.
 */
export async function upsertAggregates(db: Kysely<DB>, dialect: Dialect, table: AggTableName, rows: AggRow[]): Promise<void> {
  if (rows.length === 0) return;
  rows.sort(compareKeys);
  if (dialect === 'postgres') {
    // Each column goes as one array literal "{1,2,3}" (integers need no quoting), which is far
    // cheaper for the driver than serializing a JS array element by element.
    const width = AGG_KEYS[table].length + AGG_VALUES[table].length;
    const nk = AGG_KEYS[table].length;
    const parts: string[][] = Array.from({ length: width }, () => new Array<string>(rows.length));
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      for (let k = 0; k < nk; k++) parts[k]![r] = String(row.key[k]!);
      for (let v = 0; v < row.values.length; v++) {
        if (moneySumOutOfRange(row.values[v]!)) throw new AggregateOverflow(table);
        parts[nk + v]![r] = row.values[v]!.toString();
      }
    }
    const cols = parts.map((p) => `{${p.join(',')}}`);
    await runUpsert(db, 'postgres', table, CompiledQuery.raw(pgInsert(table), cols));
    return;
  }
  const width = AGG_KEYS[table].length + AGG_VALUES[table].length;
  for (const { chunk, size } of sqliteChunks(rows)) {
    const params: Array<number | bigint | null> = [];
    for (const row of chunk) {
      for (const k of row.key) params.push(k);
      for (const v of row.values) {
        if (moneySumOutOfRange(v)) throw new AggregateOverflow(table);
        params.push(v);
      }
    }
    for (let pad = chunk.length; pad < size; pad++) for (let c = 0; c < width; c++) params.push(null);
    await runUpsert(db, 'sqlite', table, CompiledQuery.raw(sqliteInsert(table, size), params));
  }
}

async function runUpsert(db: Kysely<DB>, dialect: Dialect, table: AggTableName, query: CompiledQuery): Promise<void> {
  try {
    await db.executeQuery(query);
  } catch (err) {
    throw isMoneySumOverflow(dialect, err) ? new AggregateOverflow(table) : err;
  }
}

/**
 * Deletes the rows among `rows`' keys that no longer count any bet (a cancellation took their last
 * one out); an hourly agent row that counts registrations stays. One statement per level, the
 * key's period and lead column named so the primary key finds the rows.
 */
export async function deleteEmptiedRows(db: Kysely<DB>, table: Exclude<AggTableName, 'agg_new_player'>, rows: AggRow[]): Promise<void> {
  const lead = AGG_KEYS[table][0];
  const periods = new Map<number, Set<number>>();
  for (const r of rows) {
    const set = periods.get(r.key[0]!) ?? new Set<number>();
    set.add(r.key[1]!);
    periods.set(r.key[0]!, set);
  }
  for (const [level, set] of periods) {
    await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(lead)} = ${level} AND period IN (${sql.join([...set])}) AND bet_count = 0${
      table === 'agg_agent_hour' ? sql` AND new_player_count = 0` : sql``
    }`.execute(db);
  }
}

/** Empties every aggregate table (before a rebuild). */
export async function clearAggregates(db: Kysely<DB>): Promise<void> {
  const adb = withAggregates(db);
  for (const t of AGG_TABLES) await adb.deleteFrom(t).execute();
  for (const t of PLAYER_DAY_TABLES) await db.deleteFrom(t).execute();
}

/** Bets as the aggregates see them (those standing: a cancelled bet counts nowhere), amounts read exactly (as text) on both drivers. */
function betSelect(db: Kysely<DB>) {
  return db
    .selectFrom('bet')
    .select([
      'id',
      'agent_id',
      'player_id',
      'game_id',
      'platform_id',
      'currency_id',
      'settle_time',
      int8Text(sql.ref('bet_amount')).as('bet_amount'),
      int8Text(sql.ref('valid_bet_amount')).as('valid_bet_amount'),
      int8Text(sql.ref('payout_amount')).as('payout_amount'),
      int8Text(sql.ref('tax_amount')).as('tax_amount'),
      int8Text(sql.ref('bonus_amount')).as('bonus_amount'),
      int8Text(sql.ref('jackpot_contribution')).as('jackpot_contribution'),
      int8Text(sql.ref('jackpot_prize')).as('jackpot_prize'),
    ])
    .where('cancelled_at', 'is', null);
}

type BetSelectRow = Awaited<ReturnType<ReturnType<typeof betSelect>['execute']>>[number];

function toSettledBet(r: BetSelectRow): SettledBet {
  return {
    id: toNumber(r.id),
    agent_id: toNumber(r.agent_id),
    player_id: toNumber(r.player_id),
    game_id: toNumber(r.game_id),
    platform_id: toNumber(r.platform_id),
    currency_id: toNumber(r.currency_id),
    settle_time: toNumber(r.settle_time),
    bet_amount: BigInt(r.bet_amount ?? '0'),
    valid_bet_amount: BigInt(r.valid_bet_amount),
    payout_amount: BigInt(r.payout_amount ?? '0'),
    tax_amount: BigInt(r.tax_amount ?? '0'),
    bonus_amount: BigInt(r.bonus_amount ?? '0'),
    jackpot_contribution: BigInt(r.jackpot_contribution),
    jackpot_prize: BigInt(r.jackpot_prize),
  };
}

/** The next `limit` bets after id `afterId`, in id order (keyset paging for a rebuild). */
export async function betsAfterId(db: Kysely<DB>, afterId: number, limit: number): Promise<SettledBet[]> {
  const rows = await betSelect(db).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map(toSettledBet);
}

/** Bets settled in [fromMs, toMs). */
export async function betsSettledIn(db: Kysely<DB>, fromMs: number, toMs: number): Promise<SettledBet[]> {
  const rows = await betSelect(db).where('settle_time', '>=', fromMs).where('settle_time', '<', toMs).execute();
  return rows.map(toSettledBet);
}

export const settleTimeSpan = (db: Kysely<DB>) => timeSpan(db, 'bet', 'settle_time');

export async function playersAfterId(db: Kysely<DB>, afterId: number, limit: number): Promise<NewPlayer[]> {
  const rows = await db
    .selectFrom('player')
    .select(['id', 'agent_id', 'currency_id', 'registered_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: toNumber(r.id), agent_id: toNumber(r.agent_id), currency_id: toNumber(r.currency_id), registered_at: toNumber(r.registered_at) }));
}

/** Hourly agent rows that count registrations. */
export async function readHourNewPlayers(db: Kysely<DB>): Promise<AggRow[]> {
  return (await readAggregateRows(db, 'agg_agent_hour', null, null, null, true)).filter((r) => r.values[METRIC_COLUMNS.length]! > 0n);
}

/**
 * Stored aggregate rows of one table whose first key column is `lead` and whose period is in
 * [from, to) (all periods when from/to are null), values read exactly.
 */
export async function readAggregateRows(
  db: Kysely<DB>,
  table: AggTableName,
  lead: number | null,
  from: number | null,
  to: number | null,
  withNewPlayers = false,
): Promise<AggRow[]> {
  const keys = AGG_KEYS[table];
  const values = AGG_VALUES[table];
  const leadCol = keys[0]!;
  const where: RawBuilder<unknown>[] = [];
  if (withNewPlayers) where.push(sql`new_player_count > 0`);
  if (lead !== null) where.push(sql`${sql.ref(leadCol)} = ${lead}`);
  if (from !== null) where.push(sql`period >= ${from}`);
  if (to !== null) where.push(sql`period < ${to}`);
  const cols = [...keys.map((k) => sql.ref(k)), ...values.map((v) => sql`CAST(${sql.ref(v)} AS TEXT) AS ${sql.ref(v)}`)];
  const q = sql<Record<string, unknown>>`SELECT ${sql.join(cols)} FROM ${sql.table(table)}${
    where.length ? sql` WHERE ${sql.join(where, sql` AND `)}` : sql``
  }`;
  const { rows } = await q.execute(db);
  return rows.map((r) => ({ key: keys.map((k) => toNumber(r[k])), values: values.map((v) => BigInt(r[v] as string)) }));
}

/** A player's lifetime sums in one currency, from the month segments of agg_player. */
export interface PlayerLifetime {
  player_id: number;
  currency_id: number;
  bet_count: number;
  bet_amount: bigint;
  payout_amount: bigint;
  tax_amount: bigint;
  bonus_amount: bigint;
  jackpot_prize: bigint;
}

/**
 * The lifetime sums of a few players (a page of the player list), never a scan of raw bets: their
 * level-2 rows of agg_player, each month segment of `periods` named so that the (level, period,
 * player) key finds the rows directly on both databases.
 */
export async function playerLifetimes(db: Kysely<DB>, playerIds: number[], periods: number[]): Promise<PlayerLifetime[]> {
  if (playerIds.length === 0 || periods.length === 0) return [];
  const sum = (c: string) => int8Text(sql`sum(${sql.ref(c)})`).as(c);
  const rows = await withAggregates(db)
    .selectFrom('agg_player')
    .select(['player_id', 'currency_id', sum('bet_count'), sum('bet_amount'), sum('payout_amount'), sum('tax_amount'), sum('bonus_amount'), sum('jackpot_prize')])
    .where('lvl', '=', 2)
    .where('period', 'in', periods)
    .where('player_id', 'in', playerIds)
    .groupBy(['player_id', 'currency_id'])
    .execute();
  return rows.map((r) => ({
    player_id: toNumber(r.player_id),
    currency_id: toNumber(r.currency_id),
    bet_count: Number(r.bet_count ?? '0'),
    bet_amount: BigInt(r.bet_amount ?? '0'),
    payout_amount: BigInt(r.payout_amount ?? '0'),
    tax_amount: BigInt(r.tax_amount ?? '0'),
    bonus_amount: BigInt(r.bonus_amount ?? '0'),
    jackpot_prize: BigInt(r.jackpot_prize ?? '0'),
  }));
}

/* ---- Player days (migration 0023, ADR 0022) ---- */

/** The tables the ingest keeps beside the aggregates for player daily's counts. */
export const PLAYER_DAY_TABLES = ['player_day_mask', 'player_day_count'] as const;

const toPlayerDayRow = (r: Record<string, unknown>): PlayerDayRow => ({ day: toNumber(r.day), player_id: toNumber(r.player_id), currency_id: toNumber(r.currency_id), mask: toNumber(r.mask) });

/** A player_day_mask row's key and the bits to set (a batch's), or its whole mask. */
export interface PlayerDayRow {
  day: number;
  player_id: number;
  currency_id: number;
  mask: number;
}

/** A row whose mask changed: the mask before (`prev`, 0 for a new row) and after. */
export interface PlayerDayChange {
  day: number;
  mask: number;
  prev: number;
}

const PLAYER_DAY_SET = `ON CONFLICT (day, player_id, currency_id) DO UPDATE SET prev = player_day_mask.mask, mask = player_day_mask.mask | excluded.mask
  WHERE (player_day_mask.mask | excluded.mask) <> player_day_mask.mask RETURNING day, mask, prev`;
const playerDayText = new Map<number, string>();

function comparePlayerDays(a: PlayerDayRow, b: PlayerDayRow): number {
  return a.day - b.day || a.player_id - b.player_id || a.currency_id - b.currency_id;
}

/**
 * Sets the rows' bits in player_day_mask and answers the rows whose mask changed, with their mask
 * before and after. A row already holding its bits is neither written nor answered. Keys must be
 * unique within `rows`; they go in key order, as upsertAggregates' do.
 */
export async function markPlayerDays(db: Kysely<DB>, dialect: Dialect, rows: PlayerDayRow[]): Promise<PlayerDayChange[]> {
  if (rows.length === 0) return [];
  rows.sort(comparePlayerDays);
  const out: PlayerDayChange[] = [];
  const read = (result: { rows: unknown[] }) => {
    for (const r of result.rows as Array<Record<string, unknown>>) out.push({ day: toNumber(r.day), mask: toNumber(r.mask), prev: toNumber(r.prev) });
  };
  if (dialect === 'postgres') {
    const column = (f: (r: PlayerDayRow) => number) => `{${rows.map(f).join(',')}}`;
    const text = `INSERT INTO player_day_mask (day, player_id, currency_id, mask, prev)
      SELECT d, p, c, m, 0 FROM unnest($1::int4[], $2::int8[], $3::int8[], $4::int4[]) AS u (d, p, c, m) ${PLAYER_DAY_SET}`;
    read(await db.executeQuery(CompiledQuery.raw(text, [column((r) => r.day), column((r) => r.player_id), column((r) => r.currency_id), column((r) => r.mask)])));
    return out;
  }
  for (const { chunk, size } of sqliteChunks(rows)) {
    let text = playerDayText.get(size);
    if (!text) {
      text = `INSERT INTO player_day_mask (day, player_id, currency_id, mask, prev)
        SELECT column1, column2, column3, column4, 0 FROM (VALUES ${Array(size).fill('(?,?,?,?)').join(',')}) WHERE column1 IS NOT NULL ${PLAYER_DAY_SET}`;
      playerDayText.set(size, text);
    }
    const params: Array<number | null> = [];
    for (const r of chunk) params.push(r.day, r.player_id, r.currency_id, r.mask);
    for (let pad = chunk.length; pad < size; pad++) params.push(null, null, null, null);
    read(await db.executeQuery(CompiledQuery.raw(text, params)));
  }
  return out;
}

/** A change of one timezone's count of one local day. */
export interface PlayerDayCountDelta {
  zone: number;
  day: number;
  n: number;
}

/** Adds to player_day_count, in key order (concurrent PostgreSQL transactions lock its rows in the same order). */
export async function addPlayerDayCounts(db: Kysely<DB>, deltas: PlayerDayCountDelta[]): Promise<void> {
  deltas.sort((a, b) => a.zone - b.zone || a.day - b.day);
  for (let i = 0; i < deltas.length; i += SQLITE_MAX_ROWS) {
    await db
      .insertInto('player_day_count')
      .values(deltas.slice(i, i + SQLITE_MAX_ROWS))
      .onConflict((oc) => oc.columns(['zone', 'day']).doUpdateSet({ n: sql`player_day_count.n + excluded.n` }))
      .execute();
  }
}

/**
 * The stored masks of some player_day_mask rows (none for a key without a row). On PostgreSQL the rows
 * are locked for the rest of the transaction, so no batch changes them until it ends.
 */
export async function lockPlayerDays(db: Kysely<DB>, dialect: Dialect, keys: PlayerDayRow[]): Promise<PlayerDayRow[]> {
  if (keys.length === 0) return [];
  keys.sort(comparePlayerDays);
  const out: PlayerDayRow[] = [];
  for (let i = 0; i < keys.length; i += SQLITE_MAX_ROWS) {
    const tuples = keys.slice(i, i + SQLITE_MAX_ROWS).map((k) => sql`(CAST(${k.day} AS integer), CAST(${k.player_id} AS bigint), CAST(${k.currency_id} AS bigint))`);
    const { rows } = await sql<Record<string, unknown>>`SELECT day, player_id, currency_id, mask FROM player_day_mask
      WHERE (day, player_id, currency_id) IN (VALUES ${sql.join(tuples)})
      ORDER BY day, player_id, currency_id${dialect === 'postgres' ? sql` FOR UPDATE` : sql``}`.execute(db);
    for (const r of rows) out.push(toPlayerDayRow(r));
  }
  return out;
}

/** Writes player_day_mask rows' whole masks: a row with mask 0 is deleted, one without a row is added. */
export async function setPlayerDays(db: Kysely<DB>, rows: PlayerDayRow[]): Promise<void> {
  for (const r of rows) {
    if (r.mask === 0) {
      await db.deleteFrom('player_day_mask').where('day', '=', r.day).where('player_id', '=', r.player_id).where('currency_id', '=', r.currency_id).execute();
    } else {
      await db
        .insertInto('player_day_mask')
        .values({ ...r, prev: 0 })
        .onConflict((oc) => oc.columns(['day', 'player_id', 'currency_id']).doUpdateSet({ prev: sql`player_day_mask.mask`, mask: r.mask }))
        .execute();
    }
  }
}

/** A level-1 row of agg_player, by key: a (player, currency) bet in the day segment `period`. */
export interface PlayerSegment {
  period: number;
  player_id: number;
  currency_id: number;
}

/** The level-1 agg_player rows of some players in [from, to), or of every player when `players` is null. */
export async function playerSegments(db: Kysely<DB>, players: number[] | null, from: number | null, to: number | null): Promise<PlayerSegment[]> {
  let q = withAggregates(db).selectFrom('agg_player').select(['period', 'player_id', 'currency_id']).where('lvl', '=', 1);
  if (players) q = q.where('player_id', 'in', players);
  if (from !== null) q = q.where('period', '>=', from);
  if (to !== null) q = q.where('period', '<', to);
  const rows = await q.execute();
  return rows.map((r) => ({ period: toNumber(r.period), player_id: toNumber(r.player_id), currency_id: toNumber(r.currency_id) }));
}

export async function readPlayerDays(db: Kysely<DB>): Promise<PlayerDayRow[]> {
  return (await db.selectFrom('player_day_mask').select(['day', 'player_id', 'currency_id', 'mask']).execute()).map(toPlayerDayRow);
}

/** Stored counts, those of zero left out (a cancellation can take a day's last group away). */
export async function readPlayerDayCounts(db: Kysely<DB>): Promise<PlayerDayCountDelta[]> {
  const rows = await db.selectFrom('player_day_count').select(['zone', 'day', 'n']).where('n', '<>', 0).execute();
  return rows.map((r) => ({ zone: toNumber(r.zone), day: toNumber(r.day), n: toNumber(r.n) }));
}
