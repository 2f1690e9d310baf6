import { type Key, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Dropdown, Grid, Skeleton, Space, Table, type TableColumnType, type TableProps, Tooltip } from 'antd';
import { ColumnHeightOutlined, ReloadOutlined } from '@ant-design/icons';
import { type Density, DENSITIES, useListPrefsStore } from '../../stores/list-prefs';
import { type ListQueryState, TableEmpty } from '../table-empty';
import { ColumnSettings } from './column-settings';
import { arrangeColumns, cellValue, columnKey, columnName, type KeyedColumn, type ListColumn, phoneColumns } from './columns';
import type { ListState } from './use-list-state';
import { usePinRoom } from './use-pin-room';
import { useScrollFocus } from './use-scroll-focus';
import './list-table.css';

/** The part of a list query (TanStack Query's result of a `{list, total}` call) the table needs. */
export interface ListQuery<T> extends ListQueryState {
  data?: { list: T[]; total: number } | undefined;
  isFetching: boolean;
  isLoading: boolean;
  /** The rows shown are the previous request's, kept while this one loads (keepPreviousData). */
  isPlaceholderData?: boolean;
}

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

export interface ListTableProps<T, S extends string = string> {
  /** The screen's list state (useListState): paging and order come from it and go back to it. */
  list: Pick<ListState<unknown, S>, 'id' | 'page' | 'pageSize' | 'sortField' | 'sortOrder' | 'setPage' | 'setSort'>;
  query: ListQuery<T>;
  columns: readonly ListColumn<T>[];
  rowKey: TableProps<T>['rowKey'];
  /** The card's title. */
  title?: ReactNode;
  /** The screen's own actions (add…), before the toolbar. */
  extra?: ReactNode;
  /** What an empty result says ("no account matches"); a failed load says so and offers a retry instead. */
  emptyText: ReactNode;
  pageSizeOptions?: number[];
  /**
   * Rows pinned under the table's rows (a report's totals, one per currency): each gives a cell per
   * column key; the label goes in the first shown column that has no cell of its own.
   */
  totals?: readonly ListTotalsRow[];
  /** Row height until the user picks one (reports read better with more rows on screen). */
  defaultDensity?: Density;
  /** Anything else for antd's Table (expandable, rowSelection, summary…). */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'onChange' | 'loading' | 'size' | 'rowKey' | 'locale'>;
}

export interface ListTotalsRow {
  key: string;
  label: ReactNode;
  cells: Readonly<Record<string, ReactNode>>;
}

/**
 * A list screen's table in its card: server-side paging and sorting, a toolbar (refresh, density,
 * column settings, both remembered per screen), and empty and error states. The table scrolls
 * sideways inside the card, so on a phone the page itself never does; there the key column stays
 * pinned at the left edge, narrow, with the columns marked `stack` under its name and those
 * marked `lead` beside it (ListColumn.phone), so every figure scrolled to still has its row's name.
 */
