import { formatMoney, monthReportFilterSchema, parseMoney, report, reportFilterSchema, timezoneOffsetMinutes, type MonthReportFilter, type ReportFilter } from '@console/contract';

/**
 * What the one report screen reads from a report's definition (packages/contract report-defs.ts):
 * which filters it shows, its default dates, its columns and how they are shown, where its rows
 * lead, and where its trend chart's figures come from. Pure: the screen renders what this says.
 */

type ReportDef = report.ReportDef;
export type ColumnKind = report.ColumnKind;

/** The screen of each report, by its route (`/agent/report/daily` → agentDaily). */
export const REPORT_BY_SCREEN: ReadonlyMap<string, ReportDef> = new Map(Object.values(report.REPORT_SCREENS).map((d) => [d.screen, d]));
export const reportByKey = (key: string): ReportDef | undefined => (report.REPORT_SCREENS as Record<string, ReportDef>)[key];
export const reportByName = (name: string): ReportDef | undefined => Object.values(report.REPORT_SCREENS).find((d) => d.name === name);

// -------------------------------------------------------------------------------------------
// Filters

export type FilterField = 'dates' | 'months' | 'time_zone_id' | 'currency_id' | 'agent_id' | 'game_id' | 'platform_id' | 'player_account';

/**
 * The filters a report shows. Dates, timezone, currency and agent (its sub-tree) narrow every
 * report. A game or a platform narrows the reports about games, platforms, players and agents
 * (a currency report is the platform's whole business per currency); a player account narrows
 * the reports that have a row per player. A report over whole months (the settlement) takes the
 * months, the timezone, the currency and the agent only (its call's request).
 */
export function reportFilterFields(d: ReportDef): FilterField[] {
  if (d.range === 'month') return ['months', 'time_zone_id', 'currency_id', 'agent_id'];
  const dims = new Set<string>(d.dims);
  const fields: FilterField[] = ['dates', 'time_zone_id', 'currency_id', 'agent_id'];
  const entityRows = d.raw || dims.size > 0;
  if (entityRows && !(dims.size === 1 && dims.has('platform'))) fields.push('game_id');
  if (entityRows) fields.push('platform_id');
  if (d.raw || dims.has('player')) fields.push('player_account');
  return fields;
}

/** Every filter a report screen may hold, each checked by its call's own schema (dates or months, report-filter.ts). */
const SCREEN_FILTERS = reportFilterSchema.extend(monthReportFilterSchema.pick({ start_month: true, end_month: true }).shape);

/** The filters of a report as the list state reads them (each value checked by the call's own schema). */
export function reportFilterSchemaOf(d: ReportDef) {
  const fields = reportFilterFields(d);
  return SCREEN_FILTERS.pick({
    ...(fields.includes('dates') ? { start_date: true, end_date: true } : {}),
    ...(fields.includes('months') ? { start_month: true, end_month: true } : {}),
    time_zone_id: true,
    currency_id: true,
    agent_id: true,
    ...(fields.includes('game_id') ? { game_id: true } : {}),
    ...(fields.includes('platform_id') ? { platform_id: true } : {}),
    ...(fields.includes('player_account') ? { player_account: true } : {}),
  } as const);
}

export const sortFieldsOf = (d: ReportDef): readonly string[] => (d.raw ? report.BETTING_SORT_FIELDS : report.reportSortFields(d));

// -------------------------------------------------------------------------------------------
// Dates: local to the report's timezone, as "YYYY-MM-DD" strings.

const DAY_MS = 86_400_000;
const toDay = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)));
const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => fromDay(toDay(date) + days * DAY_MS);

/** Today in the report timezone (not the browser's). */
export const localToday = (timeZoneId: number, now: number = Date.now()) => fromDay(now + timezoneOffsetMinutes(timeZoneId) * 60_000);

/** Days from `start` to `end`, both counted. */
export const rangeDays = (start: string, end: string) => Math.round((toDay(end) - toDay(start)) / DAY_MS) + 1;

export const PRESETS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type Preset = (typeof PRESETS)[number];

