import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Dialect } from './database.ts';
import { PER_ROW } from './sqlite-statement-cache.ts';
import type { DB } from './schema.ts';

/**
 * SQLite binds at most 32,766 parameters per statement and PostgreSQL 65,535; multi-row inserts
 * are cut into chunks that stay well under both.
 */
export const MAX_PARAMS_PER_STATEMENT = 30_000;

export function chunksFor<T>(rows: readonly T[], paramsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS_PER_STATEMENT / paramsPerRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Sets one bigint column of many rows, each to its own value. `onlyIfGreater` keeps the larger
 * value (a "latest time" column).
 *
 * PostgreSQL: `UPDATE t SET col = v.val FROM unnest($1::bigint[], $2::bigint[]) AS v(id, val)
 * WHERE t.id = v.id`: two array parameters, whatever the row count.
 * SQLite: `UPDATE t SET col = ? … WHERE id = ?` run once per row (a `PER_ROW` statement).
 */
export async function updateBigintById(
  db: Kysely<DB>,
  dialect: Dialect,
  table: 'wallet' | 'player',
  column: 'balance' | 'last_bet_at',
  rows: ReadonlyArray<{ id: number; value: bigint | number }>,
  updatedAt: string,
  onlyIfGreater = false,
): Promise<void> {
  if (rows.length === 0) return;
  if (dialect === 'postgres') {
    const guard = onlyIfGreater ? sql` AND (${sql.ref(`${table}.${column}`)} IS NULL OR ${sql.ref(`${table}.${column}`)} < v.val)` : sql``;
    const ids = rows.map((r) => String(r.id));
    const values = rows.map((r) => String(r.value));
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = v.val, updated_at = ${updatedAt}
      FROM unnest(CAST(${ids} AS bigint[]), CAST(${values} AS bigint[])) AS v(id, val)
      WHERE ${sql.ref(`${table}.id`)} = v.id${guard}`.execute(db);
    return;
  }
  // Wallet and player ids are the rowid: each run is one b-tree search.
  const guardText = onlyIfGreater ? ` AND (${column} IS NULL OR ${column} < ?)` : '';
  const params: unknown[] = [];
  for (const r of rows) {
    params.push(r.value, updatedAt, r.id);
    if (onlyIfGreater) params.push(r.value);
  }
  await db.executeQuery(CompiledQuery.raw(`${PER_ROW}UPDATE ${table} SET ${column} = ?, updated_at = ? WHERE id = ?${guardText}`, params));
}

/** PostgreSQL element types of the columns of an `insertMany`, in column order. */
export type PgColumnType = 'bigint' | 'integer' | 'smallint' | 'text';

/**
 * A multi-row INSERT for the ingest's high-volume tables (bet, ledger_entry), run through Kysely
 * as one parameterized statement per chunk. Table and column names come only from the calling
 * code, never from input; every value is a parameter.
 *
 * Why not the insert builder: it turns each value into an operation node and compiles them back
 * into text, which for 1,000-row batches costs as much as SQLite's own work. On PostgreSQL the
 * rows travel as one array per column (`SELECT * FROM unnest($1::bigint[], …)`): a short
 * statement with a few parameters parses and plans in a fraction of the time of a VALUES list
 * with 17,000 placeholders. SQLite has no arrays, and a VALUES list is its fastest form (a
 * single-row INSERT run per row measured slower in the ingest).
 */
export async function insertMany<R extends object>(
  db: Kysely<DB>,
  dialect: Dialect,
  table: keyof DB & string,
  columns: ReadonlyArray<readonly [keyof R & string, PgColumnType]>,
  rows: readonly R[],
  options: { onConflictDoNothing?: readonly string[]; returning?: readonly string[] } = {},
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  if (rows.length === 0) return out;
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const head = `INSERT INTO ${quote(table)} (${columns.map(([c]) => quote(c)).join(', ')}) `;
  const tail =
    (options.onConflictDoNothing ? ` ON CONFLICT (${options.onConflictDoNothing.map(quote).join(', ')}) DO NOTHING` : '') +
    (options.returning ? ` RETURNING ${options.returning.map(quote).join(', ')}` : '');

  if (dialect === 'postgres') {
    for (const chunk of chunksFor(rows, 5)) {
      const arrays = columns.map(([c, type]) => (type === 'bigint' ? chunk.map((r) => stringOrNull((r as Record<string, unknown>)[c])) : chunk.map((r) => (r as Record<string, unknown>)[c] ?? null)));
      const select = `SELECT * FROM unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`;
      const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(head + select + tail, arrays));
      if (options.returning) out.push(...result.rows);
    }
    return out;
  }

  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (const chunk of sqliteChunks(rows, columns.length)) {
    const params: unknown[] = new Array(chunk.length * columns.length);
    let p = 0;
    for (const row of chunk) for (const [c] of columns) params[p++] = (row as Record<string, unknown>)[c];
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`${head}VALUES ${new Array(chunk.length).fill(tuple).join(', ')}${tail}`, params));
    if (options.returning) out.push(...result.rows);
  }
  return out;
}

/**
 * Chunks whose sizes are powers of two (largest first), so only a handful of distinct statement
 * texts exist per table and the prepared-statement cache (db/sqlite-statement-cache.ts) serves
 * nearly every insert: 1,400 ledger rows go as 1024 + 256 + 64 + 32 + 16 + 8.
 */
function sqliteChunks<T>(rows: readonly T[], paramsPerRow: number): T[][] {
  let size = 1;
  while (size * 2 * paramsPerRow <= MAX_PARAMS_PER_STATEMENT && size * 2 <= 1024) size *= 2;
  const out: T[][] = [];
  let i = 0;
  while (i < rows.length) {
    while (size > rows.length - i) size /= 2;
    out.push(rows.slice(i, i + size));
    i += size;
  }
  return out;
}

/** int8 array elements go as decimal text: exact for any 64-bit value. */
const stringOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
