import { useQuery } from '@tanstack/react-query';
import { report, timezoneOffsetMinutes } from '@console/contract';
import { useHasPerm } from '../../components/has-perm';
import { request } from '../../lib/api';
import { byDay, type DailyRow, type DayFigures, lastDays } from './kpi';

/** Days of the trend chart; today, yesterday and the 7-day figures come out of the same answer. */
export const TREND_DAYS = 14;
const PAGE_SIZE = 500;

interface ReportPage {
  list: DailyRow[];
  total: number;
}

/**
 * Where the figures come from, by what the user may read: the currency daily report gives one
 * row per day; without it, the agent daily report's rows (one per agent and day) are added up.
 */
export type FigureSource = 'currency' | 'agent';

export function useFigureSource(): FigureSource | null {
  const can = useHasPerm();
  if (can(report.REPORT_DEFS.currencyDaily.permission)) return 'currency';
  if (can(report.REPORT_DEFS.agentDaily.permission)) return 'agent';
  return null;
}

async function loadRows(source: FigureSource, filter: Record<string, unknown>, signal: AbortSignal): Promise<DailyRow[]> {
  const path = source === 'currency' ? report.REPORT_DEFS.currencyDaily.path : report.REPORT_DEFS.agentDaily.path;
  const rows: DailyRow[] = [];
  for (let page = 1; ; page++) {
    const data = await request<ReportPage>(path, { ...filter, page, page_size: PAGE_SIZE }, { signal });
    rows.push(...data.list);
    if (rows.length >= data.total || data.list.length === 0) return rows;
  }
}

export interface DashboardFigures {
  days: DayFigures[];
  /** When they were fetched, for the "updated" note. */
  at: number;
}

/** The last TREND_DAYS local days of one currency, in the chosen report timezone. */
export function useDashboardFigures(source: FigureSource | null, currencyId: number | undefined, timeZoneId: number) {
  return useQuery({
    queryKey: ['dashboard', source, currencyId, timeZoneId],
    enabled: source !== null && currencyId !== undefined,
    queryFn: async ({ signal }): Promise<DashboardFigures> => {
      const dates = lastDays(timezoneOffsetMinutes(timeZoneId), TREND_DAYS);
      const rows = await loadRows(
        source!,
        { start_date: dates[0], end_date: dates[dates.length - 1], time_zone_id: timeZoneId, currency_id: currencyId, agent_id: 0 },
        signal,
      );
      return { days: byDay(rows, dates), at: Date.now() };
    },
    // A dashboard left open keeps itself current.
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}
