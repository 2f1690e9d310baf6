import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { report } from '@console/contract';
import { request } from '../../lib/api';
import { periodField, type Row } from './report-config';

/** One page of a report: its rows, the number of rows over all pages and the totals per currency. */
export interface ReportPage {
  list: Row[];
  total: number;
  summary: Row[];
}

export type ReportParams = Record<string, unknown> & { page: number; page_size: number };

export function useReportPage(def: report.ReportDef, params: ReportParams) {
  const qc = useQueryClient();
  const queryKey = ['report', def.key, params];
  const queryFn = ({ signal }: { signal: AbortSignal }) => request<ReportPage>(def.path, params, { signal });
  const staleTime = 30_000;
  const hash = JSON.stringify(queryKey);
  // Asked for while the screen renders rather than after its first commit (when a query's
  // observer starts): on a screen's first visit the call then runs beside the rendering of its
  // filters and table, and the rows arrive sooner. The query below picks up the same request.
  useMemo(() => void qc.prefetchQuery({ queryKey, queryFn, staleTime }), [qc, hash]);
  return useQuery({
    queryKey,
    queryFn,
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime,
  });
}

const CHART_PAGE = 500;
/** Enough for any range a chart can show legibly (an hourly month of a hundred agents). */
const CHART_MAX_PAGES = 20;

/**
 * Every row of `source` under the filters, oldest period first, for the trend chart: a period
 * report's rows, read a page of 500 at a time. `partial` when there were more than it reads.
 */
export function useTrendRows(source: report.ReportDef | null, filters: Record<string, unknown>, enabled: boolean) {
  const field = source ? periodField(source) : null;
  return useQuery({
    queryKey: ['report-trend', source?.key, filters],
    enabled: enabled && !!source && !!field,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const rows: Row[] = [];
      for (let page = 1; page <= CHART_MAX_PAGES; page++) {
        const data = await request<ReportPage>(source!.path, { ...filters, page, page_size: CHART_PAGE, sort_field: field, sort_order: 'ascend' }, { signal, silent: true });
        rows.push(...data.list);
        if (rows.length >= data.total || data.list.length < CHART_PAGE) return { rows, partial: false };
      }
      return { rows, partial: true };
    },
  });
}
