import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode, user, type CallParsed, type Lang } from '@console/contract';
import type { DB } from '../../db/schema.ts';
import { ApiError, apiError } from '../../lib/api-error.ts';
import { hashPassword, newToken, sha256, verifyPassword } from '../../lib/passwords.ts';
import { keyEncryptionKey, keyedDigest } from '../../lib/secret-box.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { lockNames, writeTransaction } from '../../db/write-transaction.ts';
import type { CallContext } from '../../plugins/calls.ts';
import * as repo from './repository.ts';
import { matchTotpStep, newTotpSecret, openBoundTotpSecret, openPendingTotpSecret, sealTotpSecret, totpUri } from './totp.ts';
import { toAgentUserInfo, toUserInfo } from './user-info.ts';

/**
 * Failed logins over a sliding window (docs/security.md, "Failed logins"): counted per
 * account (or phone) and address, where the strict limit applies, so a stranger elsewhere cannot
 * lock an operator out; per account from every address, a looser limit that slows guessing spread
 * over many addresses and spares the account's usual addresses (a success there in the last
 * `knownAddressDays`); and per address for every account.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perAccountAndIp: 5,
  perAccount: 30,
  perIp: 20,
  knownAddressDays: 90,
} as const;

/** Sessions one operator may hold at once; a new login ends the oldest beyond it. */
export const MAX_SESSIONS_PER_USER = 10;

export const SMS_RULES = {
  ttlMinutes: 5,
  maxAttempts: 5,
  resendSeconds: 60,
  /** Caps the messages one phone can be sent, so the console cannot be used to flood a phone. */
  maxPerHour: 10,
} as const;

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Old failure and code rows are purged now and then rather than on every write: the purge scans
 * by time alone, which no index serves, and rows past every window are merely dead weight.
 */
const housekeepingTurn = () => randomInt(50) === 0;

// ---- failed attempts ----

/** Accounts cannot contain ":", so the two kinds of keys never collide in login_failure. */
export const accountKey = (account: string) => account.toLowerCase();
export const phoneKey = (phone: string) => `phone:${phone}`;

export interface Attempt {
  /** The login_failure key (account or phone). */
  key: string;
  ip: string;
  /** What the operation log shows as the operator: the account or phone typed. */
  who: string;
  userId: number | null;
  /** For an agent user's attempt: their agent's code (userId is then the agent user's). */
  agentCode?: string;
  action: string;
  summary: unknown;
}

/** An attempt whose guess holds a place under the limits: its login_failure row. */
interface Guess {
  attempt: Attempt;
  failureId: number;
}

/**
 * Takes a place for one guess (a password, an authenticator or SMS code) under the limits, before
 * it is checked: the guess is written down as a failure first and counted together with those
 * before it; it is taken back when the guess proves right or the attempt is refused for another
 * reason (refuse). A guess that ends in an unexpected error keeps its place: its answer may already
 * have told whether the guess was right. Counting and writing run in one transaction locked per
 * account and per IP (lockNames), so guesses that arrive together, at any of the servers on the
 * database, are counted one after another, never all against the same earlier count.
 *
 * Over the limit it refuses (A0212, with when to retry) before any password is checked, and a
 * locked account answers the same whether the password is right or not. The refusal is logged but
 * not counted, so the lock ends when it says it will.
 */
