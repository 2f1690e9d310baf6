import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { AGENT_API_PREFIX, ErrorCode, callPrefixes, errorMessages, type CallDef, type Lang } from '@console/contract';
import type { z } from 'zod';
import type { Config } from '../config/index.ts';
import type { DB } from '../db/schema.ts';
import type { Database, Dialect } from '../db/database.ts';
import { ApiError } from '../lib/api-error.ts';
import { clientIp } from '../lib/client-ip.ts';
import { findNulCharacter, formatNulCharacter, formatZodError, requestLang } from '../lib/validation.ts';
import { nowIso } from '../lib/time.ts';
import { applyAgentField, type AgentScopeRule } from './agent-scope.ts';
import { authenticate, authenticateAgent, type SessionUser } from './session.ts';

/** One entry per domain module (modules/index.ts lists them): the contract calls it serves and how it registers them. */
export interface ServerModule {
  name: string;
  calls: readonly CallDef[];
  register(app: FastifyInstance): Promise<void> | void;
  /** OpenAPI path items of routes outside /v1/operator/ (what game servers call), by path. */
  openApiPaths?: Record<string, unknown>;
}

export interface CallContext {
  /** The database, or the call's transaction when the call changes data. */
  db: Kysely<DB>;
  /** Reads that need no transaction and none of this call's writes, and may lag behind the primary (reports, the bill list); see Database.reader. */
  reader: Kysely<DB>;
  /** Statements `reader` runs side by side (see Database.readParallelism). */
  readParallelism: number;
  /** For work that must commit apart from the call's transaction (see CallOptions.ownTransaction). */
  database: Database;
  dialect: Dialect;
  config: Config;
  /** The logged-in user; null only for public calls. An agent user (under /v1/agent/) has `user.agent`. */
  user: SessionUser | null;
  /** Whether the call came in under /v1/agent/ (an agent user's call). */
  agentMount: boolean;
  token: string | null;
  lang: Lang;
  ip: string;
  userAgent: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** What the operation log records as this call's target and change (secrets are never passed here). */
  audit(target: string, summary?: unknown): void;
}

/** What a binary call answers with instead of envelope data. */
export interface FileAnswer {
  file: NodeJS.ReadableStream | Buffer;
  filename: string;
  contentType: string;
}

export type CallHandler<C extends CallDef> = (
  input: z.output<C['request']>,
  ctx: CallContext,
) => Promise<C['binary'] extends true ? FileAnswer : z.input<C['response']>>;

/**
 * Field names whose values never reach the operation log: passwords, secrets, tokens and one-time
 * codes (`google_code`, `message_code`, and `code` as the authenticator binding sends it). Other
 * codes (`agent_code`, `currency_code`) name things and stay readable.
 */
const SECRET_FIELDS = /password|secret|token|^(google_|message_|verify_)?code$/i;

/** The request minus anything secret, for the operation log. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELDS.test(k) ? '***' : redact(v)]),
    );
  }
  return value;
}

export interface CallOptions {
  /** Extra Fastify route options (e.g. a rate limit). */
  route?: RouteShorthandOptions;
  /**
   * An `audit` call whose handler opens its own transactions and writes its own operation-log row,
   * for a call that must record something even when it fails (a password guess counted against
   * the login limits), which a transaction around the whole call would roll back.
   */
  ownTransaction?: boolean;
  /**
   * For a call agent users make too (CallDef.mount `both`): how it keeps to their sub-tree
   * (plugins/agent-scope.ts). Required for such calls: registration fails without it.
   */
  agentScope?: AgentScopeRule;
}

/** The operation log's columns naming who made a call: an operator, or an agent user with their agent code. */
export function actorColumns(user: SessionUser | null, account = '') {
  if (user?.agent) return { operator_id: null, agent_user_id: user.id, agent_code: user.agent.agentCode, operator_account: user.account };
  return { operator_id: user?.id ?? null, agent_user_id: null, agent_code: '', operator_account: user?.account ?? account };
}

/**
 * Registers one contract call: POST /v1/operator/<path>, and /v1/agent/<path> for agent users when
 * the call is theirs too (CallDef.mount). An operator token works only on the first and an agent
 * user's only on the second; anywhere else either answers A0230. Order of checks: session (HTTP 401 A0230),
 * authenticator binding (A0242), permission code (A0301), request schema, then no U+0000 anywhere
 * in the request (both A0400, readable text), then the handler. A call marked `audit` runs in one
 * transaction together with its operation-log row, so a failure leaves nothing behind; a refusal
 * for want of permission (A0301, A0302) is logged apart from it.
 */
export function registerCall<C extends CallDef>(app: FastifyInstance, call: C, handler: CallHandler<C>, options: CallOptions = {}) {
  if (call.mount === 'both' && !options.agentScope) throw new Error(`${call.path} is an agent users' call too: register it with an agentScope rule`);
  for (const prefix of callPrefixes(call)) registerMount(app, prefix, call, handler, options);
}

