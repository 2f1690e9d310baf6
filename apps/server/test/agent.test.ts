import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, loginWithPermissions, type Dimensions } from './domain-fixtures.ts';
import { clientPasswordHash, verifyPassword } from '../src/lib/passwords.ts';
import { agentKeyForSigning } from '../src/modules/key/service.ts';
import { toNumber } from '../src/db/sql.ts';
import { shareRateFromMonth } from '../src/modules/agent/service.ts';

interface AgentItem {
  id: number;
  code: string;
  parent_id: number | null;
  level: number;
  currency_code: string;
  wallet_mode: string;
  share_rate: number;
  ip_whitelist: string[];
  status: number;
  child_count: number;
  player_count: number;
  parent_share_rate: number | null;
  parent_path: string;
}
interface Page<T> {
  list: T[];
  total: number;
}

describeOnDatabases('agent management', (t) => {
  let dims: Dimensions;
  let token: string;
  /** Whether the agent user can log in (POST /v1/agent/login). */
  const mayLogIn = async (agentCode: string, account: string, password: string) =>
    (await t().agentCall('login', { agent_code: agentCode, account, password: clientPasswordHash(password) })).error_code === '0';
  const db = () => t().database.db;
  const logRows = async (action: string) => db().selectFrom('operation_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
  const agentCount = async () => toNumber((await db().selectFrom('agent').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  const newAgent = (over: Record<string, unknown> = {}) => ({
    code: `ag${Math.random().toString(36).slice(2, 10)}`,
    name: 'New agent',
    parent_id: 0,
    currency_id: dims.currency.CNY,
    wallet_mode: 'transfer',
    share_rate: 6000,
    ip_whitelist: [],
    remark: '',
    ...over,
  });

  beforeAll(async () => {
    dims = await createDimensions(db());
    token = await t().login();
    await db().insertInto('agent_admin_level').values({ name: 'General agent', level: 1, permissions: 'all', created_at: 'x', updated_at: 'x' }).execute();
  });

  it('every call refuses an operator without code 7, and a refused change writes nothing but its refusal', async () => {
    const other = await loginWithPermissions(t(), 'agent_noperm', '1,14');
    const before = await agentCount();
    for (const [path, body] of [
      ['agent/list', {}],
      ['agent/add', newAgent()],
      ['agent/edit', { id: dims.agent.A1, name: 'x' }],
      ['agent/user/list', {}],
      ['agent/user/add', { agent_id: dims.agent.A1, account: 'zzz1', name: 'z', password: clientPasswordHash('p'), admin_level_id: 1 }],
      ['agent/user/status/edit', { user_id: 1, status: 2 }],
      ['agent/user/password/edit', { user_id: 1, password: clientPasswordHash('p') }],
      ['agent/user/google/clean', { user_id: 1 }],
      ['agent/adminlevel/list', {}],
    ] as const) {
      expect((await t().call(path, body, { token: other })).error_code, path).toBe('A0301');
    }
    expect(await agentCount()).toBe(before);
  });

  it('bad input is A0400 naming the field, in both languages', async () => {
    const en = await t().call('agent/add', newAgent({ code: 'AB' }), { token, lang: 'en' });
    expect(en.error_code).toBe('A0400');
    expect(en.error_msg).toBe('code: must be 4–16 letters, digits or hyphens, starting and ending with a letter or digit');
    const zh = await t().call('agent/add', newAgent({ code: 'AB' }), { token, lang: 'zh-cn' });
    expect(zh.error_msg).toBe('code：必须是 4–16 位字母、数字或“-”，以字母或数字开头和结尾');
    const ip = await t().call('agent/add', newAgent({ ip_whitelist: ['10.0.0.1', '10.0.0.300'] }), { token });
    expect(ip.error_msg).toBe('ip_whitelist.1: must be an IPv4 or IPv6 address or a CIDR block');
    expect((await t().call('agent/add', newAgent({ share_rate: 10001 }), { token })).error_msg).toMatch(/^share_rate: /);
    expect((await t().call('agent/add', newAgent({ wallet_mode: 'credit' }), { token })).error_msg).toMatch(/^wallet_mode: /);
    expect((await t().call('agent/add', newAgent({ ip_whitelist: Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`) }), { token })).error_msg).toMatch(/^ip_whitelist: /);
  });

  it('agent/add makes a top agent and a child with its parent\'s currency, logged in the same transaction', async () => {
    const top = await t().call<{ id: number }>('agent/add', newAgent({ code: 'topa0001', share_rate: 6000, ip_whitelist: ['10.0.0.0/8', '2001:db8::/32', '::ffff:1.2.3.4'] }), { token });
    expect(top.error_code, top.error_msg).toBe('0');
    const child = await t().call<{ id: number }>('agent/add', newAgent({ code: 'child001', parent_id: top.data.id, share_rate: 6000 }), { token });
    expect(child.error_code, child.error_msg).toBe('0');
    const row = await db().selectFrom('agent').selectAll().where('id', '=', child.data.id).executeTakeFirstOrThrow();
    expect(row.path).toBe(`/${top.data.id}/${child.data.id}/`);
    expect(toNumber(row.level)).toBe(2);
    const [log] = await logRows('agent/add');
    expect(log!.target).toBe(`agent:${child.data.id} child001`);
    expect(JSON.parse(log!.summary)).toMatchObject({ agent: 'child001', parent: 'topa0001', currency: 'CNY', share_rate: 6000 });

    const tops = await t().call<Page<AgentItem>>('agent/list', { parent_id: 0, page_size: 100 }, { token });
    const listedTop = tops.data.list.find((a) => a.id === top.data.id)!;
    expect(listedTop).toMatchObject({ code: 'topa0001', parent_id: null, level: 1, currency_code: 'CNY', wallet_mode: 'transfer', child_count: 1, player_count: 0, parent_share_rate: null });
    expect(listedTop.ip_whitelist).toEqual(['10.0.0.0/8', '2001:db8::/32', '::ffff:1.2.3.4']);
    expect(tops.data.list.every((a) => a.parent_id === null)).toBe(true);
    const kids = await t().call<Page<AgentItem>>('agent/list', { parent_id: top.data.id }, { token });
    expect(kids.data.list.map((a) => a.code)).toEqual(['child001']);
    expect(kids.data.list[0]).toMatchObject({ parent_share_rate: 6000, parent_path: 'topa0001' });
    const found = await t().call<Page<AgentItem>>('agent/list', { keyword: 'CHILD0' }, { token });
    expect(found.data.list.map((a) => a.code)).toEqual(['child001']);
  });

  it('agent/add refuses a taken code, a share above the parent\'s, another currency, a disabled currency or parent', async () => {
    const dup = await t().call('agent/add', newAgent({ code: 'topa0001' }), { token });
    expect(dup.error_code).toBe('A0409');
    const parent = dims.agent.A1;
    await db().updateTable('agent').set({ share_rate: 5000 }).where('id', '=', parent).execute();
    const above = await t().call('agent/add', newAgent({ parent_id: parent, share_rate: 5001 }), { token, lang: 'en' });
    expect(above.error_code).toBe('A0400');
    expect(above.error_msg).toBe("share_rate: cannot be above the parent's share rate of 50.00%");
    expect((await t().call('agent/add', newAgent({ parent_id: parent, share_rate: 5000, currency_id: dims.currency.USD }), { token })).error_msg).toMatch(/^currency_id: /);
    expect((await t().call('agent/add', newAgent({ parent_id: 999999 }), { token })).error_msg).toBe('parent_id: no such agent');

    await t().call('currency/edit', { id: dims.currency.VND, status: 2 }, { token });
    const off = await t().call('agent/add', newAgent({ currency_id: dims.currency.VND }), { token, lang: 'en' });
    expect(off.error_msg).toBe('currency_id: the currency VND is disabled and takes no new agents');
    await t().call('currency/edit', { id: dims.currency.VND, status: 1 }, { token });

    await db().updateTable('agent').set({ status: 2 }).where('id', '=', dims.agent.B1).execute();
    expect((await t().call('agent/add', newAgent({ parent_id: dims.agent.B1, currency_id: dims.currency.VND, share_rate: 0 }), { token })).error_msg).toMatch(/^parent_id: .*disabled/);
    await db().updateTable('agent').set({ status: 1 }).where('id', '=', dims.agent.B1).execute();
  });

  it('agent/edit keeps share rates between the parent\'s and the children\'s, and never moves an agent', async () => {
    const top = await t().call<{ id: number }>('agent/add', newAgent({ code: 'edittop1', share_rate: 8000 }), { token });
    const kid = await t().call<{ id: number }>('agent/add', newAgent({ code: 'editkid1', parent_id: top.data.id, share_rate: 7000 }), { token });
    const below = await t().call('agent/edit', { id: top.data.id, share_rate: 6000 }, { token, lang: 'en' });
    expect(below.error_code).toBe('A0400');
    expect(below.error_msg).toMatch(/^share_rate: cannot be below the share rate of the sub-agent editkid1 \(70\.00%\)/);
    expect((await t().call('agent/edit', { id: kid.data.id, share_rate: 8001 }, { token })).error_code).toBe('A0400');

    const ok = await t().call('agent/edit', { id: top.data.id, share_rate: 7000, name: 'Renamed', parent_id: dims.agent.B1, code: 'moved001', currency_id: dims.currency.USD }, { token });
    expect(ok.error_code, ok.error_msg).toBe('0');
    const row = await db().selectFrom('agent').selectAll().where('id', '=', top.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: 'edittop1', name: 'Renamed', parent_id: null, path: `/${top.data.id}/` });
    expect(toNumber(row.currency_id)).toBe(dims.currency.CNY);
    const [log] = await logRows('agent/edit');
    // A share rate applies from the next month (docs/product.md, "Agent settlement"): the log says which.
    expect(JSON.parse(log!.summary)).toEqual({ name: { before: 'New agent', after: 'Renamed' }, share_rate: { before: 8000, after: 7000 }, share_rate_from: shareRateFromMonth() });
    const history = await db().selectFrom('agent_share_rate').select(['from_month', 'share_rate']).where('agent_id', '=', top.data.id).execute();
    expect(history.map((h) => [h.from_month, toNumber(h.share_rate)])).toEqual([[shareRateFromMonth(), 7000]]);
    expect((await t().call('agent/edit', { id: 999999, name: 'x' }, { token })).error_code).toBe('A0404');
  });

  it('disabling an agent stops its users and agent keys, and those of its sub-tree, at once', async () => {
    const top = await t().call<{ id: number }>('agent/add', newAgent({ code: 'stoptop1' }), { token });
    const kid = await t().call<{ id: number }>('agent/add', newAgent({ code: 'stopkid1', parent_id: top.data.id }), { token });
    const level = toNumber((await db().selectFrom('agent_admin_level').select('id').executeTakeFirstOrThrow()).id);
    const user = await t().call<{ id: number }>('agent/user/add', { agent_id: kid.data.id, account: 'kiduser', name: 'Kid', password: clientPasswordHash('kidpass1'), admin_level_id: level }, { token });
    expect(user.error_code, user.error_msg).toBe('0');
    const key = await t().call<{ app_id: string; secret: string }>('key/add', { agent_id: kid.data.id, type: 'agent', remark: '' }, { token });
    const keySource = t().app.config;
    expect(await mayLogIn('stopkid1', 'kiduser', 'kidpass1')).toBe(true);
    // What the agent API signs with: the key's secret while the key and its agents are in service.
    const signingSecret = async () => (await agentKeyForSigning(db(), key.data.app_id, keySource))?.secret ?? null;
    expect(await signingSecret()).toBe(key.data.secret);

    expect((await t().call('agent/edit', { id: top.data.id, status: 2 }, { token })).error_code).toBe('0');
    expect(await mayLogIn('stopkid1', 'kiduser', 'kidpass1')).toBe(false);
    expect(await signingSecret()).toBeNull();
    const [log] = await logRows('agent/edit');
    expect(JSON.parse(log!.summary)).toEqual({ status: { before: 1, after: 2 }, stopped: { users: 1, keys: 1 } });
    const keys = await t().call<Page<{ app_id: string; agent_active: boolean | null }>>('key/list', { agent_id: kid.data.id }, { token });
    expect(keys.data.list[0]!.agent_active).toBe(false);
    expect((await t().call('key/add', { agent_id: kid.data.id, type: 'agent', remark: '' }, { token })).error_code).toBe('A0400');

    await t().call('agent/edit', { id: top.data.id, status: 1 }, { token });
    expect(await mayLogIn('stopkid1', 'kiduser', 'kidpass1')).toBe(true);
    expect(await signingSecret()).toBe(key.data.secret);
  });

  it('agent users: admin levels, add, unique per agent, list, disable, reset password, unbind; secrets never logged', async () => {
    const levels = await t().call<{ list: { id: number; name: string; level: number }[] }>('agent/adminlevel/list', {}, { token });
    expect(levels.data.list[0]).toMatchObject({ name: 'General agent', level: 1 });
    const level = levels.data.list[0]!.id;
    const add = (account: string, agentId = dims.agent['A1-1']) =>
      t().call<{ id: number }>('agent/user/add', { agent_id: agentId, account, name: 'Ops', password: clientPasswordHash('agentpw1'), admin_level_id: level }, { token });
    const u = await add('ops.one');
    expect(u.error_code, u.error_msg).toBe('0');
    expect((await add('OPS.ONE')).error_code).toBe('A0409');
    expect((await add('ops.one', dims.agent.B1)).error_code).toBe('0');
    expect((await t().call('agent/user/add', { agent_id: dims.agent.A1, account: 'x1y', name: 'n', password: clientPasswordHash('p'), admin_level_id: 999 }, { token })).error_msg).toMatch(/^admin_level_id: /);
    expect((await t().call('agent/user/add', { agent_id: dims.agent.A1, account: 'x1y', name: 'n', password: 'plain', admin_level_id: level }, { token })).error_msg).toMatch(/^password: /);

    const listed = await t().call<Page<{ id: number; account: string; agent_code: string; admin_level_name: string; status: number; google_bound: boolean }>>(
      'agent/user/list',
      { agent_id: dims.agent['A1-1'], account: 'ops.' },
      { token },
    );
    expect(listed.data.list).toHaveLength(1);
    expect(listed.data.list[0]).toMatchObject({ account: 'ops.one', agent_code: 'A1-1', admin_level_name: 'General agent', status: 1, google_bound: false });

    await db().updateTable('agent_user').set({ totp_secret: 'sealed' }).where('id', '=', u.data.id).execute();
    expect((await t().call('agent/user/status/edit', { user_id: u.data.id, status: 2 }, { token })).error_code).toBe('0');
    expect(await mayLogIn('A1-1', 'ops.one', 'agentpw1')).toBe(false);
    expect((await t().call('agent/user/password/edit', { user_id: u.data.id, password: clientPasswordHash('newpass1') }, { token })).error_code).toBe('0');
    const row = await db().selectFrom('agent_user').selectAll().where('id', '=', u.data.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(clientPasswordHash('newpass1'), row.password_hash)).toBe(true);
    expect((await t().call('agent/user/google/clean', { user_id: u.data.id }, { token })).error_code).toBe('0');
    expect((await db().selectFrom('agent_user').select('totp_secret').where('id', '=', u.data.id).executeTakeFirstOrThrow()).totp_secret).toBeNull();
    expect((await t().call('agent/user/status/edit', { user_id: 999999, status: 2 }, { token })).error_code).toBe('A0404');

    const logs = await db().selectFrom('operation_log').selectAll().where('action', 'like', 'agent/user/%').execute();
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['agent/user/add', 'agent/user/status/edit', 'agent/user/password/edit', 'agent/user/google/clean']));
    const text = JSON.stringify(logs);
    expect(text).not.toContain(clientPasswordHash('newpass1'));
    expect(text).not.toContain(clientPasswordHash('agentpw1'));
    expect(text).not.toContain(row.password_hash);
    const status = logs.find((l) => l.action === 'agent/user/status/edit' && l.result_code === '0')!;
    expect(status.target).toBe(`agent_user:${u.data.id} A1-1/ops.one`);
    expect(JSON.parse(status.summary)).toEqual({ account: 'ops.one', status: { before: 1, after: 2 } });
  });
});
