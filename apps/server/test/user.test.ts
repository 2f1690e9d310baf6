import { beforeAll, describe, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { addUser, countRows, hash, passwordLogin, totpCode, uniqueAccount, uniquePhone } from './user-helpers.ts';

interface ListData {
  list: Array<{ id: number; account: string; name: string; phone: string; status: number; google_bound: boolean; permissions: string; last_login_at: string | null; created_at: string }>;
  total: number;
}

describeOnDatabases('operator accounts', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await t().login();
  });

  describe('user/add', () => {
    it('creates an account that can log in, with normalized permissions, and answers its id', async () => {
      const account = uniqueAccount('add');
      const r = await t().call<{ id: number }>('user/add', { account, name: '张三', password: hash('pass-word-1'), phone: '', permissions: '1401, 1' }, { token: admin });
      expect(r.error_code).toBe('0');
      expect(typeof r.data.id).toBe('number');
      const row = await t().database.db.selectFrom('operator_user').selectAll().where('account', '=', account).executeTakeFirstOrThrow();
      expect(Number(row.id)).toBe(r.data.id);
      // The parent module comes with its page, in tree order.
      expect(row.permissions).toBe('1,14,1401');
      expect(row.status).toBe(1);
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain(hash('pass-word-1'));
      const token = await t().login(account, 'pass-word-1');
      const info = await t().call<{ permissions: string }>('user/info', {}, { token });
      expect(info.data.permissions).toBe('1,14,1401');
    });

    it('writes one operation-log row without the password', async () => {
      const before = await countRows(t(), 'operation_log');
      const account = uniqueAccount('log');
      const r = await t().call<{ id: number }>('user/add', { account, name: 'Logged', password: hash('pass-word-2'), permissions: '1' }, { token: admin });
      expect(await countRows(t(), 'operation_log')).toBe(before + 1);
      const log = await t().database.db.selectFrom('operation_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(log).toMatchObject({ action: 'user/add', operator_account: 'admin', target: `user:${r.data.id}`, result_code: '0' });
      expect(log.summary).toContain(account);
      expect(log.summary).not.toContain(hash('pass-word-2'));
    });

    it('refuses a duplicate account with A0409 and leaves no row behind', async () => {
      const u = await addUser(t(), admin);
      const users = await countRows(t(), 'operator_user');
      const logs = await countRows(t(), 'operation_log');
      const dup = await t().call('user/add', { account: u.account, name: 'Again', password: hash('pass-word-3') }, { token: admin });
      expect(dup.error_code).toBe('A0409');
      expect(dup.error_msg).toContain(u.account);
      const otherCase = await t().call('user/add', { account: u.account.toUpperCase(), name: 'Again', password: hash('pass-word-3') }, { token: admin });
      expect(otherCase.error_code).toBe('A0409');
      expect(await countRows(t(), 'operator_user')).toBe(users);
      expect(await countRows(t(), 'operation_log')).toBe(logs);
    });

    it('refuses a phone already used by another account', async () => {
      const phone = uniquePhone();
      await addUser(t(), admin, { phone });
      const r = await t().call('user/add', { account: uniqueAccount(), name: 'P', password: hash('pass-word-4'), phone }, { token: admin });
      expect(r.error_code).toBe('A0409');
    });

    it('refuses unknown permission codes with A0400', async () => {
      const r = await t().call('user/add', { account: uniqueAccount(), name: 'X', password: hash('pass-word-5'), permissions: '1,999' }, { token: admin });
      expect(r.error_code).toBe('A0400');
      expect(r.error_msg).toBe('permissions: unknown permission codes 999');
    });

    it('rejects missing fields and wrong types with readable messages in both languages', async () => {
      const missing = await t().call('user/add', { account: uniqueAccount(), password: hash('pass-word-6') }, { token: admin });
      expect(missing.error_code).toBe('A0400');
      expect(missing.error_msg).toBe('name: is required');
      const zh = await t().call('user/add', { account: uniqueAccount(), password: hash('pass-word-6') }, { token: admin, lang: 'zh-cn' });
      expect(zh.error_msg).toBe('name：不能为空');
      const short = await t().call('user/add', { account: 'ab', name: 'X', password: hash('pass-word-6') }, { token: admin });
      expect(short.error_msg).toBe('account: must be at least 3 characters');
      const chars = await t().call('user/add', { account: 'a b<c>', name: 'X', password: hash('pass-word-6') }, { token: admin, lang: 'zh-cn' });
      expect(chars.error_msg).toBe('account：只能包含字母、数字和 _ . @ -');
      const phone = await t().call('user/add', { account: uniqueAccount(), name: 'X', password: hash('pass-word-6'), phone: '12ab' }, { token: admin });
      expect(phone.error_msg).toBe('phone: is not a valid phone number');
      const wrongType = await t().call('user/add', { account: uniqueAccount(), name: 42, password: hash('pass-word-6') }, { token: admin });
      expect(wrongType.error_msg).toBe('name: must be string');
    });
  });

  describe('user/list', () => {
    it('pages newest first and counts all matches', async () => {
      const tag = uniqueAccount('page');
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await addUser(t(), admin, { account: `${tag}_${i}` })).id);
      const p1 = await t().call<ListData>('user/list', { keyword: tag, page: 1, page_size: 2 }, { token: admin });
      expect(p1.error_code).toBe('0');
      expect(p1.data.total).toBe(3);
      expect(p1.data.list.map((u) => u.id)).toEqual([ids[2], ids[1]]);
      const p2 = await t().call<ListData>('user/list', { keyword: tag, page: 2, page_size: 2 }, { token: admin });
      expect(p2.data.list.map((u) => u.id)).toEqual([ids[0]]);
      expect(p2.data.total).toBe(3);
    });

    it('matches the keyword in account or name, ignoring case, and takes LIKE wildcards literally', async () => {
      const tag = uniqueAccount('kw');
      await addUser(t(), admin, { account: `${tag}_a`, name: 'Alice Wonder' });
      await addUser(t(), admin, { account: `${tag}_b`, name: 'Bob 100%' });
      const byName = await t().call<ListData>('user/list', { keyword: 'alice WONDER' }, { token: admin });
      expect(byName.data.list.map((u) => u.account)).toEqual([`${tag}_a`]);
      const byAccount = await t().call<ListData>('user/list', { keyword: tag.toUpperCase() }, { token: admin });
      expect(byAccount.data.total).toBe(2);
      const percent = await t().call<ListData>('user/list', { keyword: '100%' }, { token: admin });
      expect(percent.data.list.map((u) => u.account)).toEqual([`${tag}_b`]);
      const wildcard = await t().call<ListData>('user/list', { keyword: '%' }, { token: admin });
      expect(wildcard.data.list.map((u) => u.account)).toEqual([`${tag}_b`]);
    });

    it('filters by status and never shows a secret', async () => {
      const u = await addUser(t(), admin);
      await t().call('user/status/edit', { user_id: u.id, status: 2 }, { token: admin });
      const disabled = await t().call<ListData>('user/list', { status: 2, page_size: 500 }, { token: admin });
      expect(disabled.data.list.every((x) => x.status === 2)).toBe(true);
      expect(disabled.data.list.map((x) => x.id)).toContain(u.id);
      const enabled = await t().call<ListData>('user/list', { status: 1, page_size: 500 }, { token: admin });
      expect(enabled.data.list.map((x) => x.id)).not.toContain(u.id);
      const raw = JSON.stringify(enabled.data);
      expect(raw).not.toMatch(/password_hash|totp_secret|scrypt/);
    });

    describe('sorting', () => {
      // Four accounts of their own, under one keyword: c, a, B (letter case must not count), d.
      let tag: string;
      const sorted = async (body: Record<string, unknown>, pageSize = 500) => {
        const pages: string[][] = [];
        for (let page = 1; ; page++) {
          const r = await t().call<ListData>('user/list', { keyword: tag, page, page_size: pageSize, ...body }, { token: admin });
          expect(r.error_code, r.error_msg).toBe('0');
          expect(r.data.total).toBe(4);
          if (!r.data.list.length) break;
          pages.push(r.data.list.map((u) => u.account.slice(tag.length + 1)));
        }
        return pages;
      };

      beforeAll(async () => {
        tag = uniqueAccount('sort');
        const add = (suffix: string, name: string) => addUser(t(), admin, { account: `${tag}_${suffix}`, name });
        const c = await add('c', 'zoe');
        const a = await add('a', 'Mia');
        await add('B', 'adam');
        const d = await add('d', 'Lee');
        // Logged in: c, then a; B and d never. Disabled: a and d.
        await t().login(c.account, c.password);
        await t().login(a.account, a.password);
        for (const u of [a, d]) await t().call('user/status/edit', { user_id: u.id, status: 2 }, { token: admin });
      });

      it('sorts by account across pages, ignoring letter case, both ways', async () => {
        expect(await sorted({ sort_field: 'account', sort_order: 'ascend' }, 2)).toEqual([['a', 'B'], ['c', 'd']]);
        expect(await sorted({ sort_field: 'account', sort_order: 'descend' }, 2)).toEqual([['d', 'c'], ['B', 'a']]);
        // A field without an order sorts descending, as the reports do.
        expect(await sorted({ sort_field: 'account' }, 3)).toEqual([['d', 'c', 'B'], ['a']]);
      });

      it('sorts by name, id and creation time', async () => {
        expect(await sorted({ sort_field: 'name', sort_order: 'ascend' })).toEqual([['B', 'd', 'a', 'c']]);
        expect(await sorted({ sort_field: 'id', sort_order: 'ascend' }, 3)).toEqual([['c', 'a', 'B'], ['d']]);
        expect(await sorted({ sort_field: 'created_at', sort_order: 'descend' })).toEqual([['d', 'B', 'a', 'c']]);
      });

      it('breaks ties by id in the same direction, so equal values page without overlap', async () => {
        // Enabled: c, B (ids ascending); disabled: a, d.
        expect(await sorted({ sort_field: 'status', sort_order: 'ascend' }, 1)).toEqual([['c'], ['B'], ['a'], ['d']]);
        expect(await sorted({ sort_field: 'status', sort_order: 'descend' }, 1)).toEqual([['d'], ['a'], ['B'], ['c']]);
      });

      it('puts accounts that never logged in last, whichever the direction', async () => {
        expect(await sorted({ sort_field: 'last_login_at', sort_order: 'ascend' })).toEqual([['c', 'a', 'B', 'd']]);
        expect(await sorted({ sort_field: 'last_login_at', sort_order: 'descend' })).toEqual([['a', 'c', 'd', 'B']]);
      });

      it('keeps the newest-first order without a sort field', async () => {
        expect(await sorted({ sort_order: 'ascend' })).toEqual([['d', 'B', 'a', 'c']]);
      });

      it('refuses a column outside the whitelist, and a bad order, with A0400', async () => {
        for (const sort_field of ['password_hash', 'totp_secret', 'phone', 'id; DROP TABLE operator_user', '']) {
          const r = await t().call('user/list', { sort_field, sort_order: 'ascend' }, { token: admin });
          expect(r.error_code, sort_field).toBe('A0400');
          expect(r.error_msg).toBe('sort_field: must be one of id, account, name, status, last_login_at, created_at');
        }
        const zh = await t().call('user/list', { sort_field: 'password_hash' }, { token: admin, lang: 'zh-cn' });
        expect(zh.error_msg).toBe('sort_field：取值必须是 id、account、name、status、last_login_at、created_at 之一');
        const order = await t().call('user/list', { sort_field: 'id', sort_order: 'up' }, { token: admin });
        expect(order.error_code).toBe('A0400');
        expect(order.error_msg).toMatch(/^sort_order: must be one of ascend, descend$/);
        expect((await t().call<ListData>('user/list', { keyword: tag }, { token: admin })).data.total).toBe(4);
      });
    });

    it('rejects bad paging', async () => {
      const r = await t().call('user/list', { page: 0 }, { token: admin });
      expect(r.error_code).toBe('A0400');
      expect(r.error_msg).toBe('page: must be at least 1');
      const big = await t().call('user/list', { page_size: 501 }, { token: admin, lang: 'zh-cn' });
      expect(big.error_msg).toBe('page_size：不能大于 500');
      const status = await t().call('user/list', { status: 3 }, { token: admin });
      expect(status.error_code).toBe('A0400');
    });
  });

  describe('user/status/edit', () => {
    it('disables (sessions end, login refused) and enables again', async () => {
      const u = await addUser(t(), admin, { permissions: '1' });
      const token = await t().login(u.account, u.password);
      const off = await t().call('user/status/edit', { user_id: u.id, status: 2 }, { token: admin });
      expect(off.error_code).toBe('0');
      expect(await t().database.db.selectFrom('session').select('id').where('user_id', '=', u.id).execute()).toHaveLength(0);
      expect((await t().call('user/info', {}, { token })).status).toBe(401);
      expect((await passwordLogin(t(), u.account, u.password)).error_code).toBe('A0211');
      expect((await t().call('user/status/edit', { user_id: u.id, status: 1 }, { token: admin })).error_code).toBe('0');
      expect((await passwordLogin(t(), u.account, u.password)).error_code).toBe('0');
    });

    it('refuses one’s own account, an unknown account and a bad status', async () => {
      const me = await t().call<{ user_info: { id: number } }>('user/info', {}, { token: admin });
      const self = await t().call('user/status/edit', { user_id: me.data.user_info.id, status: 2 }, { token: admin });
      expect(self.error_code).toBe('A0301');
      expect(self.error_msg).toBe('You cannot change the status of your own account');
      expect((await t().call('user/info', {}, { token: admin })).error_code).toBe('0');
      expect((await t().call('user/status/edit', { user_id: 999999, status: 2 }, { token: admin })).error_code).toBe('A0404');
      const bad = await t().call('user/status/edit', { user_id: 1, status: 0 }, { token: admin });
      expect(bad.error_code).toBe('A0400');
      const wrongType = await t().call('user/status/edit', { user_id: 'abc', status: 2 }, { token: admin });
      expect(wrongType.error_msg).toBe('user_id: must be number');
    });
  });

  describe('user/password/edit', () => {
    it('resets another operator’s password and ends their sessions', async () => {
      const u = await addUser(t(), admin, { permissions: '1' });
      const token = await t().login(u.account, u.password);
      const r = await t().call('user/password/edit', { user_id: u.id, password: hash('reset-pass-1') }, { token: admin });
      expect(r.error_code).toBe('0');
      expect((await t().call('user/info', {}, { token })).status).toBe(401);
      expect((await passwordLogin(t(), u.account, u.password)).error_code).toBe('A0210');
      expect((await passwordLogin(t(), u.account, 'reset-pass-1')).error_code).toBe('0');
      const log = await t().database.db.selectFrom('operation_log').select('summary').where('action', '=', 'user/password/edit').where('target', '=', `user:${u.id}`).executeTakeFirstOrThrow();
      expect(log.summary).not.toContain(hash('reset-pass-1'));
    });

    it('refuses one’s own account and a malformed password', async () => {
      const me = await t().call<{ user_info: { id: number } }>('user/info', {}, { token: admin });
      expect((await t().call('user/password/edit', { user_id: me.data.user_info.id, password: hash('x-pass-12') }, { token: admin })).error_code).toBe('A0301');
      const plain = await t().call('user/password/edit', { user_id: 1, password: 'short' }, { token: admin });
      expect(plain.error_code).toBe('A0400');
    });
  });

  describe('user/google/clean', () => {
    it('unbinds an operator’s authenticator so they log in with the password again', async () => {
      const u = await addUser(t(), admin);
      const token = await t().login(u.account, u.password);
      const init = await t().call<{ secret: string }>('user/google/bind/init', {}, { token });
      await t().call('user/google/bind/confirm', { code: totpCode(init.data.secret) }, { token });
      expect((await passwordLogin(t(), u.account, u.password)).error_code).toBe('A0241');
      const r = await t().call('user/google/clean', { user_id: u.id }, { token: admin });
      expect(r.error_code).toBe('0');
      const listed = await t().call<ListData>('user/list', { keyword: u.account }, { token: admin });
      expect(listed.data.list[0]!.google_bound).toBe(false);
      expect((await passwordLogin(t(), u.account, u.password)).error_code).toBe('0');
    });

    it('refuses one’s own authenticator and a missing user_id', async () => {
      const me = await t().call<{ user_info: { id: number } }>('user/info', {}, { token: admin });
      expect((await t().call('user/google/clean', { user_id: me.data.user_info.id }, { token: admin })).error_code).toBe('A0301');
      const missing = await t().call('user/google/clean', {}, { token: admin });
      expect(missing.error_code).toBe('A0400');
      expect(missing.error_msg).toBe('user_id: is required');
    });
  });

  describe('who may manage whom', () => {
    it('every management call needs permission 1301 (A0301)', async () => {
      const u = await addUser(t(), admin, { permissions: '1,14,1401' });
      const token = await t().login(u.account, u.password);
      const other = await addUser(t(), admin);
      const calls: Array<[string, Record<string, unknown>]> = [
        ['user/list', {}],
        ['user/add', { account: uniqueAccount(), name: 'N', password: hash('pass-word-7') }],
        ['user/status/edit', { user_id: other.id, status: 2 }],
        ['user/password/edit', { user_id: other.id, password: hash('pass-word-8') }],
        ['user/google/clean', { user_id: other.id }],
        ['permission/list', {}],
        ['permission/edit', { user_id: other.id, permissions: '1' }],
      ];
      for (const [path, body] of calls) {
        const r = await t().call(path, body, { token });
        expect([path, r.error_code]).toEqual([path, 'A0301']);
        expect(r.error_msg).toBe('You do not have permission for this');
      }
    });

    it('a manager grants only codes they hold (A0302) and adds nothing when refused', async () => {
      const manager = await addUser(t(), admin, { permissions: '13,1301,1' });
      const token = await t().login(manager.account, manager.password);
      const users = await countRows(t(), 'operator_user');
      const beyond = await t().call('user/add', { account: uniqueAccount(), name: 'N', password: hash('pass-word-9'), permissions: '1,1401' }, { token });
      expect(beyond.error_code).toBe('A0302');
      expect(beyond.error_msg).toBe('You cannot grant permissions you do not hold: 14,1401');
      expect(await countRows(t(), 'operator_user')).toBe(users);
      const within = await t().call('user/add', { account: uniqueAccount(), name: 'N', password: hash('pass-word-9'), permissions: '1' }, { token });
      expect(within.error_code).toBe('0');
    });

    it('a manager cannot touch an account holding codes they lack (A0302)', async () => {
      const manager = await addUser(t(), admin, { permissions: '13,1301' });
      const token = await t().login(manager.account, manager.password);
      const strong = await addUser(t(), admin, { permissions: '1,13,1301' });
      const weak = await addUser(t(), admin, { permissions: '13' });
      for (const [path, body] of [
        ['user/status/edit', { user_id: strong.id, status: 2 }],
        ['user/password/edit', { user_id: strong.id, password: hash('taken-over') }],
        ['user/google/clean', { user_id: strong.id }],
      ] as const) {
        const r = await t().call(path, body, { token, lang: 'zh-cn' });
        expect([path, r.error_code]).toEqual([path, 'A0302']);
        expect(r.error_msg).toBe('不能管理拥有您所没有权限的账号');
      }
      expect((await passwordLogin(t(), strong.account, strong.password)).error_code).toBe('0');
      expect((await t().call('user/password/edit', { user_id: weak.id, password: hash('fine-reset') }, { token })).error_code).toBe('0');
      // The demo administrator holds everything, so this manager cannot touch it either.
      expect((await t().call('user/status/edit', { user_id: 1, status: 2 }, { token })).error_code).toBe('A0302');
    });
  });
});
