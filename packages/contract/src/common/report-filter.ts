import { z } from 'zod';
import { timeZoneIdSchema } from './time-filter.ts';

/** A calendar date "YYYY-MM-DD" that exists (2025-02-30 is refused). */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date' })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, { message: 'date' });

/** A calendar month "YYYY-MM". */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'month' });

/** `currency_id` meaning "every currency": rows and totals are then split by currency. */
export const ALL_CURRENCIES = -1;

/**
 * The filters every report takes (docs/product.md, "Report filters"). Dates are local to `time_zone_id` and inclusive.
 * `currency_id` -1 (or 0) = all currencies; `agent_id` 0 = all agents, otherwise the agent and its
 * whole sub-tree; `game_id` / `platform_id` 0 = all; `player_account` "" = all players (an account
 * is unique per agent, so it may match players of several agents).
 */
export const reportFilterSchema = z.object({
  start_date: dateSchema,
  end_date: dateSchema,
  time_zone_id: timeZoneIdSchema,
  currency_id: z.coerce.number().int().min(-1).default(ALL_CURRENCIES),
  agent_id: z.coerce.number().int().min(0).default(0),
  game_id: z.coerce.number().int().min(0).default(0),
  platform_id: z.coerce.number().int().min(0).default(0),
  player_account: z.string().trim().max(64).default(''),
});
export type ReportFilter = z.output<typeof reportFilterSchema>;
export type ReportFilterInput = z.input<typeof reportFilterSchema>;

/**
 * The filters of a report over whole months (the agents' settlement): `start_month`, `end_month`
 * ("YYYY-MM", inclusive, local to `time_zone_id`), the timezone, currency and agent as above.
 */
export const monthReportFilterSchema = z.object({
  start_month: monthSchema,
  end_month: monthSchema,
  ...reportFilterSchema.pick({ time_zone_id: true, currency_id: true, agent_id: true }).shape,
});
export type MonthReportFilter = z.output<typeof monthReportFilterSchema>;
