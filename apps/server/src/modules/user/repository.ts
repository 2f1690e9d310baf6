import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { user } from '@console/contract';
import type { DB, OperatorUserTable } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';

/**
 * Every SQL statement of the user module: operators' accounts, and the login, sessions and second
 * factor of both kinds of users (operators and agent users, docs/product.md "The agent back
 * office"). Ids come back as numbers on both drivers.
 */

/**
 * Where one kind of user keeps its account and sessions. The two kinds' tables have the same
 * columns for what login and sessions touch (the session's owner column aside), so one set of
 * statements serves both; the names are typed as the operators' for Kysely.
 */
export interface AccountTables {
  kind: 'operator' | 'agent';
  users: 'operator_user';
  sessions: 'session';
  sessionOwner: 'user_id';
}
export const OPERATOR_TABLES: AccountTables = { kind: 'operator', users: 'operator_user', sessions: 'session', sessionOwner: 'user_id' };
export const AGENT_TABLES = { kind: 'agent', users: 'agent_user', sessions: 'agent_session', sessionOwner: 'agent_user_id' } as unknown as AccountTables;

export type UserRow = Omit<Selectable<OperatorUserTable>, 'id' | 'status' | 'created_by' | 'totp_last_step'> & {
  id: number;
  status: number;
  created_by: number | null;
};

const USER_COLUMNS = [
  'id', 'account', 'name', 'phone', 'status', 'password_hash', 'totp_secret', 'totp_pending_secret',
  'permissions', 'last_login_at', 'last_login_ip', 'created_by', 'created_at', 'updated_at',
] as const;

function toUserRow(row: Omit<Selectable<OperatorUserTable>, 'totp_last_step'>): UserRow {
  return {
    ...row,
    id: toNumber(row.id),
    status: toNumber(row.status),
    created_by: row.created_by === null ? null : toNumber(row.created_by),
  };
}

export async function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  const row = await db.selectFrom('operator_user').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toUserRow(row);
}

export async function findUserByAccount(db: Kysely<DB>, account: string): Promise<UserRow | undefined> {
  const row = await db.selectFrom('operator_user').select(USER_COLUMNS).where('account', '=', account).executeTakeFirst();
  return row && toUserRow(row);
}

