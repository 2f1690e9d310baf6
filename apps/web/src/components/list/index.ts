export { ListFilters, type ListFiltersProps } from './list-filters';
export { ListTable, type ListQuery, type ListTableProps, PAGE_SIZE_OPTIONS } from './list-table';
export type { ListColumn } from './columns';
export { type ListParams, type ListState, type ListStateOptions, type SortOrder, useListState } from './use-list-state';
