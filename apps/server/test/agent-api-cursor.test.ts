/**
 * The agent API's bets cursor is signed by the server for one key and one query: a cursor made by
 * anyone else (the last bet id with a digest anyone can compute), or made for another key of the
 * same agent, another agent or another range, is refused with A0400 naming the cursor.
 */
import { createHash } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { createAgentClient, AgentApiError, type AgentClient } from '@console/agent-client';
import { ErrorCode } from '@console/contract';
import { toNumber } from '../src/db/sql.ts';
import { describeOnDatabases, injectFetch, type CallResult } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';

const ADDRESS = '10.1.2.3';
const START = '2026-03-01T00:00:00Z';
const END = '2026-03-03T00:00:00Z';

describeOnDatabases('agent API: the bets cursor is signed for its key and query', (t) => {
  let dims: Dimensions;
  const keys: Record<'first' | 'second', { app_id: string; secret: string }> = {} as never;
  const betIds: string[] = [];

  const ok = <T>(r: CallResult<T>): T => {
    expect(r.error_code, `${r.error_code} ${r.error_msg}`).toBe('0');
    return r.data;
  };
  const client = (k: 'first' | 'second'): AgentClient =>
    createAgentClient({ baseUrl: 'http://console.test', appId: keys[k].app_id, secret: keys[k].secret, fetch: injectFetch(t().app), headers: { 'x-forwarded-for': ADDRESS } });
  /** The refusal of a bets call: [code, field], or 'answered'. */
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'answered';
    } catch (err) {
      if (err instanceof AgentApiError) return [err.code, (err.data as { field?: string } | null)?.field];
      throw err;
    }
  };

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    const op = await t().login();
    ok(await t().call('agent/edit', { id: dims.agent.A1, ip_whitelist: ['10.1.0.0/16'] }, { token: op }));
    // Two keys of the same agent (say, two of its systems).
    for (const k of ['first', 'second'] as const) keys[k] = ok(await t().call<{ app_id: string; secret: string }>('key/add', { agent_id: dims.agent.A1, type: 'agent', remark: k }, { token: op }));
    const ingest = await ingestAuth(t(), op);
    expect((await postIngest(t(), 'transfers', [transferRecord({ player_account: 'cur-p', amount: '1000' })], ingest)).error_code).toBe('0');
    const bets = Array.from({ length: 30 }, (_, i) => {
      const at = Date.parse(START) + i * 60_000;
      return betRecord({ player_account: 'cur-p', bet_amount: '1.0000', valid_bet_amount: '1.0000', bet_time: new Date(at).toISOString(), settle_time: new Date(at + 1000).toISOString() });
    });
    expect((await postIngest(t(), 'bets', bets, ingest)).error_code).toBe('0');
    // In the order the cursor follows: the order they were stored in.
    const stored = await t().database.db.selectFrom('bet').select(['id', 'bet_id']).execute();
    betIds.push(...stored.sort((a, b) => toNumber(a.id) - toNumber(b.id)).map((b) => b.bet_id));
    expect(betIds.length).toBe(bets.length);
  });

  it('follows its own cursor to every bet once', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await client('first').bets({ agent_code: 'A1', start_time: START, end_time: END, cursor, limit: 7 });
      seen.push(...page.list.map((b) => b.bet_id));
      cursor = page.next_cursor;
      if (!page.has_more) break;
    }
    expect(seen).toEqual(betIds);
  });

  it("refuses a cursor of another key of the same agent, and one for another agent or range", async () => {
    const first = await client('first').bets({ agent_code: 'A1', start_time: START, end_time: END, limit: 10 });
    expect(first.list.length).toBe(10);
    const cursor = first.next_cursor;
    // Its own key goes on from it.
    const next = await client('first').bets({ agent_code: 'A1', start_time: START, end_time: END, cursor, limit: 10 });
    expect(next.list.map((b) => b.bet_id)).toEqual(betIds.slice(10, 20));
    expect(await refusal(client('second').bets({ agent_code: 'A1', start_time: START, end_time: END, cursor, limit: 10 }))).toEqual([ErrorCode.InvalidParameter, 'cursor']);
    expect(await refusal(client('first').bets({ agent_code: 'A1-1', start_time: START, end_time: END, cursor, limit: 10 }))).toEqual([ErrorCode.InvalidParameter, 'cursor']);
    expect(await refusal(client('first').bets({ agent_code: 'A1', start_time: START, end_time: '2026-03-04T00:00:00Z', cursor, limit: 10 }))).toEqual([ErrorCode.InvalidParameter, 'cursor']);
  });

  it('refuses a cursor made without the server: an unkeyed digest of the query, or any other signature', async () => {
    // The bet before the last one: a made-up cursor would skip ahead to it.
    const bet = await t().database.db.selectFrom('bet').select('id').where('bet_id', '=', betIds[betIds.length - 2]!).executeTakeFirstOrThrow();
    const id = toNumber(bet.id);
    const range = `${dims.agent.A1}:${Date.parse(START)}:${Date.parse(END)}`;
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    const forged = [
      `${id}.${sha(`${range}:${id}`).slice(0, 16)}`,
      `${id}.${sha(`${range}:${id}`).slice(0, 32)}`,
      `${id}.${'0'.repeat(32)}`,
      `${id}`,
    ];
    for (const cursor of forged) {
      expect(await refusal(client('first').bets({ agent_code: 'A1', start_time: START, end_time: END, cursor, limit: 10 })), cursor).toEqual([ErrorCode.InvalidParameter, 'cursor']);
    }
  });
});
