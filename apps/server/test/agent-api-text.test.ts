/**
 * The agent API holds the identities it is sent (accounts, agent codes, order ids) to the text
 * rule of the console and the ingest (docs/security.md, "Text kept exactly"): a character that
 * shows as nothing or as a blank, reorders text, or that a database cannot keep is refused as a
 * bad parameter (A0400) before anything is read or written.
 */
import { beforeAll, expect, it } from 'vitest';
import { createAgentClient, type AgentClient } from '@console/agent-client';
import { ErrorCode } from '@console/contract';
import { toNumber } from '../src/db/sql.ts';
import { agentApiRefusal as refusal, describeOnDatabases, injectFetch, type CallResult } from './harness.ts';
import { createDimensions, ingestAuth, ingestCounts, postIngest, transferRecord, betRecord } from './domain-fixtures.ts';

const ADDRESS = '10.1.2.3';

/** Each refused in an identity: invisible, direction controls, what a database cannot keep, blank look-alikes. */
const BAD = {
  'U+200B zero-width space': '\u200b',
  'U+200C zero-width non-joiner': '\u200c',
  'U+200D zero-width joiner': '\u200d',
  'U+FEFF byte-order mark': '\ufeff',
  'U+202E right-to-left override': '\u202e',
  'U+2067 right-to-left isolate': '\u2067',
  'U+200E left-to-right mark': '\u200e',
  'U+0000 NUL': '\u0000',
  'U+D800 lone high surrogate': '\ud800',
  'U+DC00 lone low surrogate': '\udc00',
  'U+2800 braille pattern blank': '\u2800',
  'U+3164 Hangul filler': '\u3164',
  'U+115F Hangul choseong filler': '\u115f',
  'U+1160 Hangul jungseong filler': '\u1160',
  'U+FFA0 halfwidth Hangul filler': '\uffa0',
  'U+FE0F variation selector-16': '\ufe0f',
  'U+0007 bell': '\u0007',
};

