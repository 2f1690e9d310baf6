import vm from 'node:vm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { hash } from './user-helpers.ts';

const loginBody = { type: 1, account: 'admin', password: hash('admin123'), google_code: '', phone: '', message_code: '' };

describeOnDatabases('XSRF cookie rule', (t) => {
  it('issues the XSRF-TOKEN cookie to a browser page load', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/' });
    const cookie = String(res.headers['set-cookie'] ?? '');
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]+;/);
    expect(cookie).toContain('SameSite=Strict');
  });

  it('refuses a call carrying the cookie without the matching header (403 A0250), before any work is done', async () => {
    const noHeader = await t().call('login', loginBody, { headers: { cookie: 'XSRF-TOKEN=abc123' } });
    expect(noHeader.status).toBe(403);
    expect(noHeader.code).toBe('A0250');
    expect(noHeader.msg).toBe('Security token mismatch, please reload the page');
    const wrong = await t().call('login', loginBody, { headers: { cookie: 'XSRF-TOKEN=abc123', 'x-xsrf-token': 'other' }, lang: 'zh-cn' });
    expect(wrong.status).toBe(403);
    expect(wrong.code).toBe('A0250');
    expect(wrong.msg).toBe('安全令牌不匹配，请刷新页面');
    const token = await t().login();
    const info = await t().call('user/info', {}, { token, headers: { cookie: 'XSRF-TOKEN=abc123' } });
    expect(info.status).toBe(403);
  });

  it('accepts the call when the header echoes the cookie, and clients without the cookie', async () => {
    const ok = await t().call<{ token: string }>('login', loginBody, { headers: { cookie: 'XSRF-TOKEN=abc123', 'x-xsrf-token': 'abc123' } });
    expect(ok.status).toBe(200);
    expect(ok.error_code).toBe('0');
    const info = await t().call('user/info', {}, { token: ok.data.token, headers: { cookie: 'XSRF-TOKEN=abc123', 'x-xsrf-token': 'abc123' } });
    expect(info.error_code).toBe('0');
    expect((await t().call('user/info', {}, { token: ok.data.token })).error_code).toBe('0');
  });

  it('applies to a call whatever spelling of its path the router accepts (percent-encoding)', async () => {
    const token = await t().login();
    for (const url of ['/v1/%6Fperator/user/info', '/%761/operator/user/info', '/v1/operator/%75ser/info', '/v1/operator/user/inf%6F', '/%76%31/%6f%70erator/login']) {
      const res = await t().app.inject({
        method: 'POST',
        url,
        payload: url.endsWith('login') ? loginBody : { token },
        headers: { cookie: 'XSRF-TOKEN=abc', 'accept-language': 'en' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ code: 'A0250', msg: 'Security token mismatch, please reload the page' });
    }
    // The same spelling with the matching header is the call itself.
    const ok = await t().app.inject({
      method: 'POST',
      url: '/v1/%6Fperator/user/info',
      payload: { token },
      headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ error_code: '0' });
  });

  it('lets "Try it out" on /docs make calls: its requests echo the cookie that loading /docs set', async () => {
    const page = await t().app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    const issued = /^XSRF-TOKEN=([^;]+);/.exec(String(page.headers['set-cookie'] ?? ''));
    expect(issued, 'GET /docs issues the cookie').not.toBeNull();
    const cookie = issued![1]!;
    const script = await t().app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('requestInterceptor');

    // Run the served initializer as the browser would, on a page of http://console.test/docs/
    // holding that cookie, and take the configuration it hands Swagger UI.
    const configs: Array<{ requestInterceptor?: (r: Record<string, unknown>) => Record<string, unknown> }> = [];
    const browser: Record<string, unknown> = {
      URL,
      location: { href: 'http://console.test/docs/', origin: 'http://console.test' },
      document: { cookie: `other=1; XSRF-TOKEN=${cookie}; last=2`, body: {}, createElement: () => ({ href: '' }), querySelector: () => null },
      MutationObserver: class {
        observe() {}
        disconnect() {}
      },
      SwaggerUIBundle: Object.assign(
        (config: (typeof configs)[number]) => {
          configs.push(config);
          return { initOAuth: () => undefined };
        },
        { presets: { apis: {} }, plugins: { DownloadUrl: {} } },
      ),
      SwaggerUIStandalonePreset: {},
    };
    browser.window = browser;
    vm.createContext(browser);
    vm.runInContext(script.body, browser);
    (browser.onload as () => void)();
    const intercept = configs[0]?.requestInterceptor;
    expect(typeof intercept).toBe('function');

    const request = intercept!({ url: 'http://console.test/v1/operator/login', method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(request.headers).toEqual({ 'Content-Type': 'application/json', 'X-XSRF-TOKEN': cookie });
    const tried = await t().app.inject({
      method: 'POST',
      url: '/v1/operator/login',
      payload: loginBody,
      headers: { ...(request.headers as Record<string, string>), cookie: `XSRF-TOKEN=${cookie}` },
    });
    expect(tried.statusCode).toBe(200);
    expect(tried.json()).toMatchObject({ error_code: '0' });
    // The rule itself is unchanged: the same call without the header is still refused.
    const bare = await t().app.inject({ method: 'POST', url: '/v1/operator/login', payload: loginBody, headers: { cookie: `XSRF-TOKEN=${cookie}` } });
    expect(bare.statusCode).toBe(403);

    // The token goes to no other origin, and a page without the cookie sends no header.
    expect(intercept!({ url: 'https://elsewhere.test/v1/operator/login', headers: {} }).headers).toEqual({});
    (browser.document as { cookie: string }).cookie = 'other=1';
    expect(intercept!({ url: 'http://console.test/v1/operator/login', headers: {} }).headers).toEqual({});
  });
});
