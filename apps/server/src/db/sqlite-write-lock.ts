import type BetterSqlite3 from 'better-sqlite3';
import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect as KyselyDialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * One SQLite file written by two connections of one process: the serving connection (main thread)
 * and the ingest's write thread (sqlite-writer.ts). SQLite lets one connection write at a time;
 * the other waits in its busy handler, and better-sqlite3 waits there synchronously. On the
 * serving thread that would stop every request for as long as the write thread's batch runs (a
 * login's session row, an audit row, an agent-API transfer would each hold up /healthz for up to a
 * whole batch). So every connection of the process takes this lock before it writes and waits for
 * it asynchronously (Atomics.waitAsync): the serving thread goes on answering meanwhile, and SQLite
 * finds its write lock free. Another process on the file (the ingest CLI) still meets SQLite's own
 * lock and busy_timeout, as before.
 *
 * The lock is one 32-bit word of a SharedArrayBuffer holding the thread that has it (0: free).
 * Within a thread it is re-entrant: the connection serializes that thread's statements anyway, and
 * a write transaction takes it before waiting for the connection (write-transaction.ts), then
 * again at BEGIN. A statement outside a transaction that has to wait for it lets go of the
 * connection meanwhile, so the thread's reads go on. Waiting gives up after `timeoutMs` as
 * busy_timeout does: 'database is locked' (SQLITE_BUSY).
 */

const FREE = 0;
/** The lock's owner number for the serving (main) thread; write threads get 2, 3, … */
export const SERVING_THREAD = 1;

type WaitAsyncResult = { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
// Atomics.waitAsync (Node ≥ 16) is in TypeScript's ES2024 library; the project compiles against ES2023.
const waitAsync = (Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number, timeout: number): WaitAsyncResult }).waitAsync;

export class WriteLock {
  private readonly word: Int32Array;
  /** How many times this thread has taken the lock without releasing it. */
  private depth = 0;

  constructor(
    /** This thread's number: SERVING_THREAD or a write thread's. */
    readonly owner: number,
    /** Shared with the other threads of the process (a new lock when absent). */
    readonly buffer = new SharedArrayBuffer(4),
    private readonly timeoutMs = 10_000,
  ) {
    this.word = new Int32Array(buffer);
  }

  /** Takes the lock if it is free or this thread's already; never waits. */
  tryAcquire(): boolean {
    if (this.depth > 0 || Atomics.compareExchange(this.word, 0, FREE, this.owner) === FREE) {
      this.depth++;
      return true;
    }
    return false;
  }

  async acquire(): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      if (this.depth > 0) {
        this.depth++;
        return;
      }
      const holder = Atomics.compareExchange(this.word, 0, FREE, this.owner);
      if (holder === FREE) {
        this.depth = 1;
        return;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      const wait = waitAsync(this.word, 0, holder, Math.min(left, 1_000));
      if (wait.async) await wait.value;
    }
  }

  release(): void {
    if (this.depth === 0) throw new Error('the SQLite write lock is not held by this thread');
    if (--this.depth > 0) return;
    Atomics.store(this.word, 0, FREE);
    Atomics.notify(this.word, 0);
  }

  /** Frees the lock if thread `owner`, which has ended, still held it. */
  releaseFor(owner: number): void {
    if (Atomics.compareExchange(this.word, 0, owner, FREE) === owner) Atomics.notify(this.word, 0);
  }

  /** The thread holding the lock (0: none). */
  holder(): number {
    return Atomics.load(this.word, 0);
  }
}

const BEGIN = /^\s*begin\b/i;
/**
 * `BEGIN DEFERRED` is the read snapshot's (write-transaction.ts, readSnapshot): it only reads, and
 * takes no lock. Kysely's own `begin` takes it: its transactions (the audited operator calls) read
 * and then write, and a deferred transaction whose snapshot predates another connection's commit
 * cannot write at all (SQLITE_BUSY_SNAPSHOT).
 */
