import type { Kysely } from 'kysely';
import {
  DEFAULT_TIME_ZONE_ID,
  ErrorCode,
  nonAgentPermissionCodes,
  normalizeAgentPermissions,
  parsePermissionString,
  timezoneOffsetMinutes,
  type agent,
  type CallParsed,
} from '@console/contract';
import type { DB } from '../../db/schema.ts';
import type { TransferStage } from '../../db/transfer-batch.ts';
import { ApiError, apiError } from '../../lib/api-error.ts';
import { changedFields } from '../../lib/changes.ts';
import { localMonthIndex, monthText } from '../../lib/periods.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { nowIso } from '../../lib/time.ts';
import { requireInScope, scopePath } from '../../plugins/agent-scope.ts';
import type { CallContext } from '../../plugins/calls.ts';
import { findCurrency } from '../currency/public.ts';
import { isUniqueViolation } from '../user/public.ts';
import {
  agentActive,
  agentsOutOfService,
  agentCodeTaken,
  agentUserTaken,
  adminLevelNamed,
  deleteAgentSessionsUnder,
  deleteAgentUserSessions,
  disabledAgentsOver,
  findAdminLevel,
  insertAdminLevel,
  updateAdminLevel,
  findAgent,
  findAgentUser,
  formatWhitelist,
  highestChildShareRate,
  insertAgent,
  insertAgentUser,
  listAdminLevels,
  listAgents,
  listAgentsQuick,
  listAgentUsers,
  parseWhitelist,
  pathInService,
  recordShareRate,
  subtreeReach,
  updateAgent,
  updateAgentUser,
  WALLET_MODE_NAMES,
  walletModeValue,
  type AgentListFilter,
  type AgentRow,
} from './repository.ts';

/** Every agent for pickers (an agent user's: their sub-tree), in tree order (each before its sub-tree, siblings by id). */
export async function agentQuickList(ctx: CallContext) {
  const list = await listAgentsQuick(ctx.db, scopePath(ctx.user));
  return { list, total: list.length };
}

/**
 * Nobody grants a code they do not hold, or manages what holds codes they do not (docs/security.md,
 * "Permissions"), operators and agent users alike. An admin level is a set of codes: giving it to
 * an agent user, or resetting the password of one who holds it, hands over its codes. Answers the
 * codes of a level's set (stored, or about to be) that the caller does not hold.
 */
function codesBeyondCaller(ctx: CallContext, levelPermissions: string): string[] {
  const held = ctx.user!.permissions;
  return normalizeAgentPermissions(parsePermissionString(levelPermissions)).filter((c) => !held.has(c));
}

/** Refuses (A0302) a level's set holding a code the caller does not hold, as a grant. */
function requireGrantable(ctx: CallContext, levelPermissions: string, field: string) {
  const beyond = codesBeyondCaller(ctx, levelPermissions);
  if (beyond.length) {
    throw apiError(
      ErrorCode.GrantBeyondOwn,
      `${field}：不能授予自己没有的权限 ${beyond.join(',')}`,
      `${field}: you cannot grant permissions you do not hold: ${beyond.join(',')}`,
    );
  }
}

/**
 * Who may change an agent user (status, password, authenticator): an operator, or an agent user
 * (docs/product.md, "The agent back office") for agent users of their sub-tree (A0301 outside it),
 * never themselves (A0301), and only those whose admin level ranks below their own (rank 1 the
 * highest): a colleague of the same rank or a superior is beyond them (A0302). Either kind of
 * caller must hold every code of the target's level (A0302): a password reset would hand them
 * those codes.
 */
function requireManageableUser(ctx: CallContext, target: { id: number; agent_path: string; level_rank: number; level_permissions: string }) {
  const scope = ctx.user?.agent;
  if (scope) {
    requireInScope(ctx.user, target.agent_path);
    if (target.id === ctx.user!.id) throw new ApiError(ErrorCode.NoPermission);
    if (target.level_rank <= scope.adminLevelRank) {
      throw apiError(
        ErrorCode.GrantBeyondOwn,
        '只能管理管理级别低于您的代理账号',
        'You can only manage agent users whose admin level ranks below your own',
      );
    }
  }
  if (codesBeyondCaller(ctx, target.level_permissions).length) {
    throw apiError(
      ErrorCode.GrantBeyondOwn,
      '不能管理管理级别含有您所没有权限的代理账号',
      'You cannot manage an agent user whose admin level holds permissions you do not hold',
    );
  }
}

