import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { user } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { ListFilters } from './list-filters';
import { useListState } from './use-list-state';

const FILTERS = user.userList.request.pick({ keyword: true, status: true });

/** A list screen's filter bar over the URL, with a page turn and a filter change from elsewhere (a link, a drill-down). */
function Screen() {
  const list = useListState({ id: 'filters-test', filters: FILTERS, sortFields: user.USER_SORT_FIELDS });
  const location = useLocation();
  return (
    <>
      <ListFilters list={list} name="test-filters">
        <Form.Item name="keyword" label="Keyword">
          <Input placeholder="keyword" />
        </Form.Item>
      </ListFilters>
      <button type="button" onClick={() => list.setPage(2)}>
        next page
      </button>
      <button type="button" onClick={() => list.setSort('account', 'descend')}>
        by account
      </button>
      <button type="button" onClick={() => list.setFilters({ keyword: 'linked' })}>
        linked
      </button>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

// The console's router: a search reaches the URL, and the screen, in a transition after Enter.
const open = (route = '/') =>
  render(
    <MemoryRouter initialEntries={[route]}>
      <Screen />
    </MemoryRouter>,
  );

const field = () => screen.getByPlaceholderText<HTMLInputElement>('keyword');
const type = (value: string) => fireEvent.change(field(), { target: { value } });
const query = () => Object.fromEntries(new URLSearchParams(screen.getByTestId('search').textContent ?? ''));
const submit = () => fireEvent.submit(field().closest('form')!);

describe('ListFilters', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  afterEach(cleanup);

  it('keeps what is typed after Enter while that search is on its way to the URL', async () => {
    open();
    type('mgr');
    await act(async () => {
      submit();
      // The search has left the form (validation is asynchronous); the URL has not answered yet.
      await new Promise((resolve) => setTimeout(resolve, 20));
      type('admin');
    });
    expect(query()).toEqual({ keyword: 'mgr' });
    expect(field().value).toBe('admin');

    // Enter again: the new text is searched, and stays.
    await act(async () => submit());
    expect(query()).toEqual({ keyword: 'admin' });
    expect(field().value).toBe('admin');
  });

  it('shows the filters as the list reads them once a search arrives and nothing was typed since', async () => {
    open();
    type('  ops ');
    await act(async () => submit());
    expect(query()).toEqual({ keyword: 'ops' });
    expect(field().value).toBe('ops');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /重\s*置/ })));
    expect(query()).toEqual({});
    expect(field().value).toBe('');
  });

  it('leaves what is typed alone on another page or order, and shows filters changed from elsewhere', async () => {
    open('/?keyword=ops');
    expect(field().value).toBe('ops');

    type('half-typed');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'next page' })));
    expect(query()).toEqual({ keyword: 'ops', page: '2' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'by account' })));
    expect(query()).toEqual({ keyword: 'ops', sort_field: 'account', sort_order: 'descend' });
    expect(field().value).toBe('half-typed');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'linked' })));
    expect(query()).toMatchObject({ keyword: 'linked' });
    expect(field().value).toBe('linked');
  });
});
