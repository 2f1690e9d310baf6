/**
 * Agent codes (docs/product.md, "Agents"; ADR 0024): letters of either case, digits and hyphens,
 * stored as typed, unique without regard to case, and found whatever the case they are given in.
 */
import { beforeAll, expect, it } from 'vitest';
import { createAgentClient } from '@console/agent-client';
import { game } from '@console/contract';
import { describeOnDatabases, injectFetch } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';
import { clientPasswordHash } from '../src/lib/passwords.ts';
import { toNumber } from '../src/db/sql.ts';

describeOnDatabases('agent codes: any letter case, one code', (t) => {
  let dims: Dimensions;
  let token: string;
  const db = () => t().database.db;
  const add = (code: string, parent_id = 0) =>
    t().call<{ id: number }>('agent/add', { code, name: `Agent ${code}`, parent_id, currency_id: dims.currency.CNY, wallet_mode: 'transfer', share_rate: 5000, ip_whitelist: [], remark: '' }, { token, lang: 'en' });
  const storedCode = async (id: number) => (await db().selectFrom('agent').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code;

  beforeAll(async () => {
    dims = await createDimensions(db());
    token = await t().login();
  });

  it('takes letters of either case, digits and hyphens, and stores the code as typed', async () => {
    for (const code of ['CN09-SH', 'cn10', 'Cn11-Hz-01', 'ZZ99-zz99-ZZ99-9']) {
      const r = await add(code);
      expect(r.error_code, `${code}: ${r.error_msg}`).toBe('0');
      expect(await storedCode(r.data.id)).toBe(code);
    }
    for (const code of ['-CN1', 'CN1-', 'CN1', 'CN_01', 'CN 01', 'CN01.SH', 'ABCDEFGHIJKLMNOPQ', '上海代理']) {
      const r = await add(code);
      expect([r.error_code, r.error_msg], code).toEqual(['A0400', 'code: must be 4–16 letters, digits or hyphens, starting and ending with a letter or digit']);
    }
    const zh = await t().call('agent/add', { code: 'x', name: 'x', parent_id: 0, currency_id: dims.currency.CNY, wallet_mode: 'transfer', share_rate: 0 }, { token, lang: 'zh-cn' });
    expect(zh.error_msg).toBe('code：必须是 4–16 位字母、数字或“-”，以字母或数字开头和结尾');
  });

  it('refuses a code that differs from a taken one only in letter case, and the database refuses it too', async () => {
    const first = await add('Dup-Ab01');
    expect(first.error_code, first.error_msg).toBe('0');
    for (const again of ['dup-ab01', 'DUP-AB01', 'Dup-Ab01']) {
      const r = await add(again);
      expect([r.error_code, r.error_msg], again).toEqual(['A0409', `The agent code ${again} already exists`]);
    }
    // The unique index on lower(code) (migration 0026), below the service's own check.
    const row = await db().selectFrom('agent').selectAll().where('id', '=', first.data.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    await expect(db().insertInto('agent').values({ ...copy, code: 'DUP-ab01' }).execute()).rejects.toThrow();
    expect(await db().selectFrom('agent').select('code').where((eb) => eb(eb.fn('lower', ['code']), '=', 'dup-ab01')).execute()).toEqual([{ code: 'Dup-Ab01' }]);
  });

  it('of two adds of one code in different cases at once, exactly one is made', async () => {
    const answers = await Promise.all([add('RACE-Ab01'), add('race-aB01'), add('Race-AB01')]);
    expect(answers.map((a) => a.error_code).sort()).toEqual(['0', 'A0409', 'A0409']);
    expect(await db().selectFrom('agent').select('code').where((eb) => eb(eb.fn('lower', ['code']), '=', 'race-ab01')).execute()).toHaveLength(1);
  });

  it('an agent user logs in, an agent key calls and the ingest sends with the code in any case', async () => {
    const top = await add('Look-UP01');
    expect(top.error_code, top.error_msg).toBe('0');
    const level = await t().call<{ id: number }>('agent/adminlevel/add', { name: 'Code case', level: 1, permissions: '1401' }, { token });
    expect(level.error_code, level.error_msg).toBe('0');
    const user = await t().call('agent/user/add', { agent_id: top.data.id, account: 'lookup.one', name: 'L', password: clientPasswordHash('secret123'), admin_level_id: level.data.id }, { token });
    expect(user.error_code, user.error_msg).toBe('0');
    const login = await t().agentCall<{ user_info: { agent_code: string } }>('login', { agent_code: 'look-up01', account: 'lookup.one', password: clientPasswordHash('secret123') });
    expect(login.error_code, login.error_msg).toBe('0');
    expect(login.data.user_info.agent_code).toBe('Look-UP01');

    await t().call('agent/edit', { id: top.data.id, ip_whitelist: ['10.9.0.0/16'] }, { token });
    const key = await t().call<{ app_id: string; secret: string }>('key/add', { agent_id: top.data.id, type: 'agent', remark: '' }, { token });
    expect(key.error_code, key.error_msg).toBe('0');
    const client = createAgentClient({ baseUrl: 'http://console.test', appId: key.data.app_id, secret: key.data.secret, fetch: injectFetch(t().app), headers: { 'x-forwarded-for': '10.9.0.1' } });
    expect(await client.playerCreate({ agent_code: 'LOOK-UP01', account: 'case-player' })).toMatchObject({ account: 'case-player', created: true });
    expect(await client.playerBalance({ agent_code: 'look-up01', account: 'case-player' })).toMatchObject({ balance: '0.0000' });

    const auth = await ingestAuth(t(), token);
    const sent = await postIngest(t(), 'transfers', [transferRecord({ agent_code: 'look-up01', player_account: 'case-player', amount: '50' })], auth);
    expect(sent, JSON.stringify(sent)).toMatchObject({ status: 200, data: { accepted: 1 } });
    const bet = await postIngest(t(), 'bets', [betRecord({ agent_code: 'LOOK-up01', player_account: 'case-player', bet_amount: '5' })], auth);
    expect(bet, JSON.stringify(bet)).toMatchObject({ status: 200, data: { accepted: 1 } });
    // One player, under the one agent, whichever case each record named it in.
    const players = await db().selectFrom('player').select(['agent_id']).where('account', '=', 'case-player').execute();
    expect(players.map((p) => toNumber(p.agent_id))).toEqual([top.data.id]);
    expect(await client.playerBalance({ agent_code: 'Look-UP01', account: 'case-player' })).toMatchObject({ balance: '45.0000' });
    const unknown = await postIngest(t(), 'bets', [betRecord({ agent_code: 'look-up02' })], auth);
    expect(unknown.data).toMatchObject({ index: 0, field: 'agent_code' });

    // A game server reading one agent's config names it the same way.
    const config = await t().app.inject({ method: 'POST', url: game.GAME_SERVER_CONFIG_PATH, payload: { agent_code: 'LOOK-UP01' }, headers: { authorization: auth, 'accept-language': 'en' } });
    const answer = config.json() as { error_code: string; error_msg: string; data: game.GameServerConfig };
    expect(answer.error_code, answer.error_msg).toBe('0');
    expect(new Set(answer.data.games.map((g) => g.agent_code))).toEqual(new Set(['Look-UP01']));
  });
});
