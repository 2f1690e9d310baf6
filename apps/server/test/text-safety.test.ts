import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeText, textFault, textFaultMessage } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ingestCounts, postIngest, transferRecord, walletBalance } from './domain-fixtures.ts';
import { toNumber } from '../src/db/sql.ts';

/** Characters that show as nothing (identities refuse them): one account would pass for another. */
const INVISIBLE = {
  'U+200B': '\u200b',
  'U+200C': '\u200c',
  'U+200D': '\u200d',
  'U+2060': '\u2060',
  'U+FEFF': '\ufeff',
  'U+00AD': '\u00ad',
  'U+180E': '\u180e',
  'U+034F': '\u034f',
  // Blank look-alikes, default-ignorables and a control character.
  'U+2800': '\u2800',
  'U+3164': '\u3164',
  'U+115F': '\u115f',
  'U+1160': '\u1160',
  'U+FFA0': '\uffa0',
  'U+FE0F': '\ufe0f',
  'U+0007': '\u0007',
};

/** Text kept exactly (docs/security.md): what the contract's safe-text helper refuses, and the ingest with it. */
describe('safe text', () => {
  it('refuses NUL, half a surrogate pair and bidirectional controls; identities also the invisible direction marks', () => {
    expect(textFault('a\u0000b')).toBe('text_nul');
    expect(textFault('a\ud800b')).toBe('text_lone_surrogate');
    expect(textFault('\udc00')).toBe('text_lone_surrogate');
    expect(textFault('\udc00\ud800')).toBe('text_lone_surrogate');
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(textFault(`${c}admin`, 'identity')).toBe('text_bidi_control');
      expect(textFault(`${c}admin`, 'name')).toBe('text_bidi_control');
    }
    for (const c of ['\u200e', '\u200f', '\u061c']) {
      expect(textFault(`admin${c}`, 'identity')).toBe('text_bidi_mark');
      expect(textFault(`שלום${c} Tom`, 'name')).toBeNull();
    }
  });

  it('keeps ordinary text of any script and surrogate pairs; names also the joiners', () => {
    for (const s of ['alice', '张三', '玩家😀', '𠀀𠀁', 'لاعب', 'שלום', 'Nguyễn', '']) {
      expect(textFault(s, 'identity')).toBeNull();
      expect(textFault(s, 'name')).toBeNull();
    }
    for (const s of ['👨\u200d👩\u200d👧', 'می\u200cخواهم']) {
      expect(textFault(s, 'name')).toBeNull();
      expect(textFault(s, 'identity')).toBe('text_invisible');
    }
  });

  it('refines a zod string: the message is the fault key, or its words in the language asked for', () => {
    const account = safeText(z.string().min(1).max(64), 'identity');
    expect(account.parse('张三😀')).toBe('张三😀');
    const r = account.safeParse('\u202enimda');
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('text_bidi_control');
    expect(textFaultMessage('text_bidi_control', 'zh-cn')).toMatch(/双向/);
    expect(textFaultMessage('money', 'en')).toBeNull();
    const name = safeText(z.string().max(64), 'name', 'en');
    expect(name.safeParse('x\ud800').error!.issues[0]!.message).toMatch(/surrogate/);
    expect(name.parse('Tom\u200f')).toBe('Tom\u200f');
  });
});

describeOnDatabases('ingest text kept exactly', (t) => {
  let auth: string;

  beforeAll(async () => {
    await createDimensions(t().database.db);
    auth = await ingestAuth(t());
  });

  async function expectRefused(kind: 'bets' | 'transfers', records: unknown[], index: number, field: string, reason: RegExp) {
    const before = await ingestCounts(t().database.db);
    const r = await postIngest(t(), kind, records, auth);
    expect(r).toMatchObject({ status: 200, error_code: 'A0400', data: { index, field } });
    expect(r.data!.reason).toMatch(reason);
    expect(await ingestCounts(t().database.db)).toEqual(before);
  }

  it('refuses a player account with a bidirectional override or isolate, or an invisible direction mark', async () => {
    await expectRefused('transfers', [transferRecord({ player_account: '\u202eadmin' })], 0, 'player_account', /bidirectional control/);
    await expectRefused('bets', [betRecord({ bet_amount: '0' }), betRecord({ player_account: 'evil\u2067gnp.exe\u2069' })], 1, 'player_account', /bidirectional control/);
    await expectRefused('transfers', [transferRecord({ player_account: 'admin\u200e' })], 0, 'player_account', /direction marks/);
    expect(await t().database.db.selectFrom('player').select('account').where('account', 'like', '%admin%').execute()).toEqual([]);
  });

  it('refuses a lone surrogate in a player account', async () => {
    await expectRefused('transfers', [transferRecord({ player_account: 'a\ud800b' })], 0, 'player_account', /Unicode/);
    await expectRefused('bets', [betRecord({ player_account: '\udfff' })], 0, 'player_account', /Unicode/);
  });

  it('refuses the same in the other ids and codes of a record', async () => {
    await expectRefused('bets', [betRecord({ bet_id: 'b\u202e1' })], 0, 'bet_id', /bidirectional control/);
    await expectRefused('bets', [betRecord({ round_id: 'r\u2066' })], 0, 'round_id', /bidirectional control/);
    await expectRefused('transfers', [transferRecord({ order_id: '\u200forder' })], 0, 'order_id', /direction marks/);
    await expectRefused('bets', [betRecord({ game_code: 'slot1\u202c' })], 0, 'game_code', /bidirectional control/);
  });

  it('refuses each invisible character in a player account, on transfers and on bets, and stores nothing', async () => {
    for (const [name, c] of Object.entries(INVISIBLE)) {
      await expectRefused('transfers', [transferRecord({ player_account: 'inv-ok', amount: '1' }), transferRecord({ player_account: `inv${c}01` })], 1, 'player_account', /invisible characters/);
      await expectRefused('bets', [betRecord({ player_account: `${c}inv01` })], 0, 'player_account', /invisible characters/);
      await expectRefused('transfers', [transferRecord({ agent_code: `A1${c}` })], 0, 'agent_code', /invisible characters/);
      await expectRefused('bets', [betRecord({ game_code: `slot1${c}` })], 0, 'game_code', /invisible characters/);
      await expectRefused('transfers', [transferRecord({ currency_code: `C${c}NY` })], 0, 'currency_code', /invisible characters/);
      await expectRefused('transfers', [transferRecord({ order_id: `o${c}1` })], 0, 'order_id', /invisible characters/);
      await expectRefused('bets', [betRecord({ bet_id: `b${c}1` })], 0, 'bet_id', /invisible characters/);
      expect(await t().database.db.selectFrom('player').select('account').where('account', 'like', '%inv%').execute(), name).toEqual([]);
    }
  });

  it('stores CJK, emoji (surrogate pairs) and right-to-left accounts exactly as sent', async () => {
    const accounts = ['张三', '玩家😀', '𠀀𠀁', 'لاعب', 'Nguyễn'];
    const r = await postIngest(t(), 'transfers', accounts.map((a) => transferRecord({ player_account: a, amount: '1' })), auth);
    expect(r.data).toEqual({ accepted: accounts.length, duplicates: 0 });
    const stored = await t().database.db.selectFrom('player').select('account').where('account', 'in', accounts).execute();
    expect(stored.map((p) => p.account).sort()).toEqual([...accounts].sort());
    for (const a of accounts) expect(await walletBalance(t().database.db, a)).toBe(10_000n);
    const bets = await postIngest(t(), 'bets', [betRecord({ player_account: '玩家😀', bet_id: '注单-😀-1', bet_amount: '0.5' })], auth);
    expect(bets.data).toEqual({ accepted: 1, duplicates: 0 });
    const bet = await t().database.db.selectFrom('bet').select('bet_id').where('bet_id', '=', '注单-😀-1').executeTakeFirst();
    expect(bet).toEqual({ bet_id: '注单-😀-1' });
  });
});

