import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { demoPasswordUnchanged, seedSteps } from '../src/db/seed/index.ts';
import { clientPasswordHash, hashPassword } from '../src/lib/passwords.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Runs `npm start`'s server (src/server.ts) on a new SQLite file until it says it is running, or
 * exits, or 60 s pass; answers its output and exit code (null while it runs; it is then stopped
 * after `whileRunning`).
 */
async function startServer(env: Record<string, string>, whileRunning: (port: number) => Promise<void> = async () => undefined) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-start-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'console.db')}`, DATA_DIR: dir, WEB_DIST: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 60_000);
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c ?? -1);
    });
    child.stdout.on('data', () => {
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve(null);
      }
    });
  });
  try {
    if (code === null) await whileRunning(port);
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { code, output };
}

const login = async (port: number, password: string) => {
  const res = await fetch(`http://127.0.0.1:${port}/v1/operator/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 1, account: 'admin', password: clientPasswordHash(password), phone: '', google_code: '', message_code: '' }),
  });
  return ((await res.json()) as { error_code: string }).error_code;
};

describe('the server process in production', () => {
  it('refuses a first start without ADMIN_PASSWORD, saying how to give one', async () => {
    const r = await startServer({ NODE_ENV: 'production' });
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/still has the demo password.*ADMIN_PASSWORD/s);
  }, 90_000);

  it('starts on an empty database with ADMIN_PASSWORD: admin logs in with it, not with the demo password, and no demo is seeded', async () => {
    // Before, a production database could never start: the seed gave admin the demo password,
    // which the start then refused, and nothing else could change it.
    let codes: string[] = [];
    const r = await startServer({ NODE_ENV: 'production', ADMIN_PASSWORD: 'first-real-secret' }, async (port) => {
      codes = [await login(port, 'admin123'), await login(port, 'first-real-secret')];
    });
    expect(r.code).toBeNull();
    expect(codes).toEqual(['A0210', '0']);
    expect(r.output).toMatch(/no demo platform/);
    expect(r.output).not.toMatch(/Demo login/);
  }, 90_000);

  it('refuses an ADMIN_PASSWORD that is short or the demo one', async () => {
    expect((await startServer({ NODE_ENV: 'production', ADMIN_PASSWORD: 'short' })).output).toMatch(/at least 8 characters/);
    expect((await startServer({ NODE_ENV: 'production', ADMIN_PASSWORD: 'admin123' })).output).toMatch(/must not be the published demo password/);
  }, 90_000);
});

describe('ADMIN_PASSWORD on a database that already has operators', () => {
  it('replaces the demo password, and only that one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-password-'));
    const database = openDatabase(`sqlite:${path.join(dir, 'console.db')}`);
    const seedOperatorStep = seedSteps[0]!;
    const before = process.env.ADMIN_PASSWORD;
    try {
      await migrateToLatest(database);
      delete process.env.ADMIN_PASSWORD;
      await seedOperatorStep(database, () => undefined);
      expect(await demoPasswordUnchanged(database)).toBe(true);
      const log: string[] = [];
      process.env.ADMIN_PASSWORD = 'replacing-secret';
      await seedOperatorStep(database, (m) => log.push(m));
      expect(await demoPasswordUnchanged(database)).toBe(false);
      expect(log).toEqual(['replaced the demo password of admin with ADMIN_PASSWORD']);
      // A password changed since (in the console) stays as it is on later starts.
      const changed = await hashPassword(clientPasswordHash('changed-in-console'));
      await database.db.updateTable('operator_user').set({ password_hash: changed }).where('account', '=', 'admin').execute();
      await seedOperatorStep(database, (m) => log.push(m));
      const row = await database.db.selectFrom('operator_user').select('password_hash').where('account', '=', 'admin').executeTakeFirstOrThrow();
      expect(row.password_hash).toBe(changed);
      expect(log).toHaveLength(1);
    } finally {
      if (before === undefined) delete process.env.ADMIN_PASSWORD;
      else process.env.ADMIN_PASSWORD = before;
      await database.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the key-encryption key of a second server on the database', () => {
  it('a server with another key than the one the database recorded refuses to start, saying to set KEY_ENCRYPTION_KEY', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'key-check-'));
    const first = 'a1'.repeat(32);
    const shared = { DATABASE_URL: `sqlite:${path.join(dir, 'console.db')}`, NODE_ENV: 'production', ADMIN_PASSWORD: 'first-real-secret' };
    try {
      // The first server records its key's check value; its own DATA_DIR holds no key file.
      expect((await startServer({ ...shared, KEY_ENCRYPTION_KEY: first })).code).toBeNull();
      const other = await startServer({ ...shared, KEY_ENCRYPTION_KEY: 'b2'.repeat(32) });
      expect(other.code).toBe(1);
      expect(other.output).toMatch(/Refusing to start: this server's key-encryption key, from KEY_ENCRYPTION_KEY, is not the key the other servers on this database use/);
      expect(other.output).toMatch(/Set KEY_ENCRYPTION_KEY to the key the other servers use/);
      // Without KEY_ENCRYPTION_KEY a new DATA_DIR generates a key of its own: refused the same way.
      expect((await startServer({ ...shared })).output).toMatch(/key-encryption\.key \(KEY_ENCRYPTION_KEY is unset\)/);
      // With the same key it starts.
      expect((await startServer({ ...shared, KEY_ENCRYPTION_KEY: first })).code).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
