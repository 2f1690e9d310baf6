import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf, pagingSchema, sortSchema } from '../common/paging.ts';
import { safeText } from '../common/safe-text.ts';
import type { PermissionNode } from '../permissions.ts';

/** Upper-case hex of md5(upper(md5(plain))): the only form a password ever travels in. */
export const hashedPasswordSchema = z.string().regex(/^[0-9A-F]{32}$/, { message: 'password_hash' });
export const MIN_PASSWORD_LENGTH = 6;

export const UserStatus = { Enabled: 1, Disabled: 2 } as const;
export const userStatusSchema = z.union([z.literal(1), z.literal(2)]);

export const accountSchema = safeText(z.string().trim().min(3).max(32).regex(/^[A-Za-z0-9_.@-]+$/, { message: 'account_chars' }), 'identity');
export const phoneSchema = z.string().trim().regex(/^\+?[0-9]{6,20}$/, { message: 'phone' });
export const permissionsStringSchema = z.string().max(2000);
export const totpCodeSchema = z.string().regex(/^\d{6}$/, { message: 'totp_code' });

export const userInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  phone: z.string(),
  google_bound: z.boolean(),
  /** True when the server requires 2FA and this user has not bound it yet: only binding is allowed. */
  must_bind_google: z.boolean(),
  last_login_at: z.string().nullable(),
  last_login_ip: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const LoginType = { Password: 1, Sms: 2 } as const;

export const login = defineCall({
  path: 'login',
  access: 'public',
  summary: 'Log in with account + password (+ TOTP), or phone + SMS code',
  request: z.discriminatedUnion('type', [
    z.object({
      type: z.literal(1),
      account: accountSchema,
      password: hashedPasswordSchema,
      // Empty for a user with no authenticator bound; one schema (not a union) so a malformed code
      // gets the readable "must be a 6-digit code" message.
      google_code: z.string().regex(/^(\d{6})?$/, { message: 'totp_code' }).default(''),
      phone: z.string().optional(),
      message_code: z.string().optional(),
    }),
    z.object({
      type: z.literal(2),
      phone: phoneSchema,
      message_code: z.string().regex(/^\d{6}$/, { message: 'sms_code' }),
      account: z.string().optional(),
      password: z.string().optional(),
      // An account with a bound authenticator needs its code here too (A0241 when missing).
      google_code: z.string().regex(/^(\d{6})?$/, { message: 'totp_code' }).default(''),
    }),
  ]),
  response: z.object({ token: z.string(), user_info: userInfoSchema }),
});

export const sendcode = defineCall({
  path: 'sendcode',
  access: 'public',
  summary: 'Send a login code by SMS to the phone of an operator account',
  request: z.object({ phone: phoneSchema }),
  // The answer is the same whether or not the phone belongs to an account, so it reveals nothing.
  response: z.object({ resend_after_seconds: z.number().int() }),
});

export const logout = defineCall({
  path: 'logout',
  access: 'session',
  mount: 'both',
  allowUnbound: true,
  audit: true,
  summary: 'Revoke the current session',
  request: z.object({}),
  response: z.null(),
});

export const userInfo = defineCall({
  path: 'user/info',
  access: 'session',
  allowUnbound: true,
  summary: 'The logged-in user and their permission codes',
  request: z.object({}),
  response: z.object({ user_info: userInfoSchema, permissions: z.string() }),
});

export const googleBindInit = defineCall({
  path: 'user/google/bind/init',
  access: 'session',
  mount: 'both',
  allowUnbound: true,
  audit: false,
  summary: 'Start binding an authenticator app: a new secret and its otpauth:// URI for the QR code',
  request: z.object({}),
  response: z.object({ secret: z.string(), otpauth_uri: z.string() }),
});

export const googleBindConfirm = defineCall({
  path: 'user/google/bind/confirm',
  access: 'session',
  mount: 'both',
  allowUnbound: true,
  audit: true,
  summary: 'Finish binding: the first code from the app proves it holds the secret',
  request: z.object({ code: totpCodeSchema }),
  response: z.object({ user_info: userInfoSchema }),
});

export const passwordChange = defineCall({
  path: 'user/password/change',
  access: 'session',
  mount: 'both',
  audit: true,
  summary: "Change one's own password",
  request: z.object({ old_password: hashedPasswordSchema, password: hashedPasswordSchema }),
  response: z.null(),
});

/* ---- Agent users' own calls (under /v1/agent/, docs/product.md "The agent back office") ---- */

/** The agent code typed at login: empty on a host registered as an agent's domain. */
const loginAgentCodeSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{0,32}$/, { message: 'agent_code_login' });

