import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { AGENT_API_PREFIX, API_PREFIX, ErrorCode, callPrefixes, errorMessages, type CallDef } from '@console/contract';

/** The tag of every call under /v1/agent/ (docs/product.md, "The agent back office"). */
const AGENT_TAG = 'agent back office';
import type { Config } from '../config/index.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../lib/api-error.ts';
import { sha256 } from '../lib/passwords.ts';
import { keyEncryptionKey, keyedDigest } from '../lib/secret-box.ts';
import { nowIso } from '../lib/time.ts';
import { requestLang } from '../lib/validation.ts';
import { authenticate } from './session.ts';

/** Where Swagger UI shows the API document. */
export const DOCS_PREFIX = '/docs';

export function jsonSchema(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}

/**
 * The operationId of a path: its words in camelCase, without the version and, for a console call,
 * without /v1/operator/ (`/v1/operator/game/prizepool/edit` → `gamePrizepoolEdit`,
 * `/v1/ingest/bets` → `ingestBets`). Generated clients name their functions after it, so it follows
 * the path and nothing else: renaming a call is the only thing that renames its function.
 */
export function operationIdOf(path: string): string {
  const rest = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path.replace(/^\/v\d+\//, '');
  return rest
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word[0]!.toLowerCase() : word[0]!.toUpperCase()) + word.slice(1))
    .join('');
}

const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);

/** Logging in and out are three one-call paths; one group reads better in Swagger UI. */
const SESSION_CALLS = new Set(['login', 'logout', 'sendcode']);

/** The tag (Swagger UI's group) of a console call: the first word of its path. */
export const tagOf = (callPath: string) => {
  const first = callPath.split('/')[0]!;
  return SESSION_CALLS.has(first) ? 'session' : first;
};

/** Every tag the document uses is declared with one of these; a new module should add its own. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  session: 'Logging in (password with an authenticator code, or an SMS code) and out. The `token` of the login answer goes in the body of every other call.',
  user: 'Operator accounts: the logged-in operator, passwords, authenticator binding, status.',
  permission: 'The permission tree and the permission codes of an operator.',
  agent: 'Agents and their tree of sub-agents, agent users, and the agent reports.',
  [AGENT_TAG]:
    "Agent users' calls under /v1/agent/: their login and account, and the operator calls of the agent permission tree with the same bodies and answers, limited to the user's agent and its sub-tree (an agent outside it is refused with A0301). Operator and agent tokens are never interchangeable.",
  currency: 'Currencies and the currency reports.',
  game: 'Games, the house-wide and per-agent game config, protection, prize pools, and the game reports.',
  platform: 'Game providers (platforms) and the platform reports.',
  player: 'Players, wallets and manual adjustments, point controls, and the player reports.',
  key: 'API keys: agent keys, and the ingest keys game servers use.',
  bill: 'The account-change ledger.',
  export: 'Spreadsheet exports of the reports.',
  domain: 'Host names and the agents they serve.',
  log: 'The operation log: who changed what, refused attempts included.',
  gameserver: 'For game servers, with an ingest key instead of a session: the config they must obey.',
  ingest: 'For game servers, with an ingest key instead of a session: bets and transfers.',
};

const tagDescription = (tag: string) => TAG_DESCRIPTIONS[tag] ?? `The calls under ${API_PREFIX}${tag}/.`;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const COMPONENT_REF = '#/components/schemas/';
const HTTP_ERROR = 'HttpError';

/**
 * Moves the definitions of each zod-generated schema into components/schemas. zod writes a
 * recursive schema (the permission tree) as `$ref: "#/$defs/…"` into `$defs` of its own root, or as
 * `$ref: "#"` to the root itself; inside the OpenAPI document both point at the document instead
 * and resolve to nothing. Each definition becomes a named component (the zod `id` of its metadata
 * when it has one, else named after the operation), the root too when it refers to itself, and the
 * refs are rewritten. The same schema met again reuses the same components.
 */
class SchemaComponents {
  readonly schemas: Record<string, unknown> = {};
  private readonly done = new Map<string, unknown>();

  private uniqueName(base: string): string {
    const clean = base.replace(/[^A-Za-z0-9._-]/g, '_');
    let name = clean;
    for (let n = 2; name in this.schemas; n++) name = `${clean}${n}`;
    return name;
  }