const pct = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/**
 * The month ("YYYY-MM") from which a share rate set now applies (docs/product.md, "Agent
 * settlement"): the next month in the platform's default report timezone (GMT+8). A month's
 * settlement, in whichever timezone it is asked for, uses the rates in force when that month began
 * there, so a rate set during a GMT+8 month applies from the next month for every report.
 */
export function shareRateFromMonth(nowMs: number = Date.now()): string {
  return monthText(localMonthIndex(nowMs, timezoneOffsetMinutes(DEFAULT_TIME_ZONE_ID)) + 1);
}
const walletModeName = (v: number) => WALLET_MODE_NAMES[v as 1 | 2] ?? 'transfer';

async function existingAgent(db: Kysely<DB>, id: number, field = 'id'): Promise<AgentRow> {
  const a = await findAgent(db, id);
  if (!a) {
    throw field === 'id' ? apiError(ErrorCode.NotFound, '代理不存在', 'No such agent') : apiError(ErrorCode.InvalidParameter, `${field}：代理不存在`, `${field}: no such agent`);
  }
  return a;
}

export async function agentList(input: CallParsed<typeof agent.agentList>, ctx: CallContext) {
  const scope = ctx.user?.agent;
  const filter: AgentListFilter = { parent_id: input.parent_id, keyword: input.keyword || undefined, status: input.status };
  if (scope) {
    // An agent user's tree starts at their own agent: "top level" (0) is it, and a parent must lie in their sub-tree.
    filter.under = scope.agentPath;
    if (input.parent_id === 0) Object.assign(filter, { parent_id: undefined, id: scope.agentId });
    else if (input.parent_id !== undefined) requireInScope(ctx.user, (await findAgent(ctx.db, input.parent_id))?.path);
  }
  const { total, rows } = await listAgents(ctx.db, filter, input.page, input.page_size);
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      parent_id: r.parent_id,
      level: r.level,
      currency_id: r.currency_id,
      currency_code: r.currency_code,
      wallet_mode: walletModeName(r.wallet_mode),
      share_rate: r.share_rate,
      ip_whitelist: parseWhitelist(r.ip_whitelist),
      status: r.status as 1 | 2,
      remark: r.remark,
      player_count: r.player_count,
      created_at: r.created_at,
      child_count: r.child_count,
      parent_share_rate: r.parent_share_rate,
      parent_path: r.parent_path,
    })),
  };
}

/**
 * Rules of a new agent: a unique code (letter case aside); under a parent, that parent enabled,
 * its currency and at most its share rate; the currency enabled.
 */
