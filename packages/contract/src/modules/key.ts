import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf, pagingSchema } from '../common/paging.ts';

/**
 * API credentials (docs/product.md, "Keys"): `agent` keys are an agent's credential for the platform's
 * game API; `ingest` keys let a game server call the ingest endpoints (agent_id 0). The secret is
 * returned once, by key/add and key/rotate, and never again.
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
