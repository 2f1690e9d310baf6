export { ListFilters, type ListFiltersProps } from './list-filters';
export { ListTable, type ListQuery, type ListTableProps, type ListTotalsRow, PAGE_SIZE_OPTIONS } from './list-table';
export type { ListColumn } from './columns';
export { type ListParams, type ListState, type ListStateOptions, type SortOrder, useListState } from './use-list-state';
export { useLocalListState } from './use-local-list-state';
export { useScrollFocus } from './use-scroll-focus';
export { StatusFilter } from './status-filter';
export { clearChips, type FilterChip, FilterChips, useFilterChips } from './filter-chips';
export { TimeZoneField, timeRangeSummary, useListTimeZone } from './time-zone';
