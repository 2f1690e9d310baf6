import { beforeAll, expect, it } from 'vitest';
import { AGENT_PERMISSION_CODES } from '@console/contract';
import { levelCodes } from '../src/db/migrations/0013-admin-level-codes.ts';
import { clientPasswordHash } from '../src/lib/passwords.ts';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, loginWithPermissions, type Dimensions } from './domain-fixtures.ts';

interface Level {
  id: number;
  name: string;
  level: number;
  permissions: string;
  user_count: number;
}

/**
 * Agent admin levels (docs/product.md, "Agent admin levels"): added and edited with permission 7,
 * a unique name, a rank, and a permission set only from the agent permission tree, stored with
 * its modules; the list tells how many agent users hold each.
 */
describeOnDatabases('agent admin levels', (t) => {
  let dims: Dimensions;
  let token: string;
  const db = () => t().database.db;
  const list = async () => (await t().call<{ list: Level[] }>('agent/adminlevel/list', {}, { token })).data.list;

  beforeAll(async () => {
    dims = await createDimensions(db());
    token = await t().login();
  });

  it('adds a level from codes (as text or as a list), stored with their modules in tree order, logged', async () => {
    const add = await t().call<{ id: number }>('agent/adminlevel/add', { name: 'Finance', level: 3, permissions: '1402,6,1401' }, { token });
    expect(add.error_code, add.error_msg).toBe('0');
    expect((await list()).find((l) => l.id === add.data.id)).toEqual({ id: add.data.id, name: 'Finance', level: 3, permissions: '14,1401,1402,6', user_count: 0 });
    const [log] = await db().selectFrom('operation_log').selectAll().where('action', '=', 'agent/adminlevel/add').orderBy('id', 'desc').limit(1).execute();
    expect(log!.target).toBe(`agent_admin_level:${add.data.id} Finance`);
    expect(JSON.parse(log!.summary)).toEqual({ name: 'Finance', level: 3, permissions: '14,1401,1402,6' });

    const asList = await t().call<{ id: number }>('agent/adminlevel/add', { name: 'Support', level: 4, permissions: ['801', '201'] }, { token });
    expect((await list()).find((l) => l.id === asList.data.id)!.permissions).toBe('2,201,8,801');
  });

  it('refuses codes outside the agent tree, an empty set, a taken name and a rank out of 1–99; nothing is written', async () => {
    const before = (await list()).length;
    const refused = async (body: Record<string, unknown>, code: string, msg?: string) => {
      const r = await t().call('agent/adminlevel/add', body, { token });
      expect(r.error_code, JSON.stringify(body)).toBe(code);
      if (msg) expect(r.error_msg).toBe(msg);
    };
    await refused({ name: 'Too much', level: 2, permissions: '1401,1301,902' }, 'A0400', 'permissions: 1301, 902 are not in the agent permission tree');
    await refused({ name: 'Currency', level: 2, permissions: '1303' }, 'A0400', 'permissions: 1303 is not in the agent permission tree');
    await refused({ name: 'Nothing', level: 2, permissions: '' }, 'A0400', 'permissions: choose at least one permission');
    await refused({ name: 'finance', level: 2, permissions: '6' }, 'A0409', 'The admin level finance already exists');
    await refused({ name: 'Rank', level: 0, permissions: '6' }, 'A0400');
    await refused({ name: 'Rank', level: 100, permissions: '6' }, 'A0400');
    await refused({ name: '', level: 1, permissions: '6' }, 'A0400');
    expect((await list()).length).toBe(before);
  });

  it('edits name, rank and codes with before and after; the list counts the users who hold a level', async () => {
    const { data } = await t().call<{ id: number }>('agent/adminlevel/add', { name: 'Ops', level: 2, permissions: '7,801' }, { token });
    for (const account of ['ops_a', 'ops_b']) {
      const u = await t().call('agent/user/add', { agent_id: dims.agent.A1, account, name: account, password: clientPasswordHash('agentpw1'), admin_level_id: data.id }, { token });
      expect(u.error_code, u.error_msg).toBe('0');
    }
    expect((await list()).find((l) => l.id === data.id)!.user_count).toBe(2);

    expect((await t().call('agent/adminlevel/edit', { id: data.id, name: 'Operations', level: 5, permissions: '7,801,6' }, { token })).error_code).toBe('0');
    const [log] = await db().selectFrom('operation_log').selectAll().where('action', '=', 'agent/adminlevel/edit').orderBy('id', 'desc').limit(1).execute();
    expect(JSON.parse(log!.summary)).toEqual({
      name: { before: 'Ops', after: 'Operations' },
      level: { before: 2, after: 5 },
      permissions: { before: '7,8,801', after: '6,7,8,801' },
    });
    expect((await t().call('agent/adminlevel/edit', { id: data.id, permissions: '1202' }, { token })).error_code).toBe('A0400');
    expect((await t().call('agent/adminlevel/edit', { id: data.id, name: 'FINANCE' }, { token })).error_code).toBe('A0409');
    expect((await t().call('agent/adminlevel/edit', { id: 999_999, name: 'x' }, { token })).error_code).toBe('A0404');
    expect((await list()).find((l) => l.id === data.id)).toMatchObject({ name: 'Operations', level: 5, permissions: '6,7,8,801', user_count: 2 });
  });

  it('needs permission 7', async () => {
    const other = await loginWithPermissions(t(), 'no_agents', '6');
    expect((await t().call('agent/adminlevel/add', { name: 'X', level: 1, permissions: '6' }, { token: other })).error_code).toBe('A0301');
    expect((await t().call('agent/adminlevel/edit', { id: 1, name: 'X' }, { token: other })).error_code).toBe('A0301');
    expect((await t().call('agent/adminlevel/list', {}, { token: other })).error_code).toBe('A0301');
  });
});

it('migration 0013 turns the area names of older admin levels into codes of the agent tree', () => {
  // The agent tree's codes when 0013 ran (1405 came with 0016, which grants it to every level holding 1401–1404).
  expect(levelCodes('all')).toBe(AGENT_PERMISSION_CODES.filter((c) => c !== '1405').join(','));
  expect(levelCodes('report,bill')).toBe('14,1401,1404,1402,1403,2,201,202,203,204,3,301,302,303,304,6');
  expect(levelCodes('player')).toBe('8,801');
  expect(levelCodes('6,7,bogus')).toBe('6,7');
  expect(levelCodes('')).toBe('');
});
