import { bill, isLocalDateTime, report, TIMEZONES } from '@console/contract';
import { formatDateTime } from '../../lib/datetime';

/** What the export list needs to name a filter's entity. */
export interface FilterNames {
  language: 'zh-cn' | 'en';
  currency: (id: number) => string | undefined;
  agent: (id: number) => string | undefined;
  game: (id: number) => string | undefined;
  platform: (id: number) => string | undefined;
  texts: { allCurrencies: string; player: string; sort: string; ascend: string; descend: string; orderId: string };
}

/**
 * An export's filters as a person reads them ("2026-11-01 ~ 2026-11-07" or "2026-09 ~ 2026-11",
 * "GMT+8:00", "CNY", "Agent A (a01)", "Player: p001", "Sort: Bet amount ↓"; the ledger's time
 * range, type and order id), leaving out what was not narrowed.
 */
export function describeExportFilters(filters: Record<string, unknown>, names: FilterNames): string[] {
  const num = (k: string) => (typeof filters[k] === 'number' ? (filters[k] as number) : Number(filters[k] ?? 0) || 0);
  const text = (k: string) => (typeof filters[k] === 'string' ? (filters[k] as string) : '');
  const out: string[] = [];
  const zone = TIMEZONES.find((z) => z.id === num('time_zone_id'));
  if (text('start_date') && text('end_date')) out.push(`${text('start_date')} ~ ${text('end_date')}`);
  // A report over whole months (the settlement) names months instead.
  if (text('start_month') && text('end_month')) out.push(`${text('start_month')} ~ ${text('end_month')}`);
  // The ledger's time range, in its export's zone (an instant given with another zone shown in it).
  const bound = (k: string) => (isLocalDateTime(text(k)) ? text(k) : formatDateTime(text(k), zone?.offsetMinutes ?? 0));
  if (text('start_time') || text('end_time')) out.push(`${bound('start_time')} ~ ${bound('end_time')}`);
  if (zone) out.push(zone.label);
  const currency = num('currency_id');
  out.push(currency > 0 ? (names.currency(currency) ?? `#${currency}`) : names.texts.allCurrencies);
  const agent = num('agent_id');
  if (agent > 0) out.push(names.agent(agent) ?? `#${agent}`);
  const game = num('game_id');
  if (game > 0) out.push(names.game(game) ?? `#${game}`);
  const platform = num('platform_id');
  if (platform > 0) out.push(names.platform(platform) ?? `#${platform}`);
  if (text('player_account')) out.push(`${names.texts.player}: ${text('player_account')}`);
  const type = bill.LEDGER_TYPE_TITLES[text('type') as bill.LedgerType];
  if (type) out.push(type[names.language]);
  if (text('order_id')) out.push(`${names.texts.orderId}: ${text('order_id')}`);
  if (text('sort_field')) {
    const title = report.REPORT_COLUMNS[text('sort_field')]?.title[names.language] ?? text('sort_field');
    out.push(`${names.texts.sort}: ${title} ${filters.sort_order === 'ascend' ? names.texts.ascend : names.texts.descend}`);
  }
  return out;
}
