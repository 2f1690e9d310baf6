import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect as KyselyDialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { stopWorker } from './stop-worker.ts';

/**
 * Read-only SQLite connections on worker threads, for the statements of the report calls.
 *
 * better-sqlite3 runs a statement on the calling thread and blocks it until the last row. On the
 * serving connection a 150 ms report call would hold up every other request for those 150 ms
 * (an ingest batch, another operator's screen), and the statements of one call (its page, its
 * totals, its distinct bettors, which the code already asks for together) would run one after the
 * other on one core. Here each statement is sent to one of a few workers, each with its own
 * read-only connection: WAL mode lets them read beside the writer, the serving thread stays free,
 * and a call's statements run side by side on as many cores as there are workers.
 *
 * What the readers see: the last committed data, each statement on its own (there is no shared
 * transaction), just as PostgreSQL's pool of connections does. Statements that must see a
 * transaction's own writes stay on the serving connection.
 */

// Plain JavaScript evaluated in the worker (no TypeScript loader there); the driver's path comes
// from this module's resolution, so the worker loads the same better-sqlite3.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 10000');
db.pragma('cache_size = ' + workerData.cacheSize);
const statements = new Map();
function prepare(text) {
  let stmt = statements.get(text);
  if (stmt) {
    statements.delete(text);
  } else {
    stmt = db.prepare(text);
    if (statements.size >= 256) statements.delete(statements.keys().next().value);
  }
  statements.set(text, stmt);
  return stmt;
}
parentPort.on('message', (m) => {
  if (m === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const stmt = prepare(m.sql);
    if (!stmt.reader) throw new Error('a reader connection runs only statements that return rows');
    parentPort.postMessage({ id: m.id, rows: stmt.all(m.parameters) });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: { message: String((err && err.message) || err), code: err && err.code } });
  }
});
`;

/**
 * Each reader's page cache, in KiB (SQLite's negative `cache_size`); pages it does not keep are read
 * again from the operating system's file cache. With 64 MB each, as the serving connection has, a
 * server that had answered a year of every report call peaked at 319 MB during a million-row export,
 * over the 300 MB target; with 8 MB (and glibc's pad at 8 MB) at 295 MB (bench/README.md). The
 * report statements measured as fast as on the serving connection.
 */
const READER_CACHE_KIB = -8192;

interface Job {
  id: number;
  sql: string;
  parameters: readonly unknown[];
  resolve(rows: unknown[]): void;
  reject(err: Error): void;
}

interface Reader {
  worker: Worker;
  exited: Promise<void>;
  /** The statement it is running, if any: a reader runs one at a time. */
  job: Job | null;
}

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

export interface ReaderPoolOptions {
  /** The database file (the serving connection has it open in WAL mode). */
  file: string;
  /** How many workers at most; each is started when first needed. */
  size: number;
  /** SQLite `cache_size` of each reader (negative: KiB). */
  cacheSize?: number;
  /** The path of better-sqlite3 for the workers (the tests name a missing one). */
  driver?: string;
}

/**
 * A few reader workers and one queue: a statement goes to an idle worker, or waits until the first
 * one is free (not behind a particular worker's long statement).
 */
export class ReaderPool {
  private readonly readers: Reader[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly driver: string;

  constructor(private readonly options: ReaderPoolOptions) {
    this.driver = options.driver ?? createRequire(import.meta.url).resolve('better-sqlite3');
  }

  /** The rows of one read-only statement. */
  run(sqlText: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new Error('the SQLite readers are closed'));
    return new Promise<unknown[]>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, sql: sqlText, parameters, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the SQLite readers are closed'));
    const readers = this.readers.splice(0);
    await Promise.all(readers.map((r) => stopWorker(r.worker, r.exited, 2_000)));
  }

  /** Hands waiting statements to idle readers, starting readers up to the pool's size. */
  private dispatch() {
    while (this.queue.length > 0) {
      const reader = this.readers.find((r) => r.job === null) ?? (this.readers.length < this.options.size ? this.start() : null);
      if (!reader) return;
      const job = this.queue.shift()!;
      reader.job = job;
      // A worker with work in hand keeps the process alive until it answers; an idle one never does.
      reader.worker.ref();
      reader.worker.postMessage({ id: job.id, sql: job.sql, parameters: job.parameters });
    }
  }

  private start(): Reader {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: this.driver, file: this.options.file, cacheSize: this.options.cacheSize ?? READER_CACHE_KIB },
    });
    worker.unref();
    const reader: Reader = { worker, exited: new Promise((resolve) => worker.once('exit', () => resolve())), job: null };
    this.readers.push(reader);
    worker.on('message', (m: Answer) => {
      const job = reader.job;
      if (!job || job.id !== m.id) return;
      reader.job = null;
      worker.unref();
      if (m.error) job.reject(Object.assign(new Error(m.error.message), m.error.code ? { code: m.error.code } : {}));
      else job.resolve(m.rows ?? []);
      this.dispatch();
    });
    // A worker that fails (it could not open the file, or died) fails the statement it was
    // running, and is replaced by a new one for the statements still waiting.
    const fail = (err: Error) => {
      const i = this.readers.indexOf(reader);
      if (i < 0) return;
      this.readers.splice(i, 1);
      const job = reader.job;
      reader.job = null;
      job?.reject(err);
      if (!this.closed) this.dispatch();
    };
    worker.on('error', (err) => fail(new Error(`SQLite reader failed: ${err.message}`)));
    worker.on('exit', (code) => fail(new Error(`SQLite reader exited with code ${code}`)));
    return reader;
  }
}

const noTransactions = () => Promise.reject(new Error('the SQLite readers run single statements, not transactions'));

/**
 * A Kysely dialect whose every statement runs on the pool: the same SQL as the SQLite dialect
 * (compiler, adapter), no transactions, no streaming (exports read their own connection).
 */
export class SqliteReaderDialect implements KyselyDialect {
  constructor(private readonly pool: ReaderPool) {}

  createDriver(): Driver {
    const pool = this.pool;
    const connection: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        return { rows: (await pool.run(query.sql, query.parameters)) as R[] };
      },
      // eslint-disable-next-line require-yield
      async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        throw new Error('the SQLite readers do not stream');
      },
    };
    return {
      init: async () => undefined,
      acquireConnection: async () => connection,
      beginTransaction: noTransactions,
      commitTransaction: noTransactions,
      rollbackTransaction: noTransactions,
      releaseConnection: async () => undefined,
      destroy: () => pool.close(),
    };
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