const BEGIN_DEFERRED = /^\s*begin\s+deferred\b/i;
const SELECT = /^\s*select\b/i;

/**
 * Whether a statement writes, by SQLite's own judgement (sqlite3_stmt_readonly), remembered by
 * text. Only statements outside a transaction that holds the lock are asked about.
 */
function writesOf(sqlite: BetterSqlite3.Database) {
  const known = new Map<string, boolean>();
  return (text: string): boolean => {
    if (SELECT.test(text)) return false;
    let writes = known.get(text);
    if (writes === undefined) {
      try {
        writes = !sqlite.prepare(text).readonly;
      } catch {
        // Not a statement SQLite takes: running it fails the same way without the lock.
        return false;
      }
      if (known.size >= 1024) known.clear();
      known.set(text, writes);
    }
    return writes;
  };
}

/** The one connection of Kysely's SQLite driver, taking the lock around what writes. */
class LockedConnection implements DatabaseConnection {
  /** Whether the open transaction holds the lock. */
  private held = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: Driver,
    private readonly sqlite: BetterSqlite3.Database,
    private readonly lock: WriteLock,
    private readonly writes: (text: string) => boolean,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const text = query.sql;
    const open = this.sqlite.inTransaction;
    let take: boolean;
    if (!open) take = BEGIN.test(text) ? !BEGIN_DEFERRED.test(text) : this.writes(text);
    else take = !this.held && this.writes(text); // a deferred transaction that writes after all
    if (take && !this.lock.tryAcquire()) {
      if (open) {
        await this.lock.acquire();
      } else {
        // Another thread writes. Outside a transaction nothing is lost by letting this thread's
        // other statements (its reads) have the connection while this one waits for the lock.
        await this.driver.releaseConnection(this.inner);
        try {
          await this.lock.acquire();
        } finally {
          await this.driver.acquireConnection();
        }
      }
    }
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      if (take) {
        if (this.sqlite.inTransaction) this.held = true;
        else this.lock.release();
      } else if (this.held && !this.sqlite.inTransaction) {
        // COMMIT, ROLLBACK, or an error that ended the transaction.
        this.held = false;
        this.lock.release();
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    // Streams are the exports' reads.
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Kysely's SQLite dialect with every write of the connection under `lock`. */
export class WriteLockedSqliteDialect implements KyselyDialect {
  private readonly inner: SqliteDialect;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    database: ConstructorParameters<typeof SqliteDialect>[0]['database'],
    private readonly lock: WriteLock,
  ) {
    this.inner = new SqliteDialect({ database });
  }

  createDriver(): Driver {
    const inner = this.inner.createDriver();
    const writes = writesOf(this.sqlite);
    const wrapped = new WeakMap<DatabaseConnection, LockedConnection>();
    const wrap = (c: DatabaseConnection) => {
      let w = wrapped.get(c);
      if (!w) wrapped.set(c, (w = new LockedConnection(c, inner, this.sqlite, this.lock, writes)));
      return w;
    };
    return {
      init: () => inner.init(),
      acquireConnection: async () => wrap(await inner.acquireConnection()),
      // The driver runs BEGIN, COMMIT and savepoints through the connection it is given: the wrapper.
      beginTransaction: (c: DatabaseConnection, settings: TransactionSettings) => inner.beginTransaction(c, settings),
      commitTransaction: (c: DatabaseConnection) => inner.commitTransaction(c),
      rollbackTransaction: (c: DatabaseConnection) => inner.rollbackTransaction(c),
      savepoint: inner.savepoint?.bind(inner),
      rollbackToSavepoint: inner.rollbackToSavepoint?.bind(inner),
      releaseSavepoint: inner.releaseSavepoint?.bind(inner),
      releaseConnection: (c: DatabaseConnection) => inner.releaseConnection(c instanceof LockedConnection ? c.inner : c),
      destroy: () => inner.destroy(),
    };
  }

  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }

  createAdapter() {
    return this.inner.createAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return this.inner.createIntrospector(db);
  }
}
