import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf, pagingSchema } from '../common/paging.ts';
import { safeText } from '../common/safe-text.ts';
import { parsePermissionString } from '../permissions.ts';
import { accountSchema, hashedPasswordSchema } from './user.ts';

/** Agents form a tree: `parent_id` null for a top-level agent, `level` 1 at the top. */
export const agentQuickItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
  currency_id: z.number().int(),
  status: z.number().int(),
});
export type AgentQuickItem = z.infer<typeof agentQuickItemSchema>;

export const agentQuick = defineCall({
  path: 'agent/quick',
  access: 'session',
  mount: 'both',
  summary: 'Every agent, in tree order (each before its sub-tree, siblings by id), for filters and pickers',
  request: z.object({}),
  response: listOf(agentQuickItemSchema),
});


/* ---- Agent management (permission 7, docs/product.md, "Agents") ---- */

export const AgentStatus = { Enabled: 1, Disabled: 2 } as const;
export const agentStatusSchema = z.union([z.literal(1), z.literal(2)]);

/** How an agent's players pay: transfers into a game wallet, or the agent's own wallet (seamless). */
export const WALLET_MODES = ['transfer', 'seamless'] as const;
export type WalletMode = (typeof WALLET_MODES)[number];

/** Share rates are whole basis points: 10000 = 100 %. */
export const MAX_SHARE_RATE = 10000;
export const MAX_IP_WHITELIST = 50;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

function isIpv6(text: string): boolean {
  let groups = text;
  let extra = 0;
  // An IPv4 tail (::ffff:10.0.0.1) stands for two groups.
  const lastColon = groups.lastIndexOf(':');
  if (lastColon >= 0 && groups.slice(lastColon + 1).includes('.')) {
    if (!IPV4.test(groups.slice(lastColon + 1))) return false;
    groups = `${groups.slice(0, lastColon + 1)}0`;
    extra = 1;
  }
  const halves = groups.split('::');
  if (halves.length > 2) return false;
  const parts = halves.map((h) => (h === '' ? [] : h.split(':')));
  if (parts.some((p) => p.some((g) => !HEX_GROUP.test(g)))) return false;
  const count = parts.reduce((n, p) => n + p.length, 0) + extra;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** An IPv4 or IPv6 address, or a CIDR block of either ("10.0.0.0/8", "2001:db8::/32"). */
export function isIpOrCidr(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/');
  if (rest.length || address === undefined) return false;
  const v4 = IPV4.test(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  if (!/^(0|[1-9]\d{0,2})$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/**
 * An agent's code (docs/product.md, "Agents"; ADR 0024): 4–16 letters of either case, digits and
 * hyphens, starting and ending with a letter or digit ("CN01-SH"). Stored as typed; unique without
 * regard to case, so "CN01-SH" and "cn01-sh" are one code, wherever a code is looked up.
 */
export const AGENT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,14}[A-Za-z0-9]$/;
export const agentCodeSchema = safeText(z.string().trim().regex(AGENT_CODE_PATTERN, { message: 'agent_code' }), 'identity');
export const agentNameSchema = safeText(z.string().trim().min(1).max(64), 'name');
export const shareRateSchema = z.number().int().min(0).max(MAX_SHARE_RATE);
export const ipEntrySchema = z.string().trim().refine(isIpOrCidr, { message: 'ip_or_cidr' });
export const ipWhitelistSchema = z.array(ipEntrySchema).max(MAX_IP_WHITELIST);
export const remarkSchema = safeText(z.string().trim().max(255), 'name');

export const agentItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  wallet_mode: z.enum(WALLET_MODES),
  share_rate: z.number().int(),
  ip_whitelist: z.array(z.string()),
  status: agentStatusSchema,
  remark: z.string(),
  player_count: z.number().int(),
  created_at: z.string(),
  /** Direct sub-agents, so a tree knows which rows expand. */
  child_count: z.number().int(),
  /** The share rate of the parent (the cap of this agent's), null at the top. */
  parent_share_rate: z.number().int().nullable(),
  /** Codes of the agents above, from the top ("a001/b002"), empty at the top. */
  parent_path: z.string(),
});
export type AgentItem = z.infer<typeof agentItemSchema>;

export const agentList = defineCall({
  path: 'agent/list',
  access: { permission: '7' },
  mount: 'both',
  summary:
    'Agents, paged; `parent_id` 0 lists the top level and an id that agent\'s direct sub-agents; without it, every agent (with `keyword` on code or name and `status`), in tree order',
  request: pagingSchema.extend({
    parent_id: z.number().int().min(0).optional(),
    keyword: z.string().trim().max(64).optional(),
    status: agentStatusSchema.optional(),
  }),
  response: listOf(agentItemSchema),
});

export const agentAdd = defineCall({
  path: 'agent/add',
  access: { permission: '7' },
  mount: 'both',
  audit: true,
  summary: "Create an agent at the top (parent_id 0) or under a parent, whose currency it takes and whose share rate caps its own",
  request: z.object({
    code: agentCodeSchema,
    name: agentNameSchema,
    parent_id: z.number().int().min(0),
    currency_id: z.number().int().positive(),
    wallet_mode: z.enum(WALLET_MODES),
    share_rate: shareRateSchema,
    ip_whitelist: ipWhitelistSchema.default([]),
    remark: remarkSchema.default(''),
  }),
  response: z.object({ id: z.number().int() }),
});

export const agentEdit = defineCall({
  path: 'agent/edit',
  access: { permission: '7' },
  mount: 'both',
  audit: true,
  summary: 'Change name, share rate, IP whitelist, status or remark; disabling stops the logins of its users and its agent keys (and those of its sub-agents) at once',
  request: z.object({
    id: z.number().int().positive(),
    name: agentNameSchema.optional(),
    share_rate: shareRateSchema.optional(),
    ip_whitelist: ipWhitelistSchema.optional(),
    status: agentStatusSchema.optional(),
    remark: remarkSchema.optional(),
  }),
  response: z.null(),
});

/* ---- Agent users: the accounts of an agent's own back office ---- */

export const agentUserItemSchema = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent_code: z.string(),
  account: z.string(),
  name: z.string(),
  admin_level_id: z.number().int(),
  admin_level_name: z.string(),
  status: agentStatusSchema,
  google_bound: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type AgentUserItem = z.infer<typeof agentUserItemSchema>;

export const agentUserList = defineCall({
  path: 'agent/user/list',
  access: { permission: '7' },
  mount: 'both',
  summary: 'Agent users, newest first, by agent, account and status',
  request: pagingSchema.extend({
    agent_id: z.number().int().positive().optional(),
    account: z.string().trim().max(64).optional(),
    status: agentStatusSchema.optional(),
  }),
  response: listOf(agentUserItemSchema),
});

export const agentUserAdd = defineCall({
  path: 'agent/user/add',
  access: { permission: '7' },
  mount: 'both',
  audit: true,
  summary: 'Create an agent user; the account is unique within its agent, the password travels as the double MD5',
  request: z.object({
    agent_id: z.number().int().positive(),
    account: safeText(accountSchema, 'identity'),
    name: agentNameSchema,
    password: hashedPasswordSchema,
    admin_level_id: z.number().int().positive(),
  }),
  response: z.object({ id: z.number().int() }),
});

export const agentUserStatusEdit = defineCall({
  path: 'agent/user/status/edit',
  access: { permission: '7' },
  mount: 'both',
  audit: true,
  summary: 'Enable (1) or disable (2) an agent user; a disabled one cannot log in',
  request: z.object({ user_id: z.number().int().positive(), status: agentStatusSchema }),
  response: z.null(),
});

export const agentUserPasswordEdit = defineCall({
  path: 'agent/user/password/edit',
  access: { permission: '7' },
  mount: 'both',
  audit: true,
  summary: "Reset an agent user's password (double MD5)",
  request: z.object({ user_id: z.number().int().positive(), password: hashedPasswordSchema }),
  response: z.null(),
});

export const agentUserGoogleClean = defineCall({
  path: 'agent/user/google/clean',
  access: { permission: '7' },
  mount: 'both',
  audit: true,
  summary: "Unbind an agent user's authenticator",
  request: z.object({ user_id: z.number().int().positive() }),
  response: z.null(),
});

/**
 * An admin level's permission set: codes of the agent permission tree (agent-permissions.ts), as
 * a comma-separated string like an operator's ("1401,1402,6") or as a list of codes.
 */
const adminLevelPermissionsSchema = z
  .union([z.string().max(512), z.array(z.string().max(8)).max(64)])
  .transform((v) => (Array.isArray(v) ? v.map((c) => c.trim()).filter(Boolean) : parsePermissionString(v)));
const adminLevelNameSchema = safeText(z.string().trim().min(1).max(32), 'name');
/** The rank of a level: 1 is the highest. */
const adminLevelRankSchema = z.number().int().min(1).max(99);

export const adminLevelItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  /** Comma-separated codes of the agent permission tree, with their modules, in tree order. */
  permissions: z.string(),
  /** Agent users who hold the level. */
  user_count: z.number().int(),
});

