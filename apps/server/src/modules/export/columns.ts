import { report, type Lang } from '@console/contract';
import type { ColumnKind } from './workbook.ts';

/**
 * How a column is written on a sheet, from the contract's column metadata (the console's tables
 * use the same): ids and counts as numbers; money and ratios as their exact decimal text (a
 * spreadsheet number keeps 15 significant digits; a year's VND turnover has more), aligned right
 * like numbers; everything else as text.
 */
export function kindOf(field: string): ColumnKind {
  const kind = report.REPORT_COLUMNS[field]?.kind;
  if (kind === 'id' || kind === 'count' || kind === 'bp') return 'count';
  if (kind === 'money' || kind === 'rate') return 'decimal';
  return 'text';
}

/** What a sheet's header adds to a column of basis points, which it writes as the bare number the API sends. */
const BP_UNIT: Record<Lang, string> = { 'zh-cn': '（基点）', en: ' (bp)' };

/**
 * A column's header in the sheet's language: the contract's (with the unit of a basis-point
 * column, 5000 = 50 %), the field name for a column it does not know.
 */
export function headerOf(field: string, lang: Lang): string {
  const meta = report.REPORT_COLUMNS[field];
  if (!meta) return field;
  return meta.kind === 'bp' ? `${meta.title[lang]}${BP_UNIT[lang]}` : meta.title[lang];
}

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
  exported: ['导出时间 (UTC)', 'Exported at (UTC)'],
  exported_by: ['导出人', 'Exported by'],
  all: ['全部', 'All'],
  total: ['合计', 'Total'],
  amount_in: ['收入', 'in'],
  amount_out: ['支出', 'out'],
  amount_net: ['净额', 'net'],
};
export const label = (key: string, lang: Lang) => FILTER_LABELS[key]![lang === 'en' ? 1 : 0];
