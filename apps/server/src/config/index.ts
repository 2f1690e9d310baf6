import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addressEntryFault } from '../lib/ip-list.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Config {
  port: number;
  host: string;
  /** `sqlite:<file>` (default `sqlite:./data/console.db`, relative to the repository root) or `postgres://…`. */
  databaseUrl: string;
  /**
   * REPLICA_DATABASE_URL: a streaming replica of a PostgreSQL `databaseUrl` that answers the report
   * calls, their exports and the bill list (db/database.ts). Empty: everything on the primary.
   */
  replicaDatabaseUrl: string;
  production: boolean;
  /** Users without a bound authenticator may only bind one. */
  require2fa: boolean;
  sessionTtlMinutes: number;
  /** Folder of the built web console, served at /. Empty to serve no console. */
  webDist: string;
  logLevel: string;
  /**
   * TRUST_PROXY: the addresses and CIDR blocks of the proxies in front of the server (empty: none).
   * The client address is the first address of the chain, read from the right (the peer, then
   * X-Forwarded-For from last to first), that is not one of them (lib/client-ip.ts), so what a
   * client writes into X-Forwarded-For itself is never taken.
   */
  trustProxy: readonly string[];
  /** Check each response against its contract schema (tests): drift fails loudly. */
  validateResponses: boolean;
  /** Where the server keeps its own files (the key-encryption key when KEY_ENCRYPTION_KEY is unset). */
  dataDir: string;
  /**
   * KEY_ENCRYPTION_KEY as given (64 hex characters or base64 of 32 bytes); empty: the file under
   * dataDir. Every server on one database must use the same key (db/key-check.ts).
   */
  keyEncryptionKey: string;
  /** Where an export's file is written while it is made; the finished file is stored in the database. */
  exportDir: string;
  /** SMS gateway (lib/sms.ts): login codes are POSTed here. Empty: the log outside production, SMS login off in production. */
  smsWebhookUrl: string;
  /** Bearer token sent to the SMS gateway, if it needs one. */
  smsWebhookToken: string;
  /** The whole request (headers and body) must arrive within this (a client trickling a body is cut off). */
  requestTimeoutSeconds: number;
  /** The request headers must arrive within this. */
  headersTimeoutSeconds: number;
  /** Exports one operator may run at once. */
  exportsPerOperator: number;
  /** Exports the server runs at once, for all operators. */
  exportsAtOnce: number;
  /** Who gets the API document and Swagger UI under /docs (plugins/openapi.ts). */
  apiDocs: ApiDocsAccess;
  repoRoot: string;
}

/**
 * `public`: anyone. `operators`: a logged-in operator only (a session token as a bearer, or the
 * ticket cookie the console obtains for it). `off`: not served at all, /docs answers 404.
 */
export const API_DOCS_ACCESS = ['public', 'operators', 'off'] as const;
export type ApiDocsAccess = (typeof API_DOCS_ACCESS)[number];

/**
 * A path the user gave, from the folder the command was typed in: `npm run` runs a workspace's
 * scripts (migrate, aggregates, ingest, demo) inside the workspace, and sets INIT_CWD to where it
 * was started, so `DATABASE_URL=sqlite:./data/console.db npm run aggregates:check` at the
 * repository root reads the file `npm start` uses, not one under apps/server.
 */
function userPath(env: NodeJS.ProcessEnv, p: string): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), p);
}

function databaseUrlOf(env: NodeJS.ProcessEnv): string {
  const url = env.DATABASE_URL;
  if (url === undefined) return `sqlite:${path.join(repoRoot, 'data/console.db')}`;
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : null;
  return file === null || file === ':memory:' ? url : `sqlite:${userPath(env, file)}`;
}

/**
 * A whole-number setting, or the default when it is unset or empty. Anything else stops the start:
 * `Number("12h")` is NaN, and a server started with it would fail every login instead.
 */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
  return n;
}

/**
 * Who may read the API document. It maps every call, its permission code and its fields, which is
 * nobody's business outside the operators of a production console: that is why production defaults
 * to operators only. An unknown value stops the start rather than fall back to either.
 */
function apiDocsAccess(env: NodeJS.ProcessEnv, production: boolean): ApiDocsAccess {
  const value = env.API_DOCS;
  if (value === undefined || value === '') return production ? 'operators' : 'public';
  const found = API_DOCS_ACCESS.find((v) => v === value.trim().toLowerCase());
  if (!found) throw new Error(`API_DOCS must be one of ${API_DOCS_ACCESS.join(', ')}, got ${value}`);
  return found;
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For entries are believed, as comma-separated
 * addresses or CIDR blocks. Unset, empty, `0` or `false`: none (the peer address is the client's).
 * `1` and `true`, which once meant "believe X-Forwarded-For from anyone", stop the start with what
 * to write instead: believing the header from every peer lets any client name its own address, and
 * no list of proxies is a safe thing to guess. So does an entry that is not an address or block.
 */
function trustedProxies(env: NodeJS.ProcessEnv): string[] {
  const value = (env.TRUST_PROXY ?? '').trim();
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return [];
  if (value === '1' || value.toLowerCase() === 'true') {
    throw new Error(
      `TRUST_PROXY=${value} would take the client address from any X-Forwarded-For, which a client can write itself. ` +
        'Name the proxies in front of the server instead, as comma-separated addresses or CIDR blocks (e.g. TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/24,fd00::/8)',
    );
  }
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const fault = entry === '' ? 'is empty' : addressEntryFault(entry);
    if (fault) throw new Error(`TRUST_PROXY must be comma-separated proxy addresses or CIDR blocks: "${entry}" ${fault}, got ${value}`);
  }
  return entries;
}

/** A year: a longer idle lifetime is no session limit at all, and far larger ones overflow a Date. */
const SESSION_TTL_MAX_MINUTES = 365 * 24 * 60;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  return {
    port: wholeNumber(env, 'PORT', 8080, 0, 65535),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: databaseUrlOf(env),
    replicaDatabaseUrl: env.REPLICA_DATABASE_URL ?? '',
    production,
    require2fa: env.REQUIRE_2FA === '1' || env.REQUIRE_2FA === 'true',
    sessionTtlMinutes: wholeNumber(env, 'SESSION_TTL_MINUTES', 12 * 60, 1, SESSION_TTL_MAX_MINUTES),
    webDist: env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    trustProxy: trustedProxies(env),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    validateResponses: env.NODE_ENV === 'test' || env.VALIDATE_RESPONSES === '1',
    requestTimeoutSeconds: wholeNumber(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600),
    headersTimeoutSeconds: wholeNumber(env, 'HEADERS_TIMEOUT_SECONDS', 15, 1, 3600),
    exportsPerOperator: wholeNumber(env, 'EXPORTS_PER_OPERATOR', 1, 1, 100),
    exportsAtOnce: wholeNumber(env, 'EXPORTS_AT_ONCE', 2, 1, 100),
    apiDocs: apiDocsAccess(env, production),
    dataDir: env.DATA_DIR ? userPath(env, env.DATA_DIR) : path.join(repoRoot, 'data'),
    keyEncryptionKey: env.KEY_ENCRYPTION_KEY ?? '',
    exportDir: env.EXPORT_DIR ? userPath(env, env.EXPORT_DIR) : path.join(os.tmpdir(), 'console-exports'),
    smsWebhookUrl: env.SMS_WEBHOOK_URL ?? '',
    smsWebhookToken: env.SMS_WEBHOOK_TOKEN ?? '',
    repoRoot,
    ...overrides,
  };
}
