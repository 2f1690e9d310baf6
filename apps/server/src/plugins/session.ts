import type { Kysely } from 'kysely';
import { normalizeAgentPermissions, parsePermissionString } from '@console/contract';
import type { Config } from '../config/index.ts';
import type { DB } from '../db/schema.ts';
import { sha256 } from '../lib/passwords.ts';
import { isoPlusMinutes, nowIso } from '../lib/time.ts';

export interface SessionUser {
  id: number;
  account: string;
  name: string;
  permissions: ReadonlySet<string>;
  /** The permission codes in canonical order, as stored. */
  permissionList: string[];
  totpBound: boolean;
  sessionId: number;
  /**
   * For an agent user's session (under /v1/agent/): their agent, whose sub-tree bounds every row
   * they may see or change (plugins/agent-scope.ts). Null for operators. `id` and `account` are then
   * the agent user's.
   */
  agent: AgentOfSession | null;
}

export interface AgentOfSession {
  agentId: number;
  agentCode: string;
  agentName: string;
  /** The agent's tree path ("/1/5/"): its sub-tree is every agent whose path starts with it. */
  agentPath: string;
  adminLevelId: number;
  adminLevelName: string;
  /** The admin level's rank, 1 the highest. */
  adminLevelRank: number;
}

/** Sliding expiry is written back at most once a minute per session, not on every call. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The user behind a session token, or null when the token is unknown, expired, revoked (row
 * deleted) or belongs to a disabled user: a disabled account stops working on its next call.
 */
export async function authenticate(db: Kysely<DB>, token: string, config: Config): Promise<SessionUser | null> {
  const now = nowIso();
  const row = await db
    .selectFrom('session as s')
    .innerJoin('operator_user as u', 'u.id', 's.user_id')
    .select(['s.id as session_id', 's.last_seen_at', 'u.id', 'u.account', 'u.name', 'u.permissions', 'u.totp_secret', 'u.status'])
    .where('s.token_hash', '=', sha256(token))
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  if (!row || Number(row.status) !== 1) return null;
  return sessionUser(db, 'session', row, parsePermissionString(row.permissions), config, null);
}

/**
 * The session's user as calls see it, its sliding expiry moved on when due: written back at most
 * once a minute per session (TOUCH_AFTER_MS), not on every call.
 */
async function sessionUser(
  db: Kysely<DB>,
  table: 'session' | 'agent_session',
  row: { session_id: unknown; last_seen_at: string; id: unknown; account: string; name: string; totp_secret: string | null },
  permissionList: string[],
  config: Config,
  agent: AgentOfSession | null,
): Promise<SessionUser> {
  if (Date.now() - Date.parse(row.last_seen_at) > TOUCH_AFTER_MS) {
    await db
      .updateTable(table as 'session')
      .set({ last_seen_at: nowIso(), expires_at: isoPlusMinutes(config.sessionTtlMinutes) })
      .where('id', '=', Number(row.session_id))
      .execute();
  }
  return {
    id: Number(row.id),
    account: row.account,
    name: row.name,
    permissions: new Set(permissionList),
    permissionList,
    totpBound: !!row.totp_secret,
    sessionId: Number(row.session_id),
    agent,
  };
}

const pathIds = (path: string) => path.split('/').filter(Boolean).map(Number);

/**
 * The agent user behind an agent session token, or null when the token is unknown, expired or
 * revoked, or the user, their agent or any agent above it is disabled: each of these ends the
 * session at its next call. The permissions are their admin level's as it is now, so a level that
 * loses a code takes it from its users at once.
 */
export async function authenticateAgent(db: Kysely<DB>, token: string, config: Config): Promise<SessionUser | null> {
  const now = nowIso();
  const row = await db
    .selectFrom('agent_session as s')
    .innerJoin('agent_user as u', 'u.id', 's.agent_user_id')
    .innerJoin('agent as a', 'a.id', 'u.agent_id')
    .innerJoin('agent_admin_level as l', 'l.id', 'u.admin_level_id')
    .select([
      's.id as session_id', 's.last_seen_at', 'u.id', 'u.account', 'u.name', 'u.totp_secret', 'u.status',
      'a.id as agent_id', 'a.code as agent_code', 'a.name as agent_name', 'a.path as agent_path',
      'l.id as level_id', 'l.name as level_name', 'l.level as level_rank', 'l.permissions',
    ])
    .where('s.token_hash', '=', sha256(token))
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  if (!row || Number(row.status) !== 1) return null;
  const off = await db.selectFrom('agent').select('id').where('id', 'in', pathIds(row.agent_path)).where('status', '<>', 1).executeTakeFirst();
  if (off) return null;
  return sessionUser(db, 'agent_session', row, normalizeAgentPermissions(parsePermissionString(row.permissions)), config, {
    agentId: Number(row.agent_id),
    agentCode: row.agent_code,
    agentName: row.agent_name,
    agentPath: row.agent_path,
    adminLevelId: Number(row.level_id),
    adminLevelName: row.level_name,
    adminLevelRank: Number(row.level_rank),
  });
}
