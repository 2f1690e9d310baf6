import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PER_ROW, withStatementCache } from '../src/db/sqlite-statement-cache.ts';

describe('SQLite statement cache: per-row statements', () => {
  let db: Kysely<unknown>;
  const open = () => {
    const raw = new Database(':memory:');
    raw.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT NOT NULL UNIQUE, n INTEGER NOT NULL)');
    db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
    return raw;
  };
  afterEach(async () => db.destroy());

  it('runs the statement once per row of parameters and sums the changes', async () => {
    const raw = open();
    const res = await db.executeQuery(CompiledQuery.raw(`${PER_ROW}INSERT INTO t (k, n) VALUES (?, ?)`, ['a', 1, 'b', 2, 'c', 3]));
    expect(res.numAffectedRows).toBe(3n);
    expect(res.insertId).toBe(3n);
    expect(raw.prepare('SELECT k, n FROM t ORDER BY id').all()).toEqual([{ k: 'a', n: 1 }, { k: 'b', n: 2 }, { k: 'c', n: 3 }]);
    const upd = await db.executeQuery(CompiledQuery.raw(`${PER_ROW}UPDATE t SET n = ? WHERE k = ?`, [10, 'a', 30, 'c', 99, 'missing']));
    expect(upd.numAffectedRows).toBe(2n);
    expect(raw.prepare('SELECT n FROM t ORDER BY id').pluck().all()).toEqual([10, 2, 30]);
  });

  it('answers the RETURNING rows of every run, none for a row that was skipped', async () => {
    open();
    await db.executeQuery(CompiledQuery.raw('INSERT INTO t (k, n) VALUES (?, ?)', ['b', 0]));
    const res = await db.executeQuery(CompiledQuery.raw(`${PER_ROW}INSERT INTO t (k, n) VALUES (?, ?) ON CONFLICT (k) DO NOTHING RETURNING id, k`, ['a', 1, 'b', 2, 'c', 3]));
    expect(res.rows).toEqual([{ id: 2, k: 'a' }, { id: 3, k: 'c' }]);
  });

  it('refuses parameters that are not whole rows, writing nothing', async () => {
    const raw = open();
    await expect(db.executeQuery(CompiledQuery.raw(`${PER_ROW}INSERT INTO t (k, n) VALUES (?, ?)`, ['a', 1, 'b']))).rejects.toThrow(/2 placeholders got 3 parameters/);
    expect(raw.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(0);
  });

  it('keeps a prepared statement for a repeated text', async () => {
    const raw = open();
    const prepare = raw.prepare.bind(raw);
    let prepared = 0;
    raw.prepare = ((text: string) => {
      prepared++;
      return prepare(text);
    }) as typeof raw.prepare;
    for (let i = 0; i < 3; i++) await db.executeQuery(CompiledQuery.raw(`${PER_ROW}INSERT INTO t (k, n) VALUES (?, ?)`, [`k${i}`, i]));
    expect(prepared).toBe(1);
  });
});
