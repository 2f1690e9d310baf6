import Sqlite from 'better-sqlite3';
import { CompiledQuery, Kysely, sql, SqliteDialect, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

type Row = Record<string, unknown>;

/**
 * Reads every row of a query in batches without holding them all: for exports of a million rows.
 *
 * SQLite: the server has one connection, and a long read on it would stall every other call, so
 * the rows come from a second, read-only connection to the same file (WAL lets it read beside
 * the writer, from a consistent snapshot). PostgreSQL: a server-side cursor on one pooled
 * connection, fetched in batches.
 */
export async function streamRows(database: Database, query: RawBuilder<Row>, onBatch: (rows: Row[]) => Promise<void>, batchSize = 250): Promise<void> {
  if (database.dialect === 'postgres') {
    await database.db.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      try {
        const compiled = query.compile(conn);
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
  // An in-memory database has no second connection: read it on the main one.
  const reader = file ? new Kysely<DB>({ dialect: new SqliteDialect({ database: new Sqlite(file, { readonly: true, fileMustExist: true }) }) }) : database.db;
  try {
    let batch: Row[] = [];
    for await (const row of reader.selectFrom(sql<Row>`(${query})`.as('export_rows')).selectAll().stream(batchSize)) {
      batch.push(row as Row);
      if (batch.length >= batchSize) {
        await onBatch(batch);
        batch = [];
      }
    }
    if (batch.length) await onBatch(batch);
  } finally {
    if (reader !== database.db) await reader.destroy();
  }
}
