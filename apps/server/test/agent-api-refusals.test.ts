/**
 * Refusals of the agent API under a flood (docs/security.md, "Agent API"): limited per address and
 * per app id (HTTP 429 A0429), written to the operation log one by one only up to a bound and then
 * summed up in one row, and never under an account the caller named.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createAgentClient, signRequest } from '@console/agent-client';
import { ErrorCode } from '@console/contract';
import { API_REFUSAL_LIMITS, API_REFUSALS_SUMMARY_ACTION, RefusalGate } from '../src/modules/agent-api/refusals.ts';
import { ApiRefusal } from '../src/modules/agent-api/service.ts';
import { describeOnDatabases, injectFetch, type CallResult } from './harness.ts';
import { createDimensions } from './domain-fixtures.ts';

type Row = Record<string, unknown>;
type Key = { id: number; app_id: string; secret: string };

describeOnDatabases('agent API: refusals limited, logged within bounds, under no account', (t) => {
  const keys: Record<'A1' | 'B1', Key> = {} as never;
  let op: string;
  /** Every answer that was a refusal (401, 403 or 429), for the summary's count. */
  let refusedAnswers = 0;

  const ok = <T>(r: CallResult<T>): T => {
    expect(r.error_code, `${r.error_code} ${r.error_msg}`).toBe('0');
    return r.data;
  };
  const body = JSON.stringify({ agent_code: 'A1', account: 'alice' });
  /** A balance request naming `appId`, signed with `secret` (a wrong one: a bad signature), from `ip`. */
  const send = async (appId: string, secret: string, ip: string) => {
    const path = '/v1/api/player/balance';
    const res = await t().app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': ip, ...signRequest({ appId, secret, path, body }) },
    });
    if (res.statusCode !== 200) refusedAnswers++;
    return { status: res.statusCode, code: (res.json() as Row).code ?? (res.json() as Row).error_code, retryAfter: res.headers['retry-after'] };
  };
  const good = (key: 'A1' | 'B1', ip: string) => send(keys[key].app_id, keys[key].secret, ip);
  /** `n` requests at once, `width` at a time. */
  const flood = async (n: number, width: number, one: (i: number) => ReturnType<typeof send>) => {
    const out: Array<Awaited<ReturnType<typeof send>>> = [];
    for (let i = 0; i < n; i += width) out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, j) => one(i + j)))));
    return out;
  };
  const apiRows = () =>
    t().database.db.selectFrom('operation_log').select(['operator_account', 'agent_code', 'action', 'target', 'summary', 'ip', 'result_code']).where('action', 'like', 'api/%').execute();

  beforeAll(async () => {
    const dims = await createDimensions(t().database.db);
    op = await t().login();
    ok(await t().call('agent/edit', { id: dims.agent.A1, ip_whitelist: ['10.1.0.0/16'] }, { token: op }));
    ok(await t().call('agent/edit', { id: dims.agent.B1, ip_whitelist: ['10.2.0.0/16'] }, { token: op }));
    for (const code of ['A1', 'B1'] as const) keys[code] = ok(await t().call<Key>('key/add', { agent_id: dims.agent[code], type: 'agent', remark: code }, { token: op }));
    const a1 = createAgentClient({ baseUrl: 'http://console.test', appId: keys.A1.app_id, secret: keys.A1.secret, fetch: injectFetch(t().app), headers: { 'x-forwarded-for': '10.1.2.3' } });
    await a1.playerCreate({ agent_code: 'A1', account: 'alice' });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('answers a flood of bad signatures from one address 429 past the limit, with the wait, and logs a bounded number of rows', async () => {
    const before = (await apiRows()).length;
    // 250 requests, as fast as they come: half under the name "admin" (no such key), half with A1's app id and a wrong secret.
    const answers = await flood(250, 25, (i) => send(i % 2 ? 'admin' : keys.A1.app_id, 'not-the-secret', '10.1.9.9'));
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 401).length).toBe(API_REFUSAL_LIMITS.perAddress);
    expect(limited.length).toBe(250 - API_REFUSAL_LIMITS.perAddress);
    expect(limited.every((a) => a.code === ErrorCode.RateLimited && Number(a.retryAfter) >= 1 && Number(a.retryAfter) <= 60)).toBe(true);
    expect(new Set(answers.filter((a) => a.status === 401).map((a) => a.code))).toEqual(new Set([ErrorCode.ApiKeyInvalid, ErrorCode.ApiSignatureInvalid]));
    const rows = (await apiRows()).slice(before);
    expect(rows.length).toBe(API_REFUSAL_LIMITS.loggedPerKey);
  });

  it('names no account in a refusal row: the app id and the address are its data', async () => {
    const rows = await apiRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.operator_account !== '')).toEqual([]);
    const forged = rows.filter((r) => JSON.parse(String(r.summary)).app_id === 'admin');
    expect(forged.length).toBeGreaterThan(0);
    expect(forged.every((r) => r.target === '' && r.agent_code === '' && r.ip === '10.1.9.9' && r.result_code === ErrorCode.ApiKeyInvalid)).toBe(true);
    const named = rows.filter((r) => JSON.parse(String(r.summary)).app_id === keys.A1.app_id);
    expect(named.every((r) => r.target === `key:${keys.A1.app_id}` && r.agent_code === 'A1' && r.result_code === ErrorCode.ApiSignatureInvalid)).toBe(true);
    // The operators' log, searched for the account "admin", shows only what admin did.
    const log = ok(await t().call<{ list: Row[] }>('log/list', { operator_account: 'admin', page: 1, page_size: 200 }, { token: op }));
    expect(log.list.filter((r) => String(r.action).startsWith('api/'))).toEqual([]);
  });

  it('still answers a good request from another address, and its own address again only when the minute is over', async () => {
    expect((await good('A1', '10.1.2.3')).status).toBe(200);
    expect((await good('B1', '10.2.0.9')).status).toBe(200);
    // The flooded address is refused before anything is checked, good signature or not.
    expect(await good('A1', '10.1.9.9')).toMatchObject({ status: 429, code: ErrorCode.RateLimited });
  });

  it('answers refusals naming one app id from many addresses 429 past its limit, while the key itself still works', async () => {
    const before = (await apiRows()).length;
    const n = API_REFUSAL_LIMITS.perAppId + 30;
    // Two requests per address, never near the address limit.
    const answers = await flood(n, 20, (i) => send(keys.B1.app_id, 'not-the-secret', `10.3.${Math.floor(i / 2) >> 8}.${Math.floor(i / 2) & 255}`));
    expect(answers.filter((a) => a.status === 401).length).toBe(API_REFUSAL_LIMITS.perAppId);
    expect(answers.filter((a) => a.status === 429 && a.code === ErrorCode.RateLimited).length).toBe(30);
    expect((await apiRows()).length - before).toBe(API_REFUSAL_LIMITS.loggedPerKey);
    // B1's own system, signing with its secret from its whitelist, is not shut out by refusals made in its name.
    expect((await good('B1', '10.2.0.9')).status).toBe(200);
    expect((await good('A1', '10.1.2.4')).status).toBe(200);
  });

  it('sums up the refusals not logged one by one in one row when the minute is over, and serves the flooded address again', async () => {
    const logged = (await apiRows()).filter((r) => r.action !== API_REFUSALS_SUMMARY_ACTION).length;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + API_REFUSAL_LIMITS.windowMs + 1000);
    // The next refusal ends the window: its summary is written, and this one is logged on its own.
    expect(await send('nosuchkey', 'x', '10.4.0.1')).toMatchObject({ status: 401, code: ErrorCode.ApiKeyInvalid });
    const rows = await apiRows();
    const summaries = rows.filter((r) => r.action === API_REFUSALS_SUMMARY_ACTION);
    expect(summaries).toHaveLength(1);
    const s = summaries[0]!;
    expect(s).toMatchObject({ operator_account: '', agent_code: '', target: '', result_code: ErrorCode.RateLimited });
    const summary = JSON.parse(String(s.summary)) as { refusals: number; answered_429: number; addresses: Record<string, number>; app_ids: Record<string, number> };
    // Every refusal answered so far is either a row of its own or counted in the summary (the last one is a row).
    expect(logged + summary.refusals).toBe(refusedAnswers - 1);
    expect(summary.answered_429).toBe(250 - API_REFUSAL_LIMITS.perAddress + 30 + 1);
    expect(summary.addresses['10.1.9.9']).toBe(250 - API_REFUSAL_LIMITS.loggedPerKey + 1);
    expect(summary.app_ids.admin).toBeGreaterThan(0);
    expect(rows.length).toBe(logged + 2);
    expect(rows.length).toBeLessThan(3 * API_REFUSAL_LIMITS.loggedPerKey + 2);
    // A new minute: the address that flooded is served again.
    expect((await good('A1', '10.1.9.9')).status).toBe(200);
  });
});

