import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from './harness.ts';
import { captureSms, totpCode, uniquePhone, addUser } from './user-helpers.ts';
import { inlineScriptHashes } from '../src/plugins/security-headers.ts';

const INLINE = "window.__boot = 'x';";
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
const CSP =
  "default-src 'self';base-uri 'self';connect-src 'self';font-src 'self';form-action 'self';frame-ancestors 'none';" +
  `img-src 'self' data: blob:;object-src 'none';script-src 'self' ${INLINE_HASH};script-src-attr 'none';style-src 'self' 'unsafe-inline'`;

/** The headers every answer carries, pages, files and API answers alike. */
function expectProtected(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['content-security-policy'], what).toBe(CSP);
}

const xsrfCookie = (res: LightMyRequestResponse) => /^XSRF-TOKEN=([^;]+);/.exec(String(res.headers['set-cookie'] ?? ''))?.[1];

// Headers do not depend on the database, so one (SQLite) is enough.
describe('security headers and caching rules', () => {
  let tmp: string;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(tmp, 'assets'));
    fs.writeFileSync(
      path.join(tmp, 'index.html'),
      `<!doctype html><title>console</title><script type="module" src="/assets/x.js"></script><script>${INLINE}</script>`,
    );
    fs.writeFileSync(path.join(tmp, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(tmp, 'assets', 'x.js'), 'console.log(1);');
    t = await startTestApp('sqlite', { webDist: tmp });
    admin = await t.login();
  }, 60_000);

  afterAll(async () => {
    await t?.drop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('hashes the inline scripts of the built index.html, and only those (no script with src, no empty one)', () => {
    expect(inlineScriptHashes(tmp)).toEqual([INLINE_HASH]);
    expect(inlineScriptHashes('')).toEqual([]);
    expect(inlineScriptHashes(path.join(tmp, 'missing'))).toEqual([]);
  });

  it('protects the console page and issues the XSRF cookie there, on an answer no shared cache keeps', async () => {
    for (const url of ['/', '/index.html', '/?lang=en']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectProtected(res, url);
      expect(xsrfCookie(res), url).toBeDefined();
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
    }
    // A browser that holds the cookie gets none again, and the page is cached as before.
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('never issues the cookie with a file, least of all a year-cacheable asset', async () => {
    for (const url of ['/assets/x.js', '/favicon.svg', '/docs/static/swagger-ui.css', '/docs/json', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expectProtected(res, url);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/x.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('protects /docs with the same policy, and its page issues the cookie for "Try it out"', async () => {
    for (const url of ['/docs', '/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expectProtected(res, url);
      expect(xsrfCookie(res), url).toBeDefined();
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
    }
  });

  it('protects API answers, refusals included, and no cache stores any of them', async () => {
    const info = await t.call('user/info', {}, { token: admin });
    expect(info.error_code).toBe('0');
    const noSession = await t.app.inject({ method: 'POST', url: '/v1/operator/user/info', payload: {} });
    expect(noSession.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/operator/no/such/call', payload: {} });
    expect(unknown.statusCode).toBe(404);
    const escaped = await t.app.inject({ method: 'POST', url: '/v1/%6Fperator/user/info', payload: { token: admin } });
    expect(escaped.json()).toMatchObject({ error_code: '0' });
    for (const [what, res] of [
      ['user/info', await t.app.inject({ method: 'POST', url: '/v1/operator/user/info', payload: { token: admin } })],
      ['401', noSession],
      ['404', unknown],
      ['percent-escaped path', escaped],
    ] as const) {
      expectProtected(res, what);
      expect(res.headers['cache-control'], what).toBe('no-store');
      expect(res.headers['set-cookie'], what).toBeUndefined();
    }
  });

  it('marks every answer carrying a session, a key secret or an authenticator secret no-store', async () => {
    const noStore = (what: string, r: { error_code: string; headers: Record<string, unknown> }) => {
      expect(r.error_code, what).toBe('0');
      expect(r.headers['cache-control'], what).toBe('no-store');
    };
    noStore('key/add', await t.call<{ id: number }>('key/add', { agent_id: 0, type: 'ingest', remark: 'headers' }, { token: admin }));
    const key = (await t.call<{ id: number }>('key/add', { agent_id: 0, type: 'ingest', remark: 'rotate' }, { token: admin })).data;
    noStore('key/rotate', await t.call('key/rotate', { id: key.id }, { token: admin }));

    const phone = uniquePhone();
    const u = await addUser(t, admin, { phone });
    const own = await t.login(u.account, u.password);
    const init = await t.call<{ secret: string }>('user/google/bind/init', {}, { token: own });
    noStore('user/google/bind/init', init);
    noStore('user/google/bind/confirm', await t.call('user/google/bind/confirm', { code: totpCode(init.data.secret, -1) }, { token: own }));

    const password = await t.call('login', { type: 1, account: 'admin', password: '', google_code: '', phone: '', message_code: '' });
    expect(password.headers['cache-control']).toBe('no-store');
    const outbox = captureSms(t);
    expect((await t.call('sendcode', { phone })).error_code).toBe('0');
    noStore(
      'SMS login',
      await t.call('login', { type: 2, phone, message_code: outbox.lastCode(phone)!, google_code: totpCode(init.data.secret), account: '', password: '' }),
    );
  });

  it('still holds API calls to the cookie the page issued', async () => {
    const cookie = xsrfCookie(await t.app.inject({ method: 'GET', url: '/' }))!;
    const bare = await t.call('user/info', {}, { token: admin, headers: { cookie: `XSRF-TOKEN=${cookie}` } });
    expect(bare.status).toBe(403);
    expect(bare.code).toBe('A0250');
    expect(bare.headers['cache-control']).toBe('no-store');
    expect(bare.headers['x-frame-options']).toBe('DENY');
    const echoed = await t.call('user/info', {}, { token: admin, headers: { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie } });
    expect(echoed.error_code).toBe('0');
  });
});
