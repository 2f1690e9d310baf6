/**
 * The API document at /docs/json: a valid OpenAPI document that code generators can use (every
 * ref resolves, every operation has its own operationId, every tag is declared), a TypeScript
 * client generated from it compiles, and API_DOCS decides who may read it. SQLite only: nothing
 * here depends on the database kind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/index.ts';
import { DOCS_TICKET_COOKIE, operationIdOf } from '../src/plugins/openapi.ts';
import { startTestApp, type TestApp } from './harness.ts';

interface Operation {
  operationId?: string;
  tags?: string[];
}
interface ApiDocument {
  openapi: string;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operations(doc: ApiDocument) {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ where: `${method.toUpperCase()} ${p}`, op })),
  );
}

/** Type-checks `files` (written to a fresh folder) as a strict TypeScript program; the diagnostics as text. */
function typeCheck(files: Record<string, string>): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-client-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const program = ts.createProgram(
      Object.keys(files).map((name) => path.join(dir, name)),
      {
        strict: true,
        noEmit: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        // The client needs no more than ES5's types; leaving the rest of the library out (and
        // unchecked) keeps this a second or two. The files written here are checked in full.
        types: [],
        lib: ['lib.es5.d.ts'],
        skipLibCheck: true,
      },
    );
    return ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: ApiDocument;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as ApiDocument;
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('is valid OpenAPI with every $ref resolved, the recursive permission tree included', async () => {
    // The validator dereferences in place: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    // A schema's own $defs inside a path resolved to nothing ("Missing $ref pointer #/$defs/__schema0").
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$defs"');
    expect(text).not.toMatch(/"\$ref":"#(\/\$defs\/[^"]*)?"/);
    expect(text).not.toContain('"$schema"');
    const permissionList = JSON.stringify(doc.paths['/v1/operator/permission/list']);
    const tree = /"\$ref":"#\/components\/schemas\/([^"]+)"/.exec(permissionList)?.[1];
    expect(tree, 'the permission tree is a component').toBeDefined();
    expect(JSON.stringify(doc.components?.schemas?.[tree!])).toContain(`"$ref":"#/components/schemas/${tree}"`);
  });

  it('gives every operation a unique operationId after its path, and declares every tag it uses with a description', () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(90);
    const ids = new Map<string, string>();
    for (const { where, op } of ops) {
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.get(op.operationId!), `${where} and another share ${op.operationId}`).toBeUndefined();
      ids.set(op.operationId!, where);
      expect(op.operationId, where).toBe(operationIdOf(where.slice(where.indexOf(' ') + 1)));
    }
    expect(ids.get('gamePrizepoolEdit')).toBe('POST /v1/operator/game/prizepool/edit');
    expect(ids.get('agentReportAgentDailySummaryExport')).toBe('POST /v1/operator/agent/report/agent/daily/summary/export');
    expect(ids.get('gameserverConfig')).toBe('POST /v1/gameserver/config');
    // The game servers' calls are in the document too, so their clients can be generated.
    expect(ids.get('ingestBets')).toBe('POST /v1/ingest/bets');
    expect(ids.get('ingestTransfers')).toBe('POST /v1/ingest/transfers');

    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
    const used = new Set(ops.flatMap(({ op }) => op.tags ?? []));
    for (const { where, op } of ops) expect(op.tags?.length, `${where} has a tag`).toBeGreaterThan(0);
    for (const tag of used) {
      expect(declared.has(tag), `tag ${tag} is declared`).toBe(true);
      expect(declared.get(tag)!.length, `tag ${tag} is described`).toBeGreaterThan(10);
    }
    expect([...declared.keys()].sort()).toEqual([...used].sort());
  });

  it('generates a TypeScript client (openapi-typescript) that compiles and types the calls', async () => {
    const client = astToString(await openapiTS(structuredClone(doc) as never));
    const usage = `
import type { components, operations, paths } from './api.ts';

type Body<P extends keyof paths> = paths[P]['post'] extends { requestBody?: infer B } ? NonNullable<B> extends { content: { 'application/json': infer J } } ? J : never : never;
type Data<P extends keyof paths> = paths[P]['post']['responses'][200] extends { content: { 'application/json': { data?: infer D } } } ? D : never;

const edit: Body<'/v1/operator/permission/edit'> = { token: 't', user_id: 1, permissions: '1301' };
// @ts-expect-error the token is required on a call that needs a session
const noToken: Body<'/v1/operator/permission/edit'> = { user_id: 1, permissions: '1301' };

type PermissionNode = NonNullable<Data<'/v1/operator/permission/list'>>['list'][number];
const tree: PermissionNode = { code: '13', name: { 'zh-cn': '系统', en: 'System' }, children: [{ code: '1301', name: { 'zh-cn': '账号', en: 'Accounts' } }] };
// @ts-expect-error a node's code is a string
const wrong: PermissionNode = { code: 13, name: { 'zh-cn': '', en: '' } };

const failure: components['schemas']['HttpError'] = { code: 'A0230', msg: 'Your session has expired' };
type PrizePoolEdit = operations['gamePrizepoolEdit'];
const prizePool: PrizePoolEdit['responses'][200]['content']['application/json']['error_code'] = '0';

export const used = [edit, noToken, tree, wrong, failure, prizePool];
`;
    expect(typeCheck({ 'api.ts': client, 'usage.ts': usage })).toEqual([]);
  });
});