describeOnDatabases('agent API refusal gate: the summary of a quiet window', (t) => {
  const summaries = () => t().database.db.selectFrom('operation_log').select(['summary', 'ip', 'operator_account']).where('action', '=', API_REFUSALS_SUMMARY_ACTION).execute();
  const refusal = (appId: string) => new ApiRefusal(401, ErrorCode.ApiSignatureInvalid, appId, 'A1');

  it('is written when the window ends with no refusal after it, and what is pending at close', async () => {
    const gate = new RefusalGate(t().database, { ...API_REFUSAL_LIMITS, windowMs: 300, perAddress: 3, loggedPerKey: 1 });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await gate.refused({ path: 'transfer', ip: '10.5.0.1' }, refusal('agt_x'))).status);
    expect(answers).toEqual([401, 401, 401, 429, 429]);
    expect(gate.addressLimited('10.5.0.1')).toBeGreaterThan(0);
    expect(gate.addressLimited('10.5.0.2')).toBe(0);
    expect(await summaries()).toEqual([]);
    await vi.waitFor(async () => expect(await summaries()).toHaveLength(1), { timeout: 5000, interval: 50 });
    const [row] = await summaries();
    expect(row).toMatchObject({ ip: '10.5.0.1', operator_account: '' });
    expect(JSON.parse(String(row!.summary))).toMatchObject({ refusals: 5, answered_429: 3, addresses: { '10.5.0.1': 5 }, app_ids: { agt_x: 4 } });
    // A new window: the address is served again; a refusal left unlogged is summed up at close.
    expect(gate.addressLimited('10.5.0.1')).toBe(0);
    await gate.refused({ path: 'transfer', ip: '10.5.0.3' }, refusal('agt_y'));
    await gate.refused({ path: 'transfer', ip: '10.5.0.3' }, refusal('agt_y'));
    await gate.close();
    expect(await summaries()).toHaveLength(2);
  });
});