export async function agentAdd(input: CallParsed<typeof agent.agentAdd>, ctx: CallContext): Promise<{ id: number }> {
  const taken = () => apiError(ErrorCode.Duplicate, `代理代码 ${input.code} 已存在`, `The agent code ${input.code} already exists`);
  if (await agentCodeTaken(ctx.db, input.code)) throw taken();
  // An agent user adds agents under their own agent or below it, never at the top.
  if (ctx.user?.agent && !input.parent_id) throw new ApiError(ErrorCode.NoPermission);
  const parent = input.parent_id ? await existingAgent(ctx.db, input.parent_id, 'parent_id') : null;
  requireInScope(ctx.user, parent?.path);
  if (parent) {
    if (parent.status !== 1) throw apiError(ErrorCode.InvalidParameter, `parent_id：上级代理 ${parent.code} 已停用`, `parent_id: the parent agent ${parent.code} is disabled`);
    if (input.currency_id !== parent.currency_id) {
      throw apiError(ErrorCode.InvalidParameter, 'currency_id：下级代理必须使用上级代理的币种', "currency_id: a sub-agent has its parent's currency");
    }
    if (input.share_rate > parent.share_rate) {
      throw apiError(
        ErrorCode.InvalidParameter,
        `share_rate：不能高于上级代理的占成 ${pct(parent.share_rate)}`,
        `share_rate: cannot be above the parent's share rate of ${pct(parent.share_rate)}`,
      );
    }
  }
  const currency = await findCurrency(ctx.db, input.currency_id);
  if (!currency) throw apiError(ErrorCode.InvalidParameter, 'currency_id：币种不存在', 'currency_id: no such currency');
  if (currency.status !== 1) {
    throw apiError(ErrorCode.InvalidParameter, `currency_id：币种 ${currency.code} 已停用，不能用于新代理`, `currency_id: the currency ${currency.code} is disabled and takes no new agents`);
  }
  const whitelist = [...new Set(input.ip_whitelist)];
  let id: number;
  const now = nowIso();
  try {
    id = await insertAgent(
      ctx.db,
      { code: input.code, name: input.name, parent, currency_id: currency.id, wallet_mode: walletModeValue(input.wallet_mode), share_rate: input.share_rate, ip_whitelist: formatWhitelist(whitelist), remark: input.remark },
      now,
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  // A new agent's rate applies from the next month too: the months before have none (0).
  const shareRateFrom = shareRateFromMonth(Date.parse(now));
  await recordShareRate(ctx.db, id, shareRateFrom, input.share_rate, now);
  ctx.audit(`agent:${id} ${input.code}`, {
    agent: input.code,
    name: input.name,
    parent: parent?.code ?? null,
    currency: currency.code,
    wallet_mode: input.wallet_mode,
    share_rate: input.share_rate,
    share_rate_from: shareRateFrom,
    ip_whitelist: whitelist,
    remark: input.remark,
  });
  return { id };
}

/**
 * Name, share rate, whitelist, status and remark change; code, parent, currency and wallet mode
 * never do, so the tree stays a tree. A share rate stays between the highest of the direct
 * sub-agents' and the parent's. Disabling stops the users and agent keys of the agent and its
 * sub-tree at once (agentActive, checked on every use).
 */
export async function agentEdit(input: CallParsed<typeof agent.agentEdit>, ctx: CallContext): Promise<null> {
  const before = await existingAgent(ctx.db, input.id);
  // An agent user edits only agents below their own (never their own share rate, whitelist or status).
  requireInScope(ctx.user, before.path, true);
  if (input.share_rate !== undefined) {
    const parent = before.parent_id === null ? undefined : await findAgent(ctx.db, before.parent_id);
    if (parent && input.share_rate > parent.share_rate) {
      throw apiError(
        ErrorCode.InvalidParameter,
        `share_rate：不能高于上级代理的占成 ${pct(parent.share_rate)}`,
        `share_rate: cannot be above the parent's share rate of ${pct(parent.share_rate)}`,
      );
    }
    const child = await highestChildShareRate(ctx.db, before.id);
    if (child && input.share_rate < child.share_rate) {
      throw apiError(
        ErrorCode.InvalidParameter,
        `share_rate：不能低于下级代理 ${child.code} 的占成 ${pct(child.share_rate)}，请先调低下级`,
        `share_rate: cannot be below the share rate of the sub-agent ${child.code} (${pct(child.share_rate)}); lower theirs first`,
      );
    }
  }
  const wanted = {
    name: input.name,
    share_rate: input.share_rate,
    ip_whitelist: input.ip_whitelist && formatWhitelist([...new Set(input.ip_whitelist)]),
    status: input.status,
    remark: input.remark,
  };
  const changes = changedFields(before, wanted);
  const now = nowIso();
  if (Object.keys(changes).length) await updateAgent(ctx.db, before.id, Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.after])), now);
  const summary: Record<string, unknown> = { ...changes };
  if (changes.share_rate) {
    // In the edit's transaction: the agent's rate and its history never disagree.
    summary.share_rate_from = shareRateFromMonth(Date.parse(now));
    await recordShareRate(ctx.db, before.id, summary.share_rate_from as string, Number(changes.share_rate.after), now);
  }
  if (changes.ip_whitelist) {
    summary.ip_whitelist = { before: parseWhitelist(before.ip_whitelist), after: parseWhitelist(String(changes.ip_whitelist.after)) };
  }
  if (changes.status?.after === 2) {
    summary.stopped = await subtreeReach(ctx.db, before.path);
    // Their sessions end for good: enabling the agent again revives none of them.
    await deleteAgentSessionsUnder(ctx.db, before.path);
  }
  ctx.audit(`agent:${before.id} ${before.code}`, summary);
  return null;
}

/** The admin levels; for an agent user, those they may give: ranked at or below their own, holding no code they lack. */
export async function adminLevelList(ctx: CallContext) {
  const scope = ctx.user?.agent;
  const list = await listAdminLevels(ctx.db, scope ? { under: scope.agentPath, minRank: scope.adminLevelRank } : undefined);
  return { list: scope ? list.filter((l) => !codesBeyondCaller(ctx, l.permissions).length) : list };
}

