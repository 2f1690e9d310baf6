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
import { AGENT_PERMISSION_CODES } from '@console/contract';
import { clientPasswordHash, hashPassword } from '../apps/server/src/lib/passwords.ts';
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

/**
 * An agent user of the agent with this code, able to log in with `password` and holding every
 * code of the agent tree (made once, on first use, with an admin level of its own).
 */
async function benchAgentUser(database: ReturnType<typeof openDatabase>, agentCode: string, password: string): Promise<string> {
  const db = database.db;
  const agent = await db.selectFrom('agent').select('id').where('code', '=', agentCode).executeTakeFirst();
  if (!agent) throw new Error(`no agent ${agentCode}`);
  const now = new Date().toISOString();
  let level = await db.selectFrom('agent_admin_level').select('id').where('name', '=', 'bench').executeTakeFirst();
  level ??= await db.insertInto('agent_admin_level').values({ name: 'bench', level: 1, permissions: AGENT_PERMISSION_CODES.join(','), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const account = 'bench_agent';
  const user = await db.selectFrom('agent_user').select('id').where('agent_id', '=', Number(agent.id)).where('account', '=', account).executeTakeFirst();
  if (!user) {
    await db
      .insertInto('agent_user')
      .values({
        agent_id: Number(agent.id), account, name: account, admin_level_id: Number(level.id), status: 1, password_hash: await hashPassword(clientPasswordHash(password)),
        totp_secret: null, totp_pending_secret: null, totp_last_step: null, last_login_at: null, last_login_ip: null, created_at: now, updated_at: now,
      })
      .execute();
  }
  return account;
}

/** The server; with `agent`, logged in as an agent user of that agent code, whose calls go to /v1/agent/. */
export async function benchServer(opts: { agent?: string | undefined } = {}) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to the benchmark database');
  const database = openDatabase(url);
  await migrateToLatest(database);
  await seedOperators(database);
  const app = await buildApp({ database, migrate: false, config: { webDist: '', logLevel: 'silent', validateResponses: false } });
  await app.ready();
  const prefix = opts.agent ? '/v1/agent/' : '/v1/operator/';
  const login = await app.inject({
    method: 'POST',
    url: `${prefix}login`,
    payload: opts.agent
      ? { agent_code: opts.agent, account: await benchAgentUser(database, opts.agent, 'bench123'), password: clientPasswordHash('bench123'), google_code: '' }
      : { type: 1, account: DEMO_ADMIN.account, password: clientPasswordHash(DEMO_ADMIN.password), google_code: '', phone: '', message_code: '' },
  });
  const token = (login.json() as { data: { token: string } }).data.token;

  async function call<T = unknown>(path: string, body: object): Promise<T> {
    const res = await app.inject({ method: 'POST', url: `${prefix}${path}`, payload: { ...body, token } });
    const j = res.json() as { error_code: string; error_msg: string; data: T };
    if (j.error_code !== '0') throw new Error(`${path}: ${j.error_code} ${j.error_msg}`);
    return j.data;
  }
  return { url, database, app, token, call };
}
