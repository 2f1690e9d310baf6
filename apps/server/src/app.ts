import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { CallDef } from '@console/contract';
import { loadConfig, type Config } from './config/index.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { checkKeyEncryptionKey } from './db/key-check.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerXsrf } from './plugins/xsrf.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWeb } from './plugins/web.ts';
import { modules } from './modules/index.ts';
import { smsSenderFor, type SmsSender } from './lib/sms.ts';
import { clientIp, proxyTrust } from './lib/client-ip.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Delivers SMS login codes (lib/sms.ts, smsSenderFor); null when SMS login is off. */
    smsSender: SmsSender | null;
  }
}

export interface BuildOptions {
  config?: Partial<Config>;
  /** An open database to use (tests); otherwise the one named by config.databaseUrl. */
  database?: Database;
  /** Run migrations before serving (default true). */
  migrate?: boolean;
  /** How SMS login codes are delivered (default: smsSenderFor the configuration). */
  smsSender?: SmsSender;
}

/** The largest body an operator call takes. */
export const OPERATOR_BODY_LIMIT = 64 * 1024;

/** Secrets never reach the log, whatever a call's body holds. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'body.password',
  'body.token',
  'body.secret',
];

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(process.env, options.config);
  const database = options.database ?? openDatabase(config.databaseUrl, { replicaUrl: config.replicaDatabaseUrl });
  if (options.migrate !== false) await migrateToLatest(database);
  // Before anything is sealed or opened: the key must be the one every server on this database uses.
  await checkKeyEncryptionKey(database.db, config);

  const requestTimeout = config.requestTimeoutSeconds * 1000;
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACT, censor: '***' } },
    // Operator calls carry filters and permission lists: tens of KB at most. The ingest routes
    // take more (modules/ingest/routes.ts). A longer body is refused (413) as its length is known,
    // before it is read, and a body without a length is cut off at the limit.
    bodyLimit: OPERATOR_BODY_LIMIT,
    // A request (headers and body) must arrive in time: a client trickling its body is cut off
    // (408) instead of holding a connection forever. Node checks the open requests every second.
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: Math.min(config.headersTimeoutSeconds * 1000, requestTimeout),
      connectionsCheckingInterval: 1000,
    },
    // Only the proxies of TRUST_PROXY are believed about the address they got a request from.
    trustProxy: proxyTrust(config.trustProxy),
    ajv: { customOptions: { coerceTypes: false } },
    frameworkErrors,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('smsSender', options.smsSender ?? smsSenderFor(config, app.log));
  if (!options.database) app.addHook('onClose', async () => database.destroy());

  registerErrorHandling(app);
  await app.register(cookie);
  await registerSecurityHeaders(app, config.webDist);
  registerXsrf(app);
  await app.register(rateLimit, { global: false, keyGenerator: clientIp });

  app.get('/healthz', async () => ({ status: 'ok' }));

  const calls: CallDef[] = [];
  const otherPaths: Record<string, unknown> = {};
  for (const mod of modules) {
    calls.push(...mod.calls);
    Object.assign(otherPaths, mod.openApiPaths);
    await mod.register(app);
  }
  await registerOpenApi(app, calls, otherPaths);
  await registerWeb(app, config.webDist);
  return app;
}
