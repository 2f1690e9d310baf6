/** Fixtures for the operator-user suites: accounts made through the API, TOTP codes, a captured SMS outbox. */
import { Secret, TOTP } from 'otpauth';
import type { SmsSender } from '../src/lib/sms.ts';
import { clientPasswordHash, sha256 } from '../src/lib/passwords.ts';
import type { TestApp } from './harness.ts';

export const hash = clientPasswordHash;
export const DEFAULT_PASSWORD = 'secret123';

let seq = 0;
/** A fresh account name per call, so tests in one file never collide. */
export const uniqueAccount = (prefix = 'op') => `${prefix}_${Date.now().toString(36)}_${++seq}`;

export interface NewUserOpts {
  account?: string;
  name?: string;
  password?: string;
  phone?: string;
  permissions?: string;
}

/** Creates an operator through user/add as the given manager; answers its id and account. */
export async function addUser(t: TestApp, token: string, opts: NewUserOpts = {}) {
  const account = opts.account ?? uniqueAccount();
  const r = await t.call<{ id: number }>(
    'user/add',
    {
      account,
      name: opts.name ?? `Name of ${account}`,
      password: hash(opts.password ?? DEFAULT_PASSWORD),
      phone: opts.phone ?? '',
      permissions: opts.permissions ?? '',
    },
    { token },
  );
  if (r.error_code !== '0') throw new Error(`user/add failed: ${r.error_code} ${r.error_msg}`);
  return { id: r.data.id, account, password: opts.password ?? DEFAULT_PASSWORD };
}

export interface LoginOpts {
  googleCode?: string;
  ip?: string;
  lang?: 'zh-cn' | 'en';
}

/** The raw login answer (type 1), for tests that look at failures. */
export function passwordLogin(t: TestApp, account: string, password: string, opts: LoginOpts = {}) {
  return t.call<{ token: string; user_info: Record<string, unknown> }>(
    'login',
    { type: 1, account, password: hash(password), google_code: opts.googleCode ?? '', phone: '', message_code: '' },
    { lang: opts.lang, headers: opts.ip ? { 'x-forwarded-for': opts.ip } : {} },
  );
}

const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** What an authenticator app shows for this secret now (or `steps` periods away). */
export function totpCode(secret: string, steps = 0): string {
  return TOTP.generate({ ...TOTP_PARAMS, secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

/** A well-formed code that no nearby time step accepts. */
export function wrongTotpCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((s) => totpCode(secret, s)));
  for (let i = 0; ; i++) {
    const c = String(i).padStart(6, '0');
    if (!near.has(c)) return c;
  }
}

/** Collects SMS instead of sending them. */
export class CapturingSmsSender implements SmsSender {
  readonly sent: Array<{ phone: string; text: string }> = [];
  async send(phone: string, text: string) {
    this.sent.push({ phone, text });
  }
  /** The 6-digit code of the last message to a phone. */
  lastCode(phone: string): string | undefined {
    const msg = [...this.sent].reverse().find((m) => m.phone === phone);
    return msg?.text.match(/\b(\d{6})\b/)?.[1];
  }
}

export function captureSms(t: TestApp): CapturingSmsSender {
  const sender = new CapturingSmsSender();
  t.app.smsSender = sender;
  return sender;
}

/** A unique phone number per call. */
let phoneSeq = 0;
export const uniquePhone = () => `+86139${String(Date.now() % 1e5).padStart(5, '0')}${String(++phoneSeq).padStart(3, '0')}`;

/** Ends a session the way time would: its expiry moves into the past. */
export async function expireSession(t: TestApp, token: string) {
  await t.database.db
    .updateTable('session')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('token_hash', '=', sha256(token))
    .execute();
}

export async function countRows(t: TestApp, table: 'operator_user' | 'operation_log' | 'session' | 'login_failure' | 'sms_code') {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