/** An agent user as they see themselves: the operator's fields plus their agent and admin level. */
export const agentUserInfoSchema = userInfoSchema.extend({
  agent_id: z.number().int(),
  agent_code: z.string(),
  agent_name: z.string(),
  admin_level_id: z.number().int(),
  admin_level_name: z.string(),
});
export type AgentUserInfo = z.infer<typeof agentUserInfoSchema>;

export const agentLogin = defineCall({
  path: 'login',
  access: 'public',
  mount: 'agent',
  summary:
    "An agent user's login: agent code, account, password (double MD5 as for operators) and authenticator code. On a host registered as an agent domain the agent code may be left empty: the host names the agent",
  request: z.object({
    agent_code: loginAgentCodeSchema.default(''),
    account: accountSchema,
    password: hashedPasswordSchema,
    google_code: z.string().regex(/^(\d{6})?$/, { message: 'totp_code' }).default(''),
  }),
  response: z.object({ token: z.string(), user_info: agentUserInfoSchema }),
});

export const agentUserInfo = defineCall({
  path: 'user/info',
  access: 'session',
  mount: 'agent',
  allowUnbound: true,
  summary: 'The logged-in agent user, their agent and admin level, and the permission codes of that level',
  request: z.object({}),
  response: z.object({ user_info: agentUserInfoSchema, permissions: z.string() }),
});

export const operatorUserSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  phone: z.string(),
  status: userStatusSchema,
  google_bound: z.boolean(),
  permissions: z.string(),
  last_login_at: z.string().nullable(),
  last_login_ip: z.string().nullable(),
  created_at: z.string(),
});
export type OperatorUser = z.infer<typeof operatorUserSchema>;

/** The columns of user/list that sort on the server; without sort_field the newest come first. */
export const USER_SORT_FIELDS = ['id', 'account', 'name', 'status', 'last_login_at', 'created_at'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const userList = defineCall({
  path: 'user/list',
  access: { permission: '1301' },
  summary: 'Operator accounts, paged, filtered by account/name and status, sorted by one column',
  request: pagingSchema.extend(sortSchema.shape).extend({
    keyword: z.string().trim().max(64).optional(),
    status: userStatusSchema.optional(),
    // Only these columns: anything else is refused before it gets near the SQL.
    sort_field: z.enum(USER_SORT_FIELDS).optional(),
  }),
  response: listOf(operatorUserSchema),
});

export const userAdd = defineCall({
  path: 'user/add',
  access: { permission: '1301' },
  audit: true,
  summary: 'Create an operator account',
  request: z.object({
    account: accountSchema,
    name: safeText(z.string().trim().min(1).max(64), 'name'),
    password: hashedPasswordSchema,
    phone: z.union([phoneSchema, z.literal('')]).default(''),
    permissions: permissionsStringSchema.default(''),
  }),
  response: z.object({ id: z.number().int() }),
});

export const userStatusEdit = defineCall({
  path: 'user/status/edit',
  access: { permission: '1301' },
  audit: true,
  summary: 'Enable (1) or disable (2) an operator account; disabling ends its sessions at once',
  request: z.object({ user_id: z.number().int().positive(), status: userStatusSchema }),
  response: z.null(),
});

export const userPasswordEdit = defineCall({
  path: 'user/password/edit',
  access: { permission: '1301' },
  audit: true,
  summary: "Reset another operator's password; their sessions end",
  request: z.object({ user_id: z.number().int().positive(), password: hashedPasswordSchema }),
  response: z.null(),
});

export const userGoogleClean = defineCall({
  path: 'user/google/clean',
  access: { permission: '1301' },
  audit: true,
  summary: "Unbind an operator's authenticator app",
  request: z.object({ user_id: z.number().int().positive() }),
  response: z.null(),
});

const permissionNodeSchema: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.object({ 'zh-cn': z.string(), en: z.string() }),
    children: z.array(permissionNodeSchema).optional(),
  }),
);

export const permissionList = defineCall({
  path: 'permission/list',
  access: { permission: '1301' },
  summary: 'The whole permission tree with zh-cn and en names',
  request: z.object({}),
  response: z.object({ list: z.array(permissionNodeSchema) }),
});

export const permissionEdit = defineCall({
  path: 'permission/edit',
  access: { permission: '1301' },
  audit: true,
  summary: "Replace an operator's permission codes (only codes the caller holds may be granted)",
  request: z.object({ user_id: z.number().int().positive(), permissions: permissionsStringSchema }),
  response: z.object({ permissions: z.string() }),
});

export const userCalls = [
  login, sendcode, logout, userInfo, googleBindInit, googleBindConfirm, passwordChange, agentLogin, agentUserInfo,
  userList, userAdd, userStatusEdit, userPasswordEdit, userGoogleClean, permissionList, permissionEdit,
];
