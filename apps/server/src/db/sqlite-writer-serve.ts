import { parentPort, workerData } from 'node:worker_threads';
import type { Database } from './database.ts';
import { connectSqlite, noReplica, noWriteThread, sqliteKysely } from './database.ts';
import { WriteLock } from './sqlite-write-lock.ts';
import { serializeError, type FromWriteThread, type ToWriteThread } from './sqlite-writer.ts';

/** What the serving side gives a write thread (sqlite-writer.ts, start). */
interface WriteThreadData {
  file: string;
  lock: SharedArrayBuffer;
  owner: number;
  autocheckpointPages: number;
}

/**
 * The thread's side of a SQLite write thread (sqlite-writer.ts): opens its own connection to the
 * file, with the serving connection's settings except checkpoints (the serving side's checkpointer
 * does them while it runs), and answers each job with `handle(database, job)`, one job at a time.
 * The Database it hands over reads and writes on that one connection, and starts no thread.
 * Asked to stop, it finishes the job in hand, closes the connection and ends.
 */
export function serveWriteThread(handle: (database: Database, job: unknown) => Promise<unknown>): void {
  const port = parentPort;
  if (!port) throw new Error('serveWriteThread runs on a worker thread started by WriteThread');
  const data = workerData as WriteThreadData;
  const sqlite = connectSqlite(data.file);
  sqlite.pragma(`wal_autocheckpoint = ${data.autocheckpointPages}`);
  const writeLock = new WriteLock(data.owner, data.lock);
  const db = sqliteKysely(sqlite, writeLock);
  const database: Database = {
    db,
    reader: db,
    freshReader: db,
    replicaLag: noReplica,
    readParallelism: 1,
    dialect: 'sqlite',
    writeLock,
    writeThread: noWriteThread,
    destroy: () => db.destroy(),
  };
  const answer = (m: FromWriteThread) => {
    try {
      port.postMessage(m);
    } catch (err) {
      // An answer that cannot be cloned.
      port.postMessage({ id: m.id, error: serializeError(err) } satisfies FromWriteThread);
    }
  };
  let last: Promise<void> = Promise.resolve();
  port.on('message', (m: ToWriteThread) => {
    if (m === 'stop') {
      void last.then(async () => {
        await database.destroy();
        port.close();
      });
      return;
    }
    if ('autocheckpoint' in m) {
      sqlite.pragma(`wal_autocheckpoint = ${m.autocheckpoint}`);
      return;
    }
    // The serving side sends the next job once this one is answered; chained all the same.
    last = last.then(async () => {
      try {
        answer({ id: m.id, value: await handle(database, m.job) });
      } catch (err) {
        answer({ id: m.id, error: serializeError(err) });
      }
    });
  });
}