/** Accounts that differ only in letter case count as the same account, so look-alikes cannot be created. */
export async function accountTaken(db: Kysely<DB>, account: string): Promise<boolean> {
  const row = await db
    .selectFrom('operator_user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
    .executeTakeFirst();
  return !!row;
}

/** Phone login needs one account per phone; the oldest wins should older data hold duplicates. */
export async function findUserByPhone(db: Kysely<DB>, phone: string): Promise<UserRow | undefined> {
  const row = await db
    .selectFrom('operator_user')
    .select(USER_COLUMNS)
    .where('phone', '=', phone)
    .orderBy('id')
    .executeTakeFirst();
  return row && toUserRow(row);
}

export interface UserFilter {
  keyword?: string | undefined;
  status?: number | undefined;
}

export interface UserSort {
  field: user.UserSortField;
  direction: 'asc' | 'desc';
}

/**
 * What each sortable column of the list sorts by. Accounts and names ignore letter case, as a
 * person reading the list does; times are ISO-8601 UTC text, so text order is time order.
 */
const SORT_COLUMNS: Record<user.UserSortField, (eb: ExpressionBuilder<DB, 'operator_user'>) => RawBuilder<unknown>> = {
  id: (eb) => sql`${eb.ref('id')}`,
  account: (eb) => sql`lower(${eb.ref('account')})`,
  name: (eb) => sql`lower(${eb.ref('name')})`,
  status: (eb) => sql`${eb.ref('status')}`,
  last_login_at: (eb) => sql`${eb.ref('last_login_at')}`,
  created_at: (eb) => sql`${eb.ref('created_at')}`,
};

/** Without a sort the newest accounts come first, as they always have. */
const DEFAULT_SORT: UserSort = { field: 'created_at', direction: 'desc' };

export async function listUsers(db: Kysely<DB>, filter: UserFilter, page: number, pageSize: number, sort: UserSort = DEFAULT_SORT) {
  let query = db.selectFrom('operator_user');
  if (filter.keyword) {
    // LIKE wildcards typed by the user match themselves, not "anything".
    const pattern = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('account')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  const [countRow, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    query
      .select(USER_COLUMNS)
      // Never-logged-in accounts go last either way, the same on both databases (whose NULL
      // orders differ); ties go by id, so pages neither overlap nor skip a row.
      .orderBy(SORT_COLUMNS[sort.field], (ob) => (sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('id', sort.direction)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { total: toNumber(countRow?.n), rows: rows.map(toUserRow) };
}

export interface NewUser {
  account: string;
  name: string;
  phone: string;
  passwordHash: string;
  permissions: string;
  createdBy: number;
  now: string;
}

export async function insertUser(db: Kysely<DB>, u: NewUser): Promise<number> {
  const row = await db
    .insertInto('operator_user')
    .values({
      account: u.account,
      name: u.name,
      phone: u.phone,
      status: 1,
      password_hash: u.passwordHash,
      totp_secret: null,
      totp_pending_secret: null,
      permissions: u.permissions,
      last_login_at: null,
      last_login_ip: null,
      created_by: u.createdBy,
      created_at: u.now,
      updated_at: u.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(row.id);
}

type UserChanges = Partial<
  Pick<OperatorUserTable, 'status' | 'password_hash' | 'totp_secret' | 'totp_pending_secret' | 'totp_last_step' | 'permissions' | 'last_login_at' | 'last_login_ip'>
>;

export async function updateUser(db: Kysely<DB>, id: number, changes: UserChanges, now: string, t: AccountTables = OPERATOR_TABLES): Promise<void> {
  await db
    .updateTable(t.users)
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** True for the unique-constraint error of either driver (a concurrent insert won the race). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

// ---- sessions ----

export interface NewSession {
  tokenHash: string;
  userId: number;
  ip: string;
  userAgent: string;
  now: string;
  expiresAt: string;
}

export async function insertSession(db: Kysely<DB>, s: NewSession, t: AccountTables = OPERATOR_TABLES): Promise<void> {
  await db
    .insertInto(t.sessions)
    .values({
      token_hash: s.tokenHash,
      [t.sessionOwner]: s.userId,
      ip: s.ip,
      user_agent: s.userAgent,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
    })
    .execute();
}

export async function deleteSession(db: Kysely<DB>, sessionId: number, t: AccountTables = OPERATOR_TABLES): Promise<void> {
  await db.deleteFrom(t.sessions).where('id', '=', sessionId).execute();
}

/** Ends every session of a user, except `keepSessionId` (the caller's own, when it changes its password). */
export async function deleteUserSessions(db: Kysely<DB>, userId: number, keepSessionId?: number, t: AccountTables = OPERATOR_TABLES): Promise<number> {
  let query = db.deleteFrom(t.sessions).where(t.sessionOwner, '=', userId);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Kysely<DB>, userId: number, now: string, t: AccountTables = OPERATOR_TABLES): Promise<void> {
  await db.deleteFrom(t.sessions).where(t.sessionOwner, '=', userId).where('expires_at', '<=', now).execute();
}

// ---- login failures (the limits of docs/security.md, "Failed logins") ----

export async function insertLoginFailure(db: Kysely<DB>, key: string, ip: string, now: string): Promise<number> {
  const row = await db.insertInto('login_failure').values({ account: key, ip, created_at: now }).returning('id').executeTakeFirstOrThrow();
  return toNumber(row.id);
}

export async function deleteLoginFailure(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('login_failure').where('id', '=', id).execute();
}

/** Whose failures are counted: an account (or phone) from any address, an address for any account, or the pair. */
export type FailureScope = { account: string; ip?: undefined } | { ip: string; account?: undefined } | { account: string; ip: string };

/**
 * The times of the most recent failures of `scope` since `since`, newest first, at most `limit` of
 * them: enough to tell whether the limit is reached and when its oldest counted failure runs out.
 */
export async function recentFailures(db: Kysely<DB>, scope: FailureScope, since: string, limit: number): Promise<string[]> {
  let q = db.selectFrom('login_failure').select('created_at').where('created_at', '>', since);
  if (scope.account !== undefined) q = q.where('account', '=', scope.account);
  if (scope.ip !== undefined) q = q.where('ip', '=', scope.ip);
  const rows = await q.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => r.created_at);
}

/** The failures of an account from one address up to a successful guess (those after it still count). */
export async function clearPairFailures(db: Kysely<DB>, key: string, ip: string, upToId: number): Promise<void> {
  await db.deleteFrom('login_failure').where('account', '=', key).where('ip', '=', ip).where('id', '<=', upToId).execute();
}

/** Whether the account (or phone) logged in from this address since `since`. */
export async function isKnownAddress(db: Kysely<DB>, key: string, ip: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('login_known_address')
    .select('ip')
    .where('account', '=', key)
    .where('ip', '=', ip)
    .where('last_success_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a successful login of the account (or phone) from this address. */
export async function rememberAddress(db: Kysely<DB>, key: string, ip: string, now: string): Promise<void> {
  await db
    .insertInto('login_known_address')
    .values({ account: key, ip, last_success_at: now })
    .onConflict((oc) => oc.columns(['account', 'ip']).doUpdateSet({ last_success_at: now }))
    .execute();
}

/** Ends the user's oldest sessions beyond the newest `keep`. */
export async function trimSessions(db: Kysely<DB>, userId: number, keep: number, t: AccountTables = OPERATOR_TABLES): Promise<number> {
  const old = await db
    .selectFrom(t.sessions)
    .select('id')
    .where(t.sessionOwner, '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1_000_000)
    .execute();
  if (old.length === 0) return 0;
  await db.deleteFrom(t.sessions).where('id', 'in', old.map((r) => r.id)).execute();
  return old.length;
}

/** Rows past every window only take space. */
export async function purgeFailuresBefore(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('login_failure').where('created_at', '<', before).execute();
}

/** Addresses not used for longer than the usual-address window only take space. */
export async function purgeKnownAddressesBefore(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('login_known_address').where('last_success_at', '<', before).execute();
}

// ---- SMS codes ----

export interface SmsCodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  expires_at: string;
  created_at: string;
}

export async function insertSmsCode(db: Kysely<DB>, phone: string, codeHash: string, now: string, expiresAt: string): Promise<void> {
  await db
    .insertInto('sms_code')
    .values({ phone, code_hash: codeHash, attempts: 0, expires_at: expiresAt, used_at: null, created_at: now })
    .execute();
}

/** The newest code sent to a phone, used or not: it alone counts, and it dates the last send. */
export async function latestSmsCode(db: Kysely<DB>, phone: string): Promise<(SmsCodeRow & { used_at: string | null }) | undefined> {
  const row = await db
    .selectFrom('sms_code')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'created_at', 'used_at'])
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && { ...row, id: toNumber(row.id), attempts: toNumber(row.attempts) };
}

export async function countSmsCodesSince(db: Kysely<DB>, phone: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('sms_code')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('phone', '=', phone)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return toNumber(row?.n);
}

/**
 * Takes one of a code's attempts; false once they are used up or the code is spent. One atomic
 * statement, so parallel guesses cannot share an attempt.
 */
export async function claimSmsAttempt(db: Kysely<DB>, id: number, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a code used; false when another request used it first (a code logs in once). */
export async function useSmsCode(db: Kysely<DB>, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('sms_code').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function purgeSmsCodesBefore(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('sms_code').where('created_at', '<', before).execute();
}

// ---- operation log (login attempts; audited calls are logged by registerCall) ----

export interface LogEntry {
  operatorId: number | null;
  /** An agent user's row: their id and agent code (operatorId is then null). */
  agentUserId?: number | null;
  agentCode?: string;
  operatorAccount: string;
  action: string;
  target: string;
  summary: unknown;
  ip: string;
  resultCode: string;
  now: string;
}

export async function insertOperationLog(db: Kysely<DB>, e: LogEntry): Promise<void> {
  await db
    .insertInto('operation_log')
    .values({
      operator_id: e.operatorId,
      agent_user_id: e.agentUserId ?? null,
      agent_code: e.agentCode ?? '',
      operator_account: e.operatorAccount.slice(0, 64),
      action: e.action,
      target: e.target,
      summary: JSON.stringify(e.summary ?? null),
      ip: e.ip,
      result_code: e.resultCode,
      created_at: e.now,
    })
    .execute();
}

/**
 * Records that a TOTP step was used, only if it is newer than the last one accepted. False means
 * the code was already used (or a newer one was): the conditional update makes two simultaneous
 * logins with one code impossible on both databases.
 */
export async function acceptTotpStep(db: Kysely<DB>, id: number, step: number, t: AccountTables = OPERATOR_TABLES): Promise<boolean> {
  const result = await db
    .updateTable(t.users)
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- agent users' login (their accounts are the agent module's; login and sessions are here) ----

/** An agent user as login and the user's own calls read them: the account, its agent and admin level. */
export interface AgentLoginRow extends UserRow {
  agent_id: number;
  agent_code: string;
  agent_name: string;
  agent_path: string;
  admin_level_id: number;
  admin_level_name: string;
}

function agentUserQuery(db: Kysely<DB>) {
  return db
    .selectFrom('agent_user as u')
    .innerJoin('agent as a', 'a.id', 'u.agent_id')
    .innerJoin('agent_admin_level as l', 'l.id', 'u.admin_level_id')
    .select([
      'u.id', 'u.account', 'u.name', 'u.status', 'u.password_hash', 'u.totp_secret', 'u.totp_pending_secret', 'u.last_login_at',
      'u.last_login_ip', 'u.created_at', 'u.updated_at', 'a.id as agent_id', 'a.code as agent_code', 'a.name as agent_name',
      'a.path as agent_path', 'l.id as admin_level_id', 'l.name as admin_level_name', 'l.permissions',
    ]);
}

type AgentUserSelect = Awaited<ReturnType<ReturnType<typeof agentUserQuery>['executeTakeFirstOrThrow']>>;
const toAgentLoginRow = (r: AgentUserSelect): AgentLoginRow => ({
  ...r,
  id: toNumber(r.id),
  status: toNumber(r.status),
  phone: '',
  created_by: null,
  agent_id: toNumber(r.agent_id),
  admin_level_id: toNumber(r.admin_level_id),
});

/** The agent user with this account (letter case aside, as agent accounts are unique) under the agent with this code. */
export async function findAgentUserForLogin(db: Kysely<DB>, agentCode: string, account: string): Promise<AgentLoginRow | undefined> {
  const r = await agentUserQuery(db)
    .where((eb) => eb(eb.fn('lower', ['u.account']), '=', account.toLowerCase()))
    .where((eb) => eb(eb.fn('lower', ['a.code']), '=', agentCode.toLowerCase()))
    .executeTakeFirst();
  return r && toAgentLoginRow(r);
}

export async function findAgentUserById(db: Kysely<DB>, id: number): Promise<AgentLoginRow | undefined> {
  const r = await agentUserQuery(db).where('u.id', '=', id).executeTakeFirst();
  return r && toAgentLoginRow(r);
}

/** The code of the agent a host names: an enabled domain of type "agent" for it (letter case aside). */
export async function agentCodeOfHost(db: Kysely<DB>, host: string): Promise<string | undefined> {
  const r = await db
    .selectFrom('domain as d')
    .innerJoin('agent as a', 'a.id', 'd.agent_id')
    .select('a.code')
    .where((eb) => eb(eb.fn('lower', ['d.domain']), '=', host.toLowerCase()))
    .where('d.type', '=', 'agent')
    .where('d.status', '=', 1)
    .executeTakeFirst();
  return r?.code;
}

/** Whether the agent and every agent above it are enabled (its path names them all). */
export async function agentPathEnabled(db: Kysely<DB>, path: string): Promise<boolean> {
  const ids = path.split('/').filter(Boolean).map(Number);
  const off = await db.selectFrom('agent').select('id').where('id', 'in', ids).where('status', '<>', 1).executeTakeFirst();
  return !off;
}
