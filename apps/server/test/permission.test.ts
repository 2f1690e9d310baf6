import { beforeAll, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, PERMISSION_TREE, type PermissionNode } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { addUser, countRows } from './user-helpers.ts';

describeOnDatabases('permissions', (t) => {
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    admin = await t().login();
    adminId = (await t().call<{ user_info: { id: number } }>('user/info', {}, { token: admin })).data.user_info.id;
  });

  it('permission/list answers the whole tree with zh-cn and en names', async () => {
    const r = await t().call<{ list: PermissionNode[] }>('permission/list', {}, { token: admin });
    expect(r.error_code).toBe('0');
    expect(r.data.list).toEqual(PERMISSION_TREE);
    const codes: string[] = [];
    const walk = (nodes: PermissionNode[]) => nodes.forEach((n) => (codes.push(n.code), n.children && walk(n.children)));
    walk(r.data.list);
    expect(codes.sort()).toEqual([...ALL_PERMISSION_CODES].sort());
    expect(r.data.list.find((n) => n.code === '13')!.name).toEqual({ 'zh-cn': '后台设置', en: 'Backend settings' });
  });

  it('permission/edit replaces the codes, normalized, and takes effect on live sessions at once', async () => {
    const u = await addUser(t(), admin, { permissions: '1' });
    const token = await t().login(u.account, u.password);
    expect((await t().call('user/list', {}, { token })).error_code).toBe('A0301');

    const r = await t().call<{ permissions: string }>('permission/edit', { user_id: u.id, permissions: '1301,1' }, { token: admin });
    expect(r.error_code).toBe('0');
    expect(r.data.permissions).toBe('1,13,1301');
    expect((await t().call('user/list', {}, { token })).error_code).toBe('0');
    const info = await t().call<{ permissions: string }>('user/info', {}, { token });
    expect(info.data.permissions).toBe('1,13,1301');

    const none = await t().call<{ permissions: string }>('permission/edit', { user_id: u.id, permissions: '' }, { token: admin });
    expect(none.data.permissions).toBe('');
    expect((await t().call('user/list', {}, { token })).error_code).toBe('A0301');

    const log = await t().database.db.selectFrom('operation_log').select(['summary', 'target']).where('action', '=', 'permission/edit').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.target).toBe(`user:${u.id}`);
    expect(JSON.parse(log.summary)).toMatchObject({ account: u.account, before: '1,13,1301', after: '' });
  });

  it('refuses unknown codes (A0400), codes the caller lacks (A0302) and one’s own account (A0301), changing nothing', async () => {
    const manager = await addUser(t(), admin, { permissions: '1,13,1301' });
    const token = await t().login(manager.account, manager.password);
    const u = await addUser(t(), admin, { permissions: '1' });
    const logs = await countRows(t(), 'operation_log');

    const unknown = await t().call('permission/edit', { user_id: u.id, permissions: '1,abc' }, { token, lang: 'zh-cn' });
    expect(unknown.error_code).toBe('A0400');
    expect(unknown.error_msg).toBe('permissions：未知的权限代码 abc');

    const beyond = await t().call('permission/edit', { user_id: u.id, permissions: '1,7' }, { token });
    expect(beyond.error_code).toBe('A0302');
    expect(beyond.error_msg).toBe('You cannot grant permissions you do not hold: 7');
    const beyondZh = await t().call('permission/edit', { user_id: u.id, permissions: '1401' }, { token, lang: 'zh-cn' });
    expect(beyondZh.error_msg).toBe('不能授予自己没有的权限：14,1401');

    const self = await t().call('permission/edit', { user_id: manager.id, permissions: '1,13,1301' }, { token });
    expect(self.error_code).toBe('A0301');
    expect(self.error_msg).toBe('You cannot change your own permissions');
    const adminSelf = await t().call('permission/edit', { user_id: adminId, permissions: '1' }, { token: admin });
    expect(adminSelf.error_code).toBe('A0301');

    const row = await t().database.db.selectFrom('operator_user').select('permissions').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.permissions).toBe('1');
    // Nothing changed; the refusals for want of permission are in the log with their codes.
    const rows = await t().database.db.selectFrom('operation_log').select(['result_code', 'action']).orderBy('id').execute();
    expect(rows.slice(logs).map((r) => [r.action, r.result_code])).toEqual([
      ['permission/edit', 'A0302'],
      ['permission/edit', 'A0302'],
      ['permission/edit', 'A0301'],
      ['permission/edit', 'A0301'],
    ]);

    const within = await t().call<{ permissions: string }>('permission/edit', { user_id: u.id, permissions: '1,1301' }, { token });
    expect(within.data.permissions).toBe('1,13,1301');
  });

  it('refuses an unknown user and malformed input', async () => {
    expect((await t().call('permission/edit', { user_id: 999999, permissions: '1' }, { token: admin })).error_code).toBe('A0404');
    const missing = await t().call('permission/edit', { user_id: 2 }, { token: admin });
    expect(missing.error_code).toBe('A0400');
    expect(missing.error_msg).toBe('permissions: is required');
    const wrongType = await t().call('permission/edit', { user_id: 2, permissions: ['1'] }, { token: admin });
    expect(wrongType.error_msg).toBe('permissions: must be string');
    const negative = await t().call('permission/edit', { user_id: -1, permissions: '1' }, { token: admin });
    expect(negative.error_code).toBe('A0400');
  });
});