const monthStart = (date: string) => `${date.slice(0, 8)}01`;
const monthEnd = (date: string) => addDays(monthStart(fromDay(toDay(monthStart(date)) + 32 * DAY_MS)), -1);

export function presetRange(preset: Preset, today: string): [string, string] {
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [addDays(today, -1), addDays(today, -1)];
    case 'last7':
      return [addDays(today, -6), today];
    case 'last30':
      return [addDays(today, -29), today];
    case 'thisMonth':
      return [monthStart(today), today];
    case 'lastMonth': {
      const last = addDays(monthStart(today), -1);
      return [monthStart(last), last];
    }
  }
}

/** The request fields of a report's range: its dates, or its months (ReportDef.range). */
export const rangeKeys = (d: ReportDef): ['start_date', 'end_date'] | ['start_month', 'end_month'] =>
  d.range === 'month' ? ['start_month', 'end_month'] : ['start_date', 'end_date'];

/** The range asked for, as the request names it: ["2026-03-01", "2026-03-31"] or months ["2026-01", "2026-03"]. */
export function rangeOf(d: ReportDef, filters: Filters): [string, string] {
  const [from, to] = rangeKeys(d);
  return [String(filters[from] ?? ''), String(filters[to] ?? '')];
}

/** Months from `start` to `end` ("YYYY-MM"), both counted. */
export const rangeMonths = (start: string, end: string) => (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7)) + 1;

export const MONTH_PRESETS = ['thisMonth', 'lastMonth', 'last3Months', 'last6Months', 'thisYear'] as const;
export type MonthPreset = (typeof MONTH_PRESETS)[number];

/** The months of a preset, as "YYYY-MM", from today ("YYYY-MM-DD") in the report's timezone. */
export function monthPresetRange(preset: MonthPreset, today: string): [string, string] {
  const month = today.slice(0, 7);
  const back = (n: number) => {
    let m = monthStart(today);
    for (let i = 0; i < n; i++) m = monthStart(addDays(m, -1));
    return m.slice(0, 7);
  };
  switch (preset) {
    case 'thisMonth':
      return [month, month];
    case 'lastMonth':
      return [back(1), back(1)];
    case 'last3Months':
      return [back(2), month];
    case 'last6Months':
      return [back(5), month];
    case 'thisYear':
      return [`${today.slice(0, 4)}-01`, month];
  }
}

/**
 * The range a report opens with: yesterday and today for the hourly report (a full day even in
 * the small hours; 24 rows per agent and day), the current and the two months before for the
 * monthly ones (as months for a report over whole months), the last 7 days otherwise.
 */
export function defaultRange(d: ReportDef, today: string): [string, string] {
  if (d.range === 'month') return monthPresetRange('last3Months', today);
  if (d.period === 'hour') return [addDays(today, -1), today];
  if (d.period === 'month') {
    const twoBack = monthStart(addDays(monthStart(addDays(monthStart(today), -1)), -1));
    return [twoBack, today];
  }
  return presetRange('last7', today);
}

export type RangeProblem = { reason: 'order' } | { reason: 'tooLong'; maxDays: number } | { reason: 'tooManyMonths'; maxMonths: number };

/** Why a range (dates, or months for a report over whole months) cannot be asked for, or null: an end before the start, or longer than the report allows. */
export function rangeProblem(d: ReportDef, start: string, end: string): RangeProblem | null {
  if (end < start) return { reason: 'order' };
  if (d.range === 'month') return rangeMonths(start, end) > d.maxMonths ? { reason: 'tooManyMonths', maxMonths: d.maxMonths } : null;
  if (rangeDays(start, end) > d.maxDays) return { reason: 'tooLong', maxDays: d.maxDays };
  return null;
}

