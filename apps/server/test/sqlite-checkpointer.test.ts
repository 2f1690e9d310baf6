import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTOCHECKPOINT_PAGES, startCheckpointer } from '../src/db/sqlite-checkpointer.ts';

const dirs: string[] = [];
function tempFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function open(file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  return db;
}

async function waitFor(check: () => boolean, ms: number) {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('background WAL checkpoints (SQLite)', () => {
  it('copies committed pages into the database file from the worker, while the serving connection never checkpoints', async () => {
    const file = tempFile();
    const db = open(file);
    const stop = startCheckpointer(db, file);
    try {
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
      const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
      db.transaction(() => {
        for (let i = 0; i < 2000; i++) insert.run('x'.repeat(2000));
      })();
      const before = fs.statSync(file).size;
      // About 4 MB committed to the WAL; the database file holds it once the worker has run.
      expect(await waitFor(() => fs.statSync(file).size > before + 3_000_000, 5_000)).toBe(true);
      expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 2000 });
    } finally {
      await stop();
      db.close();
    }
  });

  it('hands checkpoints back to the serving connection when the worker cannot run', async () => {
    const file = tempFile();
    const db = open(file);
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (m: string) => warnings.push(m);
    const stop = startCheckpointer(db, file, path.join(os.tmpdir(), 'no-such-driver.js'));
    try {
      expect(await waitFor(() => db.pragma('wal_autocheckpoint', { simple: true }) === AUTOCHECKPOINT_PAGES, 5_000)).toBe(true);
      expect(warnings.join('\n')).toMatch(/background checkpoints stopped/);
    } finally {
      console.warn = warn;
      await stop();
      db.close();
    }
  });
});