export const agentAdminLevelList = defineCall({
  path: 'agent/adminlevel/list',
  access: { permission: '7' },
  mount: 'both',
  summary: 'The admin levels an agent user can hold, by rank, with their permission sets and how many users hold each',
  request: z.object({}),
  response: z.object({ list: z.array(adminLevelItemSchema) }),
});

export const agentAdminLevelAdd = defineCall({
  path: 'agent/adminlevel/add',
  access: { permission: '7' },
  audit: true,
  summary: 'Add an admin level: a unique name, a rank (1–99) and a permission set from the agent permission tree',
  request: z.object({ name: adminLevelNameSchema, level: adminLevelRankSchema, permissions: adminLevelPermissionsSchema }),
  response: z.object({ id: z.number().int() }),
});

export const agentAdminLevelEdit = defineCall({
  path: 'agent/adminlevel/edit',
  access: { permission: '7' },
  audit: true,
  summary: "Change an admin level's name, rank or permission set; its users' sessions hold the new set from their next call",
  request: z.object({
    id: z.number().int().positive(),
    name: adminLevelNameSchema.optional(),
    level: adminLevelRankSchema.optional(),
    permissions: adminLevelPermissionsSchema.optional(),
  }),
  response: z.null(),
});

export const agentCalls = [
  agentQuick,
  agentList,
  agentAdd,
  agentEdit,
  agentUserList,
  agentUserAdd,
  agentUserStatusEdit,
  agentUserPasswordEdit,
  agentUserGoogleClean,
  agentAdminLevelList,
  agentAdminLevelAdd,
  agentAdminLevelEdit,
];
