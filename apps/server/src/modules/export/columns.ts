import { bill, report, TIMEZONES, type Lang } from '@console/contract';
import type { ColumnKind } from './workbook.ts';

/**
 * How a column is written on a sheet, from the contract's column metadata (the console's tables
 * use the same): ids and counts as numbers; money as a number with its currency's decimals;
 * ratios and basis points as percentages; periods and times as date cells; everything else as
 * text (workbook.ts, ColumnKind).
 */
export function kindOf(field: string): ColumnKind {
  const kind = report.REPORT_COLUMNS[field]?.kind;
  switch (kind) {
    case 'id':
    case 'count':
    case 'money':
    case 'bp':
      return kind;
    case 'rate':
      return 'ratio';
    case 'date':
      return 'time';
    default:
      return 'text';
  }
}

/** How a column of the account-change ledger's sheet is written (BILL_EXPORT_COLUMNS): its time is a date cell. */
export function billKindOf(c: (typeof bill.BILL_EXPORT_COLUMNS)[number]): ColumnKind {
  if (c.key === 'time') return 'time';
  return c.kind;
}

/** Columns of a moment (not of a report's period): their header names the timezone they are written in. */
const MOMENTS = new Set(['bet_time', 'settle_time', 'cancelled_at']);

/** The label of a timezone id ("GMT+8:00"). */
export const zoneLabel = (timeZoneId: number) => TIMEZONES.find((t) => t.id === timeZoneId)?.label ?? String(timeZoneId);

/**
 * A column's header in the sheet's language: the contract's, the field name for a column it does
 * not know; with `timeZoneId`, a moment's column names the timezone its times are in
 * ("Settle time (GMT+8:00)").
 */
export function headerOf(field: string, lang: Lang, timeZoneId?: number): string {
  const meta = report.REPORT_COLUMNS[field];
  if (!meta) return field;
  return timeZoneId !== undefined && MOMENTS.has(field) ? `${meta.title[lang]} (${zoneLabel(timeZoneId)})` : meta.title[lang];
}

/** The header of a column of the ledger's sheet; its time names the timezone it is written in. */
export const billHeaderOf = (c: (typeof bill.BILL_EXPORT_COLUMNS)[number], lang: Lang, timeZoneId: number) =>
  c.key === 'time' ? `${c.title[lang]} (${zoneLabel(timeZoneId)})` : c.title[lang];

/** Labels of the filter lines written above the table. */
export const FILTER_LABELS: Record<string, [zh: string, en: string]> = {
  report: ['报表', 'Report'],
  dates: ['日期范围', 'Dates'],
  months: ['月份范围', 'Months'],
  times: ['时间范围', 'Time range'],
  time_zone: ['时区', 'Timezone'],
  currency: ['币种', 'Currency'],
  agent: ['代理（含下级）', 'Agent (with sub-agents)'],
  game: ['游戏', 'Game'],
  platform: ['厂商', 'Provider'],
  player: ['玩家账号', 'Player account'],
  type: ['类型', 'Type'],
  order_id: ['订单号', 'Order ID'],
  sort: ['排序', 'Sort'],
  exported: ['导出时间', 'Exported at'],
  exported_by: ['导出人', 'Exported by'],
  all: ['全部', 'All'],
  total: ['合计', 'Total'],
  amount_in: ['收入', 'in'],
  amount_out: ['支出', 'out'],
  amount_net: ['净额', 'net'],
};
export const label = (key: string, lang: Lang) => FILTER_LABELS[key]![lang === 'en' ? 1 : 0];
