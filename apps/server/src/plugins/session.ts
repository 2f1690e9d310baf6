import type { Kysely } from 'kysely';
import { parsePermissionString } from '@console/contract';
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
  if (Date.now() - Date.parse(row.last_seen_at) > TOUCH_AFTER_MS) {
    await db
      .updateTable('session')
      .set({ last_seen_at: now, expires_at: isoPlusMinutes(config.sessionTtlMinutes) })
      .where('id', '=', Number(row.session_id))
      .execute();
  }
  const permissionList = parsePermissionString(row.permissions);
  return {
    id: Number(row.id),
    account: row.account,
    name: row.name,
    permissions: new Set(permissionList),
    permissionList,
    totpBound: !!row.totp_secret,
    sessionId: Number(row.session_id),
  };
}
