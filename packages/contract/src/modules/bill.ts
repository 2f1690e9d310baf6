import { z } from 'zod';
import { defineCall } from '../call.ts';
import { moneySchema } from '../common/money.ts';
import { listOf, pagingSchema } from '../common/paging.ts';

/** The kinds of wallet movement ("account change"; docs/product.md, "Entities"), as stored in the ledger. */
export const LEDGER_TYPES = [
  'transfer_in',
  'transfer_out',
  'bet',
  'payout',
  'bet_cancel',
  'jackpot_prize',
  'manual_credit',
  'manual_debit',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export const LEDGER_SOURCES = ['ingest', 'api', 'manual'] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

export const billItemSchema = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  player_account: z.string(),
  agent_id: z.number().int(),
  agent_code: z.string(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  type: z.enum(LEDGER_TYPES),
  /** Signed: a debit is negative. */
  amount: moneySchema,
  balance_before: moneySchema,
  balance_after: moneySchema,
  order_id: z.string(),
  /**
   * Where the movement came from: `ingest` (the game servers), `api` (an agent's own system
   * through the agent API: `order_id` is then the agent's own order id) or `manual` (an operator's
   * wallet adjustment).
   */
  source: z.enum(LEDGER_SOURCES),
  /** The bet's bet_id for bet and payout entries. */
  bet_id: z.string().nullable(),
  /** The operator of a manual adjustment (null for movements the ingest stored). */
  operator_id: z.number().int().nullable(),
  operator_account: z.string().nullable(),
  remark: z.string(),
  /** ISO-8601 UTC. */
  time: z.string(),
});
export type BillItem = z.infer<typeof billItemSchema>;

const instant = z.iso.datetime({ offset: true });

export const billList = defineCall({
  path: 'bill/list',
  access: { permission: '6' },
  mount: 'both',
  summary: 'The account-change ledger, newest first, filtered by player, agent (with its sub-tree), currency, type, time and order id',
  request: pagingSchema.extend({
    player_account: z.string().trim().max(64).optional(),
    /** 0 = all; an agent includes its whole sub-tree. */
    agent_id: z.number().int().min(0).default(0),
    /** -1 or 0 = all. */
    currency_id: z.number().int().min(-1).default(-1),
    type: z.union([z.enum(LEDGER_TYPES), z.literal('')]).optional(),
    /** Inclusive bounds, ISO-8601 with a zone. */
    start_time: z.union([instant, z.literal('')]).optional(),
    end_time: z.union([instant, z.literal('')]).optional(),
    order_id: z.string().trim().max(64).optional(),
  }),
  response: listOf(billItemSchema),
});

export const billCalls = [billList];