/** A permission set for an admin level: only codes of the agent tree (docs/product.md, "Agent admin levels"), stored with their modules. */
function adminLevelPermissions(codes: string[]): string {
  const foreign = nonAgentPermissionCodes(codes);
  if (foreign.length) {
    throw apiError(
      ErrorCode.InvalidParameter,
      `permissions：${foreign.join(', ')} 不在代理权限树中`,
      `permissions: ${foreign.join(', ')} ${foreign.length === 1 ? 'is' : 'are'} not in the agent permission tree`,
    );
  }
  const set = normalizeAgentPermissions(codes);
  if (!set.length) throw apiError(ErrorCode.InvalidParameter, 'permissions：请至少选择一项权限', 'permissions: choose at least one permission');
  return set.join(',');
}

const levelNameTaken = (name: string) => apiError(ErrorCode.Duplicate, `管理级别 ${name} 已存在`, `The admin level ${name} already exists`);

export async function adminLevelAdd(input: CallParsed<typeof agent.agentAdminLevelAdd>, ctx: CallContext): Promise<{ id: number }> {
  const permissions = adminLevelPermissions(input.permissions);
  requireGrantable(ctx, permissions, 'permissions');
  if (await adminLevelNamed(ctx.db, input.name)) throw levelNameTaken(input.name);
  const id = await insertAdminLevel(ctx.db, { name: input.name, level: input.level, permissions }, nowIso());
  ctx.audit(`agent_admin_level:${id} ${input.name}`, { name: input.name, level: input.level, permissions });
  return { id };
}

export async function adminLevelEdit(input: CallParsed<typeof agent.agentAdminLevelEdit>, ctx: CallContext): Promise<null> {
  const before = await findAdminLevel(ctx.db, input.id);
  if (!before) throw apiError(ErrorCode.NotFound, '管理级别不存在', 'No such admin level');
  const wanted = {
    name: input.name,
    level: input.level,
    permissions: input.permissions === undefined ? undefined : adminLevelPermissions(input.permissions),
  };
  // A level holding codes the caller does not hold is beyond them, as is a set that would.
  if (codesBeyondCaller(ctx, before.permissions).length) {
    throw apiError(
      ErrorCode.GrantBeyondOwn,
      '不能修改含有您所没有权限的管理级别',
      'You cannot change an admin level that holds permissions you do not hold',
    );
  }
  if (wanted.permissions !== undefined) requireGrantable(ctx, wanted.permissions, 'permissions');
  if (input.name !== undefined && (await adminLevelNamed(ctx.db, input.name, before.id))) throw levelNameTaken(input.name);
  const changes = changedFields(before, wanted);
  if (Object.keys(changes).length) await updateAdminLevel(ctx.db, before.id, Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.after])), nowIso());
  ctx.audit(`agent_admin_level:${before.id} ${before.name}`, changes);
  return null;
}

export async function agentUserList(input: CallParsed<typeof agent.agentUserList>, ctx: CallContext) {
  const scope = ctx.user?.agent;
  if (scope && input.agent_id !== undefined) requireInScope(ctx.user, (await findAgent(ctx.db, input.agent_id))?.path);
  return listAgentUsers(
    ctx.db,
    { agent_id: input.agent_id, account: input.account || undefined, status: input.status, under: scope?.agentPath },
    input.page,
    input.page_size,
  );
}

