import { beforeAll, describe, expect, it } from 'vitest';
import { describeOnDatabases, startSiblingApp } from './harness.ts';
import { openTotpSecret } from '../src/modules/user/totp.ts';
import { sha256 } from '../src/lib/passwords.ts';
import {
  addUser,
  countRows,
  expireSession,
  hash,
  passwordLogin,
  totpCode,
  uniqueAccount,
  wrongTotpCode,
} from './user-helpers.ts';

interface LoginData {
  token: string;
  user_info: { id: number; account: string; name: string; google_bound: boolean; must_bind_google: boolean; last_login_at: string | null; last_login_ip: string | null };
}

describeOnDatabases('login with account and password', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await t().login();
  });

  it('logs the demo operator in and answers the fixed shape', async () => {
    const r = await t().call<LoginData>('login', { type: 1, account: 'admin', password: hash('admin123'), google_code: '', phone: '', message_code: '' }, { headers: { 'x-forwarded-for': '10.1.0.1' } });
    expect(r.error_code).toBe('0');
    expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(r.data.user_info).toMatchObject({ account: 'admin', name: 'Administrator', google_bound: false, must_bind_google: false, last_login_ip: '10.1.0.1' });
    expect(typeof r.data.user_info.id).toBe('number');
    expect(Date.now() - Date.parse(r.data.user_info.last_login_at!)).toBeLessThan(60_000);
  });

  it('stores only the hash of the token, with the configured expiry', async () => {
    const r = await passwordLogin(t(), 'admin', 'admin123');
    const rows = await t().database.db.selectFrom('session').selectAll().execute();
    expect(rows.some((s) => s.token_hash === r.data.token)).toBe(false);
    const mine = rows.find((s) => s.token_hash === sha256(r.data.token));
    expect(mine).toBeDefined();
    const ttl = Date.parse(mine!.expires_at) - Date.parse(mine!.created_at);
    expect(ttl).toBe(t().app.config.sessionTtlMinutes * 60_000);
  });

  it('records last login time and IP on the account', async () => {
    await passwordLogin(t(), 'admin', 'admin123', { ip: '10.1.0.2' });
    const row = await t().database.db.selectFrom('operator_user').select(['last_login_ip', 'last_login_at']).where('account', '=', 'admin').executeTakeFirstOrThrow();
    expect(row.last_login_ip).toBe('10.1.0.2');
  });

  it('answers the same A0210 for a wrong password and an unknown account', async () => {
    const wrong = await passwordLogin(t(), 'admin', 'not-the-password', { ip: '10.1.1.1' });
    const unknown = await passwordLogin(t(), 'nobody_here', 'admin123', { ip: '10.1.1.2' });
    expect(wrong.error_code).toBe('A0210');
    expect(unknown.error_code).toBe('A0210');
    expect(wrong.error_msg).toBe(unknown.error_msg);
    expect(wrong.error_msg).toBe('Wrong account or password');
    expect(wrong.data).toBeNull();
  });

  it('answers in the request language', async () => {
    const zh = await passwordLogin(t(), 'admin', 'wrong-again', { ip: '10.1.1.3', lang: 'zh-cn' });
    expect(zh.error_msg).toBe('账号或密码错误');
  });

  it('refuses a disabled account with A0211, but only once the password is right', async () => {
    const u = await addUser(t(), admin);
    await t().call('user/status/edit', { user_id: u.id, status: 2 }, { token: admin });
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.1.2.1' })).error_code).toBe('A0211');
    expect((await passwordLogin(t(), u.account, 'wrong-pass', { ip: '10.1.2.1' })).error_code).toBe('A0210');
  });

  it('writes an operation-log row for every attempt, with its result code', async () => {
    const u = await addUser(t(), admin);
    await passwordLogin(t(), u.account, 'wrong-pass', { ip: '10.1.3.1' });
    await passwordLogin(t(), u.account, u.password, { ip: '10.1.3.1' });
    await passwordLogin(t(), 'ghost_account', 'whatever1', { ip: '10.1.3.1' });
    const rows = await t().database.db
      .selectFrom('operation_log')
      .select(['operator_id', 'operator_account', 'action', 'result_code', 'ip', 'summary'])
      .where('action', '=', 'login')
      .where('ip', '=', '10.1.3.1')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.operator_account, r.result_code])).toEqual([
      [u.account, 'A0210'],
      [u.account, '0'],
      ['ghost_account', 'A0210'],
    ]);
    expect(Number(rows[1]!.operator_id)).toBe(u.id);
    expect(rows[2]!.operator_id).toBeNull();
    for (const r of rows) expect(r.summary).not.toContain(hash('wrong-pass'));
  });

  describe('bad input', () => {
    it('rejects missing fields with a readable message in both languages', async () => {
      const en = await t().call('login', { type: 1, password: hash('admin123') }, { lang: 'en' });
      expect(en.error_code).toBe('A0400');
      expect(en.error_msg).toBe('account: is required');
      const zh = await t().call('login', { type: 1, password: hash('admin123') }, { lang: 'zh-cn' });
      expect(zh.error_msg).toBe('account：不能为空');
      const noType = await t().call('login', { account: 'admin', password: hash('admin123') });
      expect(noType.error_code).toBe('A0400');
      expect(noType.error_msg).toMatch(/^type: /);
      const noPassword = await t().call('login', { type: 1, account: 'admin' });
      expect(noPassword.error_msg).toBe('password: is required');
    });

    it('rejects wrong types and a password that is not the double-MD5 form', async () => {
      const typeAsString = await t().call('login', { type: '1', account: 'admin', password: hash('admin123') });
      expect(typeAsString.error_code).toBe('A0400');
      const accountAsNumber = await t().call('login', { type: 1, account: 123456, password: hash('admin123') });
      expect(accountAsNumber.error_code).toBe('A0400');
      expect(accountAsNumber.error_msg).toBe('account: must be string');
      const plain = await t().call('login', { type: 1, account: 'admin', password: 'admin123' });
      expect(plain.error_code).toBe('A0400');
      expect(plain.error_msg).toBe('password: is not a valid password hash');
      const badCode = await t().call('login', { type: 1, account: 'admin', password: hash('admin123'), google_code: '12ab' }, { lang: 'zh-cn' });
      expect(badCode.error_msg).toBe('google_code：验证码必须是 6 位数字');
    });
  });
});

