import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, startSiblingApp } from './harness.ts';
import { sha256 } from '../src/lib/passwords.ts';
import { addUser, captureSms, countRows, totpCode, uniquePhone, wrongTotpCode, type CapturingSmsSender } from './user-helpers.ts';

interface LoginData {
  token: string;
  user_info: { id: number; account: string; phone: string };
}

describeOnDatabases('SMS login', (t) => {
  let admin: string;
  let outbox: CapturingSmsSender;
  beforeAll(async () => {
    admin = await t().login();
    outbox = captureSms(t());
  });

  // Each call comes from its own address unless a test names one, so the per-IP caps stay out of the way.
  let ipSeq = 0;
  const nextIp = () => `10.6.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
  const smsLogin = (phone: string, code: string, ip = nextIp()) =>
    t().call<LoginData>('login', { type: 2, phone, message_code: code, account: '', password: '', google_code: '' }, { headers: { 'x-forwarded-for': ip } });
  const sendcode = (phone: string, ip = nextIp(), lang: 'en' | 'zh-cn' = 'en') =>
    t().call<{ resend_after_seconds: number }>('sendcode', { phone }, { lang, headers: { 'x-forwarded-for': ip } });

  /** Makes the phone's last code old enough that a new one may be sent. */
  const ageCodes = (phone: string, seconds: number) =>
    t().database.db.updateTable('sms_code').set({ created_at: new Date(Date.now() - seconds * 1000).toISOString() }).where('phone', '=', phone).execute();

  it('sends a 6-digit code to the phone of an account and logs in with it once', async () => {
    const phone = uniquePhone();
    const u = await addUser(t(), admin, { phone });
    const r = await sendcode(phone);
    expect(r.error_code).toBe('0');
    expect(r.data).toEqual({ resend_after_seconds: 60 });
    const code = outbox.lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const row = await t().database.db.selectFrom('sms_code').select('code_hash').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code!);
    // Not a plain hash: a copy of the table alone cannot be searched for the code among a million.
    const plain = (c: string) => sha256(`${phone}:${c}`);
    expect(row.code_hash).not.toBe(plain(code!));
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const ok = await smsLogin(phone, code!);
    expect(ok.error_code).toBe('0');
    expect(ok.data.user_info).toMatchObject({ id: u.id, account: u.account, phone });
    expect((await t().call('user/info', {}, { token: ok.data.token })).error_code).toBe('0');
    // A code logs in once.
    expect((await smsLogin(phone, code!)).error_code).toBe('A0240');
  });

  it('needs the authenticator code too when the account has one bound; a refused try keeps the SMS code', async () => {
    const phone = uniquePhone();
    const u = await addUser(t(), admin, { phone });
    const own = await t().login(u.account, u.password);
    const init = await t().call<{ secret: string }>('user/google/bind/init', {}, { token: own });
    // Bound with the previous step's code, so the current one is still unused for the login below.
    expect((await t().call('user/google/bind/confirm', { code: totpCode(init.data.secret, -1) }, { token: own })).error_code).toBe('0');

    await sendcode(phone);
    const code = outbox.lastCode(phone)!;
    const sms = (googleCode: string) =>
      t().call<LoginData>('login', { type: 2, phone, message_code: code, google_code: googleCode }, { headers: { 'x-forwarded-for': nextIp() } });
    expect(await sms('')).toMatchObject({ error_code: 'A0241', error_msg: 'This account has an authenticator app: enter its code too' });
    expect(await sms(wrongTotpCode(init.data.secret))).toMatchObject({ error_code: 'A0240', error_msg: 'The authenticator code is wrong' });
    expect((await sms('12ab')).error_code).toBe('A0400');
    const ok = await sms(totpCode(init.data.secret));
    expect(ok.error_code).toBe('0');
    expect(ok.data.user_info).toMatchObject({ id: u.id });
    // Both codes are now used.
    expect((await sms(totpCode(init.data.secret))).error_code).toBe('A0240');
  });

  it('writes the message in the request language', async () => {
    const phone = uniquePhone();
    await addUser(t(), admin, { phone });
    await sendcode(phone, undefined, 'zh-cn');
    expect(outbox.sent.at(-1)!.text).toContain('登录验证码');
  });

  it('answers a phone without an account exactly the same, and sends nothing', async () => {
    const phone = uniquePhone();
    const before = outbox.sent.length;
    const r = await sendcode(phone);
    expect(r.error_code).toBe('0');
    expect(r.data).toEqual({ resend_after_seconds: 60 });
    expect(outbox.sent.length).toBe(before);
    const again = await sendcode(phone);
    expect(again.data.resend_after_seconds).toBeGreaterThan(0);
    expect(again.data.resend_after_seconds).toBeLessThanOrEqual(60);
    expect((await smsLogin(phone, '123456')).error_code).toBe('A0240');
  });

  it('does not resend within 60 seconds; after that a new code replaces the old one', async () => {
    const phone = uniquePhone();
    await addUser(t(), admin, { phone });
    await sendcode(phone);
    const first = outbox.lastCode(phone)!;
    const sentBefore = outbox.sent.length;
    const early = await sendcode(phone);
    expect(early.error_code).toBe('0');
    expect(early.data.resend_after_seconds).toBeGreaterThan(50);
    expect(early.data.resend_after_seconds).toBeLessThanOrEqual(60);
    expect(outbox.sent.length).toBe(sentBefore);

    await ageCodes(phone, 61);
    await sendcode(phone);
    expect(outbox.sent.length).toBe(sentBefore + 1);
    const second = outbox.lastCode(phone)!;
    if (second !== first) expect((await smsLogin(phone, first)).error_code).toBe('A0240');
    expect((await smsLogin(phone, second)).error_code).toBe('0');
  });

  it('refuses a wrong code, an expired code and a code whose attempts are used up', async () => {
    const phone = uniquePhone();
    await addUser(t(), admin, { phone });
    await sendcode(phone);
    const code = outbox.lastCode(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await smsLogin(phone, wrong, '10.5.1.1')).error_code).toBe('A0240');

    await t().database.db.updateTable('sms_code').set({ attempts: 5 }).where('phone', '=', phone).execute();
    expect((await smsLogin(phone, code, '10.5.1.1')).error_code).toBe('A0240');

    await t().database.db
      .updateTable('sms_code')
      .set({ attempts: 0, expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('phone', '=', phone)
      .execute();
    expect((await smsLogin(phone, code, '10.5.1.1')).error_code).toBe('A0240');
  });

  it('counts each guess as an attempt on the code', async () => {
    const phone = uniquePhone();
    await addUser(t(), admin, { phone });
    await sendcode(phone);
    const code = outbox.lastCode(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    await smsLogin(phone, wrong, '10.5.2.1');
    await smsLogin(phone, wrong, '10.5.2.2');
    const row = await t().database.db.selectFrom('sms_code').select('attempts').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(2);
    expect((await smsLogin(phone, code, '10.5.2.3')).error_code).toBe('0');
  });

  it('locks the phone after 5 wrong codes from one address (A0212)', async () => {
    const phone = uniquePhone();
    await addUser(t(), admin, { phone });
    await sendcode(phone);
    const code = outbox.lastCode(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await smsLogin(phone, wrong, '10.5.3.1')).error_code).toBe('A0240');
    expect((await smsLogin(phone, code, '10.5.3.1')).error_code).toBe('A0212');
  });

  it('refuses a disabled account (A0211) and sends it no code', async () => {
    const phone = uniquePhone();
    const u = await addUser(t(), admin, { phone });
    await sendcode(phone);
    const code = outbox.lastCode(phone)!;
    await t().call('user/status/edit', { user_id: u.id, status: 2 }, { token: admin });
    expect((await smsLogin(phone, code, '10.5.4.1')).error_code).toBe('A0211');

    await ageCodes(phone, 61);
    const before = outbox.sent.length;
    expect((await sendcode(phone)).error_code).toBe('0');
    expect(outbox.sent.length).toBe(before);
  });

  it('caps the codes per phone per hour', async () => {
    const phone = uniquePhone();
    const now = Date.now();
    await t().database.db
      .insertInto('sms_code')
      .values(Array.from({ length: 10 }, (_, i) => ({ phone, code_hash: 'x', attempts: 0, expires_at: new Date(now).toISOString(), used_at: null, created_at: new Date(now - (i + 2) * 61_000).toISOString() })))
      .execute();
    const r = await sendcode(phone, '10.5.5.1');
    expect(r.error_code).toBe('A0212');
  });

  it('sends one code to a phone however many ask for it at once', async () => {
    const phone = uniquePhone();
    await addUser(t(), admin, { phone });
    const rs = await Promise.all(Array.from({ length: 20 }, () => sendcode(phone)));
    expect(rs.every((r) => r.error_code === '0')).toBe(true);
    expect(outbox.sent.filter((m) => m.phone === phone)).toHaveLength(1);
    expect(await t().database.db.selectFrom('sms_code').select('id').where('phone', '=', phone).execute()).toHaveLength(1);
  });

  it('keeps the per-phone caps across several servers sharing the database', async () => {
    const phone = uniquePhone();
    await addUser(t(), admin, { phone });
    // One short of the hourly cap, all past the resend wait: exactly one more may go out.
    const now = Date.now();
    await t().database.db
      .insertInto('sms_code')
      .values(Array.from({ length: 9 }, (_, i) => ({ phone, code_hash: 'x', attempts: 0, expires_at: new Date(now).toISOString(), used_at: null, created_at: new Date(now - (i + 2) * 61_000).toISOString() })))
      .execute();
    const siblings = [await startSiblingApp(t()), await startSiblingApp(t())];
    try {
      const servers = [t(), ...siblings];
      const rs = await Promise.all(
        Array.from({ length: 12 }, (_, i) => servers[i % servers.length]!.call('sendcode', { phone }, { headers: { 'x-forwarded-for': nextIp() } })),
      );
      expect(rs.every((r) => r.error_code === '0')).toBe(true);
      expect(outbox.sent.filter((m) => m.phone === phone)).toHaveLength(1);
      expect(await t().database.db.selectFrom('sms_code').select('id').where('phone', '=', phone).execute()).toHaveLength(10);
    } finally {
      for (const s of siblings) await s.close();
    }
  });

  it('rejects malformed input with readable messages', async () => {
    const bad = await t().call('sendcode', { phone: 'abc' }, { lang: 'en' });
    expect(bad.error_code).toBe('A0400');
    expect(bad.error_msg).toBe('phone: is not a valid phone number');
    const zh = await t().call('sendcode', {}, { lang: 'zh-cn' });
    expect(zh.error_msg).toBe('phone：不能为空');
    const badCode = await t().call('login', { type: 2, phone: '+8613900000000', message_code: '12' });
    expect(badCode.error_code).toBe('A0400');
    expect(badCode.error_msg).toBe('message_code: must be a 6-digit code');
  });

  it('a flood of sendcode from one IP gets HTTP 429 A0429', async () => {
    const ip = '10.5.9.9';
    const rows = await countRows(t(), 'sms_code');
    let last;
    for (let i = 0; i < 11; i++) last = await sendcode(uniquePhone(), ip);
    expect(last!.status).toBe(429);
    expect(last!.code).toBe('A0429');
    expect(await countRows(t(), 'sms_code')).toBe(rows + 10);
  });
});
