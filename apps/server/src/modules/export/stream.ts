import Sqlite from 'better-sqlite3';
import { CompiledQuery, sql, type Compilable, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';

type Row = Record<string, unknown>;

/** The statement of an export: raw SQL, or a query builder (which compiles without a connection). */
export type RowQuery = RawBuilder<Row> | Compilable<Row>;

const compile = (query: RowQuery, db: Parameters<RawBuilder<Row>['compile']>[0]): CompiledQuery =>
  'isRawBuilder' in query && query.isRawBuilder ? (query as RawBuilder<Row>).compile(db) : (query as Compilable<Row>).compile();

/**
 * Reads every row of a query in batches without holding them all: for exports of a million rows.
 *
 * SQLite: the server has one connection, and a long read on it would stall every other call, so
 * the rows come from a second, read-only connection to the same file (WAL lets it read beside
 * the writer, from a consistent snapshot). PostgreSQL: a server-side cursor on one pooled
 * connection of the report reader (the replica, when there is one), fetched in batches.
 */
export async function streamRows(database: Database, query: RowQuery, onBatch: (rows: Row[]) => Promise<void>, batchSize = 250): Promise<void> {
  if (database.dialect === 'postgres') {
    await database.reader.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      try {
        const compiled = compile(query, conn);
        await conn.executeQuery(CompiledQuery.raw(`DECLARE export_rows NO SCROLL CURSOR FOR ${compiled.sql}`, [...compiled.parameters]));
        const fetch = CompiledQuery.raw(`FETCH ${Math.trunc(batchSize)} FROM export_rows`, []);
        for (;;) {
          const { rows } = await conn.executeQuery<Row>(fetch);
          if (rows.length) await onBatch(rows);
          if (rows.length < batchSize) break;
        }
        await sql`CLOSE export_rows`.execute(conn);
        await sql`COMMIT`.execute(conn);
      } catch (err) {
        await sql`ROLLBACK`.execute(conn).catch(() => undefined);
        throw err;
      }
    });
    return;
  }

  const main = await sql<{ file: string }>`SELECT file FROM pragma_database_list WHERE name = 'main'`.execute(database.db);
  const file = main.rows[0]?.file;
  if (!file) {
    // An in-memory database has no second connection: read it on the main one, whole (it is all
    // in memory already).
    await inBatches((await database.db.executeQuery<Row>(compile(query, database.db))).rows, onBatch, batchSize);
    return;
  }
  const reader = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const compiled = compile(query, database.db);
    // Rows as arrays, made into objects here: the driver's own row objects set each column
    // through V8's C++ API, which was about a third of a million-row export's time (bench/README.md).
    const statement = reader.prepare(compiled.sql).raw(true);
    const names = statement.columns().map((c) => c.name);
    const rows = function* () {
      for (const values of statement.iterate(...(compiled.parameters as unknown[])) as Iterable<unknown[]>) {
        const row: Row = {};
        for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
        yield row;
      }
    };
    await inBatches(rows(), onBatch, batchSize);
  } finally {
    reader.close();
  }
}

/** Hands `rows` to `onBatch` batchSize at a time, waiting for each batch to be taken. */
async function inBatches(rows: Iterable<Row>, onBatch: (rows: Row[]) => Promise<void>, batchSize: number): Promise<void> {
  let batch: Row[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= batchSize) {
      await onBatch(batch);
      batch = [];
    }
  }
  if (batch.length) await onBatch(batch);
}
