import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';

/** SQL of agents used by the dictionaries, and by the sub-tree filters and labels of other modules. */

/** The ids of a tree path ("/1/5/12/" → [1, 5, 12]). */
const pathIds = (p: string): number[] => p.split('/').filter(Boolean).map(Number);

/**
 * Tree order: each agent right before its sub-tree, siblings by id. Ordering by the path's text
 * would put "/16/" before "/8/"; its ids are compared as numbers instead, and a path that is a
 * prefix of another (a parent's) comes first.
 */
function byTreePath(a: string, b: string): number {
  const x = pathIds(a);
  const y = pathIds(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** Every agent (or every agent of the sub-tree under `under`, a tree path) for pickers. */
export async function listAgentsQuick(db: Kysely<DB>, under?: string) {
  // Sorted here, not in SQL: a numeric order of the path's segments has no portable SQL spelling,
  // and the list is every agent anyway.
  let q = db.selectFrom('agent').select(['id', 'code', 'name', 'parent_id', 'level', 'currency_id', 'status', 'path']);
  if (under) q = q.where('path', 'like', `${under}%`);
  const rows = await q.execute();
  rows.sort((a, b) => byTreePath(a.path, b.path));
  return rows.map((r) => ({
    id: toNumber(r.id),
    code: r.code,
    name: r.name,
    parent_id: r.parent_id === null ? null : toNumber(r.parent_id),
    level: toNumber(r.level),
    currency_id: toNumber(r.currency_id),
    status: toNumber(r.status),
  }));
}

/** The tree path of an agent ("/1/5/"), or undefined when there is no such agent. */
export async function agentPath(db: Kysely<DB>, id: number): Promise<string | undefined> {
  const r = await db.selectFrom('agent').select('path').where('id', '=', id).executeTakeFirst();
  return r?.path;
}

/** The agent and its whole sub-tree (its path is a prefix of theirs); null when the agent does not exist. */
export async function agentSubtree(db: Kysely<DB>, agentId: number): Promise<number[] | null> {
  const agent = await db.selectFrom('agent').select('path').where('id', '=', agentId).executeTakeFirst();
  if (!agent) return null;
  const rows = await db.selectFrom('agent').select('id').where('path', 'like', `${agent.path}%`).execute();
  return rows.map((r) => toNumber(r.id));
}

/** An agent's code and name, or undefined when there is no such agent. */
export async function agentLabel(db: Kysely<DB>, id: number) {
  return db.selectFrom('agent').select(['code', 'name']).where('id', '=', id).executeTakeFirst();
}

/* ---- Agent management ---- */

/** The stored wallet mode (1 transfer, 2 seamless) and the contract's names for it. */
export const WALLET_MODE_NAMES = { 1: 'transfer', 2: 'seamless' } as const;
export const walletModeValue = (mode: 'transfer' | 'seamless'): number => (mode === 'transfer' ? 1 : 2);

/** The whitelist is kept as comma-separated entries (addresses and CIDR blocks have no comma). */
export const parseWhitelist = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean);
export const formatWhitelist = (entries: readonly string[]): string => entries.join(',');

/** A LIKE pattern that finds `keyword` anywhere, case-insensitively; typed wildcards are dropped. */
export const containsPattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[%_\\]/g, '')}%`;

export interface AgentRow {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  level: number;
  path: string;
  currency_id: number;
  wallet_mode: number;
  share_rate: number;
  ip_whitelist: string;
  status: number;
  remark: string;
}

const AGENT_COLUMNS = ['id', 'code', 'name', 'parent_id', 'level', 'path', 'currency_id', 'wallet_mode', 'share_rate', 'ip_whitelist', 'status', 'remark'] as const;

function toAgentRow(r: Record<(typeof AGENT_COLUMNS)[number], unknown>): AgentRow {
  return {
    id: toNumber(r.id),
    code: String(r.code),
    name: String(r.name),
    parent_id: r.parent_id === null ? null : toNumber(r.parent_id),
    level: toNumber(r.level),
    path: String(r.path),
    currency_id: toNumber(r.currency_id),
    wallet_mode: toNumber(r.wallet_mode),
    share_rate: toNumber(r.share_rate),
    ip_whitelist: String(r.ip_whitelist),
    status: toNumber(r.status),
    remark: String(r.remark),
  };
}

export async function findAgent(db: Kysely<DB>, id: number): Promise<AgentRow | undefined> {
  const r = await db.selectFrom('agent').select(AGENT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return r && toAgentRow(r);
}

/** Codes that differ only in letter case count as one, so look-alike agents cannot be created. */
export async function agentCodeTaken(db: Kysely<DB>, code: string): Promise<boolean> {
  const r = await db.selectFrom('agent').select('id').where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase())).executeTakeFirst();
  return !!r;
}

/** The highest share rate among an agent's direct sub-agents and the code of one holding it. */
export async function highestChildShareRate(db: Kysely<DB>, id: number): Promise<{ code: string; share_rate: number } | undefined> {
  const r = await db.selectFrom('agent').select(['code', 'share_rate']).where('parent_id', '=', id).orderBy('share_rate', 'desc').orderBy('id').executeTakeFirst();
  return r && { code: r.code, share_rate: toNumber(r.share_rate) };
}

/**
 * Whether an agent is in service: it and every agent above it are enabled. A disabled agent's
 * users cannot log in and its keys are refused, and so are those of its whole sub-tree.
 */
export async function agentActive(db: Kysely<DB>, id: number): Promise<boolean> {
  const path = await agentPath(db, id);
  return path !== undefined && pathInService(db, path);
}

/** Whether every agent on a tree path (an agent and those above it) is enabled. */
export async function pathInService(db: Kysely<DB>, path: string): Promise<boolean> {
  const off = await db.selectFrom('agent').select('id').where('id', 'in', pathIds(path)).where('status', '<>', 1).executeTakeFirst();
  return !off;
}

/** Of these agents, those out of service (themselves or an agent above them disabled). */
export async function agentsOutOfService(db: Kysely<DB>, ids: readonly number[]): Promise<Set<number>> {
  return new Set((await disabledAgentsOver(db, ids)).keys());
}

/**
 * Of these agents, those out of service, each with the agent that takes it out: the highest
 * disabled one on its path (the agent itself when none above it is). Two look-ups whatever the
 * number of agents: their paths, then which agents on those paths are disabled.
 */
export async function disabledAgentsOver(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, { id: number; code: string }>> {
  const out = new Map<number, { id: number; code: string }>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('agent').select(['id', 'path']).where('id', 'in', [...new Set(ids)]).execute();
  const above = [...new Set(rows.flatMap((r) => pathIds(r.path)))];
  if (!above.length) return out;
  const off = new Map(
    (await db.selectFrom('agent').select(['id', 'code']).where('id', 'in', above).where('status', '<>', 1).execute()).map((r) => [toNumber(r.id), r.code]),
  );
  if (!off.size) return out;
  for (const r of rows) {
    const top = pathIds(r.path).find((id) => off.has(id));
    if (top !== undefined) out.set(toNumber(r.id), { id: top, code: off.get(top)! });
  }
  return out;
}

export interface NewAgent {
  code: string;
  name: string;
  parent: AgentRow | null;
  currency_id: number;
  wallet_mode: number;
  share_rate: number;
  ip_whitelist: string;
  remark: string;
}

export async function insertAgent(db: Kysely<DB>, a: NewAgent, now: string): Promise<number> {
  const r = await db
    .insertInto('agent')
    .values({
      code: a.code,
      name: a.name,
      parent_id: a.parent?.id ?? null,
      level: a.parent ? a.parent.level + 1 : 1,
      path: '/',
      currency_id: a.currency_id,
      wallet_mode: a.wallet_mode,
      share_rate: a.share_rate,
      ip_whitelist: a.ip_whitelist,
      status: 1,
      remark: a.remark,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = toNumber(r.id);
  await db.updateTable('agent').set({ path: `${a.parent ? a.parent.path : '/'}${id}/` }).where('id', '=', id).execute();
  return id;
}

export type AgentChanges = Partial<Pick<AgentRow, 'name' | 'share_rate' | 'ip_whitelist' | 'status' | 'remark'>>;

export async function updateAgent(db: Kysely<DB>, id: number, changes: AgentChanges, now: string) {
  await db.updateTable('agent').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

/* ---- Share-rate history (docs/product.md, "Agent settlement") ---- */

/**
 * Records an agent's share rate from a month on ("YYYY-MM"), in the caller's transaction: a second
 * change for the same month replaces the first.
 */
export async function recordShareRate(db: Kysely<DB>, agentId: number, fromMonth: string, shareRate: number, now: string) {
  await db
    .insertInto('agent_share_rate')
    .values({ agent_id: agentId, from_month: fromMonth, share_rate: shareRate, created_at: now })
    .onConflict((oc) => oc.columns(['agent_id', 'from_month']).doUpdateSet({ share_rate: shareRate, created_at: now }))
    .execute();
}

export interface ShareRateEntry {
  agent_id: number;
  from_month: string;
  share_rate: number;
}

/**
 * The history entries that decide the rates of the months up to `lastMonth` ("YYYY-MM") — every
 * entry from a month at or before it — of the agents of a sub-tree (a tree path; every agent when
 * undefined), oldest first per agent.
 */
export async function shareRateHistory(db: Kysely<DB>, lastMonth: string, under?: string): Promise<ShareRateEntry[]> {
  let q = db.selectFrom('agent_share_rate as h').select(['h.agent_id', 'h.from_month', 'h.share_rate']).where('h.from_month', '<=', lastMonth);
  if (under) q = q.where('h.agent_id', 'in', (eb) => eb.selectFrom('agent').select('id').where('path', 'like', `${under}%`));
  const rows = await q.orderBy('h.agent_id').orderBy('h.from_month').execute();
  return rows.map((r) => ({ agent_id: toNumber(r.agent_id), from_month: r.from_month, share_rate: toNumber(r.share_rate) }));
}

/** Every agent of a sub-tree (of the whole tree when `under` is undefined) with its parent, code and path. */
export async function agentTree(db: Kysely<DB>, under?: string) {
  let q = db.selectFrom('agent').select(['id', 'code', 'parent_id', 'path']);
  if (under) q = q.where('path', 'like', `${under}%`);
  const rows = await q.execute();
  rows.sort((a, b) => byTreePath(a.path, b.path));
  return rows.map((r) => ({ id: toNumber(r.id), code: r.code, parent_id: r.parent_id === null ? null : toNumber(r.parent_id), path: r.path }));
}

export interface AgentListFilter {
  /** Only the agents of this sub-tree (a tree path), for an agent user. */
  under?: string | undefined;
  /** Only this agent (an agent user's own, as the top of their tree). */
  id?: number | undefined;
  parent_id?: number | undefined;
  keyword?: string | undefined;
  status?: number | undefined;
}

export async function listAgents(db: Kysely<DB>, f: AgentListFilter, page: number, pageSize: number) {
  let q = db.selectFrom('agent as a');
  if (f.under) q = q.where('a.path', 'like', `${f.under}%`);
  if (f.id !== undefined) q = q.where('a.id', '=', f.id);
  if (f.parent_id === 0) q = q.where('a.parent_id', 'is', null);
  else if (f.parent_id !== undefined) q = q.where('a.parent_id', '=', f.parent_id);
  if (f.status !== undefined) q = q.where('a.status', '=', f.status);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) => eb.or([eb(eb.fn('lower', ['a.code']), 'like', like), eb(eb.fn('lower', ['a.name']), 'like', like)]));
  }
  const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await q
    .innerJoin('currency as c', 'c.id', 'a.currency_id')
    .leftJoin('agent as p', 'p.id', 'a.parent_id')
    .select([
      'a.id', 'a.code', 'a.name', 'a.parent_id', 'a.level', 'a.path', 'a.currency_id', 'c.code as currency_code', 'a.wallet_mode',
      'a.share_rate', 'a.ip_whitelist', 'a.status', 'a.remark', 'a.created_at', 'p.share_rate as parent_share_rate',
    ])
    .select((eb) => [
      eb.selectFrom('player').select((e) => e.fn.countAll().as('n')).whereRef('player.agent_id', '=', 'a.id').as('player_count'),
      eb.selectFrom('agent as k').select((e) => e.fn.countAll().as('n')).whereRef('k.parent_id', '=', 'a.id').as('child_count'),
    ])
    .orderBy('a.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  // The codes above each row, read once for the whole page.
  const above = [...new Set(rows.flatMap((r) => pathIds(r.path).slice(0, -1)))];
  const codes = new Map<number, string>();
  if (above.length) {
    for (const r of await db.selectFrom('agent').select(['id', 'code']).where('id', 'in', above).execute()) codes.set(toNumber(r.id), r.code);
  }
  return {
    total: toNumber(total?.n),
    rows: rows.map((r) => ({
      ...toAgentRow(r),
      currency_code: r.currency_code,
      created_at: r.created_at,
      parent_share_rate: r.parent_share_rate === null ? null : toNumber(r.parent_share_rate),
      player_count: toNumber(r.player_count),
      child_count: toNumber(r.child_count),
      parent_path: pathIds(r.path).slice(0, -1).map((id) => codes.get(id) ?? String(id)).join('/'),
    })),
  };
}

/** How many users and agent keys belong to an agent's sub-tree (what a disabling stops). */
export async function subtreeReach(db: Kysely<DB>, path: string) {
  const users = await db
    .selectFrom('agent_user as u')
    .innerJoin('agent as a', 'a.id', 'u.agent_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('a.path', 'like', `${path}%`)
    .where('u.status', '=', 1)
    .executeTakeFirst();
  const keys = await db
    .selectFrom('api_key as k')
    .innerJoin('agent as a', 'a.id', 'k.agent_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('a.path', 'like', `${path}%`)
    .where('k.type', '=', 'agent')
    .where('k.status', '=', 1)
    .executeTakeFirst();
  return { users: toNumber(users?.n), keys: toNumber(keys?.n) };
}

/* ---- Admin levels and agent users ---- */

/**
 * The admin levels with their users; for an agent user (`scope`) only the levels at or below their
 * own rank, and only the users of their sub-tree counted.
 */
export async function listAdminLevels(db: Kysely<DB>, scope?: { under: string; minRank: number }) {
  let q = db
    .selectFrom('agent_admin_level as l')
    .select(['l.id', 'l.name', 'l.level', 'l.permissions'])
    .select((eb) => {
      let users = eb.selectFrom('agent_user as u').select((e) => e.fn.countAll().as('n')).whereRef('u.admin_level_id', '=', 'l.id');
      if (scope) users = users.where('u.agent_id', 'in', (e) => e.selectFrom('agent').select('id').where('path', 'like', `${scope.under}%`));
      return users.as('user_count');
    });
  if (scope) q = q.where('l.level', '>=', scope.minRank);
  const rows = await q
    .orderBy('l.level')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({ id: toNumber(r.id), name: r.name, level: toNumber(r.level), permissions: r.permissions, user_count: toNumber(r.user_count) }));
}

export interface AdminLevelRow {
  id: number;
  name: string;
  level: number;
  permissions: string;
}

export async function findAdminLevel(db: Kysely<DB>, id: number): Promise<AdminLevelRow | undefined> {
  const r = await db.selectFrom('agent_admin_level').select(['id', 'name', 'level', 'permissions']).where('id', '=', id).executeTakeFirst();
  return r && { id: toNumber(r.id), name: r.name, level: toNumber(r.level), permissions: r.permissions };
}

/** The level of that name (other than `exceptId`), compared without regard to case. */
export async function adminLevelNamed(db: Kysely<DB>, name: string, exceptId = 0) {
  const rows = await db.selectFrom('agent_admin_level').select(['id', 'name']).where('id', '!=', exceptId).execute();
  return rows.find((r) => r.name.toLowerCase() === name.toLowerCase());
}

export async function insertAdminLevel(db: Kysely<DB>, l: Omit<AdminLevelRow, 'id'>, now: string): Promise<number> {
  const r = await db.insertInto('agent_admin_level').values({ ...l, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return toNumber(r.id);
}

export async function updateAdminLevel(db: Kysely<DB>, id: number, changes: Partial<Omit<AdminLevelRow, 'id'>>, now: string) {
  await db.updateTable('agent_admin_level').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

export interface AgentUserRow {
  id: number;
  agent_id: number;
  account: string;
  status: number;
  totp_secret: string | null;
  agent_path: string;
  /** Their admin level's rank (1 the highest). */
  level_rank: number;
  /** Their admin level's codes, comma-separated, as stored. */
  level_permissions: string;
}

export async function findAgentUser(db: Kysely<DB>, id: number): Promise<AgentUserRow | undefined> {
  const r = await db
    .selectFrom('agent_user as u')
    .innerJoin('agent as a', 'a.id', 'u.agent_id')
    .innerJoin('agent_admin_level as l', 'l.id', 'u.admin_level_id')
    .select(['u.id', 'u.agent_id', 'u.account', 'u.status', 'u.totp_secret', 'a.path as agent_path', 'l.level as level_rank', 'l.permissions as level_permissions'])
    .where('u.id', '=', id)
    .executeTakeFirst();
  return r && { ...r, id: toNumber(r.id), agent_id: toNumber(r.agent_id), status: toNumber(r.status), level_rank: toNumber(r.level_rank) };
}

/** Accounts within one agent that differ only in letter case count as one. */
export async function agentUserTaken(db: Kysely<DB>, agentId: number, account: string): Promise<boolean> {
  const r = await db
    .selectFrom('agent_user')
    .select('id')
    .where('agent_id', '=', agentId)
    .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
    .executeTakeFirst();
  return !!r;
}

export interface NewAgentUser {
  agent_id: number;
  account: string;
  name: string;
  admin_level_id: number;
  password_hash: string;
}

export async function insertAgentUser(db: Kysely<DB>, u: NewAgentUser, now: string): Promise<number> {
  const r = await db
    .insertInto('agent_user')
    .values({ ...u, status: 1, totp_secret: null, last_login_at: null, last_login_ip: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(r.id);
}

export async function updateAgentUser(db: Kysely<DB>, id: number, changes: { status?: number; password_hash?: string; totp_secret?: null }, now: string) {
  await db.updateTable('agent_user').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Ends every session of an agent user (their tokens are unknown from then on, whatever their
 * status later); answers how many there were.
 */
export async function deleteAgentUserSessions(db: Kysely<DB>, userId: number): Promise<number> {
  const r = await db.deleteFrom('agent_session').where('agent_user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Ends every session of the agent users of an agent's sub-tree (a tree path); answers how many there were. */
export async function deleteAgentSessionsUnder(db: Kysely<DB>, path: string): Promise<number> {
  const r = await db
    .deleteFrom('agent_session')
    .where('agent_user_id', 'in', (eb) =>
      eb.selectFrom('agent_user as u').innerJoin('agent as a', 'a.id', 'u.agent_id').select('u.id').where('a.path', 'like', `${path}%`),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export interface AgentUserFilter {
  /** Only users of the agents of this sub-tree (a tree path), for an agent user. */
  under?: string | undefined;
  /** Only users whose admin level ranks at or below this (1 the highest). */
  minRank?: number | undefined;
  agent_id?: number | undefined;
  account?: string | undefined;
  status?: number | undefined;
}

export async function listAgentUsers(db: Kysely<DB>, f: AgentUserFilter, page: number, pageSize: number) {
  let q = db.selectFrom('agent_user as u');
  if (f.under) q = q.where('u.agent_id', 'in', (eb) => eb.selectFrom('agent').select('id').where('path', 'like', `${f.under}%`));
  if (f.minRank !== undefined) q = q.where('u.admin_level_id', 'in', (eb) => eb.selectFrom('agent_admin_level').select('id').where('level', '>=', f.minRank!));
  if (f.agent_id !== undefined) q = q.where('u.agent_id', '=', f.agent_id);
  if (f.status !== undefined) q = q.where('u.status', '=', f.status);
  if (f.account) q = q.where((eb) => eb(eb.fn('lower', ['u.account']), 'like', containsPattern(f.account!)));
  const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await q
    .innerJoin('agent as a', 'a.id', 'u.agent_id')
    .innerJoin('agent_admin_level as l', 'l.id', 'u.admin_level_id')
    .select([
      'u.id', 'u.agent_id', 'a.code as agent_code', 'u.account', 'u.name', 'u.admin_level_id', 'l.name as admin_level_name', 'u.status',
      'u.totp_secret', 'u.last_login_at', 'u.created_at',
    ])
    .orderBy('u.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total: toNumber(total?.n),
    list: rows.map(({ totp_secret, ...r }) => ({
      ...r,
      id: toNumber(r.id),
      agent_id: toNumber(r.agent_id),
      admin_level_id: toNumber(r.admin_level_id),
      status: toNumber(r.status) as 1 | 2,
      google_bound: !!totp_secret,
    })),
  };
}
