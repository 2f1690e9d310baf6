import type { Kysely } from 'kysely';
import { ErrorCode, formatMoney, localDateTimeText, playerReturn, playerWinLoss, ratio4, report, timezoneOffsetMinutes, type Lang } from '@console/contract';
import { agentScopedReader, type Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { toNumber } from '../../db/sql.ts';
import { epochDayOf, formatDay, formatHour, formatMonth, localRangeHh } from '../../lib/periods.ts';
import { agentSubtree } from '../agent/public.ts';
import { runSettlement, settlementRows } from './settlement.ts';
import {
  bettingQuery,
  bettingSortable,
  countsEveryGroup,
  groupBettors,
  groupBettorsCountTotals,
  playersByAccount,
  playerSlices,
  countCancelledBets,
  queryBetting,
  queryRows,
  querySummary,
  rankingCountsBettors,
  rowFromSql,
  rowsQuery,
  type ReportRowRaw,
  type ResolvedFilter,
  type RowQueryOptions,
  type SortOrder,
  type SummaryRaw,
  unknownFilterIds,
} from './repository/index.ts';

type ReportDef = report.ReportDef;
type ReportFilterInput = report.ReportExportRequest;
/** A report's request, asked for by dates or by months (ReportDef.range). */
export type AnyReportRequest = report.ReportListRequest | report.MonthReportListRequest;
export type AnyExportRequest = report.ReportExportRequest | report.MonthReportExportRequest;

/** Whether a request names months (a report of ReportDef.range `month`). */
export const isMonthRequest = <T extends AnyExportRequest>(input: T): input is Extract<T, { start_month: string }> => 'start_month' in input;

/**
 * Checks that a request names its range as its report is asked for (the contract gives each report
 * its own request schema, so only a server out of step with it fails here). The one report asked
 * for by months is the settlement.
 */
function checkRange(d: ReportDef, months: boolean) {
  const settlement = d === report.SETTLEMENT_REPORT;
  if (settlement !== months || (d.range === 'month') !== months) throw new Error(`${d.path} is not asked for by ${months ? 'months' : 'dates'}`);
}
export type Row = Record<string, unknown>;

const invalid = (zh: string, en: string) => new ApiError(ErrorCode.InvalidParameter, { 'zh-cn': zh, en });

const FILTER_NAMES = { game_id: { zh: '游戏', en: 'game' }, platform_id: { zh: '厂商', en: 'platform' }, currency_id: { zh: '币种', en: 'currency' } } as const;

/**
 * Checks the dates and sort field and turns ids/accounts into what the SQL filters by. Answers
 * null when the filters can match nothing (an unknown player account): the report is then empty.
 * `parallelism` > 1 splits the players into that many slices (see ResolvedFilter.playerSlices).
 */
export async function resolveFilter(db: Kysely<DB>, dialect: Dialect, d: ReportDef, input: ReportFilterInput, parallelism = 1): Promise<ResolvedFilter | null> {
  if (input.end_date < input.start_date) {
    throw invalid('结束日期不能早于开始日期', 'end_date must not be before start_date');
  }
  const days = epochDayOf(input.end_date) - epochDayOf(input.start_date) + 1;
  if (days > d.maxDays) {
    throw invalid(`该报表的日期范围最多 ${d.maxDays} 天`, `the date range of this report may span at most ${d.maxDays} days (got ${days})`);
  }
  if (input.sort_field !== undefined && input.sort_field !== '') {
    const fields = d === report.BETTING_REPORT ? report.BETTING_SORT_FIELDS.filter(bettingSortable) : report.reportSortFields(d);
    if (!(fields as readonly string[]).includes(input.sort_field)) {
      throw invalid(`sort_field 必须是以下之一：${fields.join('、')}`, `sort_field must be one of ${fields.join(', ')}`);
    }
  }
  const offsetMinutes = timezoneOffsetMinutes(input.time_zone_id);
  const { from, to } = localRangeHh(input.start_date, input.end_date, offsetMinutes);
  let agentIds: number[] | null = null;
  if (input.agent_id > 0) {
    agentIds = await agentSubtree(db, input.agent_id);
    if (!agentIds) throw invalid(`agent_id：代理 ${input.agent_id} 不存在`, `agent_id: there is no agent ${input.agent_id}`);
  }
  // An id that names nothing would answer an empty report that looks like "no bets".
  const unknown = await unknownFilterIds(db, input);
  if (unknown.length > 0) {
    const field = unknown[0]!;
    throw invalid(`${field}：${FILTER_NAMES[field].zh} ${input[field]} 不存在`, `${field}: there is no ${FILTER_NAMES[field].en} ${input[field]}`);
  }
  let playerIds: number[] | null = null;
  if (input.player_account) {
    playerIds = await playersByAccount(db, input.player_account, agentIds);
    if (playerIds.length === 0) return null;
  }
  return {
    dialect,
    from,
    to,
    offsetMinutes,
    currencyId: input.currency_id > 0 ? input.currency_id : null,
    agentIds,
    gameId: input.game_id > 0 ? input.game_id : null,
    platformId: input.platform_id > 0 ? input.platform_id : null,
    playerIds,
    playerSlices: playerIds || parallelism < 2 ? null : await playerSlices(db, dialect, parallelism),
  };
}

function metrics(r: SummaryRaw | ReportRowRaw) {
  const bet = BigInt(r.bet_amount);
  const payout = BigInt(r.payout_amount);
  const tax = BigInt(r.tax_amount);
  const bonus = BigInt(r.bonus_amount);
  const prize = BigInt(r.jackpot_prize);
  const winLoss = playerWinLoss({ bet_amount: bet, payout_amount: payout, tax_amount: tax, bonus_amount: bonus, jackpot_prize: prize });
  return {
    bet_count: r.bet_count,
    bettor_count: r.bettor_count ?? 0,
    bet_amount: formatMoney(bet),
    valid_bet_amount: formatMoney(BigInt(r.valid_bet_amount)),
    payout_amount: formatMoney(payout),
    tax_amount: formatMoney(tax),
    bonus_amount: formatMoney(bonus),
    jackpot_contribution: formatMoney(BigInt(r.jackpot_contribution)),
    jackpot_prize: formatMoney(prize),
    player_win_loss: formatMoney(winLoss),
    platform_win_loss: formatMoney(-winLoss),
    rtp: ratio4(playerReturn({ payout_amount: payout, bonus_amount: bonus, jackpot_prize: prize }), bet),
  };
}

function extras(d: ReportDef, r: SummaryRaw | ReportRowRaw): Row {
  const out: Row = {};
  if (d.newPlayers) out.new_player_count = r.new_player_count;
  if (d.odds) {
    out.win_count = r.win_count;
    out.win_rate = ratio4(BigInt(r.win_count), BigInt(r.bet_count));
  }
  return out;
}

/** A row in the column order of the report's contract (exports write columns in this order too). */
export function formatRow(d: ReportDef, r: ReportRowRaw): Row {
  const all: Row = {
    ...r,
    agent_code: r.agent_code ?? '',
    agent_name: r.agent_name ?? '',
    game_code: r.game_code ?? '',
    game_name: r.game_name ?? '',
    platform_code: r.platform_code ?? '',
    platform_name: r.platform_name ?? '',
    player_account: r.player_account ?? '',
    currency_code: r.currency_code ?? '',
    ...metrics(r),
    ...extras(d, r),
  };
  if (r.bucket !== null) {
    if (d.period === 'hour') all.hour = formatHour(r.bucket);
    if (d.period === 'day') all.date = formatDay(r.bucket);
    if (d.period === 'month') all.month = formatMonth(r.bucket);
  }
  const out: Row = {};
  for (const k of report.reportSortFields(d)) out[k] = all[k];
  return out;
}

export function formatSummary(d: ReportDef, r: SummaryRaw): Row {
  return { currency_id: r.currency_id, currency_code: r.currency_code, ...metrics(r), ...extras(d, r) };
}

export function formatBettingRow(r: Row, offsetMinutes: number): Row {
  const bet = BigInt(r.bet_amount as string);
  const payout = BigInt(r.payout_amount as string);
  const tax = BigInt(r.tax_amount as string);
  const bonus = BigInt(r.bonus_amount as string);
  const prize = BigInt(r.jackpot_prize as string);
  const row: Row = {
    id: toNumber(r.id),
    bet_id: String(r.bet_id),
    round_id: String(r.round_id),
    player_id: toNumber(r.player_id),
    player_account: String(r.player_account ?? ''),
    agent_id: toNumber(r.agent_id),
    agent_code: String(r.agent_code ?? ''),
    agent_name: String(r.agent_name ?? ''),
    game_id: toNumber(r.game_id),
    game_code: String(r.game_code ?? ''),
    game_name: String(r.game_name ?? ''),
    platform_id: toNumber(r.platform_id),
    platform_code: String(r.platform_code ?? ''),
    currency_id: toNumber(r.currency_id),
    currency_code: String(r.currency_code ?? ''),
    bet_amount: formatMoney(bet),
    valid_bet_amount: formatMoney(BigInt(r.valid_bet_amount as string)),
    payout_amount: formatMoney(payout),
    tax_amount: formatMoney(tax),
    bonus_amount: formatMoney(bonus),
    jackpot_contribution: formatMoney(BigInt(r.jackpot_contribution as string)),
    jackpot_prize: formatMoney(prize),
    player_win_loss: formatMoney(playerWinLoss({ bet_amount: bet, payout_amount: payout, tax_amount: tax, bonus_amount: bonus, jackpot_prize: prize })),
    bet_time: localDateTimeText(toNumber(r.bet_time), offsetMinutes),
    settle_time: localDateTimeText(toNumber(r.settle_time), offsetMinutes),
    device: String(r.device ?? ''),
    cancelled_at: r.cancelled_at === null || r.cancelled_at === undefined ? null : localDateTimeText(toNumber(r.cancelled_at), offsetMinutes),
    cancel_reason: r.cancel_reason === null || r.cancel_reason === undefined ? null : String(r.cancel_reason),
  };
  return row;
}

export const sortOrderOf = (input: { sort_order?: 'ascend' | 'descend' | undefined }): SortOrder => (input.sort_order === 'ascend' ? 'asc' : 'desc');

/**
 * The rows of the bet-record list: one per bet, which its totals count without touching the raw
 * bets, and the cancelled bets it also shows (in no total).
 */
const betRows = async (db: Kysely<DB>, f: ResolvedFilter, summary: readonly SummaryRaw[]) =>
  summary.reduce((n, s) => n + s.bet_count, 0) + (await countCancelledBets(db, f));

export interface ReportAnswer {
  list: Row[];
  total: number;
  summary: Row[];
}

/** One page of any report: the settlement's (settlement.ts) or an aggregated report's or the bet-record list's (runReport). */
export async function answerReport(db: Kysely<DB>, dialect: Dialect, d: ReportDef, input: AnyReportRequest, lang: Lang, parallelism = 1): Promise<ReportAnswer> {
  checkRange(d, isMonthRequest(input));
  if (isMonthRequest(input)) return runSettlement(db, dialect, d, input);
  return runReport(db, dialect, d, input, lang, parallelism);
}

/** One page of a report with its total and per-currency summary (`parallelism`: see resolveFilter). */
export async function runReport(reader: Kysely<DB>, dialect: Dialect, d: ReportDef, input: report.ReportListRequest, lang: Lang, parallelism = 1): Promise<ReportAnswer> {
  const f = await resolveFilter(reader, dialect, d, input, parallelism);
  if (!f) return { list: [], total: 0, summary: [] };
  // An agent's sub-tree is a fraction of every aggregate's range: planned for it (agentScopedReader).
  const db = f.agentIds ? agentScopedReader(reader) : reader;
  const options: RowQueryOptions = {
    sortField: input.sort_field || null,
    sortOrder: sortOrderOf(input),
    lang,
    page: { limit: input.page_size, offset: (input.page - 1) * input.page_size },
  };
  if (d === report.BETTING_REPORT) {
    const [rows, summary] = await Promise.all([queryBetting(db, f, options), querySummary(db, d, f)]);
    return {
      list: rows.map((r) => formatBettingRow(r, f.offsetMinutes)),
      total: await betRows(db, f, summary),
      summary: summary.map((s) => formatSummary(d, s)),
    };
  }
  // Every statement the answer needs is asked for at once: the database (PostgreSQL's pool,
  // SQLite's reader workers) runs them side by side, and the bettors are joined in at the end.
  // The totals' distinct bettors come with the rows' where those are counted over every group
  // (every group's bettors beside the page, or a ranking of every per-player group).
  const everyGroup = countsEveryGroup(d, f, options) ? groupBettors(db, d, f) : undefined;
  const rowsAnswer = queryRows(db, d, f, options, everyGroup);
  const totalsBettors =
    everyGroup && groupBettorsCountTotals(d, f)
      ? everyGroup.then((b) => b.byCurrency)
      : rankingCountsBettors(d, f, options)
        ? rowsAnswer.then((r) => r.currencyBettors)
        : undefined;
  // Awaited below; a failure before then must not surface as an unhandled rejection.
  everyGroup?.catch(() => undefined);
  totalsBettors?.catch(() => undefined);
  const [rows, summary] = await Promise.all([rowsAnswer, querySummary(db, d, f, totalsBettors)]);
  return { list: rows.list.map((r) => formatRow(d, r)), total: rows.total, summary: summary.map((s) => formatSummary(d, s)) };
}

export interface ExportSource {
  filter: ResolvedFilter | null;
  /** The rows query over every row, sorted as requested (null when the filters match nothing, or `rows` holds them). */
  query: ReturnType<typeof rowsQuery>['query'] | null;
  /** Every row already worked out and formatted, sorted as requested (the settlement), instead of a query. */
  rows: Row[] | null;
  format(raw: Row): Row;
  summary: Row[];
  /** How many rows the query answers, where the totals already tell (the bet-record list). */
  rowCount: number | null;
}

/** What an export needs: the all-rows query (or the rows themselves), a row formatter and the per-currency totals. */
export async function exportSource(db: Kysely<DB>, dialect: Dialect, d: ReportDef, input: AnyExportRequest, lang: Lang): Promise<ExportSource> {
  checkRange(d, isMonthRequest(input));
  if (isMonthRequest(input)) {
    const { rows, summary } = await settlementRows(db, dialect, d, input);
    return { filter: null, query: null, rows, format: (r) => r, summary, rowCount: rows.length };
  }
  const f = await resolveFilter(db, dialect, d, input);
  if (!f) return { filter: null, query: null, rows: null, format: (r) => r, summary: [], rowCount: 0 };
  const options: RowQueryOptions = { sortField: input.sort_field || null, sortOrder: sortOrderOf(input), lang, page: null };
  const sums = await querySummary(db, d, f);
  const summary = sums.map((s) => formatSummary(d, s));
  if (d === report.BETTING_REPORT) {
    return { filter: f, query: bettingQuery(f, options), rows: null, format: (r) => formatBettingRow(r, f.offsetMinutes), summary, rowCount: await betRows(db, f, sums) };
  }
  const { query } = rowsQuery(d, f, options);
  return { filter: f, query, rows: null, format: (r) => formatRow(d, rowFromSql(r)), summary, rowCount: null };
}