export async function agentUserAdd(input: CallParsed<typeof agent.agentUserAdd>, ctx: CallContext): Promise<{ id: number }> {
  const owner = await existingAgent(ctx.db, input.agent_id, 'agent_id');
  const level = await findAdminLevel(ctx.db, input.admin_level_id);
  if (!level) throw apiError(ErrorCode.InvalidParameter, 'admin_level_id：管理级别不存在', 'admin_level_id: no such admin level');
  // An agent user adds users in their sub-tree (A0301) with a level ranked no higher than their
  // own (A0302); anyone gives only a level whose codes they all hold (A0302).
  requireInScope(ctx.user, owner.path);
  if (ctx.user?.agent && level.level < ctx.user.agent.adminLevelRank) {
    throw apiError(
      ErrorCode.GrantBeyondOwn,
      `admin_level_id：不能选择高于您自己的管理级别 ${level.name}`,
      `admin_level_id: you cannot give the admin level ${level.name}, which ranks above your own`,
    );
  }
  requireGrantable(ctx, level.permissions, 'admin_level_id');
  const taken = () => apiError(ErrorCode.Duplicate, `代理 ${owner.code} 下已有账号 ${input.account}`, `The agent ${owner.code} already has the account ${input.account}`);
  if (await agentUserTaken(ctx.db, owner.id, input.account)) throw taken();
  let id: number;
  try {
    id = await insertAgentUser(
      ctx.db,
      { agent_id: owner.id, account: input.account, name: input.name, admin_level_id: level.id, password_hash: await hashPassword(input.password) },
      nowIso(),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  ctx.audit(`agent_user:${id} ${owner.code}/${input.account}`, { agent: owner.code, account: input.account, name: input.name, admin_level: level.name });
  return { id };
}

async function existingAgentUser(ctx: CallContext, id: number) {
  const u = await findAgentUser(ctx.db, id);
  if (!u) throw apiError(ErrorCode.NotFound, '代理账号不存在', 'No such agent user');
  requireManageableUser(ctx, u);
  const owner = await findAgent(ctx.db, u.agent_id);
  return { ...u, target: `agent_user:${u.id} ${owner?.code ?? u.agent_id}/${u.account}` };
}

/**
 * Disabling an agent user ends their sessions, as an operator's (user/status/edit): authentication
 * refuses a disabled user on every call (plugins/session.ts, authenticateAgent), and the sessions
 * are deleted too, so enabling the user again revives none of them.
 */
export async function agentUserStatusEdit(input: CallParsed<typeof agent.agentUserStatusEdit>, ctx: CallContext): Promise<null> {
  const u = await existingAgentUser(ctx, input.user_id);
  if (u.status !== input.status) await updateAgentUser(ctx.db, u.id, { status: input.status }, nowIso());
  if (input.status === 2) await deleteAgentUserSessions(ctx.db, u.id);
  ctx.audit(u.target, { account: u.account, status: { before: u.status, after: input.status } });
  return null;
}

/** A password reset ends every session of the user, as an operator's (user/password/edit). */
export async function agentUserPasswordEdit(input: CallParsed<typeof agent.agentUserPasswordEdit>, ctx: CallContext): Promise<null> {
  const u = await existingAgentUser(ctx, input.user_id);
  await updateAgentUser(ctx.db, u.id, { password_hash: await hashPassword(input.password) }, nowIso());
  const ended = await deleteAgentUserSessions(ctx.db, u.id);
  ctx.audit(u.target, { account: u.account, password_reset: true, sessions_ended: ended });
  return null;
}

export async function agentUserGoogleClean(input: CallParsed<typeof agent.agentUserGoogleClean>, ctx: CallContext): Promise<null> {
  const u = await existingAgentUser(ctx, input.user_id);
  await updateAgentUser(ctx.db, u.id, { totp_secret: null }, nowIso());
  ctx.audit(u.target, { account: u.account, google_bound: { before: !!u.totp_secret, after: false } });
  return null;
}

/** Whether an agent is in service (it and every agent above it enabled); for agent keys. */
export const agentInService = (db: Kysely<DB>, agentId: number) => agentActive(db, agentId);

/** Whether the agent of a tree path is in service (every agent on the path enabled). */
export const agentPathInService = (db: Kysely<DB>, path: string) => pathInService(db, path);

/** Of these agents, those out of service (for lists that mark them). */
export const agentsOutOfServiceAmong = (db: Kysely<DB>, ids: readonly number[]) => agentsOutOfService(db, ids);

/** Why money in for a player of an agent out of service is refused: the agent is disabled, or `above` is. */
const agentOutOfService = (code: string, above: string | null) =>
  above === null
    ? `the agent "${code}" is disabled: its players' transfers in are refused`
    : `the agent "${code}" is out of service (the agent "${above}" above it is disabled): its players' transfers in are refused`;

/**
 * The transfer pipeline's agent check (db/transfer-batch.ts): an agent out of service (itself or an
 * agent above it disabled) takes no money in for its players; money going out is still stored.
 * One look-up of the batch's agents (two with the agents above them), over its transfers in only.
 */
export const agentTransferStage: TransferStage = {
  name: 'agent in service',
  async run(batch) {
    const ins = batch.transfers.filter((t) => t.direction === 'in');
    if (ins.length === 0) return;
    const off = await disabledAgentsOver(batch.db, ins.map((t) => t.agent_id));
    if (off.size === 0) return;
    for (const t of ins) {
      const o = off.get(t.agent_id);
      if (o) batch.reject(t.index, 'agent_code', agentOutOfService(t.agent_code, o.id === t.agent_id ? null : o.code), 'agent_disabled');
    }
  },
};
