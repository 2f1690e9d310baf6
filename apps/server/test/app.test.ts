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

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
  });
});