async function takeGuess(ctx: CallContext, attempt: Attempt): Promise<Guess> {
  const windowMs = LOGIN_LIMITS.windowMinutes * MINUTE;
  const taken = await writeTransaction(ctx.database, async (trx) => {
    await lockNames(trx, ctx.dialect, [`login-failure:account:${attempt.key}`, `login-failure:ip:${attempt.ip}`]);
    // Read under the lock, so the failures' times follow the order they were counted in.
    const now = Date.now();
    const since = iso(now - windowMs);
    const [byPair, byAccount, byIp, usual] = await Promise.all([
      repo.recentFailures(trx, { account: attempt.key, ip: attempt.ip }, since, LOGIN_LIMITS.perAccountAndIp),
      repo.recentFailures(trx, { account: attempt.key }, since, LOGIN_LIMITS.perAccount),
      repo.recentFailures(trx, { ip: attempt.ip }, since, LOGIN_LIMITS.perIp),
      repo.isKnownAddress(trx, attempt.key, attempt.ip, iso(now - LOGIN_LIMITS.knownAddressDays * 24 * 60 * MINUTE)),
    ]);
    // The lock lifts when the oldest of the failures that reach a limit leaves the window.
    let retryAt = 0;
    const over = (failures: string[], limit: number) => {
      if (failures.length >= limit) retryAt = Math.max(retryAt, Date.parse(failures.at(-1)!) + windowMs);
    };
    over(byPair, LOGIN_LIMITS.perAccountAndIp);
    if (!usual) over(byAccount, LOGIN_LIMITS.perAccount);
    over(byIp, LOGIN_LIMITS.perIp);
    if (retryAt) return { now, retryAt };
    return { now, failureId: await repo.insertLoginFailure(trx, attempt.key, attempt.ip, iso(now)) };
  });
  if (taken.failureId !== undefined) {
    if (housekeepingTurn()) {
      await repo.purgeFailuresBefore(ctx.db, iso(taken.now - 24 * 60 * MINUTE));
      await repo.purgeKnownAddressesBefore(ctx.db, iso(taken.now - LOGIN_LIMITS.knownAddressDays * 24 * 60 * MINUTE));
    }
    return { attempt, failureId: taken.failureId };
  }
  const seconds = Math.max(1, Math.ceil((taken.retryAt - taken.now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const locked = apiError(
    ErrorCode.TooManyAttempts,
    `失败次数过多，请在 ${minutes} 分钟后再试`,
    `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retry_after_seconds: seconds },
  );
  await logAttempt(ctx.db, attempt, locked.code);
  throw locked;
}

/**
 * Ends a refused attempt: a wrong guess keeps its place as a failure; any other refusal (disabled
 * account, missing code) gives it back. Either way the attempt is logged. Runs outside any call
 * transaction, so nothing rolls the record back.
 */
async function refuse(ctx: CallContext, guess: Guess, error: ApiError, wrongGuess: boolean): Promise<ApiError> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!wrongGuess) await repo.deleteLoginFailure(trx, guess.failureId);
    await logAttempt(trx, guess.attempt, error.code);
  });
  return error;
}

/** Who an attempt's log rows name: the operator, or the agent user and their agent. */
const actorOf = (attempt: Attempt) =>
  attempt.agentCode === undefined
    ? { operatorId: attempt.userId }
    : { operatorId: null, agentUserId: attempt.userId, agentCode: attempt.agentCode };

async function logAttempt(db: Kysely<DB>, attempt: Attempt, resultCode: string): Promise<void> {
  await repo.insertOperationLog(db, {
    ...actorOf(attempt),
    operatorAccount: attempt.who,
    action: attempt.action,
    target: attempt.userId ? `${attempt.agentCode === undefined ? 'user' : 'agent_user'}:${attempt.userId}` : '',
    summary: attempt.summary,
    ip: attempt.ip,
    resultCode,
    now: iso(Date.now()),
  });
}

// ---- login ----

/**
 * Verified against when the account does not exist, so an unknown account costs the same scrypt
 * time as a wrong password and timing does not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
const unknownAccountHash = () => (dummyHash ??= hashPassword(newToken().token));

type LoginInput = CallParsed<typeof user.login>;

export async function login(input: LoginInput, ctx: CallContext) {
  if (input.type === user.LoginType.Password) return passwordLogin(input, ctx);
  return smsLogin(input, ctx);
}

async function passwordLogin(input: Extract<LoginInput, { type: 1 }>, ctx: CallContext) {
  const attempt: Attempt = { key: accountKey(input.account), ip: ctx.ip, who: input.account, userId: null, action: 'login', summary: { type: 1 } };
  const guess = await takeGuess(ctx, attempt);

  const found = await repo.findUserByAccount(ctx.db, input.account);
  const passwordOk = await verifyPassword(input.password, found?.password_hash ?? (await unknownAccountHash()));
  if (!found || !passwordOk) throw await refuse(ctx, guess, new ApiError(ErrorCode.WrongCredentials), true);
  attempt.userId = found.id;
  if (found.status !== 1) throw await refuse(ctx, guess, new ApiError(ErrorCode.AccountDisabled), false);
  await checkAuthenticator(ctx, guess, found, input.google_code);
  return startSession(ctx, found, guess, repo.OPERATOR_TABLES, toUserInfo);
}

/** Beside an SMS code, the answers about the authenticator code say which code they mean. */
const AUTHENTICATOR_BESIDE_SMS = {
  [ErrorCode.VerifyCodeRequired]: ['该账号已绑定身份验证器，请同时输入其动态码', 'This account has an authenticator app: enter its code too'],
  [ErrorCode.VerifyCodeWrong]: ['身份验证器动态码错误', 'The authenticator code is wrong'],
} as const;

/**
 * An account with a bound authenticator needs its current code whichever way it logs in: an SMS
 * code stands in for the password, not for the second factor.
 */
async function checkAuthenticator(ctx: CallContext, guess: Guess, found: repo.UserRow, googleCode: string, besideSms = false, t = repo.OPERATOR_TABLES) {
  if (!found.totp_secret) return;
  const error = (code: keyof typeof AUTHENTICATOR_BESIDE_SMS) => (besideSms ? apiError(code, ...AUTHENTICATOR_BESIDE_SMS[code]) : new ApiError(code));
  if (!googleCode) throw await refuse(ctx, guess, error(ErrorCode.VerifyCodeRequired), false);
  const step = matchTotpStep(openBoundTotpSecret(found.totp_secret, ctx.config), googleCode);
  // A code already used (even by this user a moment ago) is as wrong as a mistyped one.
  if (step === null || !(await repo.acceptTotpStep(ctx.db, found.id, step, t))) {
    throw await refuse(ctx, guess, error(ErrorCode.VerifyCodeWrong), true);
  }
}

async function smsLogin(input: Extract<LoginInput, { type: 2 }>, ctx: CallContext) {
  // A code stored while a gateway was set up still does not log in once SMS login is off.
  if (!ctx.request.server.smsSender) throw smsLoginOff();
  const attempt: Attempt = { key: phoneKey(input.phone), ip: ctx.ip, who: input.phone, userId: null, action: 'login', summary: { type: 2 } };
  const guess = await takeGuess(ctx, attempt);

  const now = Date.now();
  const wrongCode = () => refuse(ctx, guess, new ApiError(ErrorCode.VerifyCodeWrong), true);
  const code = await repo.latestSmsCode(ctx.db, input.phone);
  // Only the newest code counts: sending a new one retires the old.
  if (!code || code.used_at || Date.parse(code.expires_at) <= now) throw await wrongCode();
  if (!(await repo.claimSmsAttempt(ctx.db, code.id, SMS_RULES.maxAttempts))) throw await wrongCode();
  if (!sameHash(code.code_hash, smsCodeHash(ctx, input.phone, input.message_code))) throw await wrongCode();
  // Codes are stored for phones without an account too (see sendCode) but never delivered.
  const found = await repo.findUserByPhone(ctx.db, input.phone);
  if (!found) throw await wrongCode();
  attempt.userId = found.id;
  if (found.status !== 1) throw await refuse(ctx, guess, new ApiError(ErrorCode.AccountDisabled), false);
  // Checked before the SMS code is used up: a missing or mistyped authenticator code leaves the
  // SMS code for the next try (its attempts stay counted).
  await checkAuthenticator(ctx, guess, found, input.google_code, true);
  if (!(await repo.useSmsCode(ctx.db, code.id, iso(now)))) throw await wrongCode();
  return startSession(ctx, found, guess, repo.OPERATOR_TABLES, toUserInfo);
}

/** Opens a session for a user who passed every check; the login's answer is the token and what `info` makes of the user. */
async function startSession<R extends repo.UserRow, I>(
  ctx: CallContext,
  found: R,
  { attempt, failureId }: Guess,
  t: repo.AccountTables,
  info: (row: R, config: CallContext['config']) => I,
) {
  const { token, hash } = newToken();
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteExpiredSessions(trx, found.id, iso(now), t);
    await repo.insertSession(
      trx,
      { tokenHash: hash, userId: found.id, ip: ctx.ip, userAgent: ctx.userAgent, now: iso(now), expiresAt: iso(now + ctx.config.sessionTtlMinutes * MINUTE) },
      t,
    );
    await repo.trimSessions(trx, found.id, MAX_SESSIONS_PER_USER, t);
    await repo.updateUser(trx, found.id, { last_login_at: iso(now), last_login_ip: ctx.ip }, iso(now), t);
    // This address's failures up to this guess end with it (guesses that took their place after it
    // still count, and so do other addresses'), and it becomes one of the account's usual addresses.
    await repo.clearPairFailures(trx, attempt.key, attempt.ip, failureId);
    await repo.rememberAddress(trx, attempt.key, attempt.ip, iso(now));
    await repo.insertOperationLog(trx, {
      ...actorOf(attempt),
      operatorAccount: found.account,
      action: 'login',
      target: `${t.kind === 'agent' ? 'agent_user' : 'user'}:${found.id}`,
      summary: attempt.summary,
      ip: ctx.ip,
      resultCode: ErrorCode.Success,
      now: iso(now),
    });
  });
  const fresh = { ...found, last_login_at: iso(now), last_login_ip: ctx.ip };
  return { token, user_info: info(fresh, ctx.config) };
}

// ---- agent users' login (docs/product.md, "The agent back office") ----

/**
 * An agent user's failures are counted apart from the operators': their key is a digest of the
 * agent code and account (letter case aside), which fits the key column whatever their lengths and
 * never looks like an operator's account (those have no ":").
 */
const agentAccountKey = (agentCode: string, account: string) => `agent:${sha256(`${agentCode.toLowerCase()}\n${account.toLowerCase()}`).slice(0, 40)}`;

/**
 * An agent user's login: the operators' rules (failure limits, authenticator, session cap and
 * expiry) on the agent users' own sessions. The agent is named by its code, or, left empty, by
 * the host when that is an agent domain. A disabled user, agent or agent above it is refused.
 */
export async function agentLogin(input: CallParsed<typeof user.agentLogin>, ctx: CallContext) {
  const agentCode = input.agent_code || (await repo.agentCodeOfHost(ctx.db, ctx.request.hostname));
  if (!agentCode) throw apiError(ErrorCode.InvalidParameter, 'agent_code：请输入代理代码', 'agent_code: enter your agent code');
  const attempt: Attempt = {
    key: agentAccountKey(agentCode, input.account),
    ip: ctx.ip,
    who: input.account,
    userId: null,
    agentCode,
    action: 'login',
    summary: { agent_code: agentCode },
  };
  const guess = await takeGuess(ctx, attempt);
  const found = await repo.findAgentUserForLogin(ctx.db, agentCode, input.account);
  const passwordOk = await verifyPassword(input.password, found?.password_hash ?? (await unknownAccountHash()));
  if (!found || !passwordOk) throw await refuse(ctx, guess, new ApiError(ErrorCode.WrongCredentials), true);
  attempt.userId = found.id;
  attempt.agentCode = found.agent_code;
  if (found.status !== 1 || !(await repo.agentPathEnabled(ctx.db, found.agent_path))) {
    throw await refuse(ctx, guess, new ApiError(ErrorCode.AccountDisabled), false);
  }
  await checkAuthenticator(ctx, guess, found, input.google_code, false, repo.AGENT_TABLES);
  return startSession(ctx, found, guess, repo.AGENT_TABLES, toAgentUserInfo);
}

// ---- SMS codes ----

/** A production server without an SMS gateway (lib/sms.ts, smsSenderFor) has SMS login off. */
const smsLoginOff = () =>
  apiError(ErrorCode.SystemError, '本服务器未开通短信登录，请使用账号和密码登录', 'SMS login is not set up on this server; log in with your account and password');

/**
 * Codes are kept only as a keyed digest bound to the phone (secret-box.ts, keyedDigest): the table
 * lists no usable code, and a copy of it cannot be searched for one without the server's key.
 */
const smsCodeHash = (ctx: CallContext, phone: string, code: string) => keyedDigest(keyEncryptionKey(ctx.config), 'sms-code', `${phone}:${code}`);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function smsText(code: string, lang: Lang): string {
  return lang === 'en'
    ? `[GameConsole] Your login code is ${code}. It expires in ${SMS_RULES.ttlMinutes} minutes. Never share it.`
    : `【GameConsole】登录验证码 ${code}，${SMS_RULES.ttlMinutes} 分钟内有效，请勿告诉他人。`;
}

/**
 * Sends a login code. The answer is the same whether or not the phone belongs to an account: a
 * code is stored either way (delivered only to an enabled account's phone), and delivery is not
 * awaited, so neither the answer nor its timing tells the caller who is a user.
 */
export async function sendCode(
  input: CallParsed<typeof user.sendcode>,
  ctx: CallContext,
  sender: SmsSender | null,
): Promise<{ resend_after_seconds: number }> {
  if (!sender) throw smsLoginOff();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The caps are read and the new code written under one lock per phone, so requests that arrive
  // together, at any of the servers, cannot all pass the same check and all send a message.
  const wait = await writeTransaction(ctx.database, async (trx) => {
    await lockNames(trx, ctx.dialect, [`sms-code:${input.phone}`]);
    // Read under the lock, so the codes' times follow the order they were written in.
    const now = Date.now();
    const latest = await repo.latestSmsCode(trx, input.phone);
    if (latest) {
      const waitMs = Date.parse(latest.created_at) + SMS_RULES.resendSeconds * 1000 - now;
      // Too soon: the code sent moments ago is still valid; say when a new one may be asked for.
      if (waitMs > 0) return Math.ceil(waitMs / 1000);
    }
    if ((await repo.countSmsCodesSince(trx, input.phone, iso(now - 60 * MINUTE))) >= SMS_RULES.maxPerHour) {
      throw apiError(
        ErrorCode.TooManyAttempts,
        '该手机号发送验证码过于频繁，请一小时后再试',
        'Too many codes were sent to this phone. Please try again in an hour.',
      );
    }
    await repo.insertSmsCode(trx, input.phone, smsCodeHash(ctx, input.phone, code), iso(now), iso(now + SMS_RULES.ttlMinutes * MINUTE));
    return 0;
  });
  if (wait) return { resend_after_seconds: wait };
  if (housekeepingTurn()) await repo.purgeSmsCodesBefore(ctx.db, iso(Date.now() - 24 * 60 * MINUTE));
  const owner = await repo.findUserByPhone(ctx.db, input.phone);
  if (owner && owner.status === 1) {
    sender.send(input.phone, smsText(code, ctx.lang)).catch((err: unknown) => {
      ctx.request.log.error({ err, userId: owner.id }, 'SMS delivery failed');
    });
  }
  return { resend_after_seconds: SMS_RULES.resendSeconds };
}

// ---- the session's own user ----

/** The tables of the caller's kind of user: an agent user's own calls come in under /v1/agent/. */
const tablesOf = (ctx: CallContext) => (ctx.user?.agent ? repo.AGENT_TABLES : repo.OPERATOR_TABLES);
const selfTarget = (ctx: CallContext) => `${ctx.user?.agent ? 'agent_user' : 'user'}:${ctx.user!.id}`;

export async function logout(ctx: CallContext): Promise<null> {
  const me = ctx.user!;
  await repo.deleteSession(ctx.db, me.sessionId, tablesOf(ctx));
  ctx.audit(selfTarget(ctx), {});
  return null;
}

async function currentUser(ctx: CallContext): Promise<repo.UserRow> {
  const row = ctx.user?.agent ? await repo.findAgentUserById(ctx.db, ctx.user.id) : await repo.findUserById(ctx.db, ctx.user!.id);
  // authenticate() just found this user; only a concurrent delete could get here.
  if (!row) throw new ApiError(ErrorCode.TokenInvalid);
  return row;
}

async function currentAgentUser(ctx: CallContext): Promise<repo.AgentLoginRow> {
  const row = await repo.findAgentUserById(ctx.db, ctx.user!.id);
  if (!row) throw new ApiError(ErrorCode.TokenInvalid);
  return row;
}

/** What the user's own calls answer as user_info: an agent user's names their agent and level. */
const infoOf = async (ctx: CallContext, row: repo.UserRow) =>
  ctx.user?.agent ? toAgentUserInfo({ ...(await currentAgentUser(ctx)), ...row }, ctx.config) : toUserInfo(row, ctx.config);

export async function info(ctx: CallContext) {
  const row = await currentUser(ctx);
  return { user_info: toUserInfo(row, ctx.config), permissions: ctx.user!.permissionList.join(',') };
}

export async function agentInfo(ctx: CallContext) {
  const row = await currentAgentUser(ctx);
  return { user_info: toAgentUserInfo(row, ctx.config), permissions: ctx.user!.permissionList.join(',') };
}

const alreadyBound = () =>
  apiError(
    ErrorCode.Duplicate,
    '已绑定身份验证器；如需更换，请联系管理员先解绑',
    'An authenticator app is already bound; ask an administrator to unbind it before binding another',
  );

/**
 * Starts binding. A bound authenticator cannot be replaced from the session alone (a stolen
 * session must not be able to move the second factor): an administrator unbinds it first.
 */
export async function bindInit(ctx: CallContext): Promise<{ secret: string; otpauth_uri: string }> {
  const row = await currentUser(ctx);
  if (row.totp_secret) throw alreadyBound();
  const secret = newTotpSecret();
  await repo.updateUser(ctx.db, row.id, { totp_pending_secret: sealTotpSecret(secret, ctx.config) }, iso(Date.now()), tablesOf(ctx));
  return { secret, otpauth_uri: totpUri(secret, row.account) };
}

export async function bindConfirm(input: CallParsed<typeof user.googleBindConfirm>, ctx: CallContext) {
  const row = await currentUser(ctx);
  if (row.totp_secret) throw alreadyBound();
  if (!row.totp_pending_secret) {
    throw apiError(ErrorCode.InvalidParameter, '请先获取绑定二维码', 'Start binding first: request the QR code');
  }
  const step = matchTotpStep(openPendingTotpSecret(row.totp_pending_secret, ctx.config), input.code);
  if (step === null) throw new ApiError(ErrorCode.VerifyCodeWrong);
  // The binding code counts as used: it cannot also open the next login.
  await repo.updateUser(ctx.db, row.id, { totp_secret: row.totp_pending_secret, totp_pending_secret: null, totp_last_step: step }, iso(Date.now()), tablesOf(ctx));
  ctx.audit(selfTarget(ctx), { account: row.account, google_bound: true });
  return { user_info: await infoOf(ctx, { ...row, totp_secret: row.totp_pending_secret, totp_pending_secret: null }) };
}

/**
 * Changes one's own password. A wrong old password counts as a failed login (a borrowed session
 * must not become a way to guess it), and the user's other sessions end. The call opens its own
 * transactions (routes.ts, ownTransaction): the guess must stay counted when the call fails.
 */
export async function changePassword(input: CallParsed<typeof user.passwordChange>, ctx: CallContext): Promise<null> {
  // Only the two inputs are compared, so this costs no guess.
  if (input.password === input.old_password) {
    throw apiError(ErrorCode.InvalidParameter, '新密码不能与原密码相同', 'The new password must differ from the current one');
  }
  const row = await currentUser(ctx);
  const agent = ctx.user!.agent;
  const attempt: Attempt = agent
    ? { key: agentAccountKey(agent.agentCode, row.account), ip: ctx.ip, who: row.account, userId: row.id, agentCode: agent.agentCode, action: user.passwordChange.path, summary: {} }
    : { key: accountKey(row.account), ip: ctx.ip, who: row.account, userId: row.id, action: user.passwordChange.path, summary: {} };
  const t = tablesOf(ctx);
  const guess = await takeGuess(ctx, attempt);
  if (!(await verifyPassword(input.old_password, row.password_hash))) {
    throw await refuse(ctx, guess, apiError(ErrorCode.WrongCredentials, '原密码错误', 'The current password is wrong'), true);
  }
  const passwordHash = await hashPassword(input.password);
  const now = iso(Date.now());
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, row.id, { password_hash: passwordHash }, now, t);
    const ended = await repo.deleteUserSessions(trx, row.id, ctx.user!.sessionId, t);
    await repo.deleteLoginFailure(trx, guess.failureId);
    await repo.insertOperationLog(trx, {
      ...actorOf(attempt),
      operatorAccount: row.account,
      action: user.passwordChange.path,
      target: selfTarget(ctx),
      summary: { account: row.account, other_sessions_ended: ended },
      ip: ctx.ip,
      resultCode: ErrorCode.Success,
      now,
    });
  });
  return null;
}
