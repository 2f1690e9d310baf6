import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { countRows, hash, uniqueAccount } from './user-helpers.ts';

/** PostgreSQL text cannot hold U+0000; every call refuses it as a bad parameter, on both databases alike. */
describeOnDatabases('a NUL character in a text field', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await t().login();
  });

  it('is refused with A0400 and a readable message in both languages, whatever the call', async () => {
    const list = await t().call('user/list', { keyword: 'ad\u0000min' }, { token: admin });
    expect(list.status).toBe(200);
    expect(list).toMatchObject({ error_code: 'A0400', error_msg: 'keyword: must not contain the NUL character (U+0000)', data: null });
    const zh = await t().call('user/list', { keyword: '\u0000' }, { token: admin, lang: 'zh-cn' });
    expect(zh.status).toBe(200);
    expect(zh).toMatchObject({ error_code: 'A0400', error_msg: 'keyword：不能包含空字符（U+0000）' });

    const users = await countRows(t(), 'operator_user');
    const add = await t().call('user/add', { account: uniqueAccount(), name: 'Bad\u0000Name', password: hash('secret123'), phone: '', permissions: '' }, { token: admin });
    expect(add.status).toBe(200);
    expect(add).toMatchObject({ error_code: 'A0400', error_msg: 'name: must not contain the NUL character (U+0000)' });
    expect(await countRows(t(), 'operator_user')).toBe(users);

    const key = await t().call('key/add', { agent_id: 0, type: 'ingest', remark: 'game\u0000server' }, { token: admin, lang: 'zh-cn' });
    expect(key.status).toBe(200);
    expect(key).toMatchObject({ error_code: 'A0400', error_msg: 'remark：不能包含空字符（U+0000）' });

    const exports = await t().call('export/list', { report: 'x\u0000' }, { token: admin });
    expect(exports.status).toBe(200);
    expect(exports).toMatchObject({ error_code: 'A0400', error_msg: 'report: must not contain the NUL character (U+0000)' });
  });

  it('is refused in a public call too, and the refusal is no login failure', async () => {
    const failures = await countRows(t(), 'login_failure');
    const sms = await t().call('login', { type: 2, phone: '+8613900000000', message_code: '123456', google_code: '', account: 'x\u0000' });
    expect(sms.status).toBe(200);
    expect(sms.error_code).toBe('A0400');
    expect(await countRows(t(), 'login_failure')).toBe(failures);
  });
});
