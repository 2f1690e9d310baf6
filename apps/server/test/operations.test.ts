import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, loginWithPermissions, type Dimensions } from './domain-fixtures.ts';
import { clientPasswordHash } from '../src/lib/passwords.ts';
import { disabledCurrencyIds } from '../src/modules/currency/repository.ts';
import { domainToASCII } from 'node:url';
import { storedHostName } from '../src/modules/domain/service.ts';

interface Page<T> {
  list: T[];
  total: number;
}
interface LogItem {
  id: number;
  operator_account: string;
  action: string;
  target: string;
  summary: string;
  result_code: string;
  created_at: string;
}

it('host names: lower-case ASCII, punycode for internationalised names, nothing but a host', () => {
  expect(storedHostName('API.Example.COM')).toBe('api.example.com');
  expect(storedHostName('例子.测试')).toBe('xn--fsqu00a.xn--0zwm56d');
  expect(storedHostName('münchen.de')).toBe('xn--mnchen-3ya.de');
  for (const bad of ['localhost', '10.0.0.1', 'a..b', '-a.com', 'a-.com', 'a_b.com', 'example.123', `${'a'.repeat(64)}.com`]) expect(storedHostName(bad), bad).toBeNull();
});

describeOnDatabases('currencies, domains and the operation log', (t) => {
  let dims: Dimensions;
  let token: string;
  const db = () => t().database.db;

  beforeAll(async () => {
    dims = await createDimensions(db());
    token = await t().login();
  });

  it('every call refuses an operator without its code', async () => {
    const other = await loginWithPermissions(t(), 'ops_noperm', '1');
    for (const [path, body] of [
      ['currency/add', { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2, rate: '7.8' }],
      ['currency/edit', { id: dims.currency.USD, name: 'x' }],
      ['domain/list', {}],
      ['domain/add', { domain: 'x.example.com', type: 'api', agent_id: 0 }],
      ['domain/edit', { id: 1, status: 2 }],
      ['log/list', {}],
    ] as const) {
      expect((await t().call(path, body, { token: other })).error_code, path).toBe('A0301');
    }
    // currency/list stays a dictionary for every session.
    expect((await t().call('currency/list', {}, { token: other })).error_code).toBe('0');
  });

  it('currency/add and edit: code fixed and unique, exact rate, decimals 0–4, disabled ones still listed', async () => {
    const add = await t().call<{ id: number }>('currency/add', { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2, rate: '7.81234567' }, { token });
    expect(add.error_code, add.error_msg).toBe('0');
    expect((await t().call('currency/add', { code: 'EUR', name: 'Euro 2', decimals: 2, rate: '1' }, { token })).error_code).toBe('A0409');
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await t().call('currency/add', { code: 'GBP', name: 'Pound', decimals: 2, rate: '9', ...body }, { token, lang: 'en' });
      expect(r.error_code, JSON.stringify(body)).toBe('A0400');
      expect(r.error_msg.startsWith(`${field}: `), r.error_msg).toBe(true);
    };
    await bad({ code: 'gbp' }, 'code');
    await bad({ code: 'G' }, 'code');
    await bad({ rate: '0' }, 'rate');
    await bad({ rate: '0.000000001' }, 'rate');
    await bad({ rate: '-1' }, 'rate');
    await bad({ rate: 7.2 }, 'rate');
    await bad({ decimals: 5 }, 'decimals');
    const zh = await t().call('currency/add', { code: 'GBP', name: 'Pound', decimals: 2, rate: '0' }, { token, lang: 'zh-cn' });
    expect(zh.error_msg).toBe('rate：必须是大于 0 的数字，最多 8 位小数');

    const edit = await t().call('currency/edit', { id: add.data.id, name: 'Euro €', rate: '7.90000000', decimals: 3, code: 'EUX' }, { token });
    expect(edit.error_code, edit.error_msg).toBe('0');
    const row = await db().selectFrom('currency').selectAll().where('id', '=', add.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: 'EUR', name: 'Euro €', rate: '7.9' });
    const [log] = await db().selectFrom('operation_log').selectAll().where('action', '=', 'currency/edit').orderBy('id', 'desc').execute();
    expect(log!.target).toBe(`currency:${add.data.id} EUR`);
    expect(JSON.parse(log!.summary)).toEqual({ name: { before: 'Euro', after: 'Euro €' }, decimals: { before: 2, after: 3 }, rate: { before: '7.81234567', after: '7.9' } });

    expect((await t().call('currency/edit', { id: add.data.id, status: 2 }, { token })).error_code).toBe('0');
    const all = await t().call<Page<{ code: string; status: number }>>('currency/list', {}, { token });
    expect(all.data.list.find((c) => c.code === 'EUR')!.status).toBe(2);
    expect(await disabledCurrencyIds(db(), [add.data.id, dims.currency.CNY])).toEqual(new Set([add.data.id]));
    expect((await t().call('currency/edit', { id: 999999, name: 'x' }, { token })).error_code).toBe('A0404');
  });

  it('domain/add, edit and list: stored lower-case, punycode, shown in Unicode, duplicates refused, filters', async () => {
    const add = await t().call<{ id: number }>('domain/add', { domain: 'API.Games-Demo.com', type: 'api', agent_id: 0, remark: 'main' }, { token });
    expect(add.error_code, add.error_msg).toBe('0');
    const dup = await t().call('domain/add', { domain: 'api.games-demo.com', type: 'game', agent_id: 0 }, { token, lang: 'en' });
    expect(dup.error_code).toBe('A0409');
    expect(dup.error_msg).toBe('The domain api.games-demo.com already exists');
    const idn = await t().call<{ id: number }>('domain/add', { domain: '代理.例子.com', type: 'agent', agent_id: dims.agent.A1 }, { token });
    expect(idn.error_code, idn.error_msg).toBe('0');
    const puny = domainToASCII('代理.例子.com');
    expect(puny).toMatch(/^xn--.*\.xn--fsqu00a\.com$/);
    expect((await t().call('domain/add', { domain: puny.toUpperCase(), type: 'agent', agent_id: 0 }, { token })).error_code).toBe('A0409');
    for (const bad of ['https://x.example.com', 'x.example.com/path', 'x.example.com:8080', 'localhost', '10.1.2.3', 'a..example.com']) {
      const r = await t().call('domain/add', { domain: bad, type: 'api', agent_id: 0 }, { token, lang: 'en' });
      expect(r.error_code, bad).toBe('A0400');
      expect(r.error_msg.startsWith('domain: '), r.error_msg).toBe(true);
    }
    expect((await t().call('domain/add', { domain: 'z.example.com', type: 'api', agent_id: 999999 }, { token })).error_msg).toMatch(/agent_id/);

    const list = await t().call<Page<{ id: number; domain: string; domain_unicode: string; agent_code: string | null; agent_id: number }>>('domain/list', {}, { token });
    expect(list.data.list[0]).toMatchObject({ id: idn.data.id, domain: puny, domain_unicode: '代理.例子.com', agent_code: 'A1', agent_id: dims.agent.A1 });
    expect(list.data.list[1]).toMatchObject({ domain: 'api.games-demo.com', domain_unicode: 'api.games-demo.com', agent_id: 0, agent_code: null });
    const byUnicode = await t().call<Page<{ id: number }>>('domain/list', { keyword: '例子' }, { token });
    expect(byUnicode.data.list.map((d) => d.id)).toEqual([idn.data.id]);
    expect((await t().call<Page<{ id: number }>>('domain/list', { type: 'api' }, { token })).data.list.map((d) => d.id)).toEqual([add.data.id]);
    expect((await t().call<Page<{ id: number }>>('domain/list', { agent_id: 0 }, { token })).data.list.map((d) => d.id)).toEqual([add.data.id]);

    expect((await t().call('domain/edit', { id: add.data.id, status: 2, agent_id: dims.agent.B1, domain: 'other.example.com' }, { token })).error_code).toBe('0');
    const row = await db().selectFrom('domain').selectAll().where('id', '=', add.data.id).executeTakeFirstOrThrow();
    expect(row.domain).toBe('api.games-demo.com');
    expect((await t().call<Page<{ id: number }>>('domain/list', { status: 2 }, { token })).data.list.map((d) => d.id)).toEqual([add.data.id]);
    const [log] = await db().selectFrom('operation_log').selectAll().where('action', '=', 'domain/edit').orderBy('id', 'desc').execute();
    expect(JSON.parse(log!.summary)).toEqual({ agent_id: { before: 0, after: dims.agent.B1 }, status: { before: 1, after: 2 } });
  });

  it('log/list: newest first, a sample of change calls across modules, logins, filters, and no secret anywhere', async () => {
    const other = await loginWithPermissions(t(), 'log_user', '1');
    await t().call('login', { type: 1, account: 'log_user', password: clientPasswordHash('wrong-one'), google_code: '', phone: '', message_code: '' });
    const user = await t().call<{ id: number }>('user/add', { account: 'log_target', name: 'Target', password: clientPasswordHash('target-pw'), phone: '', permissions: '1' }, { token });
    await t().call('user/password/edit', { user_id: user.data.id, password: clientPasswordHash('target-pw2') }, { token });
    const key = await t().call<{ secret: string }>('key/add', { agent_id: 0, type: 'ingest', remark: 'log' }, { token });
    const rotated = await t().call<{ secret: string }>('key/rotate', { id: (key.data as unknown as { id: number }).id }, { token });
    await t().call('agent/add', { code: 'logagent', name: 'Log agent', parent_id: 0, currency_id: dims.currency.CNY, wallet_mode: 'seamless', share_rate: 100, ip_whitelist: [], remark: '' }, { token });
    await t().call('log/list', {}, { token: other });

    const all = await t().call<Page<LogItem>>('log/list', { page_size: 500 }, { token });
    expect(all.error_code).toBe('0');
    const ids = all.data.list.map((l) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const actions = new Set(all.data.list.map((l) => l.action));
    for (const a of ['login', 'user/add', 'user/password/edit', 'key/add', 'key/rotate', 'agent/add', 'currency/add', 'currency/edit', 'domain/add', 'domain/edit']) {
      expect(actions.has(a), a).toBe(true);
    }
    // Reads are not logged, refused or not.
    expect(actions.has('log/list')).toBe(false);
    const text = JSON.stringify(all.data);
    for (const secret of [clientPasswordHash('target-pw'), clientPasswordHash('target-pw2'), clientPasswordHash('wrong-one'), clientPasswordHash('secret123'), key.data.secret, rotated.data.secret]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/scrypt|sha256:/);

    const failures = await t().call<Page<LogItem>>('log/list', { action: 'login', result: 'failure' }, { token });
    expect(failures.data.list.length).toBeGreaterThan(0);
    expect(failures.data.list.every((l) => l.action === 'login' && l.result_code !== '0')).toBe(true);
    const successes = await t().call<Page<LogItem>>('log/list', { action: 'login', result: 'success', operator_account: 'LOG_USER' }, { token });
    expect(successes.data.list.map((l) => l.operator_account)).toEqual(['log_user']);

    const newest = all.data.list[0]!;
    const at = await t().call<Page<LogItem>>('log/list', { start_time: newest.created_at, end_time: newest.created_at }, { token });
    expect(at.data.list.map((l) => l.id)).toContain(newest.id);
    const none = await t().call<Page<LogItem>>('log/list', { end_time: '2001-01-01T00:00:00+08:00' }, { token });
    expect(none.data.total).toBe(0);
    expect((await t().call('log/list', { start_time: 'yesterday' }, { token, lang: 'en' })).error_msg).toMatch(/^start_time: /);
  });

  it('log/list reads wall-clock bounds in time_zone_id: a row at 23:59:59 GMT+8 is on the next day in GMT+9', async () => {
    const logIn = async (at: string) => {
      const { id } = await db()
        .insertInto('operation_log')
        .values({ operator_id: null, operator_account: 'tz_user', action: 'login', target: '', summary: '{}', ip: '127.0.0.1', result_code: '0', created_at: at, agent_user_id: null, agent_code: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    };
    const late = await logIn('2031-03-10T15:59:59.500Z');
    const next = await logIn('2031-03-10T16:00:00.000Z');
    const ids = async (body: Record<string, unknown>) => {
      const r = await t().call<Page<LogItem>>('log/list', { operator_account: 'tz_user', ...body }, { token });
      expect(r.error_code, r.error_msg).toBe('0');
      return r.data.list.map((l) => l.id);
    };
    const day = (date: string) => ({ start_time: `${date} 00:00:00`, end_time: `${date} 23:59:59` });
    expect(await ids({ ...day('2031-03-10'), time_zone_id: 1 })).toEqual([late]);
    expect(await ids(day('2031-03-10'))).toEqual([late]);
    expect(await ids({ ...day('2031-03-10'), time_zone_id: 3 })).toEqual([]);
    expect(await ids({ ...day('2031-03-11'), time_zone_id: 3 })).toEqual([next, late]);
    expect(await ids({ start_time: '2031-03-11 00:29:59', end_time: '2031-03-11 00:29:59', time_zone_id: 2 })).toEqual([late]);
    // Instants with their own zone as before.
    expect(await ids({ start_time: '2031-03-11T00:00:00+08:00', time_zone_id: 5 })).toEqual([next]);
    expect((await t().call('log/list', { start_time: '2031-03-11 00:00', time_zone_id: 1 }, { token })).error_code).toBe('A0400');
    expect((await t().call('log/list', { time_zone_id: 0 }, { token })).error_code).toBe('A0400');
  });
});
