import { z } from 'zod';
import { defineCall, type CallDef } from '../call.ts';
import { pagingSchema } from '../common/paging.ts';
import { reportFilterSchema, reportSortSchema } from '../common/report-filter.ts';

/**
 * The report calls (spec §2, §7; DESIGN §3–§4). Every report answers
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

/** A row dimension: which entity a row is about (currency is always one). */
export type ReportDim = 'agent' | 'game' | 'platform' | 'player';
/** The time grouping of a report's rows: one row per local hour, day or month, or none. */
export type ReportPeriod = 'none' | 'hour' | 'day' | 'month';

export interface ReportDef {
  /** Stable name, also the export's `report` and the i18n key of its title. */
  name: string;
  path: string;
  permission: string;
  period: ReportPeriod;
  dims: readonly ReportDim[];
  /** Rows carry new_player_count (players registered in the row's period). */
  newPlayers: boolean;
  /** Rows carry win_count and win_rate (the winning-odds report). */
  odds: boolean;
  /** Longest allowed date range, in days. */
  maxDays: number;
  title: { 'zh-cn': string; en: string };
}

const def = (
  name: string,
  path: string,
  permission: string,
  period: ReportPeriod,
  dims: ReportDim[],
  title: [string, string],
  extra: { newPlayers?: boolean; odds?: boolean } = {},
): ReportDef => ({
  name,
  path,
  permission,
  period,
  dims,
  newPlayers: extra.newPlayers ?? false,
  odds: extra.odds ?? false,
  // One row per local hour over more than a year is not a report anyone reads.
  maxDays: period === 'hour' ? 366 : 3660,
  title: { 'zh-cn': title[0], en: title[1] },
});

/** Every aggregated report. The bet-record list (player betting) is separate: it reads raw bets. */
export const REPORT_DEFS = {
  agentSummary: def('agent-summary', 'agent/report/agent/summary', '1401', 'none', ['agent'], ['代理汇总', 'Agent summary'], { newPlayers: true }),
  agentHourly: def('agent-hourly', 'agent/report/agent/hourly/summary', '1404', 'hour', ['agent'], ['代理小时汇总', 'Hourly agent summary'], { newPlayers: true }),
  agentDaily: def('agent-daily', 'agent/report/agent/daily/summary', '1402', 'day', ['agent'], ['代理日汇总', 'Daily agent summary'], { newPlayers: true }),
  agentMonthly: def('agent-monthly', 'agent/report/agent/monthly/summary', '1403', 'month', ['agent'], ['代理月汇总', 'Monthly agent summary'], { newPlayers: true }),
  playerSummary: def('player-summary', 'player/report/player/summary', '201', 'none', ['player'], ['玩家汇总', 'Player summary']),
  playerDaily: def('player-daily', 'player/report/player/daily/summary', '202', 'day', ['player'], ['玩家日汇总', 'Daily player summary']),
  playerOdds: def('player-odds', 'player/report/player/odds', '204', 'none', ['player'], ['胜率统计', 'Winning odds'], { odds: true }),
  gameSummary: def('game-summary', 'game/report/game/summary', '301', 'none', ['game'], ['游戏汇总', 'Game summary']),
  gameDaily: def('game-daily', 'game/report/game/daily/summary', '302', 'day', ['game'], ['游戏日汇总', 'Daily game summary']),
  gameMonthly: def('game-monthly', 'game/report/game/monthly/summary', '303', 'month', ['game'], ['游戏月汇总', 'Monthly game summary']),
  gamePlayer: def('game-player', 'game/report/game/player/summary', '304', 'none', ['game', 'player'], ['游戏玩家汇总', 'Game player summary']),
  platformSummary: def('platform-summary', 'platform/report/platform/summary', '401', 'none', ['platform'], ['厂商汇总', 'Platform summary']),
  platformDaily: def('platform-daily', 'platform/report/platform/daily/summary', '402', 'day', ['platform'], ['厂商日汇总', 'Daily platform summary']),
  platformMonthly: def('platform-monthly', 'platform/report/platform/monthly/summary', '403', 'month', ['platform'], ['厂商月汇总', 'Monthly platform summary']),
  platformPlayer: def('platform-player', 'platform/report/platform/player/summary', '404', 'none', ['platform', 'player'], ['厂商玩家汇总', 'Platform player summary']),
  currencySummary: def('currency-summary', 'currency/report/currency/summary', '501', 'none', [], ['币种汇总', 'Currency summary'], { newPlayers: true }),
  currencyDaily: def('currency-daily', 'currency/report/currency/daily/summary', '502', 'day', [], ['币种日汇总', 'Daily currency summary'], { newPlayers: true }),
  currencyMonthly: def('currency-monthly', 'currency/report/currency/monthly/summary', '503', 'month', [], ['币种月汇总', 'Monthly currency summary'], { newPlayers: true }),
} as const satisfies Record<string, ReportDef>;
export type ReportKey = keyof typeof REPORT_DEFS;

