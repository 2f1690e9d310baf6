import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { SERVING_THREAD, WriteLock } from '../src/db/sqlite-write-lock.ts';
import { readSnapshot, writeTransaction } from '../src/db/write-transaction.ts';

const dirs: string[] = [];
const open: Database[] = [];
function database() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-lock-'));
  dirs.push(dir);
  const d = openDatabase(`sqlite:${path.join(dir, 'db.sqlite')}`);
  open.push(d);
  return d;
}
afterEach(async () => {
  for (const d of open.splice(0)) await d.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Whether `p` is still pending after the event loop has had a few turns. */
async function pending(p: Promise<unknown>) {
  let settled = false;
  void p.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((r) => setTimeout(r, 20));
  return !settled;
}

/** Another thread's side of `d`'s write lock (a write thread's number), in this thread. */
const otherThread = (d: Database, timeoutMs?: number) => new WriteLock(SERVING_THREAD + 1, d.writeLock!.buffer, timeoutMs);

describe('the process’s SQLite write lock', () => {
  it('is held by one thread at a time, re-entrant within it, waited for without blocking, and given up after its timeout', async () => {
    const a = new WriteLock(1);
    const b = new WriteLock(2, a.buffer, 100);
    await a.acquire();
    await a.acquire();
    expect(a.holder()).toBe(1);
    const waiting = b.acquire();
    expect(await pending(waiting)).toBe(true);
    a.release();
    expect(await pending(waiting)).toBe(true);
    a.release();
    await waiting;
    expect(a.holder()).toBe(2);
    expect(() => a.release()).toThrow(/not held/);
    const c = new WriteLock(3, a.buffer, 50);
    await expect(c.acquire()).rejects.toMatchObject({ message: 'database is locked', code: 'SQLITE_BUSY' });
    // A thread that ended holding it: freed on its behalf.
    a.releaseFor(3);
    expect(a.holder()).toBe(2);
    a.releaseFor(2);
    expect(a.holder()).toBe(0);
    await c.acquire();
    c.release();
  });

  it('is taken by the serving connection around writes and write transactions, not around reads or the read snapshot', async () => {
    const d = database();
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`.execute(d.db);
    expect(d.writeLock!.holder()).toBe(0);
    await writeTransaction(d, async (db) => {
      expect(d.writeLock!.holder()).toBe(SERVING_THREAD);
      await sql`INSERT INTO t (n) VALUES (1)`.execute(db);
    });
    // Kysely's own (deferred) transactions: from BEGIN to COMMIT or ROLLBACK.
    await d.db.transaction().execute(async (trx) => {
      expect(d.writeLock!.holder()).toBe(SERVING_THREAD);
      await trx.selectFrom('t' as never).selectAll().execute();
    });
    await expect(
      d.db.transaction().execute(async () => {
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(d.writeLock!.holder()).toBe(0);
    await readSnapshot(d, async (db) => {
      expect(d.writeLock!.holder()).toBe(0);
      await sql`SELECT COUNT(*) FROM t`.execute(db);
    });

    // While another thread holds it: a read goes on, a write waits, and goes on once it is released.
    const other = otherThread(d);
    await other.acquire();
    expect((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM t`.execute(d.db)).rows).toEqual([{ n: 1 }]);
    const insert = sql`INSERT INTO t (n) VALUES (2)`.execute(d.db);
    const transaction = writeTransaction(d, (db) => sql`UPDATE t SET n = n + 10`.execute(db));
    const upsert = sql`INSERT INTO t (id, n) VALUES (1, 5) ON CONFLICT (id) DO UPDATE SET n = excluded.n RETURNING id`.execute(d.db);
    expect(await pending(insert)).toBe(true);
    expect(await pending(transaction)).toBe(true);
    expect(await pending(upsert)).toBe(true);
    // Writes waiting for the lock leave the connection to reads.
    expect((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM t`.execute(d.db)).rows).toEqual([{ n: 1 }]);
    other.release();
    await Promise.all([insert, transaction, upsert]);
    expect(d.writeLock!.holder()).toBe(0);
    expect((await sql<{ n: number }>`SELECT SUM(n) AS n FROM t`.execute(d.db)).rows[0]!.n).toBeGreaterThan(3);
  });

  it('ends a wait for another thread’s lock with "database is locked", and leaves the lock free', async () => {
    const d = database();
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY)`.execute(d.db);
    const other = otherThread(d);
    await other.acquire();
    // This thread's lock, with a short timeout, on the same word.
    const mine = new WriteLock(SERVING_THREAD, d.writeLock!.buffer, 50);
    await expect(writeTransaction({ ...d, writeLock: mine }, (db) => sql`INSERT INTO t (id) VALUES (1)`.execute(db))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    other.release();
    await sql`INSERT INTO t (id) VALUES (1)`.execute(d.db);
    expect(d.writeLock!.holder()).toBe(0);
  });

  it('is not used in memory or on another database than a SQLite file', async () => {
    const memory = openDatabase('sqlite::memory:');
    open.push(memory);
    expect(memory.writeLock).toBeNull();
  });
});
