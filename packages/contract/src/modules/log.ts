import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf, pagingSchema } from '../common/paging.ts';
import { timeBoundSchema, timeZoneIdSchema } from '../common/time-filter.ts';

/**
 * The operation log (docs/product.md, "Operation log"): every call that changes data, every login
 * attempt, and change calls refused for want of permission. `action` is the call's path
 * (`agent/add`, `login`); `summary` is JSON of what changed, before and after, with passwords and
 * secrets removed; `result_code` is the envelope's code ("0" for success).
 */
export const logItemSchema = z.object({
  id: z.number().int(),
  operator_id: z.number().int().nullable(),
  operator_account: z.string(),
  action: z.string(),
  target: z.string(),
  summary: z.string(),
  ip: z.string(),
  result_code: z.string(),
  created_at: z.string(),
  /** The agent code of an agent user's row ('' for operators'): `operator_account` is then the agent user's account. */
  agent_code: z.string(),
});
export type LogItem = z.infer<typeof logItemSchema>;

/** Whose rows: operators' or agent users' (docs/product.md, "The agent back office"). */
export const LOG_ACTORS = ['operator', 'agent'] as const;

/** `success` = result code "0"; `failure` = any other. */
export const LOG_RESULTS = ['success', 'failure'] as const;

export const logList = defineCall({
  path: 'log/list',
  access: { permission: '11' },
  summary: 'Operation log, newest first, by operator account, action, result and time range (both ends included: ISO-8601 instants, or wall-clock times in time_zone_id)',
  request: pagingSchema.extend({
    operator_account: z.string().trim().max(64).optional(),
    actor: z.enum(LOG_ACTORS).optional(),
    /** Rows of one agent's users (implies actor `agent`). */
    agent_code: z.string().trim().max(32).optional(),
    action: z.string().trim().max(128).optional(),
    result: z.enum(LOG_RESULTS).optional(),
    /** The timezone of wall-clock bounds; 1–5, default 1 (docs/product.md, "Timezones"). */
    time_zone_id: timeZoneIdSchema,
    /**
     * Inclusive: an ISO-8601 instant with its own zone, or a wall-clock time "YYYY-MM-DD HH:mm:ss"
     * in `time_zone_id`. An end without milliseconds takes in its whole second.
     */
    start_time: timeBoundSchema.optional(),
    end_time: timeBoundSchema.optional(),
  }),
  response: listOf(logItemSchema),
});

export const logCalls = [logList];
