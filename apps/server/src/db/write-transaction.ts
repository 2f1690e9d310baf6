import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

/** PostgreSQL errors after which the whole transaction can simply run again. */
const RETRYABLE_PG_CODES = new Set([
  '40P01', // deadlock detected
  '40001', // serialization failure
  '23505', // unique violation: a concurrent transaction stored the same key first; a re-run sees it
]);

export function isRetryablePgError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_PG_CODES.has(code);
}

/**
 * Runs `fn` in one write transaction and commits, or rolls back when it throws.
 *
 * SQLite: `BEGIN IMMEDIATE` takes the write lock up front. A deferred transaction that reads
 * balances and then writes could be refused (SQLITE_BUSY_SNAPSHOT) when another process (the
 * ingest CLI next to a running server) committed in between; taking the lock first makes such
 * writers wait their turn (busy_timeout) instead. Inside one process the driver's single
 * connection serializes a thread's transactions, and the process's write lock those of the
 * serving connection and of the write thread (sqlite-write-lock.ts).
 *
 * PostgreSQL: READ COMMITTED with explicit row locks (`FOR UPDATE`) taken by `fn`; a deadlock or a
 * concurrent insert of the same unique key rolls back and runs `fn` again, a few times.
 */
export async function writeTransaction<T>(database: Database, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (database.dialect === 'sqlite') {
    // The process's write lock first (sqlite-write-lock.ts): waiting for it, this thread's other
    // statements still have the connection.
    const lock = database.writeLock;
    await lock?.acquire();
    try {
      return await database.db.connection().execute(async (conn) => {
        await sql`BEGIN IMMEDIATE`.execute(conn);
        try {
          const out = await fn(conn);
          await sql`COMMIT`.execute(conn);
          return out;
        } catch (err) {
          await sql`ROLLBACK`.execute(conn).catch(() => undefined);
          throw err;
        }
      });
    } finally {
      lock?.release();
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.db.transaction().execute(fn);
    } catch (err) {
      if (attempt >= 5 || !isRetryablePgError(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}

/**
 * Runs `fn`'s reads against one snapshot of the database: what other transactions commit
 * meanwhile is not seen, so reads that must agree with each other (raw bets and the aggregates
 * summed from them) do, while the ingest goes on.
 *
 * PostgreSQL: a REPEATABLE READ, READ ONLY transaction. SQLite: a deferred transaction on the
 * connection, whose first read fixes the snapshot; writers of other processes and of the write
 * thread go on (WAL), those of this connection wait for it, and the WAL cannot be checkpointed past the snapshot
 * until it ends, so it grows by what is written meanwhile.
 */
export async function readSnapshot<T>(database: Database, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (database.dialect === 'sqlite') {
    return database.db.connection().execute(async (conn) => {
      // DEFERRED: a read-only transaction, which takes no write lock (sqlite-write-lock.ts).
      await sql`BEGIN DEFERRED`.execute(conn);
      try {
        return await fn(conn);
      } finally {
        await sql`COMMIT`.execute(conn);
      }
    });
  }
  return database.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`SET TRANSACTION READ ONLY`.execute(trx);
      return fn(trx);
    });
}

/** A name as a key of pg_advisory_xact_lock: the first 64 bits of its SHA-256, signed. */
const advisoryKey = (name: string) => createHash('sha256').update(name).digest().readBigInt64BE(0);

/**
 * Inside a writeTransaction, makes the transactions that lock one of the same `names` run one after
 * another, in every process on the database, so a count and the insert it allows cannot interleave.
 *
 * PostgreSQL: one transaction-scoped advisory lock per name, taken in key order so two
 * transactions locking the same two names cannot deadlock. A hash collision only makes unrelated
 * names wait for each other. SQLite: nothing to do, BEGIN IMMEDIATE already serializes every writer.
 */
export async function lockNames(trx: Kysely<DB>, dialect: Database['dialect'], names: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  const keys = [...new Set(names.map(advisoryKey))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const key of keys) await sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx);
}
