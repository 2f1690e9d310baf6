import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { user } from '@console/contract';
import { useListState } from './use-list-state';

const FILTERS = user.userList.request.pick({ keyword: true, status: true });

/** The hook on a screen opened at `route`, with the URL it leaves behind. */
function open(route: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
  return renderHook(
    () => ({ list: useListState({ id: 'test-screen', filters: FILTERS, sortFields: user.USER_SORT_FIELDS }), location: useLocation() }),
    { wrapper },
  );
}

const query = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('useListState', () => {
  afterEach(cleanup);

  it('reads page, size, order and filters from the URL, dropping what the call would refuse', () => {
    const { result } = open('/?keyword=ops&status=2&page=3&page_size=50&sort_field=account&sort_order=descend&other=kept');
    expect(result.current.list.params).toEqual({ page: 3, page_size: 50, keyword: 'ops', status: 2, sort_field: 'account', sort_order: 'descend' });

    const bad = open('/?status=7&page=-1&page_size=100000&sort_field=password&sort_order=ascend');
    expect(bad.result.current.list.params).toEqual({ page: 1, page_size: 20 });
  });

  it('writes every change to the URL, leaves defaults out and keeps other parameters', () => {
    const { result } = open('/?other=kept');
    expect(result.current.location.search).toBe('?other=kept');

    // It hands back the filters as the list reads them back.
    let applied: unknown;
    act(() => void (applied = result.current.list.setFilters({ keyword: '  ops ', status: 1 })));
    expect(applied).toEqual({ keyword: 'ops', status: 1 });
    expect(query(result.current.location.search)).toEqual({ other: 'kept', keyword: 'ops', status: '1' });
    expect(result.current.list.params).toEqual({ page: 1, page_size: 20, keyword: 'ops', status: 1 });

    act(() => result.current.list.setSort('name', 'ascend'));
    act(() => result.current.list.setPage(4));
    expect(query(result.current.location.search)).toEqual({ other: 'kept', keyword: 'ops', status: '1', sort_field: 'name', sort_order: 'ascend', page: '4' });

    // A new page size starts again at page 1; new filters too, keeping the order.
    act(() => result.current.list.setPage(4, 50));
    expect(result.current.list.params).toMatchObject({ page: 1, page_size: 50 });
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.setFilters({}));
    expect(result.current.list.params).toEqual({ page: 1, page_size: 50, sort_field: 'name', sort_order: 'ascend' });

    act(() => result.current.list.setSort(undefined, null));
    act(() => result.current.list.setPage(1, 20));
    expect(result.current.location.search).toBe('?other=kept');
  });

  it('comes back as it was left when the screen is opened without a query, and not after a reset', () => {
    const first = open('/');
    act(() => first.result.current.list.setFilters({ keyword: 'ops' }));
    act(() => first.result.current.list.setPage(2, 50));
    first.unmount();

    // Opened from the menu: no query. The remembered state is shown and put back in the URL.
    const again = open('/');
    expect(again.result.current.list.params).toEqual({ page: 1, page_size: 50, keyword: 'ops' });
    expect(query(again.result.current.location.search)).toEqual({ keyword: 'ops', page_size: '50' });

    // A link with a query wins over the memory, and becomes the memory.
    again.unmount();
    const linked = open('/?status=2');
    expect(linked.result.current.list.params).toEqual({ page: 1, page_size: 20, status: 2 });
    linked.unmount();
    expect(open('/').result.current.list.params).toEqual({ page: 1, page_size: 20, status: 2 });
    cleanup();

    // Back to the defaults: nothing is brought back.
    const reset = open('/');
    act(() => reset.result.current.list.setFilters({}));
    reset.unmount();
    const clean = open('/');
    expect(clean.result.current.list.params).toEqual({ page: 1, page_size: 20 });
    expect(clean.result.current.location.search).toBe('');
  });
});