/** "+08:30" for a timezone id. */
export function offsetText(timeZoneId: number): string {
  const m = timezoneOffsetMinutes(timeZoneId);
  const sign = m < 0 ? '-' : '+';
  const a = Math.abs(m);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

// -------------------------------------------------------------------------------------------
// Columns

export interface ColumnSpec {
  key: string;
  kind: ColumnKind;
  title: { 'zh-cn': string; en: string };
  align: 'left' | 'right';
  sortable: boolean;
  /** Ids are kept for the column settings: the codes and names beside them say the same to a person. */
  defaultHidden: boolean;
}

/**
 * Columns rarely read on screen, hidden until shown in the column settings (the sheet has them
 * all): the jackpot contribution, a bet's round and placing time beside its settle time, a game's
 * code beside its name, and a player's agent name beside its code.
 */
function quiet(d: ReportDef, key: string): boolean {
  if (key === 'jackpot_contribution' || key === 'round_id' || key === 'bet_time' || key === 'game_code') return true;
  return key === 'agent_name' && (d.raw || d.dims.includes('player'));
}

/** A report's columns in the spreadsheet's order, with its headers and kinds. */
export function reportColumnSpecs(d: ReportDef): ColumnSpec[] {
  const sortable = new Set(sortFieldsOf(d));
  return report.reportColumns(d).map((c) => ({
    key: c.key,
    kind: c.kind,
    title: c.title,
    align: c.kind === 'money' || c.kind === 'rate' || c.kind === 'bp' || c.kind === 'count' ? 'right' : 'left',
    sortable: sortable.has(c.key),
    defaultHidden: c.kind === 'id' || quiet(d, c.key),
  }));
}

// -------------------------------------------------------------------------------------------
// Drill-down: where a row leads, with the filters carried over.

export type Row = Record<string, unknown>;
export type Filters = Partial<ReportFilter & MonthReportFilter>;

export interface Drill {
  /** The i18n key (report namespace) of the link's text. */
  label: string;
  /** The target screen's route and permission. */
  screen: string;
  permission: string;
  /** Its filters, as the target's URL query. */
  query: Record<string, string | number>;
}

/** The dates of one row's period, inside the range asked for (a month row of a range that starts mid-month). */
export function rowRange(row: Row, filters: Filters): [string, string] | undefined {
  const start = filters.start_date;
  const end = filters.end_date;
  let from: string | undefined;
  let to: string | undefined;
  if (typeof row.date === 'string') from = to = row.date;
  else if (typeof row.hour === 'string') from = to = row.hour.slice(0, 10);
  else if (typeof row.month === 'string') [from, to] = [`${row.month}-01`, monthEnd(`${row.month}-01`)];
  else if (typeof row.settle_time === 'string') from = to = row.settle_time.slice(0, 10);
  if (!from || !to) return start && end ? [start, end] : undefined;
  if (start && from < start) from = start;
  if (end && to > end) to = end;
  return [from, to];
}

const R = report.REPORT_SCREENS;
const BILL = { screen: '/bill/report', permission: '6' } as const;

/** The filters every drill carries: the row's dates, the timezone and the currency (the row's own when split by currency). */
function carried(row: Row, filters: Filters): Record<string, string | number> {
  const range = rowRange(row, filters);
  const q: Record<string, string | number> = {};
  if (range) [q.start_date, q.end_date] = range;
  if (filters.time_zone_id) q.time_zone_id = filters.time_zone_id;
  const currency = typeof row.currency_id === 'number' ? row.currency_id : filters.currency_id;
  if (currency !== undefined) q.currency_id = currency;
  return q;
}

const to = (d: ReportDef, label: string, query: Record<string, string | number>): Drill => ({ label, screen: d.screen, permission: d.permission, query });

/** Where a report's row leads: its agent's daily report, a game's daily report or players, a player's bets and ledger. */
export function drillTargets(d: ReportDef, row: Row, filters: Filters): Drill[] {
  const base = carried(row, filters);
  const dims = new Set<string>(d.dims);
  const out: Drill[] = [];
  const player = typeof row.player_account === 'string' && typeof row.agent_id === 'number';
  if (dims.has('agent')) {
    const agent = { ...base, agent_id: row.agent_id as number };
    if (d.key !== 'agentDaily') out.push(to(R.agentDaily, 'drill.agentDaily', agent));
    out.push(to(R.playerSummary, 'drill.players', agent));
  } else if (dims.has('game') && !player) {
    const game = { ...base, game_id: row.game_id as number, ...(filters.agent_id ? { agent_id: filters.agent_id } : {}) };
    if (d.key !== 'gameDaily') out.push(to(R.gameDaily, 'drill.gameDaily', game));
    out.push(to(R.gamePlayer, 'drill.gamePlayers', game));
  } else if (dims.has('platform') && !player) {
    const platform = { ...base, platform_id: row.platform_id as number, ...(filters.agent_id ? { agent_id: filters.agent_id } : {}) };
    if (d.key !== 'platformDaily') out.push(to(R.platformDaily, 'drill.platformDaily', platform));
    out.push(to(R.gameSummary, 'drill.platformGames', platform));
  } else if (!d.raw && dims.size === 0) {
    const currency = { ...base, ...(filters.agent_id ? { agent_id: filters.agent_id } : {}) };
    if (d.key !== 'currencyDaily') out.push(to(R.currencyDaily, 'drill.currencyDaily', currency));
    out.push(to(R.agentSummary, 'drill.agents', currency));
  }
  if (player) {
    const who = { ...base, agent_id: row.agent_id as number, player_account: row.player_account as string };
    if (d.key === 'playerSummary' || d.key === 'playerOdds') out.push(to(R.playerDaily, 'drill.playerDaily', who));
    if (!d.raw) out.push(to(R.playerBetting, 'drill.bets', { ...who, ...(typeof row.game_id === 'number' ? { game_id: row.game_id } : {}) }));
    out.push({ label: 'drill.ledger', ...BILL, query: billQuery(row, filters) });
  }
  return out;
}

/** The ledger of a row's player over the row's dates, as bill/list's filters (instants in the report's timezone). */
function billQuery(row: Row, filters: Filters): Record<string, string | number> {
  const range = rowRange(row, filters);
  const zone = offsetText(filters.time_zone_id ?? 1);
  return {
    player_account: row.player_account as string,
    agent_id: row.agent_id as number,
    ...(range ? { start_time: `${range[0]}T00:00:00${zone}`, end_time: `${range[1]}T23:59:59${zone}` } : {}),
  };
}

/**
 * The query parameter of a drilled-down screen that holds the way back: the path and query of the
 * report the drill came from, so its filters come back with it (and survive a reload of the
 * drilled-down screen). List screens keep query parameters that are not theirs.
 */
export const BACK_PARAM = 'back';

/** A drill's link; `back` is where the drilled-down screen leads back to (backOf). */
export function drillHref(drill: Drill, back?: string): string {
  const q = new URLSearchParams(Object.entries(drill.query).map(([k, v]) => [k, String(v)]));
  if (back) q.set(BACK_PARAM, back);
  return `${drill.screen}?${q.toString()}`;
}

/** What a report screen at `pathname` + `search` hands on as its way back: itself, without its own way back. */
export function backOf(pathname: string, search: string): string {
  const q = new URLSearchParams(search);
  q.delete(BACK_PARAM);
  const rest = q.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * The report a screen's `back` parameter leads to, with its link; null when there is none or it
 * names no report screen (a hand-made link never leads anywhere else).
 */
export function backTarget(search: string): { def: ReportDef; href: string } | null {
  const back = new URLSearchParams(search).get(BACK_PARAM);
  if (!back || !back.startsWith('/') || back.startsWith('//')) return null;
  const path = back.split('?')[0];
  const def = REPORT_BY_SCREEN.get(path ?? '');
  return def ? { def, href: back } : null;
}

// -------------------------------------------------------------------------------------------
// Trend chart: period reports plot bet amount and platform win/loss per period.

export const periodField = (d: ReportDef): 'date' | 'hour' | 'month' | null =>
  d.period === 'day' ? 'date' : d.period === 'hour' ? 'hour' : d.period === 'month' ? 'month' : null;

/**
 * Where the chart's figures come from: the currency report of the same period gives one row per
 * period and currency under the same filters (every report call takes them all), so it is read
 * when the user may; otherwise the report's own rows are added up per period.
 */
export function chartSource(d: ReportDef, can: (code: string) => boolean): ReportDef | null {
  // The chart plots the metrics; a report with columns of its own (the settlement) has none to plot.
  if (d.period === 'none' || d.columns || d.range !== 'date') return null;
  const currencyReport = d.period === 'day' ? R.currencyDaily : d.period === 'month' ? R.currencyMonthly : null;
  if (currencyReport && can(currencyReport.permission)) return currencyReport;
  return d;
}

/**
 * Every period of a range, oldest first: its days, months or hours ("YYYY-MM-DD HH:00"), none
 * after `now` (the current local period, in the same form), which has no bets yet.
 */
export function periodsOf(period: 'date' | 'hour' | 'month', start: string, end: string, now?: string): string[] {
  const all = everyPeriod(period, start, end);
  return now === undefined ? all : all.filter((p) => p <= now);
}

/** The current period in a report timezone: "YYYY-MM-DD", "YYYY-MM-DD HH:00" or "YYYY-MM". */
export function currentPeriod(period: 'date' | 'hour' | 'month', timeZoneId: number, at: number = Date.now()): string {
  const local = new Date(at + timezoneOffsetMinutes(timeZoneId) * 60_000).toISOString();
  return period === 'month' ? local.slice(0, 7) : period === 'date' ? local.slice(0, 10) : `${local.slice(0, 10)} ${local.slice(11, 13)}:00`;
}

/**
 * The currency a chart opens on when the rows span several: the one with bets in the most
 * periods (amounts of different currencies are not comparable), the first by code on a tie.
 */
export function busiestCurrency(trend: ReadonlyMap<string, readonly TrendPoint[]>): string | undefined {
  let best: string | undefined;
  let most = -1;
  for (const [code, points] of trend) {
    const active = points.filter((p) => p.bet_amount !== '0.0000').length;
    if (active > most) [best, most] = [code, active];
  }
  return best;
}

function everyPeriod(period: 'date' | 'hour' | 'month', start: string, end: string): string[] {
  const out: string[] = [];
  if (period === 'month') {
    for (let m = monthStart(start); m <= end; m = addDays(monthEnd(m), 1)) out.push(m.slice(0, 7));
    return out;
  }
  for (let day = start; day <= end; day = addDays(day, 1)) {
    if (period === 'date') out.push(day);
    else for (let h = 0; h < 24; h++) out.push(`${day} ${String(h).padStart(2, '0')}:00`);
  }
  return out;
}

export interface TrendPoint {
  period: string;
  /** Exact sums of the period's rows. */
  bet_amount: string;
  platform_win_loss: string;
}

/**
 * The rows added up per currency and period (amounts of different currencies never add up), every
 * period of the range present (zero when it had no bets), currencies by their code.
 */
export function trendByCurrency(rows: readonly Row[], field: 'date' | 'hour' | 'month', periods: readonly string[]): Map<string, TrendPoint[]> {
  const sums = new Map<string, Map<string, { bet: bigint; win: bigint }>>();
  for (const row of rows) {
    const code = String(row.currency_code ?? '');
    const period = String(row[field] ?? '');
    let byPeriod = sums.get(code);
    if (!byPeriod) sums.set(code, (byPeriod = new Map()));
    const sum = byPeriod.get(period) ?? { bet: 0n, win: 0n };
    sum.bet += parseMoney(String(row.bet_amount ?? '0'));
    sum.win += parseMoney(String(row.platform_win_loss ?? '0'));
    byPeriod.set(period, sum);
  }
  const out = new Map<string, TrendPoint[]>();
  for (const code of [...sums.keys()].sort()) {
    const byPeriod = sums.get(code)!;
    out.set(
      code,
      periods.map((period) => {
        const sum = byPeriod.get(period);
        return { period, bet_amount: formatMoney(sum?.bet ?? 0n), platform_win_loss: formatMoney(sum?.win ?? 0n) };
      }),
    );
  }
  return out;
}