describeOnDatabases('console identities without invisible characters', (t) => {
  it('player/wallet/adjust refuses each in its request_id, user/add and agent/user/add in an account, in both languages; nothing is written', async () => {
    const dims = await createDimensions(t().database.db);
    const token = await t().login();
    const auth = await ingestAuth(t(), token);
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'inv-wallet', amount: '10' })], auth);
    const pid = toNumber((await t().database.db.selectFrom('player').select('id').where('account', '=', 'inv-wallet').executeTakeFirstOrThrow()).id);
    const count = async (table: 'wallet_adjustment' | 'operation_log' | 'operator_user' | 'agent_user') =>
      toNumber((await t().database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const counts = async () => ({ ...(await ingestCounts(t().database.db)), adjustments: await count('wallet_adjustment'), logs: await count('operation_log'), operators: await count('operator_user'), agentUsers: await count('agent_user') });
    const before = await counts();
    for (const [name, c] of Object.entries(INVISIBLE)) {
      const adjust = (lang: 'en' | 'zh-cn') =>
        t().call('player/wallet/adjust', { player_id: pid, currency_id: dims.currency.CNY, direction: 'credit', amount: '1', remark: 'x', request_id: `req-inv${c}-01` }, { token, lang });
      const en = await adjust('en');
      expect(en, name).toMatchObject({ status: 200, error_code: 'A0400' });
      expect(en.error_msg, name).toMatch(/^request_id: must not contain invisible characters/);
      expect((await adjust('zh-cn')).error_msg, name).toMatch(/^request_id：不能包含不可见字符/);
      const user = await t().call('user/add', { account: `op${c}inv`, name: 'Op', password: 'A'.repeat(32), phone: '', permissions: '' }, { token });
      expect(user.error_code, name).toBe('A0400');
      expect(user.error_msg, name).toMatch(/^account: /);
      const agentUser = await t().call('agent/user/add', { agent_id: dims.agent.A1, account: `au${c}inv`, name: 'Au', password: 'A'.repeat(32), admin_level_id: 1 }, { token });
      expect(agentUser.error_code, name).toBe('A0400');
      expect(agentUser.error_msg, name).toMatch(/^account: /);
    }
    expect(await counts()).toEqual(before);
    expect(await walletBalance(t().database.db, 'inv-wallet')).toBe(100_000n);
  });
});

describeOnDatabases('operator names kept exactly', (t) => {
  it('user/add refuses a name with a bidirectional override or a lone surrogate, with the reason in both languages', async () => {
    const token = await t().login();
    const add = (name: string, lang: 'en' | 'zh-cn' = 'en') =>
      t().call('user/add', { account: `op_${Math.random().toString(36).slice(2, 10)}`, name, password: 'A'.repeat(32), phone: '', permissions: '' }, { token, lang });
    const en = await add('\u202eadmin');
    expect(en.error_code).toBe('A0400');
    expect(en.error_msg).toMatch(/name.*bidirectional control characters/);
    expect((await add('\u202eadmin', 'zh-cn')).error_msg).toMatch(/双向文本控制字符/);
    expect((await add('a\ud800b')).error_msg).toMatch(/surrogate/);
    // Right-to-left names keep their direction marks; emoji are ordinary text.
    expect((await add('שלום\u200f Tom 😀')).error_code).toBe('0');
  });
});
