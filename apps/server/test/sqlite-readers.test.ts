import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { ReaderPool } from '../src/db/sqlite-readers.ts';

const dirs: string[] = [];
const open: Database[] = [];
function tempFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readers-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}
function database(file = tempFile()) {
  const d = openDatabase(`sqlite:${file}`);
  open.push(d);
  return d;
}
afterEach(async () => {
  for (const d of open.splice(0)) await d.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// About a second of work for SQLite: a recursive count to three million.
const SLOW = sql<{ n: number }>`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000000) SELECT COUNT(*) AS n FROM c`;

describe('SQLite reader workers', () => {
  it('reads what the serving connection has committed, with the same results as the serving connection', async () => {
    const d = database();
    expect(d.reader).not.toBe(d.db);
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL, label TEXT)`.execute(d.db);
    await sql`INSERT INTO t (amount, label) VALUES (9007199254740993, 'big'), (-5, NULL)`.execute(d.db);
    const query = sql<Record<string, unknown>>`SELECT id, CAST(amount AS TEXT) AS amount, label FROM t ORDER BY id`;
    const onReader = (await query.execute(d.reader)).rows;
    expect(onReader).toEqual((await query.execute(d.db)).rows);
    expect(onReader).toEqual([
      { id: 1, amount: '9007199254740993', label: 'big' },
      { id: 2, amount: '-5', label: null },
    ]);
    // A later commit is seen by the next statement; a transaction still open is not.
    await sql`INSERT INTO t (amount) VALUES (7)`.execute(d.db);
    const count = sql<{ n: number }>`SELECT COUNT(*) AS n FROM t`;
    expect((await count.execute(d.reader)).rows).toEqual([{ n: 3 }]);
    await d.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO t (amount) VALUES (8)`.execute(trx);
      expect((await count.execute(d.reader)).rows).toEqual([{ n: 3 }]);
    });
    expect((await count.execute(d.reader)).rows).toEqual([{ n: 4 }]);
    // Builder queries compile as on the serving connection.
    const viaBuilder = await (d.reader as unknown as typeof d.db).selectFrom('currency').selectAll().execute().catch((e: Error) => e);
    expect(viaBuilder).toBeInstanceOf(Error);
    expect((viaBuilder as Error).message).toMatch(/no such table: currency/);
  });

  it('refuses to write and to open a transaction, and passes SQL errors on with their code', async () => {
    const d = database();
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY)`.execute(d.db);
    await expect(sql`INSERT INTO t (id) VALUES (1)`.execute(d.reader)).rejects.toThrow(/only statements that return rows/);
    await expect(sql`INSERT INTO t (id) VALUES (1) RETURNING id`.execute(d.reader)).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    await expect(d.reader.transaction().execute(async () => undefined)).rejects.toThrow(/not transactions/);
    await expect(sql`SELECT nope FROM t`.execute(d.reader)).rejects.toMatchObject({ message: expect.stringMatching(/no such column: nope/), code: 'SQLITE_ERROR' });
    expect((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM t`.execute(d.db)).rows).toEqual([{ n: 0 }]);
  });

  it('keeps the serving thread free while long statements run', async () => {
    const d = database();
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY)`.execute(d.db);
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(Date.now()), 10);
    const started = Date.now();
    try {
      const [a, b] = await Promise.all([SLOW.execute(d.reader), SLOW.execute(d.reader)]);
      expect(a.rows).toEqual([{ n: 3000000 }]);
      expect(b.rows).toEqual([{ n: 3000000 }]);
    } finally {
      clearInterval(timer);
    }
    const elapsed = Date.now() - started;
    // Run on this thread, two such statements give the timer no turn at all until both are done.
    expect(ticks.length).toBeGreaterThan(elapsed / 10 / 4);
    // The serving connection is free to write meanwhile.
    await sql`INSERT INTO t (id) VALUES (1)`.execute(d.db);
  });

  it('gives a statement to the first free reader, not behind another reader’s long statement', async () => {
    const d = database();
    const pool = new ReaderPool({ file: (await sql<{ file: string }>`SELECT file FROM pragma_database_list WHERE name = 'main'`.execute(d.db)).rows[0]!.file, size: 2 });
    try {
      const order: string[] = [];
      const slow = pool.run(SLOW.compile(d.db).sql, []).then(() => order.push('slow'));
      const quick = Promise.all([1, 2, 3].map((i) => pool.run('SELECT ? AS i', [i]).then((rows) => order.push(`quick ${JSON.stringify(rows)}`))));
      await Promise.all([slow, quick]);
      expect(order).toEqual(['quick [{"i":1}]', 'quick [{"i":2}]', 'quick [{"i":3}]', 'slow']);
    } finally {
      await pool.close();
    }
  });

  it('fails the statements of a worker that cannot open the database, and recovers once it can', async () => {
    const file = tempFile();
    const pool = new ReaderPool({ file, size: 2 });
    try {
      await expect(pool.run('SELECT 1 AS one', [])).rejects.toThrow(/SQLite reader failed|unable to open|does not exist/);
      // The file exists now: the next statement gets a new worker.
      const d = database(file);
      await sql`CREATE TABLE t (id INTEGER PRIMARY KEY)`.execute(d.db);
      expect(await pool.run('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    } finally {
      await pool.close();
    }
    await expect(pool.run('SELECT 1', [])).rejects.toThrow(/closed/);
  });

  it('reads on the serving connection when SQLITE_READERS is 0 or the database is in memory', async () => {
    const before = process.env.SQLITE_READERS;
    process.env.SQLITE_READERS = '0';
    try {
      const d = database();
      expect(d.reader).toBe(d.db);
      process.env.SQLITE_READERS = 'two';
      expect(() => database()).toThrow(/SQLITE_READERS must be a whole number/);
    } finally {
      if (before === undefined) delete process.env.SQLITE_READERS;
      else process.env.SQLITE_READERS = before;
    }
    const memory = openDatabase('sqlite::memory:');
    open.push(memory);
    expect(memory.reader).toBe(memory.db);
  });
});