describeOnDatabases('sessions', (t) => {
  it('user/info answers the user and the comma-separated permission codes', async () => {
    const token = await t().login();
    const r = await t().call<{ user_info: { account: string; google_bound: boolean }; permissions: string }>('user/info', {}, { token });
    expect(r.error_code).toBe('0');
    expect(r.data.user_info).toMatchObject({ account: 'admin', google_bound: false });
    expect(r.data.permissions.split(',')).toContain('1301');
    expect(r.data.permissions).toMatch(/^\d+(,\d+)*$/);
  });

  it('answers HTTP 401 A0230 without a token, with an unknown one, and with an expired one', async () => {
    const none = await t().call('user/info', {});
    expect(none.status).toBe(401);
    expect(none.code).toBe('A0230');
    expect(none.msg).toBe('Your session has expired, please log in again');
    const zh = await t().call('user/info', {}, { token: 'no-such-token', lang: 'zh-cn' });
    expect(zh.status).toBe(401);
    expect(zh.msg).toBe('您的会话已过期，请重新登录');

    const token = await t().login();
    expect((await t().call('user/info', {}, { token })).status).toBe(200);
    await expireSession(t(), token);
    const expired = await t().call('user/info', {}, { token });
    expect(expired.status).toBe(401);
    expect(expired.code).toBe('A0230');
  });

  it('an operator holds at most 10 sessions: the 11th login ends the oldest', async () => {
    const u = await addUser(t(), await t().login());
    const tokens: string[] = [];
    for (let i = 0; i < 11; i++) tokens.push(await t().login(u.account, u.password));
    expect((await t().call('user/info', {}, { token: tokens[0] })).status).toBe(401);
    for (const token of tokens.slice(1)) expect((await t().call('user/info', {}, { token })).error_code).toBe('0');
    const rows = await t().database.db.selectFrom('session').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(10);
  });

  it('logout revokes the session row, and only that one', async () => {
    const a = await t().login();
    const b = await t().login();
    const r = await t().call('logout', {}, { token: a });
    expect(r.error_code).toBe('0');
    expect(r.data).toBeNull();
    const row = await t().database.db.selectFrom('session').select('id').where('token_hash', '=', sha256(a)).executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await t().call('user/info', {}, { token: a })).status).toBe(401);
    expect((await t().call('logout', {}, { token: a })).status).toBe(401);
    expect((await t().call('user/info', {}, { token: b })).error_code).toBe('0');
    const logged = await t().database.db.selectFrom('operation_log').select('result_code').where('action', '=', 'logout').execute();
    expect(logged.length).toBeGreaterThanOrEqual(1);
  });

  it("a disabled user's live session stops at once with HTTP 401 A0230", async () => {
    const admin = await t().login();
    const u = await addUser(t(), admin, { permissions: '1' });
    const token = await t().login(u.account, u.password);
    expect((await t().call('user/info', {}, { token })).error_code).toBe('0');
    await t().call('user/status/edit', { user_id: u.id, status: 2 }, { token: admin });
    const after = await t().call('user/info', {}, { token });
    expect(after.status).toBe(401);
    expect(after.code).toBe('A0230');
    // Enabling the account again does not bring the ended session back.
    await t().call('user/status/edit', { user_id: u.id, status: 1 }, { token: admin });
    expect((await t().call('user/info', {}, { token })).status).toBe(401);
  });
});

