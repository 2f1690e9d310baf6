import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf, pagingSchema } from '../common/paging.ts';
import { safeText } from '../common/safe-text.ts';

/**
 * The platform's host names (docs/product.md, "Domains"): `api` for the game API, `game` for the game
 * client, `agent` for an agent's back office. `agent_id` 0 = the whole platform. Names are stored
 * lower-case, internationalised ones as punycode (`xn--…`), and answered in Unicode as well.
 */
export const DOMAIN_TYPES = ['api', 'game', 'agent'] as const;
export type DomainType = (typeof DOMAIN_TYPES)[number];
export const DomainStatus = { Enabled: 1, Disabled: 2 } as const;
const domainStatusSchema = z.union([z.literal(1), z.literal(2)]);

/**
 * A host name only: no scheme, path, port, user or spaces (the server then checks each label and
 * turns the name into its lower-case ASCII form).
 */
export const hostNameSchema = safeText(
  z
    .string()
    .trim()
    .min(1)
    .max(253)
    .refine((v) => !/[\s/:@?#\\[\]]/.test(v) && !v.startsWith('.') && !v.endsWith('.') && !v.includes('..'), { message: 'host_name' }),
  'identity',
);

export const domainItemSchema = z.object({
  id: z.number().int(),
  /** As stored: lower-case ASCII, punycode for internationalised names. */
  domain: z.string(),
  /** The same name in Unicode (equal to `domain` for a plain ASCII name). */
  domain_unicode: z.string(),
  type: z.enum(DOMAIN_TYPES),
  agent_id: z.number().int(),
  agent_code: z.string().nullable(),
  status: domainStatusSchema,
  remark: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DomainItem = z.infer<typeof domainItemSchema>;

export const domainList = defineCall({
  path: 'domain/list',
  access: { permission: '1201' },
  summary: 'Domains, newest first, by name (either spelling), type, agent and status',
  request: pagingSchema.extend({
    keyword: z.string().trim().max(253).optional(),
    type: z.enum(DOMAIN_TYPES).optional(),
    agent_id: z.number().int().min(0).optional(),
    status: domainStatusSchema.optional(),
  }),
  response: listOf(domainItemSchema),
});

const remark = safeText(z.string().trim().max(255), 'name');

export const domainAdd = defineCall({
  path: 'domain/add',
  access: { permission: '1201' },
  audit: true,
  summary: 'Add a host name (unique, stored lower-case, internationalised names as punycode)',
  request: z.object({
    domain: hostNameSchema,
    type: z.enum(DOMAIN_TYPES),
    agent_id: z.number().int().min(0),
    remark: remark.default(''),
  }),
  response: z.object({ id: z.number().int() }),
});

export const domainEdit = defineCall({
  path: 'domain/edit',
  access: { permission: '1201' },
  audit: true,
  summary: 'Change type, agent, status or remark of a domain; the name itself is fixed',
  request: z.object({
    id: z.number().int().positive(),
    type: z.enum(DOMAIN_TYPES).optional(),
    agent_id: z.number().int().min(0).optional(),
    status: domainStatusSchema.optional(),
    remark: remark.optional(),
  }),
  response: z.null(),
});

export const domainCalls = [domainList, domainAdd, domainEdit];
