/**
 * Shared fixtures for server integration tests: a real database per test file (a temporary SQLite
 * file, or a fresh database on the local PostgreSQL server), the app built on it, and helpers to
 * make calls. Every suite written with `describeOnDatabases` runs once per database; its title
 * carries "[sqlite]" or "[postgres]", which the test command counts to prove PostgreSQL ran.
 */
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AgentApiError } from '@console/agent-client';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config/index.ts';
import type { Dialect } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { seedOperators, DEMO_ADMIN } from '../src/db/seed/index.ts';
import { clientPasswordHash } from '../src/lib/passwords.ts';
import { openDatabase } from '../src/db/database.ts';
import { createTempDatabase, createTempDatabaseFrom, isPgReachable, PG_ADMIN_URL, type TempDatabase } from './temp-database.ts';

/** Set by the test command in CI: a PostgreSQL server that cannot be reached fails the run. */
const PG_REQUIRED = process.env.REQUIRE_PG === '1';

export { isPgReachable, PG_ADMIN_URL };
export type TestDatabase = TempDatabase;

/** A new, empty, migrated database of the given kind: a copy of the run's template (global-setup.ts). */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const template = inject('databaseTemplates')?.[dialect];
  if (template) return createTempDatabaseFrom(dialect, 'console_test', template);
  const tdb = await createTempDatabase(dialect, 'console_test');
  await migrateToLatest(tdb.database);
  return tdb;
}

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  /** POST /v1/operator/<path> and the parsed answer, with the HTTP status. */
  call<T = unknown>(path: string, body?: Record<string, unknown>, opts?: CallOpts): Promise<CallResult<T>>;
  /** POST /v1/agent/<path>: an agent user's call. */
  agentCall<T = unknown>(path: string, body?: Record<string, unknown>, opts?: CallOpts): Promise<CallResult<T>>;
  /** Logs in with account + password (plain text; hashed as the console does) and returns the token. */
  login(account?: string, password?: string, googleCode?: string): Promise<string>;
}

export interface CallOpts {
  token?: string | null;
  lang?: 'zh-cn' | 'en';
  headers?: Record<string, string>;
}

export interface CallResult<T> {
  status: number;
  error_code: string;
  error_msg: string;
  data: T;
  /** HTTP-error bodies: {code, msg}. */
  code?: string;
  msg?: string;
  headers: Record<string, unknown>;
  raw: Buffer;
}

/** POST <prefix><path> (/v1/operator/ unless told) on `app` and the parsed answer, with the HTTP status. */
function callOn(app: FastifyInstance, prefix = '/v1/operator/'): TestApp['call'] {
  return async (p, body = {}, opts = {}) => {
    const payload = opts.token ? { ...body, token: opts.token } : body;
    const res = await app.inject({
      method: 'POST',
      url: `${prefix}${p}`,
      payload,
      headers: { 'accept-language': opts.lang ?? 'en', ...opts.headers },
    });
    const raw = res.rawPayload;
    let json: Record<string, unknown> = {};
    if (String(res.headers['content-type'] ?? '').includes('json')) json = JSON.parse(raw.toString('utf8'));
    return { status: res.statusCode, ...(json as object), headers: res.headers, raw } as CallResult<never>;
  };
}

export async function startTestApp(dialect: Dialect, config: Partial<Config> = {}): Promise<TestApp> {
  const tdb = await createTestDatabase(dialect);
  await seedOperators(tdb.database);
  // Tests stand in for clients behind a proxy, telling addresses apart by X-Forwarded-For: an
  // injected request comes from 127.0.0.1, named as the proxy.
  const app = await buildApp({
    database: tdb.database,
    migrate: false,
    config: { webDist: '', logLevel: 'silent', validateResponses: true, trustProxy: ['127.0.0.1'], ...config },
  });
  await app.ready();
  const call = callOn(app);
  return {
    ...tdb,
    app,
    call,
    agentCall: callOn(app, '/v1/agent/'),
    async login(account = DEMO_ADMIN.account, password = DEMO_ADMIN.password, googleCode = '') {
      const r = await call<{ token: string }>('login', { type: 1, account, password: clientPasswordHash(password), google_code: googleCode, phone: '', message_code: '' });
      if (r.error_code !== '0') throw new Error(`login failed: ${r.error_code} ${r.error_msg}`);
      return r.data.token;
    },
    async drop() {
      await app.close();
      await tdb.drop();
    },
  };
}

/**
 * Another server on the database of `t`, with connections of its own: what a second server process
 * behind the same load balancer is. `call` works as TestApp's; close() ends it (the database stays).
 */
export async function startSiblingApp(t: TestApp, config: Partial<Config> = {}) {
  const database = openDatabase(t.url);
  let app: FastifyInstance;
  try {
    app = await buildApp({
      database,
      migrate: false,
      config: { ...t.app.config, ...config },
      ...(t.app.smsSender ? { smsSender: t.app.smsSender } : {}),
    });
    await app.ready();
  } catch (err) {
    // A server refused at start (another key-encryption key) leaves no connection behind.
    await database.destroy();
    throw err;
  }
  return {
    app,
    call: callOn(app),
    agentCall: callOn(app, '/v1/agent/'),
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * Runs the suite once on SQLite and once on PostgreSQL. Without a reachable PostgreSQL the
 * PostgreSQL copy is skipped locally, and fails when REQUIRE_PG=1 (CI).
 */
export function describeOnDatabases(title: string, body: (t: () => TestApp) => void, config: Partial<Config> = {}) {
  describeOnEach(title, (dialect) => startTestApp(dialect, config), body);
}

/** Like describeOnDatabases, on an empty database that is not migrated yet (for the migration tests). */
export function describeOnEmptyDatabases(title: string, prefix: string, body: (t: () => TempDatabase) => void) {
  describeOnEach(title, (dialect) => createTempDatabase(dialect, prefix), body);
}

function describeOnEach<T extends { drop(): Promise<void> }>(title: string, open: (dialect: Dialect) => Promise<T>, body: (t: () => T) => void) {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    describe(`${title} [${dialect}]`, () => {
      let t: T | undefined;
      beforeAll(async () => {
        if (dialect === 'postgres' && !(await isPgReachable())) {
          if (PG_REQUIRED) throw new Error(`PostgreSQL is required (REQUIRE_PG=1) but ${PG_ADMIN_URL} cannot be reached`);
          return;
        }
        t = await open(dialect);
      }, 60_000);
      afterAll(async () => {
        await t?.drop();
      });
      body(() => {
        if (!t) throw new Error(`${dialect} database not available`);
        return t;
      });
    });
  }
}

/** A fetch that hands the request to `app` in-process (Fastify inject), as the network would: for the agent-API client in tests. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (url: string | URL, init?: RequestInit) => {
    const u = new URL(String(url));
    const res = await app.inject({ method: (init?.method ?? 'GET') as 'POST', url: u.pathname, headers: init?.headers as Record<string, string>, payload: init?.body as string });
    return new Response(res.rawPayload, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  }) as typeof fetch;
}

/** The refusal an agent-API client call ends in: [HTTP status, code], or ['answered']. */
export async function agentApiRefusal(p: Promise<unknown>): Promise<unknown[]> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AgentApiError) return [err.status, err.code];
    throw err;
  }
  return ['answered'];
}
