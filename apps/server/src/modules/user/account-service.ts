import {
  ErrorCode,
  PERMISSION_TREE,
  normalizePermissions,
  parsePermissionString,
  unknownPermissionCodes,
  type CallParsed,
  type user,
} from '@console/contract';
import { apiError } from '../../lib/api-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { nowIso } from '../../lib/time.ts';
import type { CallContext } from '../../plugins/calls.ts';
import type { SessionUser } from '../../plugins/session.ts';
import * as repo from './repository.ts';
import { toOperatorUser } from './user-info.ts';

/**
 * Managing operator accounts (permission 1301). Two rules beyond the permission code keep an
 * account manager from gaining more power than they hold:
 * - they grant only codes they hold themselves (A0302);
 * - they manage only accounts whose codes they all hold (A0302): resetting the password of a
 *   more powerful account, or unbinding its authenticator, would hand them that account's power.
 * One's own account is changed through user/password/change and the bind flow, never here.
 */

/** A comma-separated permission string as the canonical code list; unknown codes are refused. */
function parseGrant(permissions: string): string[] {
  const codes = parsePermissionString(permissions);
  const unknown = unknownPermissionCodes(codes);
  if (unknown.length) {
    throw apiError(
      ErrorCode.InvalidParameter,
      `permissions：未知的权限代码 ${unknown.join(',')}`,
      `permissions: unknown permission codes ${unknown.join(',')}`,
    );
  }
  return normalizePermissions(codes);
}

function assertCanGrant(caller: SessionUser, codes: readonly string[]) {
  const beyond = codes.filter((c) => !caller.permissions.has(c));
  if (beyond.length) {
    throw apiError(
      ErrorCode.GrantBeyondOwn,
      `不能授予自己没有的权限：${beyond.join(',')}`,
      `You cannot grant permissions you do not hold: ${beyond.join(',')}`,
    );
  }
}

/** The account another operator is about to change, after the rules above. */
async function managedUser(ctx: CallContext, userId: number, selfMessage: { zh: string; en: string }): Promise<repo.UserRow> {
  const caller = ctx.user!;
  if (userId === caller.id) throw apiError(ErrorCode.NoPermission, selfMessage.zh, selfMessage.en);
  const target = await repo.findUserById(ctx.db, userId);
  if (!target) throw apiError(ErrorCode.NotFound, '账号不存在', 'No such account');
  if (parsePermissionString(target.permissions).some((c) => !caller.permissions.has(c))) {
    throw apiError(
      ErrorCode.GrantBeyondOwn,
      '不能管理拥有您所没有权限的账号',
      'You cannot manage an account that holds permissions you do not hold',
    );
  }
  return target;
}

export async function list(input: CallParsed<typeof user.userList>, ctx: CallContext) {
  // A sort order alone (no field) sorts nothing, as in the reports.
  const sort: repo.UserSort | undefined = input.sort_field && { field: input.sort_field, direction: input.sort_order === 'ascend' ? 'asc' : 'desc' };
  const { total, rows } = await repo.listUsers(ctx.db, { keyword: input.keyword || undefined, status: input.status }, input.page, input.page_size, sort);
  return { list: rows.map(toOperatorUser), total };
}

export async function add(input: CallParsed<typeof user.userAdd>, ctx: CallContext): Promise<{ id: number }> {
  const codes = parseGrant(input.permissions);
  assertCanGrant(ctx.user!, codes);
  const taken = () => apiError(ErrorCode.Duplicate, `账号 ${input.account} 已存在`, `The account ${input.account} already exists`);
  if (await repo.accountTaken(ctx.db, input.account)) throw taken();
  // SMS login finds the account by phone, so a phone belongs to one account only.
  if (input.phone && (await repo.findUserByPhone(ctx.db, input.phone))) {
    throw apiError(ErrorCode.Duplicate, '该手机号已被其他账号使用', 'This phone number is already used by another account');
  }
  const permissions = codes.join(',');
  let id: number;
  try {
    id = await repo.insertUser(ctx.db, {
      account: input.account,
      name: input.name,
      phone: input.phone,
      passwordHash: await hashPassword(input.password),
      permissions,
      createdBy: ctx.user!.id,
      now: nowIso(),
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw taken();
    throw err;
  }
  ctx.audit(`user:${id}`, { account: input.account, name: input.name, phone: input.phone, permissions });
  return { id };
}

export async function editStatus(input: CallParsed<typeof user.userStatusEdit>, ctx: CallContext): Promise<null> {
  const target = await managedUser(ctx, input.user_id, {
    zh: '不能停用或启用自己的账号',
    en: 'You cannot change the status of your own account',
  });
  await repo.updateUser(ctx.db, target.id, { status: input.status }, nowIso());
  // authenticate() already refuses a disabled user; ending the sessions also keeps them ended
  // should the account be enabled again.
  const ended = input.status === 2 ? await repo.deleteUserSessions(ctx.db, target.id) : 0;
  ctx.audit(`user:${target.id}`, { account: target.account, status_before: target.status, status: input.status, sessions_ended: ended });
  return null;
}

export async function resetPassword(input: CallParsed<typeof user.userPasswordEdit>, ctx: CallContext): Promise<null> {
  const target = await managedUser(ctx, input.user_id, {
    zh: '请通过“修改密码”修改自己的密码',
    en: 'Change your own password with "Change password", which checks the current one',
  });
  await repo.updateUser(ctx.db, target.id, { password_hash: await hashPassword(input.password) }, nowIso());
  const ended = await repo.deleteUserSessions(ctx.db, target.id);
  ctx.audit(`user:${target.id}`, { account: target.account, sessions_ended: ended });
  return null;
}

export async function cleanGoogle(input: CallParsed<typeof user.userGoogleClean>, ctx: CallContext): Promise<null> {
  const target = await managedUser(ctx, input.user_id, {
    zh: '不能解绑自己的身份验证器，请联系其他管理员',
    en: 'You cannot unbind your own authenticator; ask another administrator',
  });
  await repo.updateUser(ctx.db, target.id, { totp_secret: null, totp_pending_secret: null }, nowIso());
  ctx.audit(`user:${target.id}`, { account: target.account, google_bound_before: !!target.totp_secret });
  return null;
}

export function permissionTree() {
  return { list: PERMISSION_TREE };
}

export async function editPermissions(input: CallParsed<typeof user.permissionEdit>, ctx: CallContext) {
  const codes = parseGrant(input.permissions);
  const target = await managedUser(ctx, input.user_id, {
    zh: '不能修改自己的权限',
    en: 'You cannot change your own permissions',
  });
  assertCanGrant(ctx.user!, codes);
  const permissions = codes.join(',');
  await repo.updateUser(ctx.db, target.id, { permissions }, nowIso());
  ctx.audit(`user:${target.id}`, { account: target.account, before: target.permissions, after: permissions });
  return { permissions };
}
