import { z } from 'zod';
import { defineCall } from '../call.ts';
import { moneySchema } from '../common/money.ts';
import { listOf, pagingSchema } from '../common/paging.ts';
import { timeBoundSchema, timeZoneIdSchema } from '../common/time-filter.ts';

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

/**
 * The ledger's filters, for the list and its export. `start_time` and `end_time` are inclusive: an
 * ISO-8601 instant with its own zone, or a wall-clock time "YYYY-MM-DD HH:mm:ss" in `time_zone_id`
 * (whose end then takes in its whole second).
 */
export const billFilterSchema = z.object({
  player_account: z.string().trim().max(64).optional(),
  /** 0 = all; an agent includes its whole sub-tree. */
  agent_id: z.number().int().min(0).default(0),
  /** -1 or 0 = all. */
  currency_id: z.number().int().min(-1).default(-1),
  type: z.union([z.enum(LEDGER_TYPES), z.literal('')]).optional(),
  /** The timezone of wall-clock bounds and of the export's times; 1–5, default 1 (docs/product.md, "Timezones"). */
  time_zone_id: timeZoneIdSchema,
  start_time: z.union([timeBoundSchema, z.literal('')], { message: 'time_bound' }).optional(),
  end_time: z.union([timeBoundSchema, z.literal('')], { message: 'time_bound' }).optional(),
  order_id: z.string().trim().max(64).optional(),
});
export type BillFilter = z.output<typeof billFilterSchema>;

/**
 * The totals of the filtered entries (every page) in one currency: how many, the money in (the
 * sum of the positive amounts), the money out (the sum of the negative ones, negative) and the net
 * of the two. 4-decimal strings, like every amount.
 */
export const billSummarySchema = z.object({
  currency_id: z.number().int(),
  currency_code: z.string(),
  entry_count: z.number().int(),
  amount_in: z.string(),
  amount_out: z.string(),
  amount_net: z.string(),
});
export type BillSummary = z.infer<typeof billSummarySchema>;

export const billList = defineCall({
  path: 'bill/list',
  access: { permission: '6' },
  mount: 'both',
  summary: 'The account-change ledger, newest first, filtered by player, agent (with its sub-tree), currency, type, time and order id, with per-currency totals',
  request: pagingSchema.extend(billFilterSchema.shape),
  /** `summary`: one entry per currency that has matching entries, by currency id. */
  response: listOf(billItemSchema).extend({ summary: z.array(billSummarySchema) }),
});

export const billExport = defineCall({
  path: 'bill/list/export',
  access: { permission: '6' },
  mount: 'both',
  binary: true,
  summary: 'The account-change ledger with the list\'s filters: every entry as an .xlsx file, times in the chosen timezone (also recorded in the export list)',
  request: billFilterSchema,
  response: z.null(),
});

/** The ledger as an export of the export list: its name there, its list's path, permission and title. */
export const BILL_EXPORT = {
  name: 'bill',
  path: billList.path,
  permission: '6',
  title: { 'zh-cn': '账变记录', en: 'Account-change ledger' },
} as const;

type Title = { 'zh-cn': string; en: string };

/** The ledger types as the console and the spreadsheet name them. */
export const LEDGER_TYPE_TITLES: Record<LedgerType, Title> = {
  transfer_in: { 'zh-cn': '转入', en: 'Transfer in' },
  transfer_out: { 'zh-cn': '转出', en: 'Transfer out' },
  bet: { 'zh-cn': '投注', en: 'Bet' },
  payout: { 'zh-cn': '派彩', en: 'Payout' },
  bet_cancel: { 'zh-cn': '投注取消', en: 'Bet cancelled' },
  jackpot_prize: { 'zh-cn': '奖池奖金', en: 'Jackpot prize' },
  manual_credit: { 'zh-cn': '人工加款', en: 'Manual credit' },
  manual_debit: { 'zh-cn': '人工扣款', en: 'Manual debit' },
};

/** Where an entry came from, as the console and the spreadsheet name it. */
export const LEDGER_SOURCE_TITLES: Record<LedgerSource, Title> = {
  ingest: { 'zh-cn': '接入', en: 'Ingest' },
  api: { 'zh-cn': '代理 API', en: 'Agent API' },
  manual: { 'zh-cn': '人工调整', en: 'Manual' },
};

/**
 * The spreadsheet's columns, in order, with their headers: the list's fields, the time local to
 * the export's timezone, types and sources in the sheet's language. Money is exact decimal text.
 */
export const BILL_EXPORT_COLUMNS: ReadonlyArray<{ key: string; title: Title; kind: 'id' | 'text' | 'money' }> = [
  { key: 'id', title: { 'zh-cn': 'ID', en: 'ID' }, kind: 'id' },
  { key: 'time', title: { 'zh-cn': '时间', en: 'Time' }, kind: 'text' },
  { key: 'player_account', title: { 'zh-cn': '玩家账号', en: 'Player account' }, kind: 'text' },
  { key: 'agent_code', title: { 'zh-cn': '代理', en: 'Agent' }, kind: 'text' },
  { key: 'currency_code', title: { 'zh-cn': '币种', en: 'Currency' }, kind: 'text' },
  { key: 'type', title: { 'zh-cn': '类型', en: 'Type' }, kind: 'text' },
  { key: 'source', title: { 'zh-cn': '来源', en: 'Source' }, kind: 'text' },
  { key: 'amount', title: { 'zh-cn': '变动金额', en: 'Amount' }, kind: 'money' },
  { key: 'balance_before', title: { 'zh-cn': '变动前余额', en: 'Balance before' }, kind: 'money' },
  { key: 'balance_after', title: { 'zh-cn': '变动后余额', en: 'Balance after' }, kind: 'money' },
  { key: 'order_id', title: { 'zh-cn': '订单号', en: 'Order ID' }, kind: 'text' },
  { key: 'bet_id', title: { 'zh-cn': '关联注单', en: 'Related bet' }, kind: 'text' },
  { key: 'operator_account', title: { 'zh-cn': '操作人', en: 'Operator' }, kind: 'text' },
  { key: 'remark', title: { 'zh-cn': '备注', en: 'Remark' }, kind: 'text' },
];

export const billCalls = [billList, billExport];