  /** `node` with every schema root under it made self-contained; `hint` names what has no name. */
  hoist(node: unknown, hint: string): unknown {
    if (Array.isArray(node)) return node.map((v) => this.hoist(v, hint));
    if (!isObject(node)) return node;
    if ('$schema' in node || '$defs' in node) return this.root(node, hint);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, this.hoist(v, hint)]));
  }

  private root(node: Json, hint: string): unknown {
    const key = JSON.stringify(node);
    const known = this.done.get(key);
    if (known !== undefined) return structuredClone(known);

    // The dialect is the document's own (OpenAPI 3.1 is JSON Schema 2020-12, which zod writes).
    const { $schema: _dialect, $defs, ...body } = node;
    const defs = isObject($defs) ? $defs : {};
    const selfRef = key.includes('"$ref":"#"');
    const names = new Map<string, string>();
    const generated = Object.keys(defs).filter((k) => /^__schema\d+$/.test(k));
    for (const k of Object.keys(defs)) {
      if (!generated.includes(k)) {
        // A zod id names one schema wherever it is used, so a second sighting must be the same.
        names.set(k, k in this.schemas ? k : this.uniqueName(k));
      } else {
        names.set(k, this.uniqueName(`${hint}Node${generated.length > 1 ? generated.indexOf(k) + 1 : ''}`));
      }
    }
    const rootName = selfRef ? this.uniqueName(hint) : '';
    const rewrite = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(rewrite);
      if (!isObject(v)) return v;
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => {
          if (k !== '$ref' || typeof x !== 'string' || !x.startsWith('#')) return [k, rewrite(x)];
          if (x === '#') return [k, COMPONENT_REF + rootName];
          const def = /^#\/\$defs\/(.+)$/.exec(x)?.[1];
          const name = def === undefined ? undefined : names.get(decodeURIComponent(def));
          if (name === undefined) throw new Error(`the API document cannot resolve ${x} (${hint})`);
          return [k, COMPONENT_REF + name];
        }),
      );
    };
    for (const [k, def] of Object.entries(defs)) {
      const name = names.get(k)!;
      const schema = rewrite(def);
      if (name in this.schemas && JSON.stringify(this.schemas[name]) !== JSON.stringify(schema)) {
        throw new Error(`two different schemas carry the id "${name}" (${hint})`);
      }
      this.schemas[name] = schema;
    }
    let result = rewrite(body);
    if (selfRef) {
      this.schemas[rootName] = result;
      result = { $ref: COMPONENT_REF + rootName };
    }
    this.done.set(key, result);
    return structuredClone(result);
  }
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** A console call's request: its own fields and, unless it is public, the session token. */
function requestSchema(call: CallDef): unknown {
  const schema = jsonSchema(call.request);
  if (call.access === 'public') return schema;
  const token = { type: 'string', description: 'The session token (the `token` of the login answer)' };
  const { $schema, ...rest } = isObject(schema) ? schema : {};
  const plainObject = rest.type === 'object' && !('$ref' in rest) && !['allOf', 'anyOf', 'oneOf'].some((k) => k in rest);
  if (plainObject) {
    const required = Array.isArray(rest.required) ? rest.required : [];
    return { ...($schema ? { $schema } : {}), ...rest, properties: { token, ...(rest.properties as Json) }, required: ['token', ...required] };
  }
  return { allOf: [{ type: 'object', properties: { token }, required: ['token'] }, schema] };
}

