import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf } from '../common/paging.ts';

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
  summary: 'Every agent, in tree order (each before its sub-tree, siblings by id), for filters and pickers',
  request: z.object({}),
  response: listOf(agentQuickItemSchema),
});

export const agentCalls = [agentQuick];
