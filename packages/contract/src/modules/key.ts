import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf, pagingSchema } from '../common/paging.ts';

/**
 * API credentials (docs/product.md, "Keys"): `agent` keys are an agent's credential for the platform's
 * game API; `ingest` keys let a game server call the ingest endpoints (agent_id 0). The secret is
 * returned once, by key/add and key/rotate, and never again. An ingest key may be limited to one
 * agent's sub-tree and to one provider's games (its scope); without a limit it is good for all.
 */
export const KEY_TYPES = ['agent', 'ingest'] as const;
export type KeyType = (typeof KEY_TYPES)[number];
export const KeyStatus = { Enabled: 1, Disabled: 2 } as const;
const keyStatusSchema = z.union([z.literal(1), z.literal(2)]);

export const keyItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(KEY_TYPES),
  agent_id: z.number().int(),
  agent_code: z.string().nullable(),
  app_id: z.string(),
  status: keyStatusSchema,
  remark: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  /** The address of that use (agent keys: the agent API's client address). */
  last_used_ip: z.string().nullable(),
  rotated_at: z.string().nullable(),
  created_at: z.string(),
  /**
   * Whether the key's agent is in service (it and every agent above it enabled); null for ingest
   * keys. The keys of an agent out of service are refused whatever their own status.
   */
  agent_active: z.boolean().nullable(),
  /**
   * Agent keys: the addresses the agent API admits the key from, the key's agent's IP whitelist
   * (edited in agent management; empty: no address); null for ingest keys.
   */
  agent_ip_whitelist: z.array(z.string()).nullable().optional(),
  /** Ingest keys: the agent whose sub-tree the key is limited to (null: every agent), and its code. */
  scope_agent_id: z.number().int().nullable().optional(),
  scope_agent_code: z.string().nullable().optional(),
  /** Ingest keys: the provider (platform) whose games the key is limited to (null: every provider), and its code. */
  scope_platform_id: z.number().int().nullable().optional(),
  scope_platform_code: z.string().nullable().optional(),
});
export type KeyItem = z.infer<typeof keyItemSchema>;

/** The one answer that carries a secret. */
export const keySecretSchema = z.object({ id: z.number().int(), app_id: z.string(), secret: z.string() });

export const keyList = defineCall({
  path: 'key/list',
  access: { permission: '1202' },
  summary: 'API keys (never their secrets), newest first',
  request: pagingSchema.extend({
    type: z.enum(KEY_TYPES).optional(),
    agent_id: z.number().int().min(0).optional(),
    status: keyStatusSchema.optional(),
  }),
  response: listOf(keyItemSchema),
});

export const keyAdd = defineCall({
  path: 'key/add',
  access: { permission: '1202' },
  audit: true,
  summary: 'Issue a key; the answer shows its secret once',
  request: z.object({
    agent_id: z.number().int().min(0),
    type: z.enum(KEY_TYPES),
    remark: z.string().trim().max(255).default(''),
    /** Optional expiry (ISO-8601 with a zone); the key stops working from then on. */
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
    /**
     * Ingest keys only, optional: the agent whose sub-tree the key may send records of (0 or
     * absent: every agent). Records of other agents, and cancellations of their bets, are refused.
     */
    scope_agent_id: z.number().int().min(0).optional(),
    /**
     * Ingest keys only, optional: the provider (platform) whose games' bets the key may send and
     * cancel (0 or absent: every provider). A key limited to a provider sends no transfers, which
     * name no game.
     */
    scope_platform_id: z.number().int().min(0).optional(),
  }),
  response: keySecretSchema,
});

export const keyStatusEdit = defineCall({
  path: 'key/status/edit',
  access: { permission: '1202' },
  audit: true,
  summary: 'Enable (1) or disable (2) a key; a disabled key is refused at once',
  request: z.object({ id: z.number().int().positive(), status: keyStatusSchema }),
  response: z.null(),
});

export const keyRotate = defineCall({
  path: 'key/rotate',
  access: { permission: '1202' },
  audit: true,
  summary: 'Replace the secret of a key (same app_id); the old secret stops working at once',
  request: z.object({ id: z.number().int().positive() }),
  response: keySecretSchema,
});

export const keyCalls = [keyList, keyAdd, keyStatusEdit, keyRotate];
