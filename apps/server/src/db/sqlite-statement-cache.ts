import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite driver prepares every statement anew. For the ingest's multi-row inserts and
 * bulk updates, compiling the statement costs about as much as running it, and the same texts
 * recur batch after batch; so prepared statements are kept, by SQL text, in a small LRU. A
 * statement still being iterated (a streamed query) is never handed out twice: a fresh one is
 * prepared instead. SQLite re-prepares a kept statement by itself after a schema change.
 */
export function withStatementCache(db: BetterSqlite3.Database, max = 256): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => db.close(),
    prepare(sqlText: string): SqliteStatement {
      const hit = cache.get(sqlText);
      if (hit && !hit.busy) {
        cache.delete(sqlText);
        cache.set(sqlText, hit);
        return hit as unknown as SqliteStatement;
      }
      const stmt = db.prepare(sqlText);
      if (!hit) {
        cache.set(sqlText, stmt);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return stmt as unknown as SqliteStatement;
    },
  };
}
