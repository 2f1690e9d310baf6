import { z } from 'zod';
import { defineCall, type CallDef } from '../call.ts';
import { AGENT_PERMISSION_CODES } from '../agent-permissions.ts';
import { pagingSchema, sortSchema } from '../common/paging.ts';
import { monthReportFilterSchema, reportFilterSchema } from '../common/report-filter.ts';
import { BETTING_REPORT, REPORT_COLUMNS, REPORT_DEFS, SETTLEMENT_REPORT, type ColumnMeta, type ReportDef, type ReportPeriod } from '../report-defs.ts';

/**
 * The report calls (docs/product.md, "Reports"). Every report answers
 * `{list, total, summary}`: `list` one page of rows, `total` the number of rows over all pages,
 * `summary` the totals over all pages **per currency** — a list with one entry per currency that
 * has data (a single entry when `currency_id` names one currency, none when there is no data),
 * because amounts of different currencies never add up.
 *
 * Money columns are decimal strings with 4 decimals; `rtp` and `win_rate` are 4-decimal ratio
 * strings ("0.9650" = 96.50 %) or null when their divisor is 0. Each report has an `/export`
 * variant: the same filters and sort, every row, answered as an .xlsx file and recorded in the
 * export list.
 */

export {
  BETTING_REPORT,
  REPORT_COLUMNS,
  REPORT_DEFS,
  REPORT_SCREENS,
  SETTLEMENT_REPORT,
  type ColumnKind,
  type ColumnMeta,
  type ReportDef,
  type ReportDim,
  type ReportKey,
  type ReportPeriod,
  type ReportRange,
} from '../report-defs.ts';

const money = z.string();
const ratio = z.string().nullable();

/** The metric columns (docs/product.md, "Report metrics"), as every aggregated row and every summary entry carries them. */
export const reportMetricsShape = {
  bet_count: z.number().int(),
  bettor_count: z.number().int(),
  bet_amount: money,
  valid_bet_amount: money,
  payout_amount: money,
  tax_amount: money,
  bonus_amount: money,
  jackpot_contribution: money,
  jackpot_prize: money,
  player_win_loss: money,
  platform_win_loss: money,
  rtp: ratio,
};
export const METRIC_FIELDS = Object.keys(reportMetricsShape) as Array<keyof typeof reportMetricsShape>;

const dimShapes = {
  agent: { agent_id: z.number().int(), agent_code: z.string(), agent_name: z.string() },
  game: { game_id: z.number().int(), game_code: z.string(), game_name: z.string(), platform_id: z.number().int(), platform_code: z.string() },
  platform: { platform_id: z.number().int(), platform_code: z.string(), platform_name: z.string() },
  player: { player_id: z.number().int(), player_account: z.string(), agent_id: z.number().int(), agent_code: z.string(), agent_name: z.string() },
} as const;
const currencyShape = { currency_id: z.number().int(), currency_code: z.string() };
const periodShapes = {
  none: {},
  hour: { hour: z.string() },
  day: { date: z.string() },
  month: { month: z.string() },
} as const;

/**
 * The columns a report with its own list of columns (ReportDef.columns) may name, beyond the
 * period, dimension, currency and metric columns: the settlement's share rate (whole basis points,
 * as agents carry it) and its takes.
 */
const settlementShape = { share_rate: z.number().int(), own_take: money, upline_take: money };
const namedShapes: Record<string, z.ZodType> = {
  ...Object.assign({}, ...Object.values(periodShapes), ...Object.values(dimShapes)),
  ...currencyShape,
  ...reportMetricsShape,
  new_player_count: z.number().int(),
  win_count: z.number().int(),
  win_rate: ratio,
  ...settlementShape,
};
const shapeOfColumns = (columns: readonly string[]): Record<string, z.ZodType> =>
  Object.fromEntries(
    columns.map((c) => {
      const shape = namedShapes[c];
      if (!shape) throw new Error(`report column ${c} has no shape`);
      return [c, shape];
    }),
  );

/** The columns (in display order) of one report's rows. */
export function reportRowShape(d: ReportDef): Record<string, z.ZodType> {
  if (d.columns) return shapeOfColumns(d.columns);
  const shape: Record<string, z.ZodType> = { ...periodShapes[d.period] };
  for (const dim of d.dims) Object.assign(shape, dimShapes[dim]);
  Object.assign(shape, currencyShape, reportMetricsShape);
  if (d.newPlayers) shape.new_player_count = z.number().int();
  if (d.odds) Object.assign(shape, { win_count: z.number().int(), win_rate: ratio });
  return shape;
}

/** The columns of one report's summary entries: currency, the metrics and the report's extras. */
export function reportSummaryShape(d: ReportDef): Record<string, z.ZodType> {
  if (d.totalColumns) return shapeOfColumns(d.totalColumns);
  const shape: Record<string, z.ZodType> = { ...currencyShape, ...reportMetricsShape };
  if (d.newPlayers) shape.new_player_count = z.number().int();
  if (d.odds) Object.assign(shape, { win_count: z.number().int(), win_rate: ratio });
  return shape;
}

/** Column names a report may be sorted by: exactly its row columns. */
export const reportSortFields = (d: ReportDef) => Object.keys(reportRowShape(d));

