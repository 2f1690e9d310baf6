import { Worker } from 'node:worker_threads';
import { stopWorker } from './stop-worker.ts';
import type { WriteLock } from './sqlite-write-lock.ts';

/**
 * A worker thread with a write connection of its own to the SQLite file, which runs jobs of one
 * kind (the ingest's batches: modules/ingest/worker.ts) one at a time, in the order asked, so that
 * their statements never run on the serving thread (docs/adr/0018-sqlite-ingest-off-the-serving-thread.md).
 *
 * `entry` is a TypeScript module that calls serveWriteThread (sqlite-writer-serve.ts) with its
 * handler; the thread loads it through tsx (ts-worker.mjs), which takes a second or so of a core.
 * The thread is started by warm() or for the first job. Its connection and the serving one take turns through the process's write lock
 * (sqlite-write-lock.ts).
 *
 * A job's answer is whatever the handler answers (structured-cloned). An error thrown by the
 * handler comes back as an Error with the same name, message, code and stack. A thread that dies
 * is reported; the job it was running fails (its transaction was rolled back unless it had
 * committed; a batch sent again is then answered as duplicates), and the next job starts a new
 * thread.
 */

/** The thread's bootstrap: registers tsx, then imports `entry`. */
const BOOTSTRAP = new URL('./ts-worker.mjs', import.meta.url);

export interface WriteThreadOptions {
  /** The module the thread runs (a file: URL), which calls serveWriteThread. */
  entry: string;
  /** The SQLite file. */
  file: string;
  /** The process's write lock; the thread takes it as `owner`. */
  lock: WriteLock;
  owner: number;
  /** wal_autocheckpoint of the thread's connection: 0 while the checkpointer runs (sqlite-checkpointer.ts). */
  autocheckpointPages: number;
}

/** What the serving side sends: a job, the new wal_autocheckpoint, or 'stop'. */
export type ToWriteThread = { id: number; job: unknown } | { autocheckpoint: number } | 'stop';
/** What the thread answers for job `id`. */
export type FromWriteThread = { id: number; value: unknown } | { id: number; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** The error's own fields of plain values (an SQLite error's `code`, …). */
  fields: Record<string, string | number | boolean | null>;
}

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [k, v] of Object.entries(err)) {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  }
  return { name: err.name, message: err.message, ...(err.stack === undefined ? {} : { stack: err.stack }), fields };
}

function deserializeError(e: SerializedError): Error {
  const err = Object.assign(new Error(e.message), e.fields);
  err.name = e.name;
  if (e.stack !== undefined) err.stack = e.stack;
  return err;
}

interface Job {
  id: number;
  job: unknown;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

export class WriteThread {
  private worker: Worker | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** The job the thread is running: it is given one at a time. */
  private running: Job | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WriteThreadOptions) {}

  /** Runs `job` on the thread after the jobs asked before it; answers the handler's answer. */
  run(job: unknown): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the SQLite write thread is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.dispatch();
    });
  }

  /** Jobs asked and not answered yet, the running one included. */
  get pending(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** The running thread, if any (for the tests). */
  get thread(): Worker | null {
    return this.worker;
  }

  /** Starts the thread now, not at the first job (a listening server: the first batch does not wait for it). */
  warm(): void {
    if (!this.worker && !this.closed) this.start();
  }

  /** Sets the thread's wal_autocheckpoint (the serving connection's checkpointer has stopped). */
  setAutocheckpoint(pages: number): void {
    this.options.autocheckpointPages = pages;
    this.worker?.postMessage({ autocheckpoint: pages } satisfies ToWriteThread);
  }

  /** Lets the running job finish (a few seconds at most), fails the waiting ones, ends the thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new Error('the SQLite write thread is closed'));
    const worker = this.worker;
    if (worker) await stopWorker(worker, this.exited, 10_000);
  }

  private dispatch() {
    if (this.running || this.queue.length === 0 || this.closed) return;
    const worker = this.worker ?? this.start();
    const job = this.queue.shift()!;
    this.running = job;
    // A thread with a job in hand keeps the process alive until it answers; an idle one never does.
    worker.ref();
    try {
      worker.postMessage({ id: job.id, job: job.job } satisfies ToWriteThread);
    } catch (err) {
      // A job that cannot be cloned never reaches the thread.
      this.running = null;
      worker.unref();
      job.reject(err as Error);
      this.dispatch();
    }
  }

  private start(): Worker {
    const { entry, file, lock, owner, autocheckpointPages } = this.options;
    const worker = new Worker(BOOTSTRAP, { workerData: { entry, file, lock: lock.buffer, owner, autocheckpointPages } });
    worker.unref();
    this.worker = worker;
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (m: FromWriteThread) => {
      const job = this.running;
      if (!job || job.id !== m.id) return;
      this.running = null;
      worker.unref();
      if ('error' in m) job.reject(deserializeError(m.error));
      else job.resolve(m.value);
      this.dispatch();
    });
    let failure: Error | null = null;
    worker.on('error', (err) => (failure = err));
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      // A thread that ended in the middle of a transaction no longer writes: its connection is closed.
      lock.releaseFor(owner);
      const job = this.running;
      this.running = null;
      if (this.closed && !job) return;
      const why = failure ? `failed: ${failure.message}` : `exited with code ${code}`;
      console.error(`SQLite write thread ${why}${job ? '; the job it was running fails' : ''}${this.closed ? '' : '; the next job starts a new one'}`);
      job?.reject(
        Object.assign(new Error(`the SQLite write thread ${why} before answering: its transaction was rolled back unless it had committed`), failure ? { cause: failure } : {}),
      );
      this.dispatch();
    });
    return worker;
  }
}
