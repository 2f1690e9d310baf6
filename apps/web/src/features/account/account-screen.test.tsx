import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { user } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useSessionStore } from '../../stores/session';
import { failed, fakeApi, type FakeRoute, ok, operatorUser, renderWithProviders } from '../../test-utils';
import AccountScreen from './account-screen';

const row = (id: number, account: string): user.OperatorUser => operatorUser({ id, account, name: account.toUpperCase() });

/** The accounts in the order the table shows them. */
const shownAccounts = () => screen.getAllByRole('row').slice(1).map((r) => within(r).queryAllByText(/^acc-/)[0]?.textContent ?? '');

describe('AccountScreen', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    useSessionStore.setState({ token: 'tok', permissions: ['13', '1301'], userInfo: { ...row(1, 'admin'), must_bind_google: false } });
  });
  afterEach(cleanup);

  let api: ReturnType<typeof fakeApi>;
  const start = (route: FakeRoute) => {
    api = fakeApi(route);
    renderWithProviders(<AccountScreen />);
  };
  const listCalls = () => api.sent('user/list').map(({ token: _token, ...body }) => body);

  it('sorts on the server, from the first page, and shows the rows in the order they come', async () => {
    // Whatever is asked, the server's order: zeta before alpha, which a sort on screen would swap.
    start((path) => (path === 'user/list' ? ok({ list: [row(2, 'acc-zeta'), row(3, 'acc-alpha')], total: 45 }) : undefined));
    await waitFor(() => expect(shownAccounts()).toEqual(['acc-zeta', 'acc-alpha']));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ page: 2, page_size: 20 }));

    const header = () => screen.getByRole('columnheader', { name: /账号/ });
    fireEvent.click(header());
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ page: 1, page_size: 20, sort_field: 'account', sort_order: 'ascend' }));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    await waitFor(() => expect(shownAccounts()).toEqual(['acc-zeta', 'acc-alpha']));

    fireEvent.click(header());
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ page: 1, page_size: 20, sort_field: 'account', sort_order: 'descend' }));
    expect(header().getAttribute('aria-sort')).toBe('descending');

    // A new search keeps the order; the third click drops it.
    fireEvent.change(screen.getByPlaceholderText('搜索账号或姓名'), { target: { value: 'acc' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ page: 1, page_size: 20, keyword: 'acc', sort_field: 'account', sort_order: 'descend' }));
    fireEvent.click(header());
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ page: 1, page_size: 20, keyword: 'acc' }));
    expect(header().getAttribute('aria-sort')).toBeNull();
  });

  it('says that the list failed to load, not that it is empty, and loads it again on retry', async () => {
    let down = true;
    start((path) => {
      if (path !== 'user/list') return undefined;
      return down ? failed('B0001', '系统繁忙，请稍后再试') : ok({ list: [row(2, 'acc-back')], total: 1 });
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('数据加载失败');
    expect(alert.textContent).toContain('系统繁忙，请稍后再试');
    expect(screen.queryByText('没有符合条件的账号')).toBeNull();
    expect(screen.queryByText('暂无数据')).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(shownAccounts()).toEqual(['acc-back']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(listCalls()).toHaveLength(2);
  });

  it('says that nothing matches when the list is empty', async () => {
    start((path) => (path === 'user/list' ? ok({ list: [], total: 0 }) : undefined));
    expect(await screen.findByText('没有符合条件的账号')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
