import { useMemo } from 'react';
import type { ListQuery, SortOrder } from '../../components/list';

/** What a list query of a whole dictionary (TanStack Query's result) gives the local list. */
export interface WholeQuery<T> {
  data?: { list: T[] } | undefined;
  isFetching: boolean;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface LocalListOptions<T, S extends string> {
  page: number;
  pageSize: number;
  sortField?: S | undefined;
  sortOrder?: SortOrder | undefined;
  /** Keeps a row or not. */
  filter?: (row: T) => boolean;
  /** How each sortable column compares two rows (ascending). */
  compare?: Readonly<Record<S, (a: T, b: T) => number>>;
}

/**
 * A whole list answered at once (a dictionary call), filtered, sorted and paged here as the list
 * kit's ListTable expects a server-paged one: `{list, total}` of the page shown. Without an order
 * of the user's, rows keep the server's (display) order.
 */
export function useLocalList<T, S extends string>(query: WholeQuery<T>, { page, pageSize, sortField, sortOrder, filter, compare }: LocalListOptions<T, S>): ListQuery<T> & { all: T[] } {
  const rows = query.data?.list;
  const all = useMemo(() => {
    const kept = rows ? (filter ? rows.filter(filter) : [...rows]) : [];
    const by = sortField && sortOrder ? compare?.[sortField] : undefined;
    if (by) kept.sort((a, b) => (sortOrder === 'descend' ? by(b, a) : by(a, b)));
    return kept;
  }, [rows, filter, compare, sortField, sortOrder]);
  // A page past the end (rows filtered away) shows the last one that has rows.
  const lastPage = Math.max(1, Math.ceil(all.length / pageSize));
  const start = (Math.min(page, lastPage) - 1) * pageSize;
  const data = useMemo(() => (rows ? { list: all.slice(start, start + pageSize), total: all.length } : undefined), [rows, all, start, pageSize]);
  return { data, all, isFetching: query.isFetching, isLoading: query.isLoading, isError: query.isError, error: query.error, refetch: query.refetch };
}

/** Text order that follows the console's language (pinyin for Chinese), numbers inside taken as numbers. */
export const textOrder = (language: string) => {
  const collator = new Intl.Collator(language === 'en' ? 'en' : 'zh-CN', { numeric: true, sensitivity: 'base' });
  return (a: string, b: string) => collator.compare(a, b);
};