/** The OpenAPI document is generated from the contract, so it cannot drift from what the server checks. */
export function buildOpenApiDocument(calls: readonly CallDef[], otherPaths: Record<string, unknown> = {}) {
  const components = new SchemaComponents();
  const paths: Record<string, Json> = {};
  const tags: string[] = [];
  const operationIds = new Map<string, string>();

  const addOperations = (path: string, item: Json) => {
    const methods = Object.keys(item).filter((m) => HTTP_METHODS.has(m));
    const out: Json = { ...item };
    for (const method of methods) {
      const operation = { ...(item[method] as Json) };
      operation.operationId ??= operationIdOf(path) + (methods.length > 1 ? pascal(method) : '');
      const id = String(operation.operationId);
      const clash = operationIds.get(id);
      if (clash) throw new Error(`operationId ${id} of ${method.toUpperCase()} ${path} is taken by ${clash}`);
      operationIds.set(id, `${method.toUpperCase()} ${path}`);
      for (const tag of (operation.tags as string[] | undefined) ?? []) if (!tags.includes(tag)) tags.push(tag);
      const hint = pascal(id);
      if (operation.requestBody) operation.requestBody = components.hoist(operation.requestBody, `${hint}Request`);
      if (operation.parameters) operation.parameters = components.hoist(operation.parameters, `${hint}Parameter`);
      if (operation.responses) operation.responses = components.hoist(operation.responses, `${hint}Response`);
      out[method] = operation;
    }
    paths[path] = out;
  };

  for (const call of calls) for (const prefix of callPrefixes(call)) {
    const agentMount = prefix === AGENT_API_PREFIX;
    const access = call.access === 'public' ? 'public' : call.access === 'session' ? 'any logged-in user' : `permission ${call.access.permission}`;
    const who = agentMount ? ' An agent user\'s call: answers only their agent\'s sub-tree; an operator token answers A0230.' : '';
    addOperations(prefix + call.path, {
      post: {
        summary: call.summary,
        description: `Access: ${access}.${who}${call.audit ? ' Writes an operation-log entry.' : ''}${call.access === 'public' ? '' : ' Send the session token as `token` in the body.'}`,
        tags: [agentMount ? AGENT_TAG : tagOf(call.path)],
        requestBody: { required: true, content: { 'application/json': { schema: requestSchema(call) } } },
        responses: {
          200: call.binary
            ? { description: 'The file', content: { 'application/octet-stream': {} } }
            : {
                description: 'Envelope; `data` as below when error_code is "0"',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { error_code: { type: 'string' }, error_msg: { type: 'string' }, data: jsonSchema(call.response) },
                      required: ['error_code', 'error_msg'],
                    },
                  },
                },
              },
          401: {
            description: 'Missing, expired or revoked session: {"code":"A0230","msg":"…"}',
            content: { 'application/json': { schema: { $ref: COMPONENT_REF + HTTP_ERROR } } },
          },
        },
      },
    });
  }
  for (const [path, item] of Object.entries(otherPaths)) addOperations(path, isObject(item) ? item : {});

  return {
    openapi: '3.1.0',
    info: {
      title: 'Game platform back-office console API',
      version: '1',
      description:
        'Every console call is `POST /v1/operator/<path>` with a JSON body that carries the session token as `token`, ' +
        'answered with the envelope `{error_code, error_msg, data}` (HTTP 200, `error_code` "0" on success). ' +
        'A missing or dead session is HTTP 401 `{code: "A0230", msg}`.',
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: tags.map((name) => ({ name, description: tagDescription(name) })),
    paths,
    components: {
      schemas: {
        [HTTP_ERROR]: {
          type: 'object',
          description: 'A failure answered with an HTTP error status instead of the envelope',
          properties: { code: { type: 'string' }, msg: { type: 'string' } },
          required: ['code', 'msg'],
        },
        ...components.schemas,
      },
    },
  };
}

/**
 * Swagger UI's request interceptor. Loading /docs sets the XSRF-TOKEN cookie (plugins/xsrf.ts), so
 * every "Try it out" call carries it and must echo it in X-XSRF-TOKEN as the console does, or it
 * is refused with 403. Only towards this page's own origin: the token is no other server's business.
 *
 * It runs in the browser: @fastify/swagger-ui sends its source text, so it may use nothing from
 * this module (not even the cookie and header names, hence the literals) and no nested named
 * functions (a transpiler may wrap those in a helper of its own).
 */
export function xsrfRequestInterceptor(request: Record<string, unknown>) {
  const page = globalThis as unknown as { document: { cookie: string }; location: { href: string; origin: string } };
  const cookie = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(page.document.cookie);
  if (cookie && new URL(String(request.url), page.location.href).origin === page.location.origin) {
    request.headers = { ...(request.headers as Record<string, string> | undefined), 'X-XSRF-TOKEN': decodeURIComponent(cookie[1]!) };
  }
  return request;
}

/** The cookie that lets a browser open /docs when API_DOCS=operators (docs/adr/0011-api-docs-for-operators.md). */
export const DOCS_TICKET_COOKIE = 'docs_ticket';
/** What POST /docs/session takes: `{ token }`, the session token, as every console call sends it. */
export const DOCS_SESSION_PATH = `${DOCS_PREFIX}/session`;
/** A ticket's lifetime; the session behind it is checked on every request besides. */
export const DOCS_TICKET_MINUTES = 60;

const TICKET_PURPOSE = 'docs-ticket';

/**
 * `<expiry>.<session token hash>.<HMAC>`: names the session without being its token (no call can
 * be made with it), and cannot be forged or prolonged without the key-encryption key, even by
 * someone holding a copy of the session table.
 */
