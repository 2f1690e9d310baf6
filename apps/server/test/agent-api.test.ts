/**
 * The agent API (docs/product.md, "The agent API"): signed requests from an agent's own system,
 * through the reference client (packages/agent-client), against the real server and database.
 */
import { beforeAll, expect, it } from 'vitest';
import { createAgentClient, signRequest, AgentApiError, type AgentClient } from '@console/agent-client';
import { agentApi, ErrorCode } from '@console/contract';
import { checkAggregates } from '../src/modules/aggregate/maintenance.ts';
import { toNumber } from '../src/db/sql.ts';
import { agentApiRefusal as refusal, describeOnDatabases, injectFetch, type CallResult } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ledgerProblems, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';

type Row = Record<string, unknown>;

const A_ADDRESS = '10.1.2.3';

describeOnDatabases('agent API: signed calls of an agent\'s own system', (t) => {
  let dims: Dimensions;
  let op: string;
  let ingest: string;
  const keys: Record<string, { id: number; app_id: string; secret: string }> = {};

  const ok = <T>(r: CallResult<T>): T => {
    expect(r.error_code, `${r.error_code} ${r.error_msg}`).toBe('0');
    return r.data;
  };
  const operator = <T = Row>(path: string, body: Row = {}) => t().call<T>(path, body, { token: op });
  const client = (key: string, ip = A_ADDRESS): AgentClient =>
    createAgentClient({ baseUrl: 'http://console.test', appId: keys[key]!.app_id, secret: keys[key]!.secret, fetch: injectFetch(t().app), headers: { 'x-forwarded-for': ip } });
  /** A raw signed request, for tests that change what was signed. */
  const raw = async (key: string, path: string, body: string, sign: Partial<{ path: string; body: string; timestamp: string; nonce: string; secret: string }> = {}, headers: Record<string, string> = {}) => {
    const k = keys[key]!;
    const signed = signRequest({ appId: k.app_id, secret: sign.secret ?? k.secret, path: sign.path ?? `/v1/api/${path}`, body: sign.body ?? body, timestamp: sign.timestamp, nonce: sign.nonce });
    const res = await t().app.inject({ method: 'POST', url: `/v1/api/${path}`, payload: body, headers: { 'content-type': 'application/json', 'x-forwarded-for': A_ADDRESS, ...signed, ...headers } });
    return { status: res.statusCode, body: res.json() as Row };
  };
  const balance = async (account: string, agent = 'A1') => (await client('A1').playerBalance({ agent_code: agent, account })).balance;

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    op = await t().login();
    ingest = await ingestAuth(t(), op);
    ok(await operator('agent/edit', { id: dims.agent.A1, ip_whitelist: ['10.1.0.0/16'] }));
    ok(await operator('agent/edit', { id: dims.agent['A1-1'], ip_whitelist: ['10.1.2.0/24'] }));
    ok(await operator('agent/edit', { id: dims.agent.B1, ip_whitelist: ['10.2.0.0/16'] }));
    for (const code of ['A1', 'A1-1', 'B1'] as const) {
      keys[code] = ok(await operator<{ id: number; app_id: string; secret: string }>('key/add', { agent_id: dims.agent[code], type: 'agent', remark: code }));
    }
    const a = client('A1');
    for (const account of ['alice', 'bob', 'carol']) await a.playerCreate({ agent_code: 'A1', account });
    await a.playerCreate({ agent_code: 'A1-1', account: 'dave' });
    await client('B1', '10.2.0.9').playerCreate({ agent_code: 'B1', account: 'erin' });
  });

  it('signs as documented: the worked example recomputes with the reference client, and /docs shows it', async () => {
    const ex = agentApi.AGENT_API_SIGNING_EXAMPLE;
    expect(signRequest({ appId: ex.appId, secret: ex.secret, path: ex.path, body: ex.body, timestamp: ex.timestamp, nonce: ex.nonce })['X-Signature']).toBe(ex.signature);
    const doc = (await t().app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, { post: { description: string } }> };
    expect(doc.paths['/v1/api/transfer']!.post.description).toContain(ex.signature);
  });

  it('creates players idempotently in the agent\'s currency and answers balances', async () => {
    const a = client('A1');
    expect(await a.playerCreate({ agent_code: 'A1', account: 'alice' })).toMatchObject({ account: 'alice', currency_code: 'CNY', created: false });
    expect(await a.playerCreate({ agent_code: 'A1-1-1', account: 'frank' })).toMatchObject({ account: 'frank', currency_code: 'USD', created: true });
    expect(await a.playerBalance({ agent_code: 'A1', account: 'alice' })).toEqual({ account: 'alice', balance: '0.0000', currency_code: 'CNY' });
    expect(await refusal(a.playerBalance({ agent_code: 'A1', account: 'nobody' }))).toEqual([200, ErrorCode.NotFound]);
  });

  it('moves money in and out, answers a repeat once, refuses a changed repeat naming the field, an overdraft and a seamless agent', async () => {
    const a = client('A1');
    const first = await a.transfer({ agent_code: 'A1', account: 'bob', order_id: 'T-100', direction: 'in', amount: '100.5' });
    expect(first).toMatchObject({ order_id: 'T-100', direction: 'in', amount: '100.5000', balance_before: '0.0000', balance_after: '100.5000', currency_code: 'CNY', status: 'done' });
    expect(await a.transfer({ agent_code: 'A1', account: 'bob', order_id: 'T-100', direction: 'in', amount: '100.50' })).toEqual(first);
    const changed = await a.transfer({ agent_code: 'A1', account: 'bob', order_id: 'T-100', direction: 'in', amount: '7' }).catch((e: AgentApiError) => e);
    expect(changed).toMatchObject({ code: ErrorCode.InvalidParameter, data: { field: 'amount', reason: 'order_id_reused' } });
    expect(await a.transferStatus({ agent_code: 'A1', order_id: 'T-100' })).toEqual(first);
    expect(await refusal(a.transferStatus({ agent_code: 'A1', order_id: 'T-404' }))).toEqual([200, ErrorCode.NotFound]);
    expect(await a.transfer({ agent_code: 'A1', account: 'bob', order_id: 'T-101', direction: 'out', amount: '0.5' })).toMatchObject({ balance_before: '100.5000', balance_after: '100.0000' });
    expect(await refusal(a.transfer({ agent_code: 'A1', account: 'bob', order_id: 'T-102', direction: 'out', amount: '100.0001' }))).toEqual([200, ErrorCode.InsufficientBalance]);
    expect(await balance('bob')).toBe('100.0000');
    // Another agent's order ids are its own.
    expect(await a.transfer({ agent_code: 'A1-1', account: 'dave', order_id: 'T-100', direction: 'in', amount: '5' })).toMatchObject({ balance_after: '5.0000' });

    // The bill ledger shows them with the agent's order id and "api" as their source.
    const bills = ok(await operator<{ list: Row[] }>('bill/list', { page: 1, page_size: 50, order_id: 'T-100' })).list;
    expect(bills.map((b) => [b.player_account, b.order_id, b.source]).sort()).toEqual([['bob', 'T-100', 'api'], ['dave', 'T-100', 'api']]);

    await t().database.db.updateTable('agent').set({ wallet_mode: 2 }).where('id', '=', dims.agent['A1-1']).execute();
    const seamless = await a.transfer({ agent_code: 'A1-1', account: 'dave', order_id: 'T-103', direction: 'in', amount: '5' }).catch((e: AgentApiError) => e);
    expect(seamless).toMatchObject({ code: ErrorCode.InvalidParameter, data: { field: 'agent_code', reason: 'seamless_wallet' } });
    await t().database.db.updateTable('agent').set({ wallet_mode: 1 }).where('id', '=', dims.agent['A1-1']).execute();

    // A disabled player takes no money in; money may still leave.
    const carol = await t().database.db.selectFrom('player').select('id').where('account', '=', 'carol').executeTakeFirstOrThrow();
    await a.transfer({ agent_code: 'A1', account: 'carol', order_id: 'T-104', direction: 'in', amount: '3' });
    ok(await operator('player/status/edit', { player_id: toNumber(carol.id), status: 2 }));
    const disabled = await a.transfer({ agent_code: 'A1', account: 'carol', order_id: 'T-105', direction: 'in', amount: '3' }).catch((e: AgentApiError) => e);
    expect(disabled).toMatchObject({ code: ErrorCode.InvalidParameter, data: { field: 'account' } });
    await a.transfer({ agent_code: 'A1', account: 'carol', order_id: 'T-106', direction: 'out', amount: '3' });
    ok(await operator('player/status/edit', { player_id: toNumber(carol.id), status: 1 }));
    expect(await ledgerProblems(t().database.db)).toEqual([]);
  });

  it("keeps a key to its agent's sub-tree: nothing of a sibling's agents or players", async () => {
    const a = client('A1');
    const sub = client('A1-1');
    for (const p of [
      () => a.playerCreate({ agent_code: 'B1', account: 'x' }),
      () => a.playerBalance({ agent_code: 'B1', account: 'erin' }),
      () => a.transfer({ agent_code: 'B1', account: 'erin', order_id: 'X-1', direction: 'in', amount: '1' }),
      () => a.transferStatus({ agent_code: 'B1', order_id: 'X-1' }),
      () => a.bets({ agent_code: 'B1', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-07T00:00:00Z' }),
      () => a.reportDaily({ agent_code: 'B1', start_date: '2026-01-01', end_date: '2026-01-07' }),
      // A sub-agent's key reaches no higher than its own agent.
      () => sub.playerBalance({ agent_code: 'A1', account: 'bob' }),
      () => a.playerBalance({ agent_code: 'nosuch', account: 'bob' }),
    ]) {
      expect(await refusal(p())).toEqual([200, ErrorCode.NoPermission]);
    }
    // A player of B1 named under A1 is simply not there.
    expect(await refusal(a.playerBalance({ agent_code: 'A1', account: 'erin' }))).toEqual([200, ErrorCode.NotFound]);
    expect(await sub.playerBalance({ agent_code: 'A1-1', account: 'dave' })).toMatchObject({ account: 'dave' });
  });

  it('refuses every bad signing with its code, logs it without the secret, and moves nothing', async () => {
    const body = JSON.stringify({ agent_code: 'A1', account: 'alice', order_id: 'S-1', direction: 'in', amount: '10' });
    const old = String(Math.floor(Date.now() / 1000) - agentApi.AGENT_API_CLOCK_WINDOW_SECONDS - 5);
    // Signed at one second, sent claiming the next: never the same second, whenever the case runs.
    const signedAt = String(Math.floor(Date.now() / 1000));
    const later = String(Number(signedAt) + 1);
    const cases: Array<[string, () => ReturnType<typeof raw>, number, string]> = [
      ['wrong secret', () => raw('A1', 'transfer', body, { secret: 'not-the-secret' }), 401, ErrorCode.ApiSignatureInvalid],
      ['changed body', () => raw('A1', 'transfer', body.replace('10', '99'), { body }), 401, ErrorCode.ApiSignatureInvalid],
      ['changed path', () => raw('A1', 'transfer', body, { path: '/v1/api/player/balance' }), 401, ErrorCode.ApiSignatureInvalid],
      ['changed timestamp', () => raw('A1', 'transfer', body, { timestamp: signedAt }, { 'x-timestamp': later }), 401, ErrorCode.ApiSignatureInvalid],
      ['old timestamp', () => raw('A1', 'transfer', body, { timestamp: old }), 401, ErrorCode.ApiTimestampInvalid],
      ['short nonce', () => raw('A1', 'transfer', body, { nonce: 'short' }), 401, ErrorCode.ApiNonceReplayed],
      ['unknown key', () => raw('A1', 'transfer', body, {}, { 'x-app-id': 'agt_nosuchkey' }), 401, ErrorCode.ApiKeyInvalid],
      ['off the whitelist', () => raw('A1', 'transfer', body, {}, { 'x-forwarded-for': '10.9.9.9' }), 403, ErrorCode.NoPermission],
    ];
    for (const [what, send, status, code] of cases) {
      const r = await send();
      expect([r.status, r.body.code], what).toEqual([status, code]);
    }
    const nonce = 'n'.repeat(20);
    expect((await raw('A1', 'player/balance', JSON.stringify({ agent_code: 'A1', account: 'alice' }), { nonce })).status).toBe(200);
    const again = await raw('A1', 'player/balance', JSON.stringify({ agent_code: 'A1', account: 'alice' }), { nonce });
    expect([again.status, again.body.code]).toEqual([401, ErrorCode.ApiNonceReplayed]);
    expect(await balance('alice')).toBe('0.0000');
    const logged = await t().database.db.selectFrom('operation_log').selectAll().where('action', '=', 'api/transfer').where('result_code', '<>', '0').execute();
    expect(logged.length).toBeGreaterThanOrEqual(cases.length);
    // The app id and address are the row's data; no account is named (the caller wrote the app id).
    expect(logged.some((r) => JSON.parse(r.summary).app_id === keys.A1!.app_id && r.target === `key:${keys.A1!.app_id}` && r.agent_code === 'A1' && r.ip === '10.9.9.9')).toBe(true);
    expect(logged.filter((r) => r.operator_account !== '')).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain(keys.A1!.secret);
  });

  it('refuses a replayed transfer — done, refused, invalid or sent twice at once — and moves nothing for it', async () => {
    const send = (body: object, nonce: string) => raw('A1', 'transfer', JSON.stringify({ agent_code: 'A1', account: 'carol', ...body }), { nonce });
    const replayRefused = (r: Awaited<ReturnType<typeof raw>>) => expect([r.status, r.body.code]).toEqual([401, ErrorCode.ApiNonceReplayed]);
    // Done: the nonce committed with the transfer.
    const done = await send({ order_id: 'R-1', direction: 'in', amount: '5' }, 'replay-done-0000001');
    expect([done.status, done.body.error_code, (done.body.data as Row).balance_after]).toEqual([200, '0', '5.0000']);
    replayRefused(await send({ order_id: 'R-1', direction: 'in', amount: '5' }, 'replay-done-0000001'));
    // Refused (overdraft): its transaction rolled back, the nonce is used all the same.
    const over = await send({ order_id: 'R-2', direction: 'out', amount: '50' }, 'replay-over-0000001');
    expect([over.status, over.body.error_code]).toEqual([200, ErrorCode.InsufficientBalance]);
    replayRefused(await send({ order_id: 'R-2', direction: 'out', amount: '50' }, 'replay-over-0000001'));
    // Invalid body, and a repeat answered from the ledger: no write of their own, nonce used.
    expect((await send({ order_id: 'R-3', direction: 'sideways', amount: '1' }, 'replay-bad-00000001')).body.error_code).toBe(ErrorCode.InvalidParameter);
    replayRefused(await send({ order_id: 'R-3', direction: 'sideways', amount: '1' }, 'replay-bad-00000001'));
    expect((await send({ order_id: 'R-1', direction: 'in', amount: '5' }, 'replay-repeat-00001')).body.error_code).toBe('0');
    replayRefused(await send({ order_id: 'R-1', direction: 'in', amount: '5' }, 'replay-repeat-00001'));
    // The same signed request twice at once: one moves the money, the other is refused.
    const both = await Promise.all([0, 1].map(() => send({ order_id: 'R-4', direction: 'in', amount: '2' }, 'replay-twice-000001')));
    expect(both.map((r) => r.body.error_code ?? r.body.code).sort()).toEqual(['0', ErrorCode.ApiNonceReplayed].sort());
    expect(await balance('carol')).toBe('7.0000');
    const ledger = await t().database.db.selectFrom('ledger_entry').select('order_id').where('order_id', 'like', `api:${dims.agent.A1}:R-%`).execute();
    expect(ledger.map((r) => r.order_id).sort()).toEqual([`api:${dims.agent.A1}:R-1`, `api:${dims.agent.A1}:R-4`]);
  });

  it('refuses a disabled, expired or rotated-away key, a disabled agent or ancestor, and an empty whitelist', async () => {
    const call = () => refusal(client('A1-1').playerBalance({ agent_code: 'A1-1', account: 'dave' }));
    expect(await call()).toEqual(['answered']);
    ok(await operator('key/status/edit', { id: keys['A1-1']!.id, status: 2 }));
    expect(await call()).toEqual([401, ErrorCode.ApiKeyInvalid]);
    ok(await operator('key/status/edit', { id: keys['A1-1']!.id, status: 1 }));
    await t().database.db.updateTable('api_key').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', keys['A1-1']!.id).execute();
    expect(await call()).toEqual([401, ErrorCode.ApiKeyInvalid]);
    await t().database.db.updateTable('api_key').set({ expires_at: null }).where('id', '=', keys['A1-1']!.id).execute();
    for (const agent of ['A1-1', 'A1'] as const) {
      ok(await operator('agent/edit', { id: dims.agent[agent], status: 2 }));
      expect(await call(), agent).toEqual([401, ErrorCode.ApiKeyInvalid]);
      ok(await operator('agent/edit', { id: dims.agent[agent], status: 1 }));
    }
    // The key's own agent's whitelist decides; an empty one admits no address.
    expect(await call()).toEqual(['answered']);
    ok(await operator('agent/edit', { id: dims.agent['A1-1'], ip_whitelist: [] }));
    expect(await call()).toEqual([403, ErrorCode.NoPermission]);
    ok(await operator('agent/edit', { id: dims.agent['A1-1'], ip_whitelist: ['10.1.2.0/24'] }));
    const rotated = ok(await operator<{ secret: string }>('key/rotate', { id: keys['A1-1']!.id }));
    expect(await call()).toEqual([401, ErrorCode.ApiSignatureInvalid]);
    keys['A1-1']!.secret = rotated.secret;
    expect(await call()).toEqual(['answered']);
    // The key screen shows when and from where each key was last used.
    const listed = ok(await operator<{ list: Row[] }>('key/list', { agent_id: dims.agent['A1-1'] })).list;
    expect(listed[0]).toMatchObject({ last_used_ip: A_ADDRESS });
  });

  it('keeps wallet, ledger and reports in agreement under 50 parallel transfers mixed with ingest batches and adjustments', async () => {
    const a = client('A1');
    const players = ['p1', 'p2', 'p3'];
    for (const p of players) {
      await a.playerCreate({ agent_code: 'A1', account: p });
      await a.transfer({ agent_code: 'A1', account: p, order_id: `seed-${p}`, direction: 'in', amount: '1000' });
    }
    const ids = new Map((await t().database.db.selectFrom('player').select(['id', 'account']).where('account', 'in', players).execute()).map((r) => [r.account, toNumber(r.id)]));
    const transfers = Array.from({ length: 50 }, (_, i) => ({
      agent_code: 'A1',
      account: players[i % 3]!,
      // Every fifth order id is sent twice; the rest once.
      order_id: `C-${i % 5 === 0 ? Math.floor(i / 5) : 100 + i}`,
      direction: (i % 2 ? 'out' : 'in') as 'in' | 'out',
      amount: `${(i % 7) + 1}.25`,
    }));
    const repeats = transfers.flatMap((tr, i) => (i % 5 === 0 ? [tr] : []));
    const work: Array<Promise<unknown>> = [
      ...[...transfers, ...repeats].map((tr) => a.transfer(tr).catch((e: unknown) => e)),
      ...[0, 1, 2].map((k) => postIngest(t(), 'bets', players.map((p) => betRecord({ player_account: p, bet_amount: '2.0000', valid_bet_amount: '2.0000', payout_amount: `${k}.0000` })), ingest)),
      ...[0, 1].map((k) => postIngest(t(), 'transfers', players.map((p) => transferRecord({ player_account: p, amount: '4.0000', direction: k ? 'out' : 'in' })), ingest)),
      ...players.map((p, k) =>
        operator('player/wallet/adjust', { player_id: ids.get(p), currency_id: dims.currency.CNY, direction: k % 2 ? 'debit' : 'credit', amount: '1.5', remark: 'test', request_id: `adj-${p}-xyz` }),
      ),
    ];
    const results = await Promise.all(work);
    // Every transfer answered (none refused: the balances cover every out).
    const answers = results.slice(0, transfers.length + repeats.length) as Array<agentApi.AgentApiTransfer | Error>;
    expect(answers.filter((r) => r instanceof Error)).toEqual([]);
    // Each distinct order id stored once; its repeats answered with the same result.
    const stored = await t().database.db.selectFrom('ledger_entry').select(['order_id']).where('order_id', 'like', `api:${dims.agent.A1}:C-%`).execute();
    expect(stored.length).toBe(new Set(transfers.map((tr) => tr.order_id)).size);
    const byOrder = new Map<string, agentApi.AgentApiTransfer>();
    for (const r of answers as agentApi.AgentApiTransfer[]) {
      const seen = byOrder.get(r.order_id);
      if (seen) expect(r).toEqual(seen);
      else byOrder.set(r.order_id, r);
    }
    expect(await ledgerProblems(t().database.db)).toEqual([]);
    expect(await checkAggregates(t().database)).toEqual([]);
  }, 60_000);

  it('pages every bet of a range exactly once while bets keep arriving', async () => {
    const a = client('A1');
    const start = '2026-03-01T00:00:00Z';
    const end = '2026-03-03T00:00:00Z';
    const bet = (i: number, agent = 'A1') =>
      betRecord({ agent_code: agent, player_account: agent === 'A1' ? 'p1' : 'p-b', currency_code: agent === 'A1' ? 'CNY' : 'VND', bet_amount: '1.0000', valid_bet_amount: '1.0000', bet_time: new Date(Date.parse(start) + i * 60_000).toISOString(), settle_time: new Date(Date.parse(start) + i * 60_000 + 1000).toISOString() });
    await postIngest(t(), 'transfers', [transferRecord({ agent_code: 'B1', player_account: 'p-b', currency_code: 'VND', amount: '100000.0000' })], ingest);
    const expected = new Set<string>();
    const first = Array.from({ length: 120 }, (_, i) => bet(i));
    first.forEach((b) => expected.add(b.bet_id));
    expect((await postIngest(t(), 'bets', first, ingest)).error_code).toBe('0');
    // Meanwhile: more batches into the same range (out of time order), and B1's bets that must never show.
    const arriving = (async () => {
      for (let k = 0; k < 8; k++) {
        const batch = Array.from({ length: 40 }, (_, i) => bet(2000 - k * 40 - i));
        batch.forEach((b) => expected.add(b.bet_id));
        expect((await postIngest(t(), 'bets', [...batch, bet(k, 'B1')], ingest)).error_code).toBe('0');
      }
    })();
    const seen: string[] = [];
    let cursor: string | undefined;
    let done = false;
    let quiet = 0;
    arriving.then(() => (done = true));
    // Page until the arrivals are over and a page after that found nothing new.
    while (quiet < 2) {
      const page = await a.bets({ agent_code: 'A1', start_time: start, end_time: end, cursor, limit: 25 });
      seen.push(...page.list.map((b) => b.bet_id));
      for (const b of page.list) expect(b.agent_code).toBe('A1');
      cursor = page.next_cursor;
      if (!page.has_more && done) quiet++;
    }
    await arriving;
    const last = await a.bets({ agent_code: 'A1', start_time: start, end_time: end, cursor, limit: 5000 });
    seen.push(...last.list.map((b) => b.bet_id));
    expect(seen.length).toBe(new Set(seen).size);
    expect(new Set(seen)).toEqual(expected);
    expect(await refusal(a.bets({ agent_code: 'A1', start_time: start, end_time: '2026-03-20T00:00:00Z' }))).toEqual([200, ErrorCode.InvalidParameter]);
    expect(await refusal(a.bets({ agent_code: 'A1', start_time: '2026-03-02T00:00:00Z', end_time: end, cursor }))).toEqual([200, ErrorCode.InvalidParameter]);
  }, 60_000);

  it("answers the agent's daily report rows as the console's agent daily summary", async () => {
    const a = client('A1');
    const mine = await a.reportDaily({ agent_code: 'A1', start_date: '2026-01-01', end_date: '2026-03-31' });
    const console_ = ok(await operator<{ list: Row[]; summary: Row[] }>('agent/report/agent/daily/summary', { start_date: '2026-01-01', end_date: '2026-03-31', agent_id: dims.agent.A1, page: 1, page_size: 500 }));
    expect(mine.list).toEqual(console_.list);
    expect(mine.summary).toEqual(console_.summary);
    expect(mine.list.length).toBeGreaterThan(0);
  });
});
