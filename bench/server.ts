/**
 * The real server in-process for the latency benchmarks: the database of DATABASE_URL migrated,
 * the demo operators seeded, logged in as the demo administrator. `call` goes through routing,
 * session, validation and JSON like a request from the console, and throws on an error answer.
 */
import { spawnSync } from 'node:child_process';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrations/index.ts';
import { DEMO_ADMIN, seedOperators } from '../apps/server/src/db/seed/index.ts';
import { clientPasswordHash } from '../apps/server/src/lib/passwords.ts';
import { HEAP_PAD_ENV } from '../scripts/lib/heap-pad.mjs';

/**
 * Measures as `npm start` runs the server: with glibc's heap pad for the SQLite reader threads
 * (scripts/lib/heap-pad.mjs), which must be in the environment when the process starts. Without
 * it, this runs the same script again in a child process that has it, and exits with its status.
 */
export function runWithHeapPad(): void {
  if (process.env.MALLOC_TOP_PAD_ !== undefined) return;
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ...HEAP_PAD_ENV },
  });
  process.exit(again.status ?? 1);
}

export async function benchServer() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to the benchmark database');
  const database = openDatabase(url);
  await migrateToLatest(database);
  await seedOperators(database);
  const app = await buildApp({ database, migrate: false, config: { webDist: '', logLevel: 'silent', validateResponses: false } });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/v1/operator/login',
    payload: { type: 1, account: DEMO_ADMIN.account, password: clientPasswordHash(DEMO_ADMIN.password), google_code: '', phone: '', message_code: '' },
  });
  const token = (login.json() as { data: { token: string } }).data.token;

  async function call<T = unknown>(path: string, body: object): Promise<T> {
    const res = await app.inject({ method: 'POST', url: `/v1/operator/${path}`, payload: { ...body, token } });
    const j = res.json() as { error_code: string; error_msg: string; data: T };
    if (j.error_code !== '0') throw new Error(`${path}: ${j.error_code} ${j.error_msg}`);
    return j.data;
  }
  return { url, database, app, token, call };
}
