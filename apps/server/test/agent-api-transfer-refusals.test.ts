/**
 * The agent API's `transfer` refusals, one by one (docs/product.md, "The agent API"): each of the
 * transfer pipeline's refusals answered with its code, the request's field and the reason, and
 * every form of an order id used again. Through the reference client, on both databases.
 */
import { beforeAll, expect, it } from 'vitest';
import { AgentApiError, createAgentClient, type AgentClient } from '@console/agent-client';
import { ErrorCode, MONEY_UNITS_MAX } from '@console/contract';
import { utcDayOf } from '../src/db/player-days.ts';
import { toNumber } from '../src/db/sql.ts';
import { describeOnDatabases, injectFetch, type CallResult } from './harness.ts';
import { createDimensions, type Dimensions } from './domain-fixtures.ts';

type Row = Record<string, unknown>;

const ADDRESS = '10.1.2.3';

describeOnDatabases('agent API: what a transfer is refused for, and how it says so', (t) => {
  let dims: Dimensions;
  let op: string;
  let a: AgentClient;

  const ok = <T>(r: CallResult<T>): T => {
    expect(r.error_code, `${r.error_code} ${r.error_msg}`).toBe('0');
    return r.data;
  };
  const operator = <T = Row>(path: string, body: Row = {}) => t().call<T>(path, body, { token: op });
  /** The refusal of a call: its HTTP status, code, data and English message. */
  const refused = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(err instanceof AgentApiError)) throw new Error(`expected a refusal, got ${String(err)}`);
    return { status: err.status, code: err.code, data: err.data, message: err.message };
  };
  const send = (account: string, order_id: string, direction: 'in' | 'out', amount: string, agent_code = 'A1') => a.transfer({ agent_code, account, order_id, direction, amount });

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    op = await t().login();
    ok(await operator('agent/edit', { id: dims.agent.A1, ip_whitelist: ['10.1.0.0/16'] }));
    const key = ok(await operator<{ app_id: string; secret: string }>('key/add', { agent_id: dims.agent.A1, type: 'agent', remark: 'A1' }));
    a = createAgentClient({
      baseUrl: 'http://console.test',
      appId: key.app_id,
      secret: key.secret,
      fetch: injectFetch(t().app),
      headers: { 'x-forwarded-for': ADDRESS, 'accept-language': 'en' },
    });
    for (const account of ['ann', 'ben']) await a.playerCreate({ agent_code: 'A1', account });
    await a.playerCreate({ agent_code: 'A1-1', account: 'cal' });
    await a.playerCreate({ agent_code: 'A1-1-1', account: 'dan' });
  });

  it('answers a repeat with the first result and refuses one that differs, naming the account, the direction or the amount', async () => {
    const first = await send('ann', 'R-1', 'in', '10');
    expect(first).toMatchObject({ order_id: 'R-1', account: 'ann', direction: 'in', amount: '10.0000', balance_before: '0.0000', balance_after: '10.0000' });
    await send('ann', 'R-2', 'out', '4');
    expect(await send('ann', 'R-1', 'in', '10.0000')).toEqual(first);
    const reused = (field: string) => ({
      status: 200,
      code: ErrorCode.InvalidParameter,
      data: { field, reason: 'order_id_reused' },
      message: `${ErrorCode.InvalidParameter}: ${field}: the order_id R-1 was already used for a different transfer`,
    });
    expect(await refused(send('ben', 'R-1', 'in', '10'))).toEqual(reused('account'));
    expect(await refused(send('ann', 'R-1', 'out', '10'))).toEqual(reused('direction'));
    expect(await refused(send('ann', 'R-1', 'in', '10.0001'))).toEqual(reused('amount'));
    // An account the agent does not know: a reused order id, or else no such player.
    expect(await refused(send('nobody', 'R-1', 'in', '10'))).toEqual(reused('account'));
    expect(await refused(send('nobody', 'R-3', 'in', '10'))).toMatchObject({ status: 200, code: ErrorCode.NotFound });
    // The same order id is another agent's own.
    expect(await send('cal', 'R-1', 'out', '0.0001', 'A1-1').catch((e: AgentApiError) => e.data)).toEqual({ field: 'amount', reason: 'insufficient_balance' });
    expect((await a.playerBalance({ agent_code: 'A1', account: 'ann' })).balance).toBe('6.0000');
  });

  it('refuses money out beyond the balance with A0420, and money in past what a wallet or one transfer holds', async () => {
    expect(await refused(send('ben', 'O-1', 'out', '0.5'))).toEqual({
      status: 200,
      code: ErrorCode.InsufficientBalance,
      data: { field: 'amount', reason: 'insufficient_balance' },
      message: `${ErrorCode.InsufficientBalance}: amount: insufficient balance: the wallet holds 0.0000`,
    });
    const tooLarge = await refused(send('ben', 'O-2', 'in', '1000000000000'));
    expect(tooLarge).toEqual({
      status: 200,
      code: ErrorCode.InvalidParameter,
      data: { field: 'amount', reason: 'must have at most 12 digits before the point' },
      message: `${ErrorCode.InvalidParameter}: amount: must have at most 12 digits before the point`,
    });
    const ben = toNumber((await t().database.db.selectFrom('player').select('id').where('account', '=', 'ben').executeTakeFirstOrThrow()).id);
    await send('ben', 'O-3', 'in', '1');
    await t().database.db.updateTable('wallet').set({ balance: MONEY_UNITS_MAX - 10_000n }).where('player_id', '=', ben).execute();
    const full = await refused(send('ben', 'O-4', 'in', '1.0001'));
    expect(full).toMatchObject({ status: 200, code: ErrorCode.InvalidParameter, data: { field: 'amount' } });
    expect((full.data as Row).reason).toMatch(/^the wallet would hold more than .*, the most a balance can hold$/);
    await t().database.db.updateTable('wallet').set({ balance: 10_000n }).where('player_id', '=', ben).execute();
  });

  it("refuses a batch that would take a day's ledger total past the largest amount, naming no request field but the batch", async () => {
    await send('ann', 'D-1', 'in', '1');
    const today = (amount_in: bigint | string) =>
      t().database.db
        .updateTable('ledger_day_count')
        .set({ amount_in })
        .where('day', '=', utcDayOf(Date.now()))
        .where('agent_id', '=', dims.agent.A1)
        .where('type', '=', 'transfer_in')
        .returning('amount_in')
        .executeTakeFirstOrThrow();
    const before = (await t().database.db.selectFrom('ledger_day_count').select('amount_in').where('day', '=', utcDayOf(Date.now())).where('agent_id', '=', dims.agent.A1).where('type', '=', 'transfer_in').executeTakeFirstOrThrow()).amount_in;
    await today(MONEY_UNITS_MAX);
    const over = await refused(send('ann', 'D-2', 'in', '1'));
    expect(over).toMatchObject({ status: 200, code: ErrorCode.InvalidParameter, data: { field: 'transfers' } });
    expect((over.data as Row).reason).toMatch(/^the batch would take a day's ledger total/);
    expect(await t().database.db.selectFrom('ledger_entry').select('id').where('order_id', '=', `api:${dims.agent.A1}:D-2`).execute()).toEqual([]);
    await today(String(before));
  });

  it('refuses money in for a disabled player, currency, agent or an agent below a disabled one, and lets money out', async () => {
    await send('dan', 'S-1', 'in', '5', 'A1-1-1');
    await send('cal', 'S-2', 'in', '5', 'A1-1');
    const reason = (r: { data: unknown }) => r.data;

    ok(await operator('currency/edit', { id: dims.currency.USD, status: 2 }));
    expect(reason(await refused(send('dan', 'S-3', 'in', '1', 'A1-1-1')))).toEqual({ field: 'currency', reason: 'the currency "USD" is disabled: it takes no new transfers in' });
    expect(await send('dan', 'S-4', 'out', '1', 'A1-1-1')).toMatchObject({ balance_after: '4.0000' });
    ok(await operator('currency/edit', { id: dims.currency.USD, status: 1 }));

    ok(await operator('agent/edit', { id: dims.agent['A1-1'], status: 2 }));
    expect(reason(await refused(send('cal', 'S-5', 'in', '1', 'A1-1')))).toEqual({ field: 'agent_code', reason: 'the agent "A1-1" is disabled: its players\' transfers in are refused' });
    expect(reason(await refused(send('dan', 'S-6', 'in', '1', 'A1-1-1')))).toEqual({
      field: 'agent_code',
      reason: 'the agent "A1-1-1" is out of service (the agent "A1-1" above it is disabled): its players\' transfers in are refused',
    });
    expect(await send('cal', 'S-7', 'out', '1', 'A1-1')).toMatchObject({ balance_after: '4.0000' });
    ok(await operator('agent/edit', { id: dims.agent['A1-1'], status: 1 }));

    const cal = toNumber((await t().database.db.selectFrom('player').select('id').where('account', '=', 'cal').executeTakeFirstOrThrow()).id);
    ok(await operator('player/status/edit', { player_id: cal, status: 2 }));
    const player = await refused(send('cal', 'S-8', 'in', '1', 'A1-1'));
    expect(player).toEqual({
      status: 200,
      code: ErrorCode.InvalidParameter,
      data: { field: 'account', reason: 'the player "cal" is disabled: their transfers in are refused' },
      message: `${ErrorCode.InvalidParameter}: account: the player "cal" is disabled: their transfers in are refused`,
    });
    expect(await send('cal', 'S-9', 'out', '1', 'A1-1')).toMatchObject({ balance_after: '3.0000' });
    ok(await operator('player/status/edit', { player_id: cal, status: 1 }));
  });
});
