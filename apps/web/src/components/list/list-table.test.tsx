import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n, { loadAllNamespaces } from '../../locales';
import { useListPrefsStore } from '../../stores/list-prefs';
import type { ListColumn } from './columns';
import { ListTable, type ListQuery, type ListTableProps } from './list-table';
import { desktopMatchMedia } from '../../test-utils';

interface Row {
  id: number;
  account: string;
  name: string;
}

const columns: ListColumn<Row>[] = [
  { title: 'Account', dataIndex: 'account', sorter: true },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Actions', key: 'actions', settable: false, render: () => 'act' },
];

function query(fields: Partial<ListQuery<Row>> = {}): ListQuery<Row> {
  return { data: { list: [{ id: 1, account: 'ops', name: 'Ops' }], total: 1 }, isFetching: false, isLoading: false, isError: false, error: null, refetch: vi.fn(), ...fields };
}

const list = () => ({ id: 'test-table', page: 1, pageSize: 20, setPage: vi.fn(), setSort: vi.fn() });

function show(props: Partial<ListTableProps<Row>> = {}) {
  const all = { list: list(), query: query(), columns, rowKey: 'id', emptyText: 'Nothing here', ...props } as ListTableProps<Row>;
  return render(
    <App>
      <ListTable {...all} />
    </App>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('ListTable', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    localStorage.clear();
    useListPrefsStore.setState({ tables: {} });
  });
  afterEach(cleanup);

  it('hides a column from the settings, and remembers it for the screen', async () => {
    show();
    expect(headers()).toEqual(['Account', 'Name', 'Actions']);
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByTestId('column-settings');
    // The actions column is not offered.
    expect(within(settings).queryByText('Actions')).toBeNull();
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Name' }));
    await waitFor(() => expect(headers()).toEqual(['Account', 'Actions']));
    expect(JSON.parse(localStorage.getItem('list-prefs')!).state.tables['test-table'].hidden).toEqual(['name']);

    // Moved down: Account after Name, once Name is shown again.
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Name' }));
    fireEvent.click(within(settings).getByRole('button', { name: '下移「Account」' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Account', 'Actions']));

    cleanup();
    await useListPrefsStore.persist.rehydrate();
    show();
    expect(headers()).toEqual(['Name', 'Account', 'Actions']);
  });

  it('refreshes through the query and remembers the density', async () => {
    const q = query();
    const { container } = show({ query: q });
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);

    expect(container.querySelector('.ant-table-small')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '表格密度' }));
    fireEvent.click(await screen.findByText('紧凑'));
    await waitFor(() => expect(container.querySelector('.ant-table-small')).not.toBeNull());
    expect(useListPrefsStore.getState().tables['test-table']?.density).toBe('small');
  });

  it('shows a failed load with a retry, and an empty one with the screen’s text', () => {
    const q = query({ data: undefined, isError: true, error: new Error('系统繁忙') });
    show({ query: q });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('数据加载失败');
    expect(alert.textContent).toContain('系统繁忙');
    fireEvent.click(within(alert).getByRole('button', { name: /重试/ }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
    cleanup();

    show({ query: query({ data: { list: [], total: 0 } }) });
    expect(screen.getByText('Nothing here')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks the list state for the order and the page', () => {
    const state = list();
    show({ list: state, query: query({ data: { list: [{ id: 1, account: 'a', name: 'A' }], total: 45 } }) });
    fireEvent.click(screen.getByRole('columnheader', { name: /Account/ }));
    expect(state.setSort).toHaveBeenLastCalledWith('account', 'ascend');
    fireEvent.click(screen.getByTitle('2'));
    expect(state.setPage).toHaveBeenLastCalledWith(2, 20);
  });

  it('pins totals rows under the rows, each cell under its column and the label in the first free one', () => {
    const { container } = show({
      totals: [
        { key: 'CNY', label: 'Total CNY', cells: { name: '12.00' } },
        { key: 'USD', label: 'Total USD', cells: { name: '3.00' } },
      ],
    });
    const rows = [...container.querySelectorAll('.list-table-totals')].map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['Total CNY', '12.00', ''],
      ['Total USD', '3.00', ''],
    ]);
    cleanup();
    // No rows, no totals.
    const empty = show({ query: query({ data: { list: [], total: 0 } }), totals: [{ key: 'CNY', label: 'Total CNY', cells: {} }] });
    expect(empty.container.querySelector('.list-table-totals')).toBeNull();
  });

  describe('on a phone and on a desktop', () => {
    interface Player {
      id: number;
      account: string;
      agent: string | null;
      status: string;
      balance: string;
    }
    const playerColumns: ListColumn<Player>[] = [
      { title: 'Account', dataIndex: 'account', keyColumn: true, render: (v: string) => <a href="#p">{v}</a> },
      { title: 'Agent', dataIndex: 'agent', phone: 'stack' },
      { title: 'Status', dataIndex: 'status' },
      { title: 'Balance', dataIndex: 'balance', phone: 'lead', align: 'right' },
      { title: 'Actions', key: 'actions', settable: false, render: () => 'act' },
    ];
    const players = {
      data: {
        list: [
          { id: 1, account: 'lucky007', agent: 'CN01-SH', status: 'on', balance: '12.00' },
          { id: 2, account: 'ace9', agent: null, status: 'off', balance: '3.00' },
        ],
        total: 2,
      },
      isFetching: false,
      isLoading: false,
      isError: false,
      error: null,
      refetch: vi.fn(),
    } satisfies ListQuery<Player>;
    const showPlayers = () =>
      render(
        <App>
          <ListTable<Player> list={list()} query={players} columns={playerColumns} rowKey="id" emptyText="-" totals={[{ key: 'CNY', label: 'Total CNY', cells: { balance: '15.00' } }]} />
        </App>,
      );
    const realMatchMedia = window.matchMedia;
    afterEach(() => {
      window.matchMedia = realMatchMedia;
    });

    it('on a phone pins the key column, its stacked values under the name and the lead ones beside it', () => {
      // jsdom matches no media query: a phone.
      const { container } = showPlayers();
      const ths = [...container.querySelectorAll('thead th')];
      // The agent is no column of its own; the balance comes before the status.
      expect(ths.map((th) => th.textContent)).toEqual(['AccountAgent', 'Balance', 'Status', 'Actions']);
      expect(ths[0]!.className).toContain('ant-table-cell-fix-start');
      // A header wraps rather than widening its column; the actions' is for screen readers only.
      expect(ths[1]!.querySelector('.list-table-title')?.textContent).toBe('Balance');
      expect(ths[3]!.querySelector('.sr-only')?.textContent).toBe('Actions');
      expect(ths[3]!.className).toContain('ant-table-cell-fix-end');

      const [first, second] = [...container.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.querySelector('td')!);
      expect(first!.className).toContain('ant-table-cell-fix-start');
      // Narrow while pinned (jsdom lays nothing out: the room is never measured short).
      expect(first!.querySelector('.list-table-key-narrow .list-table-key-main')?.textContent).toBe('lucky007');
      expect(first!.querySelector('.list-table-key-main')?.getAttribute('title')).toBe('lucky007');
      expect([...first!.querySelectorAll('.list-table-key-item')].map((e) => e.textContent)).toEqual(['CN01-SH']);
      // A row without the value stacks nothing.
      expect(second!.querySelector('.list-table-key-stack')).toBeNull();
      // The totals label is as narrow as the names above it, the sums under their own columns.
      const totals = [...container.querySelectorAll('.list-table-totals td')];
      expect(totals[0]!.querySelector('.list-table-key')?.textContent).toBe('Total CNY');
      expect(totals.map((td) => td.textContent)).toEqual(['Total CNY', '15.00', '', '']);
    });

    it('on a desktop keeps the columns as given, the key column pinned', () => {
      window.matchMedia = desktopMatchMedia;
      const { container } = showPlayers();
      const ths = [...container.querySelectorAll('thead th')];
      expect(ths.map((th) => th.textContent)).toEqual(['Account', 'Agent', 'Status', 'Balance', 'Actions']);
      expect(ths[0]!.className).toContain('ant-table-cell-fix-start');
      expect(container.querySelector('.list-table-key, .list-table-title, .sr-only')).toBeNull();
      expect(container.querySelector('tbody tr.ant-table-row td')!.textContent).toBe('lucky007');
    });
  });

  it('keeps a column marked defaultHidden out until the user shows it, and shows skeleton rows on the first load', async () => {
    show({ columns: [...columns.slice(0, 2), { title: 'Code', dataIndex: 'code', defaultHidden: true }, columns[2]!] });
    expect(headers()).toEqual(['Account', 'Name', 'Actions']);
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByTestId('column-settings');
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Code' }));
    await waitFor(() => expect(headers()).toEqual(['Account', 'Name', 'Code', 'Actions']));
    cleanup();
    show({ query: query({ data: undefined, isLoading: true, isFetching: true }) });
    expect(screen.getByTestId('table-skeleton')).toBeTruthy();
  });
});