describeOnDatabases('agent API: identities held to the text rule', (t) => {
  let client: AgentClient;
  let op: string;

  const ok = <T>(r: CallResult<T>): T => {
    expect(r.error_code, `${r.error_code} ${r.error_msg}`).toBe('0');
    return r.data;
  };
  const count = async (table: 'player' | 'wallet' | 'ledger_entry' | 'api_nonce') =>
    toNumber((await t().database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({ players: await count('player'), wallets: await count('wallet'), ledger: await count('ledger_entry') });

  beforeAll(async () => {
    const dims = await createDimensions(t().database.db);
    op = await t().login();
    ok(await t().call('agent/edit', { id: dims.agent.A1, ip_whitelist: ['10.1.0.0/16'] }, { token: op }));
    const key = ok(await t().call<{ app_id: string; secret: string }>('key/add', { agent_id: dims.agent.A1, type: 'agent', remark: 'A1' }, { token: op }));
    client = createAgentClient({ baseUrl: 'http://console.test', appId: key.app_id, secret: key.secret, fetch: injectFetch(t().app), headers: { 'x-forwarded-for': ADDRESS, 'accept-language': 'en' } });
    await client.playerCreate({ agent_code: 'A1', account: 'pl01' });
    await client.transfer({ agent_code: 'A1', account: 'pl01', order_id: 'T-1', direction: 'in', amount: '10' });
  });

  it('player/create refuses each bad character in the account with A0400 naming it, and writes no player', async () => {
    const before = await counts();
    for (const [name, c] of Object.entries(BAD)) {
      // At either end, what JavaScript counts as white space (U+FEFF) is trimmed off as any space is.
      for (const account of [`pl${c}01`, ...(c.trim() === c ? [`${c}pl01x`, `pl01y${c}`] : [])]) {
        const err = await client.playerCreate({ agent_code: 'A1', account }).catch((e: unknown) => e);
        expect(err, `${name} in ${JSON.stringify(account)}`).toMatchObject({ status: 200, code: ErrorCode.InvalidParameter });
        expect((err as Error).message, name).toMatch(/account: /);
      }
    }
    expect(await counts()).toEqual(before);
    const accounts = (await t().database.db.selectFrom('player').select('account').execute()).map((p) => p.account);
    expect(accounts).toEqual(['pl01']);
  });

  it('refuses them in the agent code, the account of a balance or transfer, and the order id; moves nothing', async () => {
    const before = await counts();
    for (const [name, c] of Object.entries(BAD)) {
      const cases: Array<[string, () => Promise<unknown>]> = [
        ['agent_code', () => client.playerCreate({ agent_code: `A${c}1`, account: 'pl02' })],
        ['account', () => client.playerBalance({ agent_code: 'A1', account: `pl${c}01` })],
        ['account', () => client.transfer({ agent_code: 'A1', account: `pl${c}01`, order_id: 'T-2', direction: 'in', amount: '1' })],
        ['order_id', () => client.transfer({ agent_code: 'A1', account: 'pl01', order_id: `T${c}3`, direction: 'in', amount: '1' })],
        ['order_id', () => client.transferStatus({ agent_code: 'A1', order_id: `T-${c}1` })],
        ['agent_code', () => client.bets({ agent_code: `A${c}1`, start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-02T00:00:00Z' })],
        ['cursor', () => client.bets({ agent_code: 'A1', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-02T00:00:00Z', cursor: `1${c}.0000000000000000` })],
      ];
      for (const [field, send] of cases) {
        const err = await send().catch((e: unknown) => e);
        expect(err, `${name} in ${field}`).toMatchObject({ status: 200, code: ErrorCode.InvalidParameter });
        expect((err as Error).message, `${name} in ${field}`).toContain(`${field}: `);
      }
    }
    expect(await counts()).toEqual(before);
    expect(await client.playerBalance({ agent_code: 'A1', account: 'pl01' })).toMatchObject({ balance: '10.0000' });
  });

  it('answers a NUL as a bad parameter on both databases, never a system error', async () => {
    expect(await refusal(client.playerCreate({ agent_code: 'A1', account: 'nul\u0000player' }))).toEqual([200, ErrorCode.InvalidParameter]);
    expect(await refusal(client.transfer({ agent_code: 'A1', account: 'pl01', order_id: 'T\u00004', direction: 'in', amount: '1' }))).toEqual([200, ErrorCode.InvalidParameter]);
    expect(await refusal(client.playerBalance({ agent_code: 'A1\u0000', account: 'pl01' }))).toEqual([200, ErrorCode.InvalidParameter]);
  });

  it('keeps accounts of any script and emoji, as the ingest does', async () => {
    for (const account of ['张三', '玩家😀', 'لاعب', 'Nguyễn', '김철수']) {
      expect(await client.playerCreate({ agent_code: 'A1', account })).toMatchObject({ account, created: true });
    }
  });

  it('the ingest refuses the braille blank and the Hangul fillers in every identity of a record too', async () => {
    const auth = await ingestAuth(t(), op);
    const before = await ingestCounts(t().database.db);
    for (const c of ['\u2800', '\u3164', '\u115f', '\u1160', '\uffa0']) {
      for (const [kind, record, field] of [
        ['transfers', transferRecord({ player_account: `pl${c}01` }), 'player_account'],
        ['transfers', transferRecord({ order_id: `o${c}1` }), 'order_id'],
        ['bets', betRecord({ player_account: `${c}pl01` }), 'player_account'],
        ['bets', betRecord({ bet_id: `b${c}` }), 'bet_id'],
      ] as const) {
        const r = await postIngest(t(), kind, [record], auth);
        expect(r, `${kind} ${field} U+${c.codePointAt(0)!.toString(16)}`).toMatchObject({ status: 200, error_code: 'A0400', data: { index: 0, field } });
      }
    }
    expect(await ingestCounts(t().database.db)).toEqual(before);
  });
});