export const reportListRequestSchema = reportFilterSchema.extend(pagingSchema.shape).extend(sortSchema.shape);
export const reportExportRequestSchema = reportFilterSchema.extend(sortSchema.shape);
export type ReportListRequest = z.output<typeof reportListRequestSchema>;
export type ReportExportRequest = z.output<typeof reportExportRequestSchema>;
/** The requests of a report over whole months (ReportDef.range `month`). */
export const monthReportListRequestSchema = monthReportFilterSchema.extend(pagingSchema.shape).extend(sortSchema.shape);
export const monthReportExportRequestSchema = monthReportFilterSchema.extend(sortSchema.shape);
export type MonthReportListRequest = z.output<typeof monthReportListRequestSchema>;
export type MonthReportExportRequest = z.output<typeof monthReportExportRequestSchema>;

/** The request of a report's list call, by the way its range is asked for. */
export const reportListRequestOf = (d: ReportDef) => (d.range === 'month' ? monthReportListRequestSchema : reportListRequestSchema);
/** The request of a report's export call. */
export const reportExportRequestOf = (d: ReportDef) => (d.range === 'month' ? monthReportExportRequestSchema : reportExportRequestSchema);

export const reportResponseSchema = (d: ReportDef) =>
  z.object({
    list: z.array(z.object(reportRowShape(d))),
    total: z.number().int(),
    summary: z.array(z.object(reportSummaryShape(d))),
  });

/** A row of the bet-record list. Times are local to the request's timezone: "YYYY-MM-DD HH:mm:ss". */
export const bettingRowShape = {
  id: z.number().int(),
  bet_id: z.string(),
  round_id: z.string(),
  /** When the bet was cancelled (local time like the others), null while it stands: a cancelled bet is in no total. Shown beside its id. */
  cancelled_at: z.string().nullable(),
  player_id: z.number().int(),
  player_account: z.string(),
  agent_id: z.number().int(),
  agent_code: z.string(),
  agent_name: z.string(),
  game_id: z.number().int(),
  game_code: z.string(),
  game_name: z.string(),
  platform_id: z.number().int(),
  platform_code: z.string(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  bet_amount: money,
  valid_bet_amount: money,
  payout_amount: money,
  tax_amount: money,
  bonus_amount: money,
  jackpot_contribution: money,
  jackpot_prize: money,
  player_win_loss: money,
  bet_time: z.string(),
  settle_time: z.string(),
  device: z.string(),
  /** The game server's reason for the cancellation, null while the bet stands. */
  cancel_reason: z.string().nullable(),
};
export const BETTING_SORT_FIELDS = [
  'settle_time',
  'bet_time',
  'bet_amount',
  'valid_bet_amount',
  'payout_amount',
  'tax_amount',
  'bonus_amount',
  'jackpot_contribution',
  'jackpot_prize',
  'player_win_loss',
] as const;

/** The field names of one report's rows, in display order (the bet-record list's for the raw report). */
export const reportFields = (d: ReportDef): string[] => (d.raw ? Object.keys(bettingRowShape) : Object.keys(reportRowShape(d)));

/** One report's columns, in display order, with the headers, kinds and decimals the spreadsheet and the console share. */
export const reportColumns = (d: ReportDef): Array<ColumnMeta & { key: string }> =>
  reportFields(d).map((key) => ({ key, ...REPORT_COLUMNS[key]! }));

export const bettingResponseSchema = z.object({
  list: z.array(z.object(bettingRowShape)),
  total: z.number().int(),
  summary: z.array(z.object(reportSummaryShape(BETTING_REPORT))),
});

/** Reports of the agent permission tree are agent users' calls too. */
const agentMount = (d: ReportDef) => (AGENT_PERMISSION_CODES.includes(d.permission) ? ('both' as const) : undefined);

const listCall = (d: ReportDef, response: z.ZodType, summary: string) =>
  defineCall({
    path: d.path,
    access: { permission: d.permission },
    mount: agentMount(d),
    summary,
    request: reportListRequestOf(d),
    response,
  });

const exportCall = (d: ReportDef) =>
  defineCall({
    path: `${d.path}/export`,
    access: { permission: d.permission },
    mount: agentMount(d),
    binary: true,
    summary: `${d.title.en}: every row as an .xlsx file (also recorded in the export list)`,
    request: reportExportRequestOf(d),
    response: z.null(),
  });

const periodText: Record<ReportPeriod, string> = { none: '', hour: ' per local hour', day: ' per local day', month: ' per local month' };
const dimText = (d: ReportDef) => (d.dims.length ? d.dims.join(' × ') : 'currency');

/** Every report call: list and export, keyed like REPORT_DEFS (+ betting and the settlement). */
export const reportCallPairs = [
  ...Object.values(REPORT_DEFS).map((d) => ({
    def: d,
    list: listCall(d, reportResponseSchema(d), `${d.title.en}: settled bets per ${dimText(d)}${periodText[d.period]}, with per-currency totals`),
    export: exportCall(d),
  })),
  {
    def: BETTING_REPORT,
    list: listCall(BETTING_REPORT, bettingResponseSchema, 'Player betting: the settled bet records, newest first, with per-currency totals'),
    export: exportCall(BETTING_REPORT),
  },
  {
    def: SETTLEMENT_REPORT,
    list: listCall(
      SETTLEMENT_REPORT,
      reportResponseSchema(SETTLEMENT_REPORT),
      "Agent settlement: per agent, local month and currency, its sub-tree's platform win/loss, the agent's share rate of the month, its own take and the part that goes above it, with per-currency totals",
    ),
    export: exportCall(SETTLEMENT_REPORT),
  },
];

export const reportCalls: CallDef[] = reportCallPairs.flatMap((p) => [p.list, p.export]);
