import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function migrate(url: string): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
}

describe('npm run migrate', () => {
  it('creates every table on an empty SQLite file, then finds nothing to do', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-cli-'));
    const url = `sqlite:${path.join(dir, 'm.db')}`;
    try {
      expect(migrate(url)).toMatch(/^applied \d+ migration\(s\): 0001-auth, /);
      expect(migrate(url)).toContain('the database is up to date');
      const database = openDatabase(url);
      const tables = await database.db.introspection.getTables();
      await database.destroy();
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['operator_user', 'session', 'operation_log', 'bet', 'player', 'wallet']));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails with a clear message for a DATABASE_URL it does not understand', () => {
    expect(() => migrate('mysql://nowhere/db')).toThrow(/DATABASE_URL must start with sqlite: or postgres:\/\//);
  });
});