function ticketFor(token: string, config: Config, nowMs = Date.now()): string {
  const body = `${Math.floor(nowMs / 1000) + DOCS_TICKET_MINUTES * 60}.${sha256(token)}`;
  return `${body}.${keyedDigest(keyEncryptionKey(config), TICKET_PURPOSE, body)}`;
}

/** The session token hash a ticket names, or null when it is malformed, forged or past its expiry. */
function ticketTokenHash(ticket: string, config: Config, nowMs = Date.now()): string | null {
  const m = /^(\d{1,12})\.([0-9a-f]{64})\.([0-9a-f]{64})$/.exec(ticket);
  if (!m || Number(m[1]) * 1000 <= nowMs) return null;
  const expected = Buffer.from(keyedDigest(keyEncryptionKey(config), TICKET_PURPOSE, `${m[1]}.${m[2]}`));
  return timingSafeEqual(expected, Buffer.from(m[3]!)) ? m[2]! : null;
}

type Viewer = { totpBound: boolean } | null;

/** The operator behind the session a ticket names; the same rules as session.ts's authenticate. */
async function ticketViewer(database: Database, tokenHash: string): Promise<Viewer> {
  const row = await database.db
    .selectFrom('session as s')
    .innerJoin('operator_user as u', 'u.id', 's.user_id')
    .select(['u.status', 'u.totp_secret'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', nowIso())
    .executeTakeFirst();
  return row && Number(row.status) === 1 ? { totpBound: !!row.totp_secret } : null;
}

/** The operator asking for a /docs answer: `Authorization: Bearer <session token>`, else the ticket cookie. */
async function docsViewer(app: FastifyInstance, request: FastifyRequest): Promise<Viewer> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return authenticate(app.database.db, bearer, app.config);
  const ticket = request.cookies[DOCS_TICKET_COOKIE];
  const tokenHash = ticket ? ticketTokenHash(ticket, app.config) : null;
  return tokenHash ? ticketViewer(app.database, tokenHash) : null;
}

/** With REQUIRE_2FA, an operator who has not bound an authenticator yet may do nothing else, reading the document included. */
function refuseUnbound(app: FastifyInstance, viewer: NonNullable<Viewer>, request: FastifyRequest, reply: FastifyReply) {
  if (!app.config.require2fa || viewer.totpBound) return false;
  const lang = requestLang(request.headers['accept-language']);
  void reply.code(403).send({ code: ErrorCode.TotpBindRequired, msg: errorMessages[ErrorCode.TotpBindRequired][lang] });
  return true;
}

/**
 * The API document and Swagger UI under /docs, as API_DOCS says: to anyone, to logged-in operators
 * only, or not at all (every /docs URL then answers 404 like any unknown path).
 */
export async function registerOpenApi(app: FastifyInstance, calls: readonly CallDef[], otherPaths: Record<string, unknown> = {}) {
  const access = app.config.apiDocs;
  if (access === 'off') return;
  const document = buildOpenApiDocument(calls, otherPaths);

  // Its own plugin scope, so the check covers every route under /docs, Swagger UI's static files
  // (which it serves without its route hooks) included, and nothing outside it.
  await app.register(async (docs) => {
    if (access === 'operators') {
      docs.addHook('onRequest', async (request, reply) => {
        const viewer = await docsViewer(app, request);
        if (!viewer) throw new ApiError(ErrorCode.TokenInvalid);
        if (refuseUnbound(app, viewer, request, reply)) return reply;
      });
      // Never kept by a shared cache, and revalidated (so checked again) before a browser reuses it.
      docs.addHook('onSend', async (_request, reply, payload) => {
        reply.header('cache-control', 'private, no-cache');
        return payload;
      });
    }
    await docs.register(swagger, { mode: 'static', specification: { document: document as never } });
    await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { requestInterceptor: xsrfRequestInterceptor } });
  });

  // Outside the checked scope: this is how a browser gets in. Served whatever API_DOCS says (but
  // off), so the console need not know the setting.
  app.post(DOCS_SESSION_PATH, { schema: { hide: true } }, async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const token = typeof body.token === 'string' && body.token ? body.token : null;
    const viewer = token ? await authenticate(app.database.db, token, app.config) : null;
    if (!token || !viewer) throw new ApiError(ErrorCode.TokenInvalid);
    if (refuseUnbound(app, viewer, request, reply)) return reply;
    reply.setCookie(DOCS_TICKET_COOKIE, ticketFor(token, app.config), {
      path: DOCS_PREFIX,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: DOCS_TICKET_MINUTES * 60,
    });
    reply.header('cache-control', 'no-store');
    return reply.code(204).send();
  });
}
