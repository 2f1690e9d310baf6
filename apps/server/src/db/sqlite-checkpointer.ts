import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { stopWorker } from './stop-worker.ts';

/**
 * Copies the SQLite write-ahead log back into the database file from a second connection on a
 * worker thread, once a second, so that the connection serving requests never does it.
 *
 * Left to SQLite, the commit that fills the log to `wal_autocheckpoint` pages performs the whole
 * checkpoint itself: tens of megabytes written back and synced to disk while that request, and
 * every write queued behind it, waits. On a 10-million-bet database that was a fifth of the
 * ingest's wall-clock time (bench/README.md). A passive checkpoint on another connection runs
 * beside the writer (WAL mode lets both proceed) and never blocks or waits for it.
 *
 * If the worker cannot start or dies, the connection checkpoints by itself again, as before.
 */

/** WAL pages at which the serving connection checkpoints by itself when no worker does it. */
export const AUTOCHECKPOINT_PAGES = 10_000;
const INTERVAL_MS = 1_000;

// Plain JavaScript evaluated in the worker (no TypeScript loader there); the driver's path comes
// from this module's resolution, so the worker loads the same better-sqlite3.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
let reported = false;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    if (!reported) parentPort.postMessage(String((err && err.message) || err));
    reported = true;
  }
}, workerData.interval);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Starts checkpointing `file` (the database of `sqlite`) in the background; answers a stop
 * function. `driver` (the path of better-sqlite3 for the worker) is there for the tests.
 * `onFallBack` is told when the connection checkpoints by itself again, so that the process's
 * other write connections (sqlite-writer.ts) do too.
 */
export function startCheckpointer(
  sqlite: BetterSqlite3.Database,
  file: string,
  driver = createRequire(import.meta.url).resolve('better-sqlite3'),
  onFallBack: () => void = () => undefined,
): () => Promise<void> {
  let stopping = false;
  const fallBack = (reason: string) => {
    if (stopping) return;
    console.warn(`SQLite: background checkpoints stopped (${reason}); the serving connection checkpoints by itself`);
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    onFallBack();
  };
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, interval: INTERVAL_MS } });
  // Never keeps the process alive by itself.
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  worker.on('message', (message: string) => console.warn(`SQLite: a background checkpoint failed: ${message}`));
  worker.on('error', (err) => fallBack(err.message));
  worker.on('exit', (code) => fallBack(`worker exited with code ${code}`));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return async () => {
    if (stopping) return;
    stopping = true;
    // A worker stuck in a long checkpoint is not waited for beyond a few seconds.
    await stopWorker(worker, exited, 5_000);
  };
}
