import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@console/contract';
import type { ListParams, ListState, SortOrder } from './use-list-state';

/**
 * The list state of a list shown inside another screen (a drawer, a panel): the same shape as
 * useListState, held in the component instead of the URL, so it never touches the screen's own
 * query parameters.
 */
export function useLocalListState<F extends object, S extends string = string>(id: string, defaultPageSize = DEFAULT_PAGE_SIZE): ListState<F, S> {
  const [state, setState] = useState<{ page: number; pageSize: number; sortField?: S; sortOrder?: SortOrder; filters: Partial<F> }>({
    page: 1,
    pageSize: defaultPageSize,
    filters: {},
  });
  return useMemo(() => {
    const { page, pageSize, sortField, sortOrder, filters } = state;
    const params = { page, page_size: pageSize, ...filters, ...(sortField && sortOrder ? { sort_field: sortField, sort_order: sortOrder } : {}) } as ListParams<F, S>;
    return {
      id,
      page,
      pageSize,
      ...(sortField && sortOrder ? { sortField, sortOrder } : {}),
      filters,
      params,
      setFilters: (next) => {
        setState((s) => ({ ...s, page: 1, filters: next }));
        return next;
      },
      setPage: (nextPage, nextSize = pageSize) => setState((s) => ({ ...s, page: nextSize === s.pageSize ? nextPage : 1, pageSize: nextSize })),
      setSort: (field, order) => setState(({ sortField: _f, sortOrder: _o, ...s }) => ({ ...s, page: 1, ...(field && order ? { sortField: field, sortOrder: order } : {}) })),
    };
  }, [state, id]);
}
