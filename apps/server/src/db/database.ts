import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { AUTOCHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer.ts';
import { ReaderPool, SqliteReaderDialect } from './sqlite-readers.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';
import { SERVING_THREAD, WriteLock, WriteLockedSqliteDialect } from './sqlite-write-lock.ts';
import { WriteThread } from './sqlite-writer.ts';
import { replicaLagMonitor } from './replica-lag.ts';
import { PLAYER_AGGREGATE_PARTITIONS } from './player-partitions.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  /**
   * For reads that need no transaction and may be a moment behind the writes (the report calls,
   * their exports, the bill list): on a SQLite file, statements run on reader worker threads
   * (sqlite-readers.ts); on PostgreSQL with REPLICA_DATABASE_URL, the streaming replica
   * (docs/adr/0017-report-replica.md), else a pool of its own on the primary (ADR 0019); in memory,
   * this is `db`.
   */
  reader: Kysely<DB>;
  /**
   * For reads that need no transaction but must see every commit so far (the agent API's bet
   * pages, whose horizon is read on the primary; what game servers read of their config): the
   * SQLite reader threads (they read the committed file), on PostgreSQL always the primary.
   */
  freshReader: Kysely<DB>;
  /**
   * How many seconds `reader` is behind the primary (0 when it has replayed everything the primary
   * wrote), read at most every 2 s; null when there is no replica or it cannot be asked.
   */
  replicaLag(): Promise<number | null>;
  /**
   * Into how many statements run side by side a large report statement is split (player slices,
   * report/repository/). SQLite: one per reader worker. PostgreSQL: one per hash part of the
   * player-grain tables (migration 0022), each statement reading its part's table alone.
   */
  readParallelism: number;
  dialect: Dialect;
  /**
   * SQLite file: the lock every connection of the process takes before it writes
   * (sqlite-write-lock.ts); writeTransaction takes it before waiting for the connection. Else null.
   */
  writeLock: WriteLock | null;
  /**
   * The write thread running `entry` (a file: URL of a module calling serveWriteThread), started
   * at its first job and stopped by destroy(); one per entry (sqlite-writer.ts). Null on
   * PostgreSQL, in memory, inside a write thread, and with SQLITE_INGEST_WORKER=0: the caller
   * then runs the work in-process.
   */
  writeThread(entry: string): WriteThread | null;
  destroy(): Promise<void>;
}

/** Reader workers of a SQLite file: SQLITE_READERS, or one per core up to four; 0 reads on the serving connection. */
function readerCount(): number {
  const configured = process.env.SQLITE_READERS;
  if (configured !== undefined && configured !== '') {
    const n = Number(configured);
    if (!Number.isInteger(n) || n < 0) throw new Error(`SQLITE_READERS must be a whole number ≥ 0, got ${configured}`);
    return n;
  }
  return Math.min(4, os.availableParallelism());
}

/** Whether the ingest's batches run on a write thread of a SQLite file: SQLITE_INGEST_WORKER, 1 unless 0. */
function writeThreadsOn(): boolean {
  const configured = process.env.SQLITE_INGEST_WORKER;
  if (configured === undefined || configured === '' || configured === '1') return true;
  if (configured === '0') return false;
  throw new Error(`SQLITE_INGEST_WORKER must be 0 or 1, got ${configured}`);
}

/**
 * A connection to a SQLite file (or memory) with the server's settings. Every write connection of
 * the server is opened here, the serving one and a write thread's.
 */
export function connectSqlite(file: string): BetterSqlite3.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file === ':memory:' ? ':memory:' : path.resolve(file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('synchronous = NORMAL');
  // Ingest batches touch many index pages: a larger page cache, and fewer, larger checkpoints that
  // write each hot page once instead of per batch, run by a worker thread (sqlite-checkpointer.ts).
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  return sqlite;
}

/** Kysely on a SQLite connection, its writes under `lock` when there is one. */
export function sqliteKysely(sqlite: BetterSqlite3.Database, lock: WriteLock | null): Kysely<DB> {
  const database = withStatementCache(sqlite);
  return new Kysely<DB>({ dialect: lock ? new WriteLockedSqliteDialect(sqlite, database, lock) : new SqliteDialect({ database }) });
}

/** A Database without write threads (PostgreSQL, memory, a write thread's own). */
export const noWriteThread = () => null;