function registerMount<C extends CallDef>(app: FastifyInstance, prefix: string, call: C, handler: CallHandler<C>, options: CallOptions) {
  const agentMount = prefix === AGENT_API_PREFIX;
  app.post(prefix + call.path, { ...options.route, schema: { hide: true } }, async (request, reply) => {
    const lang = requestLang(request.headers['accept-language']);
    const raw = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const { token: rawToken, ...body } = raw;
    const token = typeof rawToken === 'string' && rawToken ? rawToken : null;
    const { database, config } = app;

    let user: SessionUser | null = null;
    const ip = clientIp(request);
    /**
     * A change call refused for want of permission (A0301, A0302) leaves a row in the operation
     * log, written apart from the call's rolled-back transaction, so an administrator sees who
     * tried what. A row that cannot be written never hides the refusal itself.
     */
    const logRefusal = async (code: string, target: string, summary: unknown) => {
      if (!call.audit || !user) return;
      await database.db
        .insertInto('operation_log')
        .values({
          ...actorColumns(user),
          action: call.path,
          target,
          summary: JSON.stringify(summary ?? null),
          ip,
          result_code: code,
          created_at: nowIso(),
        })
        .execute()
        .catch((err: unknown) => request.log.error({ err }, 'could not log a refused call'));
    };
    if (call.access !== 'public') {
      user = !token ? null : agentMount ? await authenticateAgent(database.db, token, config) : await authenticate(database.db, token, config);
      if (!user) throw new ApiError(ErrorCode.TokenInvalid);
      if (config.require2fa && !user.totpBound && !call.allowUnbound) throw new ApiError(ErrorCode.TotpBindRequired);
      if (typeof call.access === 'object' && !user.permissions.has(call.access.permission)) {
        await logRefusal(ErrorCode.NoPermission, '', redact(body));
        throw new ApiError(ErrorCode.NoPermission);
      }
    }

    // reportInput: without it zod drops the input from issues, and a wrong type reads as "is required".
    const parsed = call.request.safeParse(body, { reportInput: true }) as z.ZodSafeParseResult<z.output<C['request']>>;
    if (!parsed.success) throw new ApiError(ErrorCode.InvalidParameter, { [lang]: formatZodError(parsed.error, lang) });
    const nulAt = findNulCharacter(parsed.data);
    if (nulAt) throw new ApiError(ErrorCode.InvalidParameter, { [lang]: formatNulCharacter(nulAt, lang) });
    const rule = options.agentScope;
    if (user?.agent && rule && typeof rule === 'object') {
      try {
        await applyAgentField(database.db, user.agent, parsed.data as Record<string, unknown>, rule.agentField);
      } catch (err) {
        if (err instanceof ApiError) await logRefusal(err.code, '', redact(parsed.data));
        throw err;
      }
    }

    let auditTarget = '';
    let auditSummary: unknown = redact(parsed.data);
    const ctxFor = (db: Kysely<DB>): CallContext => ({
      db,
      reader: database.reader,
      readParallelism: database.readParallelism,
      database,
      dialect: database.dialect,
      config,
      user,
      agentMount,
      token,
      lang,
      ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
      request,
      reply,
      audit(target, summary) {
        auditTarget = target;
        if (summary !== undefined) auditSummary = redact(summary);
      },
    });

    const run = async () => {
      if (!call.audit || options.ownTransaction) return handler(parsed.data, ctxFor(database.db));
      return database.db.transaction().execute(async (trx: Transaction<DB>) => {
        const out = await handler(parsed.data, ctxFor(trx));
        await trx
          .insertInto('operation_log')
          .values({
            ...actorColumns(user, String((parsed.data as { account?: unknown }).account ?? '')),
            action: call.path,
            target: auditTarget,
            summary: JSON.stringify(auditSummary ?? null),
            ip,
            result_code: ErrorCode.Success,
            created_at: nowIso(),
          })
          .execute();
        return out;
      });
    };

    let result: Awaited<ReturnType<typeof run>>;
    try {
      result = await run();
    } catch (err) {
      if (err instanceof ApiError && (err.code === ErrorCode.NoPermission || err.code === ErrorCode.GrantBeyondOwn)) {
        await logRefusal(err.code, auditTarget, auditSummary);
      }
      throw err;
    }
    if (call.binary) {
      const file = result as FileAnswer;
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
      return reply.send(file.file);
    }
    if (config.validateResponses) {
      const check = call.response.safeParse(result);
      if (!check.success) {
        request.log.error({ path: call.path, issues: check.error.issues }, 'response does not match the contract');
        throw new Error(`response of ${call.path} does not match the contract: ${JSON.stringify(check.error.issues[0])}`);
      }
    }
    return { error_code: ErrorCode.Success, error_msg: errorMessages[ErrorCode.Success][lang], data: result ?? null };
  });
}