/** Every kind of answer under /docs: the page, the document, Swagger UI's files. */
const DOCS_URLS = ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/static/swagger-initializer.js', '/docs/static/swagger-ui.css', '/docs/static/index.html'];

describe('who may read /docs (API_DOCS)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.drop()));
  });
  const start = async (apiDocs: 'public' | 'operators' | 'off', config: Partial<Config> = {}) => {
    const a = await startTestApp('sqlite', { apiDocs, ...config });
    apps.push(a);
    return a;
  };
  const get = (a: TestApp, url: string, headers: Record<string, string> = {}) =>
    a.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
  const okStatus = (url: string) => (url.endsWith('/index.html') ? 302 : 200);

  it('public: anyone reads it', async () => {
    const a = await start('public');
    for (const url of DOCS_URLS) expect((await get(a, url)).statusCode, url).toBe(okStatus(url));
  });

  it('off: every /docs URL answers 404 as an unknown path does, a logged-in operator included', async () => {
    const a = await start('off');
    const token = await a.login();
    for (const url of DOCS_URLS) {
      for (const headers of [{}, { authorization: `Bearer ${token}` }] as Array<Record<string, string>>) {
        const res = await get(a, url, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'A0404' });
      }
    }
    const session = await a.app.inject({ method: 'POST', url: '/docs/session', payload: { token } });
    expect(session.statusCode).toBe(404);
  });

  it('operators: 401 A0230 without a session; a session token as a bearer, or the ticket cookie, opens every URL', async () => {
    const a = await start('operators');
    const token = await a.login();

    const strangers: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-a-session' }, { authorization: token }, { cookie: `${DOCS_TICKET_COOKIE}=x` }];
    for (const url of DOCS_URLS) {
      for (const headers of strangers) {
        const res = await get(a, url, headers);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toEqual({ code: 'A0230', msg: 'Your session has expired, please log in again' });
        expect(res.body, url).not.toContain('openapi');
      }
      const res = await get(a, url, { authorization: `Bearer ${token}` });
      expect(res.statusCode, url).toBe(okStatus(url));
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
    }
    const json = await get(a, '/docs/json', { authorization: `Bearer ${token}` });
    expect(json.json()).toMatchObject({ openapi: '3.1.0' });

    // The browser's way in: the console posts its token, the answer sets the ticket for /docs only.
    const refused = await a.app.inject({ method: 'POST', url: '/docs/session', payload: { token: 'not-a-session' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'A0230' });
    expect(refused.headers['set-cookie']).toBeUndefined();
    const issued = await a.app.inject({ method: 'POST', url: '/docs/session', payload: { token } });
    expect(issued.statusCode).toBe(204);
    const cookie = issued.cookies.find((c) => c.name === DOCS_TICKET_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/docs', httpOnly: true, sameSite: 'Strict', maxAge: 3600 });
    expect(cookie.value).not.toContain(token);
    for (const url of DOCS_URLS) {
      expect((await get(a, url, { cookie: `${DOCS_TICKET_COOKIE}=${cookie.value}` })).statusCode, url).toBe(okStatus(url));
    }
    // The ticket opens the document, not the API.
    const call = await a.call('user/info', {}, { token: cookie.value });
    expect(call.status).toBe(401);

    // Forged: another expiry, or another session under the same signature.
    const [expiry, hash, mac] = cookie.value.split('.');
    for (const forged of [`${Number(expiry) + 3600}.${hash}.${mac}`, `${expiry}.${'0'.repeat(64)}.${mac}`, `${expiry}.${hash}.${'0'.repeat(64)}`]) {
      expect((await get(a, '/docs/json', { cookie: `${DOCS_TICKET_COOKIE}=${forged}` })).statusCode, forged).toBe(401);
    }

    // A ticket lives no longer than its session.
    expect((await a.call('logout', {}, { token })).error_code).toBe('0');
    expect((await get(a, '/docs/json', { cookie: `${DOCS_TICKET_COOKIE}=${cookie.value}` })).statusCode).toBe(401);
    expect((await get(a, '/docs/json', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('operators, with REQUIRE_2FA: an operator who has not bound an authenticator yet is refused (403 A0242)', async () => {
    const a = await start('operators', { require2fa: true });
    const token = await a.login();
    const res = await get(a, '/docs/json', { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'A0242', msg: 'Please bind an authenticator app first' });
    const session = await a.app.inject({ method: 'POST', url: '/docs/session', payload: { token } });
    expect(session.statusCode).toBe(403);
    expect(session.headers['set-cookie']).toBeUndefined();
  });
});
