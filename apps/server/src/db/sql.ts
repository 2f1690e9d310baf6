import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { MONEY_UNITS_MAX } from '@console/contract';
import type { Dialect } from './database.ts';
import type { DB } from './schema.ts';

/**
 * Reads a 64-bit integer column (or a SUM of one) exactly on both drivers: as decimal text, which
 * the caller turns into a bigint. better-sqlite3 would otherwise round values above 2^53.
 */
export function int8Text(expr: Expression<unknown> | RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`CAST(${expr} AS TEXT)`;
}

/** A count or id from either driver (pg answers int8 as a string). */
export const toNumber = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));
export const toBigInt = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(v as string | number | bigint));

/**
 * The smallest and largest value of an indexed time column, null when the table is empty. Two
 * queries: SQLite answers a lone MIN or MAX from one end of the column's index, but scans the
 * whole table for both in one query.
 */
export async function timeSpan(db: Kysely<DB>, table: 'bet' | 'ledger_entry', column: 'settle_time' | 'time'): Promise<{ min: number; max: number } | null> {
  const min = await sql<{ t: unknown }>`SELECT MIN(${sql.ref(column)}) AS t FROM ${sql.table(table)}`.execute(db);
  const max = await sql<{ t: unknown }>`SELECT MAX(${sql.ref(column)}) AS t FROM ${sql.table(table)}`.execute(db);
  const lo = min.rows[0]?.t;
  const hi = max.rows[0]?.t;
  return lo === null || lo === undefined || hi === null || hi === undefined ? null : { min: toNumber(lo), max: toNumber(hi) };
}

/**
 * `column` starts with `prefix`, compared exactly (case and all) on both databases: `substr`
 * counts characters in both, and a LIKE pattern would need escaping and is case-blind on SQLite.
 * (Account filters of the player, wallet and point-control lists.)
 */
export function accountStartsWith(column: string, prefix: string): Expression<SqlBool> {
  return sql<SqlBool>`substr(${sql.ref(column)}, 1, ${[...prefix].length}) = ${prefix}`;
}

/*
 * Sums of money kept in bigint columns (report aggregates, the ledger's day totals) must stay
 * within the signed 64-bit range (MONEY_UNITS_MAX); whatever would pass it is refused with its
 * transaction, never rounded. PostgreSQL raises on such an addition itself (22003); SQLite would
 * quietly turn the sum into a floating-point number, so its upserts add through `sqliteIntegerSum`,
 * which makes that NULL, and the NOT NULL column refuses it.
 */

/** A sum past the signed 64-bit range of a money column. */
export const moneySumOutOfRange = (v: bigint) => v > MONEY_UNITS_MAX || v < -MONEY_UNITS_MAX - 1n;

/** SQLite: `sum` (SQL text of fixed column names) while it is an integer, NULL once it would be a float. */
export const sqliteIntegerSum = (sum: string) => `CASE WHEN typeof(${sum}) = 'integer' THEN ${sum} END`;

/** The statement errors that mean a money sum passed the 64-bit range (see moneySumOutOfRange). */
export function isMoneySumOverflow(dialect: Dialect, err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return dialect === 'sqlite' ? code === 'SQLITE_CONSTRAINT_NOTNULL' : code === '22003';
}

/**
 * The player's win/loss of a row that carries the bet amounts (a bet, or sums of bets) under the
 * alias `t`: payout − bet − tax + bonus + jackpot prize, the SQL twin of the contract's
 * playerWinLoss (docs/product.md, "Report metrics"), for sorting and for the settlement.
 */
export const playerWinLossSql = (t: string): RawBuilder<unknown> =>
  sql`(${sql.ref(`${t}.payout_amount`)} - ${sql.ref(`${t}.bet_amount`)} - ${sql.ref(`${t}.tax_amount`)} + ${sql.ref(`${t}.bonus_amount`)} + ${sql.ref(`${t}.jackpot_prize`)})`;

/** What came back to the player (payout + bonus + jackpot prize), the RTP's numerator: the twin of the contract's playerReturn. */
export const playerReturnSql = (t: string): RawBuilder<unknown> =>
  sql`(${sql.ref(`${t}.payout_amount`)} + ${sql.ref(`${t}.bonus_amount`)} + ${sql.ref(`${t}.jackpot_prize`)})`;