/**
 * Opens the database named by a URL: `sqlite:<path>` (or `sqlite::memory:`) or `postgres://…`.
 * int8 values from PostgreSQL stay strings (the pg default) and SQLite integers come back as JS
 * numbers, so money is always read through `CAST(… AS TEXT)` (see db/sql.ts) and never as a number.
 */
const isPostgresUrl = (url: string) => url.startsWith('postgres://') || url.startsWith('postgresql://');

/** A pool size from the environment: a whole number ≥ 1, or `fallback` when unset. */
function poolSize(name: 'PG_POOL_MAX' | 'PG_REPORT_POOL_MAX', fallback: number): number {
  const configured = process.env[name];
  if (configured === undefined || configured === '') return fallback;
  const n = Number(configured);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1, got ${configured}`);
  return n;
}

/**
 * The planner settings of the connections that read the report calls (the report pool, or the
 * replica's): no parallel appends. A read of a player-grain table as a whole (its four hash parts,
 * ADR 0019) narrowed to a page's players was handed to two worker processes, one part each, and
 * starting them cost more than the read: the ranked pages' rows took 12–21 ms that way and 4–13
 * without. Those are the only statements of the report calls whose plans change (ADR 0021). The
 * setting without merge joins that ADR 0020 added went with the daily player count it was for
 * (ADR 0022).
 */
const READER_SETTINGS = ['SET enable_parallel_append = off'];

/**
 * A pool of `max` connections. A report reader's (`reports`) runs READER_SETTINGS on each new
 * connection before anything else it is asked (pg queues a connection's statements in order), and
 * gets its twin for agent-scoped statements (agentScopedReader). Set there, not as the `options`
 * startup parameter: options in the URL would replace those, and these would replace PGOPTIONS.
 */
function openPostgres(url: string, what: string, { max = poolSize('PG_POOL_MAX', 10), reports = false } = {}): Kysely<DB> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server drops (restart, failover, a terminated backend) is an 'error'
  // event on the pool; unheard it would end the process. The pool discards that client and the
  // next query opens a new connection.
  pool.on('error', (err) => console.warn(`PostgreSQL${what}: an idle connection was closed (${err.message})`));
  if (reports) {
    pool.on('connect', (client) => {
      for (const setting of READER_SETTINGS) client.query(setting).catch((err: Error) => console.warn(`PostgreSQL${what}: ${setting} failed (${err.message})`));
    });
  }
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  if (reports) AGENT_READERS.set(kysely, new Kysely<DB>({ dialect: new PostgresDialect({ pool: agentScopedPool(pool) }) }));
  return kysely;
}

/**
 * The planner's cost of a page read out of order, for statements narrowed to an agent's sub-tree
 * (agentScopedReader). PostgreSQL's default, 4, prices a page read at random four times one read in
 * order, as from a disk; the aggregates are read from memory. Priced so, the planner read every
 * row of each part of a player-grain table through to keep an agent's fifth of a year's rows,
 * instead of reaching them through the primary key: an agent user's game summary over a year took
 * 74–81 ms p50 that way and 36–40 with the key, the game player ranking 76 → 38–43 (bench/README.md,
 * ADR 0023). Over every agent the key is no help to some statements, which 1.1 then read through a
 * whole index instead of their ranges (the game summary's page bettors, 8 → 11 ms a part), so the
 * other report statements keep the default.
 */
const AGENT_SCOPED_RANDOM_PAGE_COST = '1.1';

/** Each reader's twin for statements narrowed to an agent's sub-tree (agentScopedReader). */
const AGENT_READERS = new WeakMap<Kysely<DB>, Kysely<DB>>();

/**
 * The pool's connections, each lent with the agent-scoped page cost set for as long as it is lent
 * (set before its first statement, reset before it goes back; pg runs a connection's statements in
 * order, so the next borrower's come after the reset). Ending it ends nothing: the pool is the
 * reader's.
 */
function agentScopedPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      try {
        await client.query(`SET random_page_cost = ${AGENT_SCOPED_RANDOM_PAGE_COST}`);
      } catch (err) {
        client.release(err instanceof Error ? err : true);
        throw err;
      }
      return {
        query: client.query.bind(client) as PostgresPoolClient['query'],
        release() {
          client.query('RESET random_page_cost').catch(() => undefined);
          client.release();
        },
      };
    },
    end: () => Promise.resolve(),
  };
}

/**
 * The reader for report statements narrowed to an agent's sub-tree (an agent user's calls, an
 * operator's agent filter): on PostgreSQL the report connections with the planner set for reads
 * from memory (AGENT_SCOPED_RANDOM_PAGE_COST); for any other Kysely (the primary's pool, SQLite)
 * the same Kysely.
 */
export function agentScopedReader(reader: Kysely<DB>): Kysely<DB> {
  return AGENT_READERS.get(reader) ?? reader;
}

/** A Database without a replica: no lag to tell. */
export const noReplica = () => Promise.resolve(null);

/**
 * `replicaUrl` (REPLICA_DATABASE_URL, PostgreSQL only): a streaming replica of the primary, which
 * then serves `reader`.
 */
export function openDatabase(url: string, options: { replicaUrl?: string } = {}): Database {
  const replicaUrl = options.replicaUrl ?? '';
  if (replicaUrl && !(isPostgresUrl(url) && isPostgresUrl(replicaUrl))) {
    throw new Error('REPLICA_DATABASE_URL needs a postgres:// DATABASE_URL and must itself be a postgres:// URL');
  }
  if (isPostgresUrl(url)) {
    const db = openPostgres(url, '');
    // Without a replica the report calls read through a pool of their own, PG_REPORT_POOL_MAX
    // connections (default 2): how many report statements the server runs at once on the
    // database. Split by the hash parts, one call asks for five at once; with ten at a time beside
    // the ingest on a 2-core database, twenty operators' reports crowded every other call off the
    // cores (user/info p95 20–25 ms against 15–16; with two: 19.5, and the reports no slower).
    // bench/load.ts, ADR 0019.
    const reader = replicaUrl
      ? openPostgres(replicaUrl, ' replica', { reports: true })
      : openPostgres(url, ' (reports)', { max: poolSize('PG_REPORT_POOL_MAX', 2), reports: true });
    return {
      db,
      reader,
      freshReader: db,
      replicaLag: replicaUrl ? replicaLagMonitor(db, reader) : noReplica,
      readParallelism: PLAYER_AGGREGATE_PARTITIONS,
      dialect: 'postgres',
      writeLock: null,
      writeThread: noWriteThread,
      destroy: async () => {
        await reader.destroy();
        await db.destroy();
      },
    };
  }
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url}`);
  const file = url.slice('sqlite:'.length);
  const memory = file === ':memory:';
  const readers = memory ? 0 : readerCount();
  const threadsOn = writeThreadsOn() && !memory;
  const sqlite = connectSqlite(file);
  // The write threads' connections checkpoint by themselves only when the checkpointer has stopped.
  let threadAutocheckpoint = 0;
  const threads = new Map<string, WriteThread>();
  const stopCheckpoints = memory
    ? null
    : startCheckpointer(sqlite, path.resolve(file), undefined, () => {
        threadAutocheckpoint = AUTOCHECKPOINT_PAGES;
        for (const t of threads.values()) t.setAutocheckpoint(AUTOCHECKPOINT_PAGES);
      });
  const writeLock = memory ? null : new WriteLock(SERVING_THREAD);
  const db = sqliteKysely(sqlite, writeLock);
  const reader = readers > 0 ? new Kysely<DB>({ dialect: new SqliteReaderDialect(new ReaderPool({ file: path.resolve(file), size: readers })) }) : db;
  let destroyed = false;
  return {
    db,
    reader,
    freshReader: reader,
    replicaLag: noReplica,
    readParallelism: Math.max(1, readers),
    dialect: 'sqlite',
    writeLock,
    writeThread(entry) {
      if (!threadsOn || !writeLock || destroyed) return null;
      let t = threads.get(entry);
      if (!t) {
        t = new WriteThread({ entry, file: path.resolve(file), lock: writeLock, owner: SERVING_THREAD + 1 + threads.size, autocheckpointPages: threadAutocheckpoint });
        threads.set(entry, t);
      }
      return t;
    },
    destroy: async () => {
      destroyed = true;
      // The write threads first: a batch they are running commits on their own connection.
      await Promise.all([...threads.values()].map((t) => t.close()));
      if (reader !== db) await reader.destroy();
      await stopCheckpoints?.();
      await db.destroy();
    },
  };
}