export function ListTable<T extends object, S extends string = string>({
  list,
  query,
  columns,
  rowKey,
  title,
  extra,
  emptyText,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  totals,
  defaultDensity = 'large',
  tableProps,
}: ListTableProps<T, S>) {
  const { t } = useTranslation('components');
  const prefs = useListPrefsStore((s) => s.tables[list.id]);
  const setTable = useListPrefsStore((s) => s.setTable);
  const density: Density = prefs?.density ?? defaultDensity;
  // A button's tooltip would sit on top of the menu it has just opened.
  const [densityOpen, setDensityOpen] = useState(false);
  const card = useScrollFocus<HTMLDivElement>(typeof title === 'string' && title ? title : t('list.table'));

  // A phone's pager fits one line: small, fewer page numbers, no size changer.
  const phone = Grid.useBreakpoint().md === false;
  // A phone pins the key column only where that leaves the columns between the pinned ones room.
  const [pinRoom, pinRoomRef] = usePinRoom<HTMLDivElement>(phone);
  const cardRef = useCallback(
    (root: HTMLDivElement | null) => {
      const cleanups = [card(root), pinRoomRef(root)];
      return () => cleanups.forEach((cleanup) => cleanup?.());
    },
    [card, pinRoomRef],
  );
  const arranged = arrangeColumns(columns, prefs).filter((c) => !c.hidden);
  const laidOut = phone ? phoneColumns(arranged) : arranged.map((c) => ({ ...c, stacked: [] }));
  // The key columns narrowed for a phone (their totals label is narrowed with them).
  const phoneKeys = new Set(phone ? laidOut.filter((c) => c.column.keyColumn).map((c) => c.key) : []);
  const shown = laidOut.map(({ column, key, stacked }) => {
    const { settingsTitle: _title, settable: _settable, keyColumn, phone: _phone, ...rest } = column;
    // The actions stay in reach at the right edge however wide the row, and the column that
    // names the row at the left edge, on a phone too where there is room for the figures between.
    const fixed = rest.fixed ?? (key === 'actions' ? ('right' as const) : keyColumn && pinRoom ? ('left' as const) : undefined);
    return {
      ...rest,
      key,
      ...(phoneKeys.has(key) ? phoneKeyColumn(rest, stacked, pinRoom) : phone ? phoneTitle(rest.title, fixed === 'right') : {}),
      ...(fixed ? { fixed } : {}),
      // The server sorts (it pages too): the header shows the order it was asked for.
      ...(column.sorter ? { sortOrder: list.sortField === key ? (list.sortOrder ?? null) : null } : {}),
    };
  });

  /** A header click asks for the first page in the new order; the third click clears it. */
  const onChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, { action }) => {
    if (action !== 'sort' || Array.isArray(sorter)) return;
    const key: Key | undefined = sorter.columnKey ?? (typeof sorter.field === 'string' ? sorter.field : undefined);
    const sortable = key !== undefined && columns.some((c) => c.sorter && columnKey(c) === String(key));
    // A sortable column's key is one of the call's sort fields (ListColumn).
    list.setSort(sortable && sorter.order ? (String(key) as S) : undefined, sorter.order);
  };

  const densityLabel = (d: Density) => t(`list.density.${d}`);
  const firstLoad = query.isLoading && !query.data;
  // Rows kept from the previous request (another agent's, another filter's) stay in sight under
  // the spinner, but none of their actions can be reached, by pointer or by keyboard, until this
  // request's rows replace them: an action must act on a row of what the screen now names.
  const stale = !!query.isPlaceholderData && query.isFetching;
  const onRow: TableProps<T>['onRow'] = stale
    ? (record, index) => ({ ...tableProps?.onRow?.(record, index), inert: true, 'aria-disabled': true }) as ReturnType<NonNullable<TableProps<T>['onRow']>>
    : tableProps?.onRow;
  const summary =
    totals?.length && query.data?.list.length
      ? () => (
          <Table.Summary fixed>
            {totals.map((row) => {
              const free = shown.findIndex((c) => row.cells[c.key] === undefined);
              const labelAt = free === -1 ? 0 : free;
              return (
                <Table.Summary.Row key={row.key} className="list-table-totals">
                  {shown.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i} align={c.align}>
                      {i !== labelAt ? row.cells[c.key] : phoneKeys.has(c.key) ? <KeyCell main={row.label} narrow={pinRoom} /> : row.label}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              );
            })}
          </Table.Summary>
        )
      : tableProps?.summary;

  const toolbar = (
    <Space size={8} wrap={false}>
      {extra}
      <Tooltip title={t('common:action.refresh')}>
        <Button icon={<ReloadOutlined />} aria-label={t('common:action.refresh')} onClick={() => void query.refetch()} loading={query.isFetching && !query.isLoading} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        onOpenChange={setDensityOpen}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: DENSITIES.map((d) => ({ key: d, label: densityLabel(d) })),
          onClick: ({ key }) => setTable(list.id, { density: key as Density }),
        }}
      >
        <Tooltip title={t('list.densityLabel')} {...(densityOpen ? { open: false } : {})}>
          <Button icon={<ColumnHeightOutlined />} aria-label={t('list.densityLabel')} />
        </Tooltip>
      </Dropdown>
      <ColumnSettings id={list.id} columns={columns} />
    </Space>
  );

  return (
    <Card ref={cardRef} title={title} extra={toolbar} className="list-table-card">
      <Table<T>
        {...tableProps}
        rowKey={rowKey}
        size={density}
        columns={shown}
        dataSource={query.data?.list ?? []}
        // The first load shows the table's shape (skeleton rows), later ones keep the rows under a spinner.
        loading={query.isFetching && !firstLoad}
        onRow={onRow}
        scroll={{ x: 'max-content', ...tableProps?.scroll }}
        summary={summary}
        locale={{
          emptyText: firstLoad ? (
            <div data-testid="table-skeleton">
              <Skeleton active title={false} paragraph={{ rows: 6 }} />
            </div>
          ) : (
            <TableEmpty query={query} emptyText={emptyText} />
          ),
        }}
        onChange={onChange}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: !phone,
          ...(phone ? { size: 'small' as const, showLessItems: true } : {}),
          pageSizeOptions,
          showTotal: (total) => t('common:total', { total }),
          onChange: (page, pageSize) => list.setPage(page, pageSize),
        }}
      />
    </Card>
  );
}