describeOnDatabases('authenticator (TOTP) binding and login', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await t().login();
  });

  async function bind(account: string, password: string) {
    const token = await t().login(account, password);
    const init = await t().call<{ secret: string; otpauth_uri: string }>('user/google/bind/init', {}, { token });
    expect(init.error_code).toBe('0');
    // Bind with the previous step's code, so the current one is still unused for the next login.
    const confirm = await t().call('user/google/bind/confirm', { code: totpCode(init.data.secret, -1) }, { token });
    expect(confirm.error_code).toBe('0');
    return { token, secret: init.data.secret };
  }

  it('init answers a new secret and its otpauth URI, kept as the pending secret', async () => {
    const u = await addUser(t(), admin);
    const token = await t().login(u.account, u.password);
    const r = await t().call<{ secret: string; otpauth_uri: string }>('user/google/bind/init', {}, { token });
    expect(r.error_code).toBe('0');
    expect(r.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(r.data.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/GameConsole:${u.account}`);
    expect(uri.searchParams.get('issuer')).toBe('GameConsole');
    expect(uri.searchParams.get('secret')).toBe(r.data.secret);
    const row = await t().database.db.selectFrom('operator_user').select(['totp_secret', 'totp_pending_secret']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).toBeNull();
    // Kept sealed: the database alone does not give away the secret.
    expect(row.totp_pending_secret).not.toContain(r.data.secret);
    expect(openTotpSecret(row.totp_pending_secret!, t().app.config)).toBe(r.data.secret);
  });

  it('confirm refuses a wrong code, accepts a valid one and answers google_bound', async () => {
    const u = await addUser(t(), admin);
    const token = await t().login(u.account, u.password);
    const noInit = await t().call('user/google/bind/confirm', { code: '123456' }, { token });
    expect(noInit.error_code).toBe('A0400');
    const init = await t().call<{ secret: string }>('user/google/bind/init', {}, { token });
    const wrong = await t().call('user/google/bind/confirm', { code: wrongTotpCode(init.data.secret) }, { token });
    expect(wrong.error_code).toBe('A0240');
    const malformed = await t().call('user/google/bind/confirm', { code: '12345' }, { token });
    expect(malformed.error_code).toBe('A0400');
    expect(malformed.error_msg).toBe('code: must be a 6-digit code');
    // The previous step's code still counts (clock drift of one step).
    const ok = await t().call<{ user_info: { google_bound: boolean } }>('user/google/bind/confirm', { code: totpCode(init.data.secret, -1) }, { token });
    expect(ok.error_code).toBe('0');
    expect(ok.data.user_info.google_bound).toBe(true);
    const row = await t().database.db.selectFrom('operator_user').select(['totp_secret', 'totp_pending_secret']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(init.data.secret);
    expect(openTotpSecret(row.totp_secret!, t().app.config)).toBe(init.data.secret);
    expect(row.totp_pending_secret).toBeNull();
    const log = await t().database.db.selectFrom('operation_log').select('summary').where('action', '=', 'user/google/bind/confirm').where('operator_id', '=', u.id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.summary).not.toContain(init.data.secret);
  });

  it('a bound user needs the code: missing → A0241, wrong → A0240, right → logged in', async () => {
    const u = await addUser(t(), admin);
    const { secret } = await bind(u.account, u.password);
    const missing = await passwordLogin(t(), u.account, u.password, { ip: '10.2.0.1' });
    expect(missing.error_code).toBe('A0241');
    const wrong = await passwordLogin(t(), u.account, u.password, { googleCode: wrongTotpCode(secret), ip: '10.2.0.1' });
    expect(wrong.error_code).toBe('A0240');
    const right = await passwordLogin(t(), u.account, u.password, { googleCode: totpCode(secret), ip: '10.2.0.1' });
    expect(right.error_code).toBe('0');
    expect(right.data.user_info.google_bound).toBe(true);
    // A code works once: the same code again is refused, the next step's code is accepted.
    const replay = await passwordLogin(t(), u.account, u.password, { googleCode: totpCode(secret), ip: '10.2.0.1' });
    expect(replay.error_code).toBe('A0240');
    const next = await passwordLogin(t(), u.account, u.password, { googleCode: totpCode(secret, 1), ip: '10.2.0.1' });
    expect(next.error_code).toBe('0');
    // The second factor does not excuse a wrong password.
    const badPassword = await passwordLogin(t(), u.account, 'wrong-pass', { googleCode: totpCode(secret), ip: '10.2.0.1' });
    expect(badPassword.error_code).toBe('A0210');
  });

  it('an unbound user logs in with the password alone, whatever the code field holds', async () => {
    const u = await addUser(t(), admin);
    const r = await passwordLogin(t(), u.account, u.password, { googleCode: '000000' });
    expect(r.error_code).toBe('0');
    expect(r.data.user_info.google_bound).toBe(false);
  });

  it('a bound authenticator cannot be replaced from the session (A0409) until an administrator cleans it', async () => {
    const u = await addUser(t(), admin);
    const { token } = await bind(u.account, u.password);
    expect((await t().call('user/google/bind/init', {}, { token })).error_code).toBe('A0409');
    expect((await t().call('user/google/clean', { user_id: u.id }, { token: admin })).error_code).toBe('0');
    const again = await t().call('user/google/bind/init', {}, { token });
    expect(again.error_code).toBe('0');
    expect((await passwordLogin(t(), u.account, u.password)).error_code).toBe('0');
  });
});

describeOnDatabases(
  'with 2FA required',
  (t) => {
    it('an unbound user may only bind, then everything their permissions allow', async () => {
      const admin = await t().login();
      const r = await t().call<LoginData>('login', { type: 1, account: 'admin', password: hash('admin123'), google_code: '' });
      expect(r.data.user_info.must_bind_google).toBe(true);
      const list = await t().call('user/list', {}, { token: admin });
      expect(list.error_code).toBe('A0242');
      expect((await t().call('user/info', {}, { token: admin })).error_code).toBe('0');
      const init = await t().call<{ secret: string }>('user/google/bind/init', {}, { token: admin });
      const confirm = await t().call<{ user_info: { must_bind_google: boolean } }>('user/google/bind/confirm', { code: totpCode(init.data.secret) }, { token: admin });
      expect(confirm.data.user_info.must_bind_google).toBe(false);
      expect((await t().call('user/list', {}, { token: admin })).error_code).toBe('0');
    });
  },
  { require2fa: true },
);

describeOnDatabases('changing one’s own password', (t) => {
  it('checks the current password, ends the other sessions and keeps this one', async () => {
    const admin = await t().login();
    const u = await addUser(t(), admin, { permissions: '1' });
    const mine = await t().login(u.account, u.password);
    const other = await t().login(u.account, u.password);
    const r = await t().call('user/password/change', { old_password: hash(u.password), password: hash('brand-new-1') }, { token: mine });
    expect(r.error_code).toBe('0');
    expect((await t().call('user/info', {}, { token: mine })).error_code).toBe('0');
    expect((await t().call('user/info', {}, { token: other })).status).toBe(401);
    expect((await passwordLogin(t(), u.account, u.password)).error_code).toBe('A0210');
    expect((await passwordLogin(t(), u.account, 'brand-new-1')).error_code).toBe('0');
    const log = await t().database.db.selectFrom('operation_log').select('summary').where('action', '=', 'user/password/change').where('result_code', '=', '0').execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.summary).not.toContain(hash('brand-new-1'));
  });

  it('a wrong current password is refused, changes nothing, and still counts as a failed attempt', async () => {
    const admin = await t().login();
    const u = await addUser(t(), admin, { permissions: '1' });
    const token = await t().login(u.account, u.password);
    const before = await t().database.db.selectFrom('operator_user').select('password_hash').where('id', '=', u.id).executeTakeFirstOrThrow();
    const r = await t().call('user/password/change', { old_password: hash('not-mine'), password: hash('brand-new-2') }, { token, lang: 'zh-cn' });
    expect(r.error_code).toBe('A0210');
    expect(r.error_msg).toBe('原密码错误');
    const after = await t().database.db.selectFrom('operator_user').select('password_hash').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
    // Recorded although the call's transaction rolled back.
    const failures = await t().database.db.selectFrom('login_failure').select('account').where('account', '=', u.account.toLowerCase()).execute();
    expect(failures).toHaveLength(1);
    const log = await t().database.db.selectFrom('operation_log').select('result_code').where('action', '=', 'user/password/change').where('operator_id', '=', u.id).execute();
    expect(log.map((l) => l.result_code)).toEqual(['A0210']);
  });

  it('refuses the same password and malformed input', async () => {
    const token = await t().login();
    const same = await t().call('user/password/change', { old_password: hash('admin123'), password: hash('admin123') }, { token });
    expect(same.error_code).toBe('A0400');
    const missing = await t().call('user/password/change', { old_password: hash('admin123') }, { token });
    expect(missing.error_code).toBe('A0400');
    expect(missing.error_msg).toBe('password: is required');
  });
});

describeOnDatabases('login rate limits', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await t().login();
  });

  it('after 5 failures from one address the account is refused there with A0212 for the rest of the window, even with the right password', async () => {
    const u = await addUser(t(), admin);
    for (let i = 0; i < 5; i++) {
      expect((await passwordLogin(t(), u.account, `wrong-${i}xx`, { ip: '10.3.0.1' })).error_code).toBe('A0210');
    }
    const locked = await passwordLogin(t(), u.account, u.password, { ip: '10.3.0.1' });
    expect(locked.error_code).toBe('A0212');
    expect(locked.error_msg).toMatch(/try again in 1[45] minutes/);
    const data = locked.data as unknown as { retry_after_seconds: number };
    expect(data.retry_after_seconds).toBeGreaterThan(14 * 60);
    expect(data.retry_after_seconds).toBeLessThanOrEqual(15 * 60);
    const zh = await passwordLogin(t(), u.account, u.password, { ip: '10.3.0.1', lang: 'zh-cn' });
    expect(zh.error_msg).toMatch(/请在 1[45] 分钟后再试/);
    // Blocked attempts are logged but not counted.
    const failures = await t().database.db.selectFrom('login_failure').select('id').where('account', '=', u.account.toLowerCase()).execute();
    expect(failures).toHaveLength(5);
    const log = await t().database.db.selectFrom('operation_log').select('result_code').where('action', '=', 'login').where('operator_account', '=', u.account).execute();
    expect(log.filter((l) => l.result_code === 'A0212')).toHaveLength(2);
    // The pair is locked, not the account: the operator logs in from another address.
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.0.2' })).error_code).toBe('0');
  });

  it('a stranger guessing from many addresses cannot lock the operator out of their usual address', async () => {
    const u = await addUser(t(), admin);
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.7.1' })).error_code).toBe('0');
    // Eight addresses, five guesses each: 30 are checked, then the account-wide limit holds.
    const codes: string[] = [];
    for (let a = 0; a < 8; a++) {
      for (let i = 0; i < 5; i++) codes.push((await passwordLogin(t(), u.account, `wrong-${a}-${i}x`, { ip: `10.3.7.${a + 10}` })).error_code);
    }
    expect(codes.filter((c) => c === 'A0210')).toHaveLength(30);
    expect(codes.filter((c) => c === 'A0212')).toHaveLength(10);
    // A new address is refused while the account-wide limit holds, even with the right password…
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.7.99' })).error_code).toBe('A0212');
    // …but the operator's usual address still logs in, and so does it again after.
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.7.1' })).error_code).toBe('0');
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.7.1' })).error_code).toBe('0');
  });

  it('an address counts as usual only for the account that logged in from it, and only for 90 days', async () => {
    const u = await addUser(t(), admin);
    const other = await addUser(t(), admin);
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.8.1' })).error_code).toBe('0');
    const old = new Date(Date.now() - 91 * 24 * 60 * 60_000).toISOString();
    expect((await passwordLogin(t(), other.account, other.password, { ip: '10.3.8.2' })).error_code).toBe('0');
    await t().database.db.updateTable('login_known_address').set({ last_success_at: old }).where('account', '=', other.account.toLowerCase()).execute();
    const now = Date.now();
    for (const who of [u, other]) {
      await t().database.db
        .insertInto('login_failure')
        .values(Array.from({ length: 30 }, (_, i) => ({ account: who.account.toLowerCase(), ip: `10.3.9.${i}`, created_at: new Date(now - i * 1000).toISOString() })))
        .execute();
    }
    expect((await passwordLogin(t(), other.account, other.password, { ip: '10.3.8.1' })).error_code).toBe('A0212');
    expect((await passwordLogin(t(), other.account, other.password, { ip: '10.3.8.2' })).error_code).toBe('A0212');
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.8.1' })).error_code).toBe('0');
  });

  it('the lock lifts once the failures leave the window', async () => {
    const u = await addUser(t(), admin);
    for (let i = 0; i < 5; i++) await passwordLogin(t(), u.account, `wrong-${i}xx`, { ip: '10.3.1.1' });
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.1.1' })).error_code).toBe('A0212');
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000).toISOString();
    await t().database.db.updateTable('login_failure').set({ created_at: sixteenMinutesAgo }).where('account', '=', u.account.toLowerCase()).execute();
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.1.1' })).error_code).toBe('0');
  });

  it('a success clears the failures of its address', async () => {
    const u = await addUser(t(), admin);
    for (let i = 0; i < 4; i++) await passwordLogin(t(), u.account, `wrong-${i}xx`, { ip: '10.3.2.1' });
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.2.1' })).error_code).toBe('0');
    expect((await passwordLogin(t(), u.account, 'wrong-again', { ip: '10.3.2.1' })).error_code).toBe('A0210');
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.3.2.1' })).error_code).toBe('0');
  });

  it('wrong TOTP codes count like wrong passwords', async () => {
    const u = await addUser(t(), admin);
    const token = await t().login(u.account, u.password);
    const init = await t().call<{ secret: string }>('user/google/bind/init', {}, { token });
    await t().call('user/google/bind/confirm', { code: totpCode(init.data.secret) }, { token });
    for (let i = 0; i < 5; i++) {
      const r = await passwordLogin(t(), u.account, u.password, { googleCode: wrongTotpCode(init.data.secret), ip: '10.3.3.1' });
      expect(r.error_code).toBe('A0240');
    }
    const locked = await passwordLogin(t(), u.account, u.password, { googleCode: totpCode(init.data.secret), ip: '10.3.3.1' });
    expect(locked.error_code).toBe('A0212');
  });

  it('an IP with 20 recent failures is refused for every account', async () => {
    const ip = '10.3.4.1';
    const now = Date.now();
    await t().database.db
      .insertInto('login_failure')
      .values(Array.from({ length: 20 }, (_, i) => ({ account: `someone${i}`, ip, created_at: new Date(now - i * 1000).toISOString() })))
      .execute();
    const r = await passwordLogin(t(), 'admin', 'admin123', { ip });
    expect(r.error_code).toBe('A0212');
    expect((await passwordLogin(t(), 'admin', 'admin123', { ip: '10.3.4.2' })).error_code).toBe('0');
  });

  it('a flood of login requests from one IP gets HTTP 429 A0429, without a hang', async () => {
    const ip = '10.3.5.1';
    let last;
    for (let i = 0; i < 61; i++) {
      last = await t().call('login', { type: 1, account: 'x', password: 'y' }, { headers: { 'x-forwarded-for': ip } });
    }
    expect(last!.status).toBe(429);
    expect(last!.code).toBe('A0429');
    expect(last!.msg).toBe('Too many requests, please try again later');
    expect((await passwordLogin(t(), 'admin', 'admin123', { ip: '10.3.5.2' })).error_code).toBe('0');
  });

  it('unknown accounts are counted too, by the name typed', async () => {
    const name = uniqueAccount('ghost');
    for (let i = 0; i < 5; i++) await passwordLogin(t(), name, 'whatever1', { ip: '10.3.6.1' });
    expect((await passwordLogin(t(), name, 'whatever1', { ip: '10.3.6.1' })).error_code).toBe('A0212');
    expect(await countRows(t(), 'login_failure')).toBeGreaterThan(0);
  });
});

describeOnDatabases('login limits hold for guesses sent together', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await t().login();
  });

  const failuresOf = async (account: string) =>
    (await t().database.db.selectFrom('login_failure').select('id').where('account', '=', account.toLowerCase()).execute()).length;

  it('checks at most 5 wrong passwords of one account from one address, however many arrive at once', async () => {
    const u = await addUser(t(), admin);
    const rs = await Promise.all(Array.from({ length: 15 }, (_, i) => passwordLogin(t(), u.account, `wrong-${i}xx`, { ip: '10.77.0.1' })));
    expect(rs.filter((r) => r.error_code === 'A0210').length).toBeLessThanOrEqual(5);
    // The first five are checked, as they would be one after another; the rest wait out the lock.
    expect(rs.filter((r) => r.error_code === 'A0210')).toHaveLength(5);
    expect(rs.filter((r) => r.error_code === 'A0212')).toHaveLength(10);
    expect(await failuresOf(u.account)).toBe(5);
    expect((await passwordLogin(t(), u.account, u.password, { ip: '10.77.0.1' })).error_code).toBe('A0212');
  });

  it('checks at most 30 wrong passwords of one account from many addresses at once', async () => {
    const u = await addUser(t(), admin);
    const rs = await Promise.all(Array.from({ length: 40 }, (_, i) => passwordLogin(t(), u.account, `wrong-${i}xx`, { ip: `10.77.7.${i + 1}` })));
    expect(rs.filter((r) => r.error_code === 'A0210')).toHaveLength(30);
    expect(rs.filter((r) => r.error_code === 'A0212')).toHaveLength(10);
    expect(await failuresOf(u.account)).toBe(30);
  });

  it('checks at most 5 wrong authenticator codes at once', async () => {
    const u = await addUser(t(), admin);
    const token = await t().login(u.account, u.password);
    const init = await t().call<{ secret: string }>('user/google/bind/init', {}, { token });
    await t().call('user/google/bind/confirm', { code: totpCode(init.data.secret, -1) }, { token });
    const wrong = wrongTotpCode(init.data.secret);
    const rs = await Promise.all(
      Array.from({ length: 12 }, () => passwordLogin(t(), u.account, u.password, { googleCode: wrong, ip: '10.77.2.1' })),
    );
    expect(rs.filter((r) => r.error_code === 'A0240')).toHaveLength(5);
    expect(rs.filter((r) => r.error_code === 'A0212')).toHaveLength(7);
    expect(await failuresOf(u.account)).toBe(5);
  });

  it('checks at most 20 guesses from one IP at once, whichever accounts they name', async () => {
    const ip = '10.77.3.1';
    const rs = await Promise.all(Array.from({ length: 26 }, (_, i) => passwordLogin(t(), uniqueAccount('ipguess'), `wrong-${i}xx`, { ip })));
    expect(rs.filter((r) => r.error_code === 'A0210')).toHaveLength(20);
    expect(rs.filter((r) => r.error_code === 'A0212')).toHaveLength(6);
    const rows = await t().database.db.selectFrom('login_failure').select('id').where('ip', '=', ip).execute();
    expect(rows).toHaveLength(20);
  });

  it('holds across several servers sharing the database', async () => {
    const u = await addUser(t(), admin);
    const siblings = [await startSiblingApp(t()), await startSiblingApp(t())];
    const servers = [t(), ...siblings];
    try {
      const rs = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          servers[i % servers.length]!.call('login', { type: 1, account: u.account, password: hash(`wrong-${i}xx`), google_code: '', phone: '', message_code: '' }, {
            headers: { 'x-forwarded-for': '10.77.4.1' },
          }),
        ),
      );
      expect(rs.filter((r) => r.error_code === 'A0210')).toHaveLength(5);
      expect(rs.filter((r) => r.error_code === 'A0212')).toHaveLength(10);
      expect(await failuresOf(u.account)).toBe(5);
    } finally {
      for (const s of siblings) await s.close();
    }
  });

  it('counts a refusal that is not a guess (disabled account, missing code) as no failure', async () => {
    const u = await addUser(t(), admin);
    const token = await t().login(u.account, u.password);
    const init = await t().call<{ secret: string }>('user/google/bind/init', {}, { token });
    await t().call('user/google/bind/confirm', { code: totpCode(init.data.secret, -1) }, { token });
    for (let i = 0; i < 6; i++) expect((await passwordLogin(t(), u.account, u.password, { ip: '10.77.5.1' })).error_code).toBe('A0241');
    await t().call('user/status/edit', { user_id: u.id, status: 2 }, { token: admin });
    for (let i = 0; i < 6; i++) expect((await passwordLogin(t(), u.account, u.password, { ip: '10.77.5.1' })).error_code).toBe('A0211');
    expect(await failuresOf(u.account)).toBe(0);
  });

  it('checks at most 5 wrong current passwords of a session at once', async () => {
    const u = await addUser(t(), admin, { permissions: '1' });
    const token = await t().login(u.account, u.password);
    const rs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t().call('user/password/change', { old_password: hash(`not-mine-${i}`), password: hash('brand-new-9') }, { token, headers: { 'x-forwarded-for': '10.77.6.1' } }),
      ),
    );
    expect(rs.filter((r) => r.error_code === 'A0210')).toHaveLength(5);
    expect(rs.filter((r) => r.error_code === 'A0212')).toHaveLength(3);
    expect(await failuresOf(u.account)).toBe(5);
    const log = await t().database.db.selectFrom('operation_log').select('result_code').where('action', '=', 'user/password/change').where('operator_id', '=', u.id).execute();
    expect(log.map((l) => l.result_code).sort()).toEqual([...Array(5).fill('A0210'), ...Array(3).fill('A0212')]);
  });
});

describeOnDatabases('the client address', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await t().login();
  });

  const forged = `${'1.2.3.4-'.repeat(10)}x`;

  it('a forwarded address that is no IP address (too long, forged) is replaced by the peer’s, and the failure still counts', async () => {
    const u = await addUser(t(), admin);
    const r = await passwordLogin(t(), u.account, 'wrong-pass', { ip: forged });
    expect(r.status).toBe(200);
    expect(r.error_code).toBe('A0210');
    const failures = await t().database.db.selectFrom('login_failure').select('ip').where('account', '=', u.account.toLowerCase()).execute();
    expect(failures.map((f) => f.ip)).toEqual(['127.0.0.1']);
    const log = await t().database.db.selectFrom('operation_log').select(['ip', 'result_code']).where('action', '=', 'login').where('operator_account', '=', u.account).execute();
    expect(log).toEqual([{ ip: '127.0.0.1', result_code: 'A0210' }]);
    for (let i = 0; i < 4; i++) await passwordLogin(t(), u.account, `wrong-${i}xx`, { ip: `${forged}${i}` });
    expect((await passwordLogin(t(), u.account, u.password, { ip: forged })).error_code).toBe('A0212');
  });

  it('a real forwarded address is kept, IPv4 or IPv6', async () => {
    const v6 = '2001:db8::1:2:3';
    const ok = await passwordLogin(t(), 'admin', 'admin123', { ip: v6 });
    expect(ok.data.user_info.last_login_ip).toBe(v6);
    const junk = await passwordLogin(t(), 'admin', 'admin123', { ip: 'not-an-address' });
    expect(junk.error_code).toBe('0');
    expect(junk.data.user_info.last_login_ip).toBe('127.0.0.1');
  });
});
