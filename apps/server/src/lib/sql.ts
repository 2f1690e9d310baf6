import { sql, type Expression, type RawBuilder } from 'kysely';

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
