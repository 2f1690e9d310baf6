import { expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';

describeOnDatabases('app basics', (t) => {
  it('answers the health check', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with 404 {code,msg}', async () => {
    const res = await t().call('no/such/call');
    expect(res.status).toBe(404);
    expect(res.code).toBe('A0404');
  });

  it('answers a URL that cannot be decoded with 400 {code:"A0400",msg}, like the other transport errors', async () => {
    for (const [method, url] of [['POST', '/v1/operator/%E0%A4%A'], ['GET', '/%'], ['POST', '/v1/operator/user/%ZZinfo']] as const) {
      const res = await t().app.inject({ method, url, payload: method === 'POST' ? {} : undefined, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      const body = res.json() as { code: string; msg: string };
      expect(Object.keys(body).sort(), url).toEqual(['code', 'msg']);
      expect(body.code, url).toBe('A0400');
      expect(body.msg, url).toMatch(/^Invalid parameter/);
    }
    const zh = await t().app.inject({ method: 'GET', url: '/%', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json()).toMatchObject({ code: 'A0400' });
    expect((zh.json() as { msg: string }).msg).toMatch(/^参数错误/);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
  });
});

