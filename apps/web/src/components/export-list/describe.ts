import { report, TIMEZONES } from '@console/contract';

/** What the export list needs to name a filter's entity. */
export interface FilterNames {
  language: 'zh-cn' | 'en';
  currency: (id: number) => string | undefined;
  agent: (id: number) => string | undefined;
  game: (id: number) => string | undefined;
  platform: (id: number) => string | undefined;
  texts: { allCurrencies: string; player: string; sort: string; ascend: string; descend: string };
}

/** The report an export was made from, by its name ("agent-daily"). */
export const exportReportDef = (name: string): report.ReportDef | undefined => Object.values(report.REPORT_SCREENS).find((d) => d.name === name);

/**
 * An export's filters as a person reads them ("2026-11-01 ~ 2026-11-07" or "2026-09 ~ 2026-11", "GMT+8:00", "CNY",
 * "Agent A (a01)", "Player: p001", "Sort: Bet amount ↓"), leaving out what was not narrowed.
 */
export function describeExportFilters(filters: Record<string, unknown>, names: FilterNames): string[] {
  const num = (k: string) => (typeof filters[k] === 'number' ? (filters[k] as number) : Number(filters[k] ?? 0) || 0);
  const out: string[] = [];
  if (typeof filters.start_date === 'string' && typeof filters.end_date === 'string') out.push(`${filters.start_date} ~ ${filters.end_date}`);
  // A report over whole months (the settlement) names months instead.
  if (typeof filters.start_month === 'string' && typeof filters.end_month === 'string') out.push(`${filters.start_month} ~ ${filters.end_month}`);
  const zone = TIMEZONES.find((z) => z.id === num('time_zone_id'));
  if (zone) out.push(zone.label);
  const currency = num('currency_id');
  out.push(currency > 0 ? (names.currency(currency) ?? `#${currency}`) : names.texts.allCurrencies);
  const agent = num('agent_id');
  if (agent > 0) out.push(names.agent(agent) ?? `#${agent}`);
  const game = num('game_id');
  if (game > 0) out.push(names.game(game) ?? `#${game}`);
  const platform = num('platform_id');
  if (platform > 0) out.push(names.platform(platform) ?? `#${platform}`);
  if (typeof filters.player_account === 'string' && filters.player_account) out.push(`${names.texts.player}: ${filters.player_account}`);
  if (typeof filters.sort_field === 'string' && filters.sort_field) {
    const title = report.REPORT_COLUMNS[filters.sort_field]?.title[names.language] ?? filters.sort_field;
    out.push(`${names.texts.sort}: ${title} ${filters.sort_order === 'ascend' ? names.texts.ascend : names.texts.descend}`);
  }
  return out;
}
