import type { user } from '@console/contract';
import type { Config } from '../../config/index.ts';
import type { AgentLoginRow, UserRow } from './repository.ts';

/** The logged-in user as login, user/info and the bind flow answer it: never a secret or hash. */
export function toUserInfo(row: UserRow, config: Config): user.UserInfo {
  const googleBound = !!row.totp_secret;
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    phone: row.phone,
    google_bound: googleBound,
    must_bind_google: config.require2fa && !googleBound,
    last_login_at: row.last_login_at,
    last_login_ip: row.last_login_ip,
  };
}

/** An operator account as user/list shows it. */
export function toOperatorUser(row: UserRow): user.OperatorUser {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    phone: row.phone,
    status: row.status === 2 ? 2 : 1,
    google_bound: !!row.totp_secret,
    permissions: row.permissions,
    last_login_at: row.last_login_at,
    last_login_ip: row.last_login_ip,
    created_at: row.created_at,
  };
}

/** An agent user as their login and user/info answer them: the same fields, their agent and admin level. */
export function toAgentUserInfo(row: AgentLoginRow, config: Config): user.AgentUserInfo {
  return {
    ...toUserInfo(row, config),
    agent_id: row.agent_id,
    agent_code: row.agent_code,
    agent_name: row.agent_name,
    admin_level_id: row.admin_level_id,
    admin_level_name: row.admin_level_name,
  };
}