/**
 * A header as a phone shows it: wrapped rather than widening its column past its figures
 * ("Platform win/loss" over "-45.00"); over the column pinned right, whose cells hold one narrow
 * button named for what it does (the row's actions, its drill-downs), for screen readers only.
 */
function phoneTitle<T>(title: TableColumnType<T>['title'], pinnedRight: boolean): Pick<TableColumnType<T>, 'title'> {
  if (!title || typeof title === 'function') return {};
  return { title: <span className={pinnedRight ? 'sr-only' : 'list-table-title'}>{title}</span> };
}

/**
 * A key column as a phone shows it: the stacked columns' headers under its own and their values
 * under the row's name; narrow (KeyCell) while it is pinned, to leave the figures beside it room.
 */
function phoneKeyColumn<T>(column: TableColumnType<T>, stacked: readonly KeyedColumn<T>[], narrow: boolean): Pick<TableColumnType<T>, 'title' | 'render' | 'className'> {
  const { title, render } = column;
  return {
    // Measured by usePinRoom.
    className: [column.className, 'list-table-key-col'].filter(Boolean).join(' '),
    title: typeof title === 'function' ? title : <KeyCell main={title} stack={stacked.map((s) => ({ key: s.key, node: columnName(s.column) }))} narrow={narrow} />,
    render: (value: unknown, row: T, index: number) => {
      const stack = stacked.flatMap((s) => {
        const v = cellValue(s.column, row);
        if (v === null || v === undefined || v === '') return [];
        return [{ key: s.key, node: (s.column.render ? s.column.render(v, row, index) : v) as ReactNode }];
      });
      const main = (render ? render(value, row, index) : value) as ReactNode;
      return <KeyCell main={main} stack={stack} narrow={narrow} title={typeof value === 'string' ? value : undefined} />;
    },
  };
}

/**
 * The cell of a phone's key column: the row's name on its first line, the stacked values under it;
 * `narrow`, each line cut short with an ellipsis (list-table.css), so the pinned column leaves room
 * for the figures.
 */
function KeyCell({ main, stack, narrow, title }: { main: ReactNode; stack?: readonly { key: string; node: ReactNode }[]; narrow: boolean; title?: string | undefined }) {
  return (
    <div className={narrow ? 'list-table-key list-table-key-narrow' : 'list-table-key'}>
      <div className="list-table-key-main" title={title}>
        {main}
      </div>
      {!!stack?.length && (
        <div className="list-table-key-stack">
          {stack.map((s) => (
            <span key={s.key} className="list-table-key-item">
              {s.node}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
