/**
 * Ingest keys limited to an agent's sub-tree or to a provider's games (docs/product.md, "Keys"):
 * a record outside the key's scope refuses the batch with A0301 naming the record, and nothing of
 * the batch is written; a key without a scope takes every agent's and provider's records as before.
 */
import { beforeAll, expect, it } from 'vitest';
import { ErrorCode, key } from '@console/contract';
import { toNumber } from '../src/db/sql.ts';
import { describeOnDatabases, type CallResult } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ingestCounts, postIngest, transferRecord, type Dimensions, type IngestAnswer } from './domain-fixtures.ts';

describeOnDatabases('ingest keys limited to an agent or a provider', (t) => {
  let dims: Dimensions;
  let op: string;
  /** Authorization headers: no scope, A1-1's sub-tree, PG's games, and A1's sub-tree with JL's games. */
  const auth: Record<'all' | 'agent' | 'provider' | 'both', string> = {} as never;
  const ids: Record<'agent' | 'provider' | 'both', number> = {} as never;

  const ok = <T>(r: CallResult<T>): T => {
    expect(r.error_code, `${r.error_code} ${r.error_msg}`).toBe('0');
    return r.data;
  };
  const addKey = async (body: Record<string, unknown>) => {
    const r = ok(await t().call<{ id: number; app_id: string; secret: string }>('key/add', { agent_id: 0, type: 'ingest', remark: 'scoped', ...body }, { token: op }));
    return { id: r.id, header: `Bearer ${r.app_id}:${r.secret}` };
  };
  /** A refusal for a record outside the key's scope: A0301 with the record's index and field; nothing written. */
  const outOfScope = async (send: () => Promise<IngestAnswer>, index: number | null, field: string) => {
    const before = await ingestCounts(t().database.db);
    const r = await send();
    expect([r.status, r.error_code, r.data?.index, r.data?.field], r.error_msg).toEqual([200, ErrorCode.NoPermission, index, field]);
    expect(r.data?.reason).toMatch(/outside this key's scope|limited to the provider/);
    expect(await ingestCounts(t().database.db)).toEqual(before);
    return r;
  };
  const accepted = (r: IngestAnswer, n: number) => expect([r.error_code, r.data?.accepted], r.error_msg).toEqual(['0', n]);
  const fund = (agent: string, account: string, currency = 'CNY') => transferRecord({ agent_code: agent, player_account: account, currency_code: currency, amount: '1000' });

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    op = await t().login();
    auth.all = await ingestAuth(t(), op);
    const agent = await addKey({ scope_agent_id: dims.agent['A1-1'] });
    const provider = await addKey({ scope_platform_id: dims.platform.PG });
    const both = await addKey({ scope_agent_id: dims.agent.A1, scope_platform_id: dims.platform.JL });
    [auth.agent, auth.provider, auth.both] = [agent.header, provider.header, both.header];
    [ids.agent, ids.provider, ids.both] = [agent.id, provider.id, both.id];
    // Players with money, through the key without a scope.
    accepted(await postIngest(t(), 'transfers', [fund('A1', 'top'), fund('A1-1', 'mid'), fund('A1-1-1', 'low', 'USD'), fund('B1', 'other', 'VND')], auth.all), 4);
  });

  it('key/add takes a scope for ingest keys only, of an agent and a provider that exist, and key/list shows it', async () => {
    const add = (body: Record<string, unknown>) => t().call('key/add', { agent_id: 0, type: 'ingest', remark: 'x', ...body }, { token: op });
    for (const [body, field] of [
      [{ type: 'agent', agent_id: dims.agent.A1, scope_agent_id: dims.agent['A1-1'] }, 'scope_agent_id'],
      [{ type: 'agent', agent_id: dims.agent.A1, scope_platform_id: dims.platform.PG }, 'scope_platform_id'],
      [{ scope_agent_id: 424_242 }, 'scope_agent_id'],
      [{ scope_platform_id: 424_242 }, 'scope_platform_id'],
      [{ scope_agent_id: -1 }, 'scope_agent_id'],
    ] as const) {
      const r = await add(body);
      expect([r.error_code, r.error_msg.includes(field)], JSON.stringify(body)).toEqual([ErrorCode.InvalidParameter, true]);
    }
    // 0 is no scope, as an absent field.
    expect((await add({ scope_agent_id: 0, scope_platform_id: 0 })).error_code).toBe('0');

    const list = ok(await t().call<{ list: key.KeyItem[] }>('key/list', { page: 1, page_size: 100, type: 'ingest' }, { token: op })).list;
    const byId = new Map(list.map((k) => [k.id, k]));
    expect(byId.get(ids.agent)).toMatchObject({ scope_agent_id: dims.agent['A1-1'], scope_agent_code: 'A1-1', scope_platform_id: null, scope_platform_code: null });
    expect(byId.get(ids.provider)).toMatchObject({ scope_agent_id: null, scope_agent_code: null, scope_platform_id: dims.platform.PG, scope_platform_code: 'PG' });
    expect(byId.get(ids.both)).toMatchObject({ scope_agent_id: dims.agent.A1, scope_agent_code: 'A1', scope_platform_id: dims.platform.JL, scope_platform_code: 'JL' });
    expect(list.filter((k) => ![ids.agent, ids.provider, ids.both].includes(k.id)).every((k) => k.scope_agent_id === null && k.scope_platform_id === null)).toBe(true);
    // The operation log records the scope a key was issued with.
    const logged = await t().database.db.selectFrom('operation_log').select('summary').where('target', '=', `key:${ids.both}`).executeTakeFirstOrThrow();
    expect(JSON.parse(String(logged.summary))).toMatchObject({ scope_agent_id: dims.agent.A1, scope_platform_id: dims.platform.JL });
  });

  it("a key limited to an agent takes its sub-tree's transfers and bets, and refuses any other agent's naming the record", async () => {
    accepted(await postIngest(t(), 'transfers', [fund('A1-1', 'mid'), fund('A1-1-1', 'low', 'USD')], auth.agent), 2);
    accepted(await postIngest(t(), 'bets', [betRecord({ agent_code: 'A1-1', player_account: 'mid' }), betRecord({ agent_code: 'A1-1-1', player_account: 'low', currency_code: 'USD', game_code: 'card1' })], auth.agent), 2);
    // The agent above it, and another top agent: refused at the first such record, nothing of the batch written.
    await outOfScope(() => postIngest(t(), 'transfers', [fund('A1-1', 'mid'), fund('A1-1-1', 'low', 'USD'), fund('A1', 'top')], auth.agent), 2, 'agent_code');
    await outOfScope(() => postIngest(t(), 'transfers', [transferRecord({ agent_code: 'B1', player_account: 'other', currency_code: 'VND', direction: 'out', amount: '1' })], auth.agent), 0, 'agent_code');
    const r = await outOfScope(() => postIngest(t(), 'bets', [betRecord({ agent_code: 'A1-1', player_account: 'mid' }), betRecord({ agent_code: 'A1', player_account: 'top' })], auth.agent), 1, 'agent_code');
    expect(r.error_msg).toBe(`agent_code of record 1: the agent "A1" is outside this key's scope: the key is limited to the agent "A1-1" and its sub-tree`);
    // A record stored already, sent again through the key, is refused too: not counted as a duplicate.
    const stored = betRecord({ agent_code: 'A1', player_account: 'top' });
    accepted(await postIngest(t(), 'bets', [stored], auth.all), 1);
    await outOfScope(() => postIngest(t(), 'bets', [stored], auth.agent), 0, 'agent_code');
  });

  it("a key limited to a provider takes its games' bets only, and no transfers", async () => {
    accepted(await postIngest(t(), 'bets', [betRecord({ agent_code: 'A1', player_account: 'top', game_code: 'slot1' }), betRecord({ agent_code: 'B1', player_account: 'other', currency_code: 'VND', game_code: 'slot1' })], auth.provider), 2);
    const r = await outOfScope(() => postIngest(t(), 'bets', [betRecord({ agent_code: 'A1', player_account: 'top', game_code: 'slot1' }), betRecord({ agent_code: 'A1', player_account: 'top', game_code: 'fish1' })], auth.provider), 1, 'game_code');
    expect(r.error_msg).toBe(`game_code of record 1: the game "fish1" of the provider "JL" is outside this key's scope: the key is limited to the provider "PG"`);
    // Transfers name no game: the call is refused whatever its records.
    for (const records of [[fund('A1', 'top')], []]) {
      const refused = await outOfScope(() => postIngest(t(), 'transfers', records, auth.provider), null, 'transfers');
      expect(refused.error_msg).toContain('limited to the provider "PG"');
    }
  });

  it('a key limited to both takes only the records within both', async () => {
    accepted(await postIngest(t(), 'bets', [betRecord({ agent_code: 'A1-1', player_account: 'mid', game_code: 'card1' })], auth.both), 1);
    await outOfScope(() => postIngest(t(), 'bets', [betRecord({ agent_code: 'A1-1', player_account: 'mid', game_code: 'slot1' })], auth.both), 0, 'game_code');
    await outOfScope(() => postIngest(t(), 'bets', [betRecord({ agent_code: 'B1', player_account: 'other', currency_code: 'VND', game_code: 'card1' })], auth.both), 0, 'agent_code');
    await outOfScope(() => postIngest(t(), 'transfers', [fund('A1', 'top')], auth.both), null, 'transfers');
  });

  it("cancels only the bets within the key's scope, judged by the stored bet", async () => {
    const bets = {
      a11Slot: betRecord({ agent_code: 'A1-1', player_account: 'mid', game_code: 'slot1', bet_amount: '1.0000', valid_bet_amount: '1.0000' }),
      a1Card: betRecord({ agent_code: 'A1', player_account: 'top', game_code: 'card1', bet_amount: '1.0000', valid_bet_amount: '1.0000' }),
      b1Slot: betRecord({ agent_code: 'B1', player_account: 'other', currency_code: 'VND', game_code: 'slot1', bet_amount: '1.0000', valid_bet_amount: '1.0000' }),
    };
    accepted(await postIngest(t(), 'bets', Object.values(bets), auth.all), 3);
    const cancel = (b: { bet_id: string }) => ({ bet_id: b.bet_id, reason: 'voided', time: '2026-01-10T13:00:00+08:00' });
    const cancelled = async (b: { bet_id: string }) =>
      (await t().database.db.selectFrom('bet').select('cancelled_at').where('bet_id', '=', b.bet_id).executeTakeFirstOrThrow()).cancelled_at !== null;

    // Agent A1-1's key: not A1's bet, nor B1's; its own sub-tree's, yes.
    const r = await outOfScope(() => postIngest(t(), 'cancels', [cancel(bets.a11Slot), cancel(bets.a1Card)], auth.agent), 1, 'bet_id');
    expect(r.error_msg).toBe(`bet_id of record 1: the bet "${bets.a1Card.bet_id}" is outside this key's scope: the key is limited to the agent "A1-1" and its sub-tree`);
    await outOfScope(() => postIngest(t(), 'cancels', [cancel(bets.b1Slot)], auth.agent), 0, 'bet_id');
    expect(await cancelled(bets.a11Slot)).toBe(false);
    // PG's key: not a JL game's bet, whoever's.
    await outOfScope(() => postIngest(t(), 'cancels', [cancel(bets.a1Card)], auth.provider), 0, 'bet_id');
    accepted(await postIngest(t(), 'cancels', [cancel(bets.a11Slot), cancel(bets.b1Slot)], auth.provider), 2);
    // A cancellation already made, sent again through a key it is outside of: refused, not a duplicate.
    await outOfScope(() => postIngest(t(), 'cancels', [cancel(bets.b1Slot)], auth.agent), 0, 'bet_id');
    // The key without a scope cancels anyone's bet.
    accepted(await postIngest(t(), 'cancels', [cancel(bets.a1Card)], auth.all), 1);
    expect([await cancelled(bets.a11Slot), await cancelled(bets.a1Card), await cancelled(bets.b1Slot)]).toEqual([true, true, true]);
  });

  it('a key without a scope takes every agent and provider as before', async () => {
    accepted(
      await postIngest(t(), 'bets', [betRecord({ agent_code: 'A1', player_account: 'top', game_code: 'fish1' }), betRecord({ agent_code: 'B1', player_account: 'other', currency_code: 'VND', game_code: 'slot1' })], auth.all),
      2,
    );
    accepted(await postIngest(t(), 'transfers', [fund('B1', 'other', 'VND'), fund('A1', 'top')], auth.all), 2);
    const keys = await t().database.db.selectFrom('api_key').select(['id', 'scope_agent_id', 'scope_platform_id']).where('type', '=', 'ingest').execute();
    expect(keys.filter((k) => k.scope_agent_id === null && k.scope_platform_id === null).length).toBeGreaterThan(0);
    expect(keys.map((k) => toNumber(k.id))).toEqual(expect.arrayContaining([ids.agent, ids.provider, ids.both]));
  });
});