/** The raw bet-record list (player betting, 203): the only report that reads raw bets. */
export const BETTING_REPORT: ReportDef = {
  ...def('player-betting', 'player/report/player/betting', '203', 'none', ['player', 'game'], ['玩家投注记录', 'Player betting']),
};

const money = z.string();
const ratio = z.string().nullable();

/** The metric columns of DESIGN §3, as every aggregated row and every summary entry carries them. */
export const reportMetricsShape = {
  bet_count: z.number().int(),
  bettor_count: z.number().int(),
  bet_amount: money,
  valid_bet_amount: money,
  payout_amount: money,
  tax_amount: money,
  bonus_amount: money,
  jackpot_contribution: money,
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

/** The columns (in display order) of one report's rows. */
export function reportRowShape(d: ReportDef): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = { ...periodShapes[d.period] };
  for (const dim of d.dims) Object.assign(shape, dimShapes[dim]);
  Object.assign(shape, currencyShape, reportMetricsShape);
  if (d.newPlayers) shape.new_player_count = z.number().int();
  if (d.odds) Object.assign(shape, { win_count: z.number().int(), win_rate: ratio });
  return shape;
}

/** The columns of one report's summary entries: currency, the metrics and the report's extras. */
export function reportSummaryShape(d: ReportDef): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = { ...currencyShape, ...reportMetricsShape };
  if (d.newPlayers) shape.new_player_count = z.number().int();
  if (d.odds) Object.assign(shape, { win_count: z.number().int(), win_rate: ratio });
  return shape;
}

/** Column names a report may be sorted by: exactly its row columns. */
export const reportSortFields = (d: ReportDef) => Object.keys(reportRowShape(d));

export const reportListRequestSchema = reportFilterSchema.extend(pagingSchema.shape).extend(reportSortSchema.shape);
export const reportExportRequestSchema = reportFilterSchema.extend(reportSortSchema.shape);
export type ReportListRequest = z.output<typeof reportListRequestSchema>;
export type ReportExportRequest = z.output<typeof reportExportRequestSchema>;

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
  player_win_loss: money,
  bet_time: z.string(),
  settle_time: z.string(),
  device: z.string(),
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
  'player_win_loss',
] as const;

export const bettingResponseSchema = z.object({
  list: z.array(z.object(bettingRowShape)),
  total: z.number().int(),
  summary: z.array(z.object(reportSummaryShape(BETTING_REPORT))),
});

const listCall = (d: ReportDef, response: z.ZodType, summary: string) =>
  defineCall({
    path: d.path,
    access: { permission: d.permission },
    summary,
    request: reportListRequestSchema,
    response,
  });

const exportCall = (d: ReportDef) =>
  defineCall({
    path: `${d.path}/export`,
    access: { permission: d.permission },
    binary: true,
    summary: `${d.title.en}: every row as an .xlsx file (also recorded in the export list)`,
    request: reportExportRequestSchema,
    response: z.null(),
  });

const periodText: Record<ReportPeriod, string> = { none: '', hour: ' per local hour', day: ' per local day', month: ' per local month' };
const dimText = (d: ReportDef) => (d.dims.length ? d.dims.join(' × ') : 'currency');

/** Every report call: list and export, keyed like REPORT_DEFS (+ betting). */
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
];

export const reportCalls: CallDef[] = reportCallPairs.flatMap((p) => [p.list, p.export]);
