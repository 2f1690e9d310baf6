import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { textOrder, useLocalList } from './local-list';

interface Row {
  id: number;
  code: string;
  sort: number;
}
const rows: Row[] = [
  { id: 1, code: 'b10', sort: 2 },
  { id: 2, code: 'a', sort: 1 },
  { id: 3, code: 'b9', sort: 3 },
];
const query = { data: { list: rows }, isFetching: false, isLoading: false, isError: false, error: null, refetch: () => undefined };
const compare = { code: (a: Row, b: Row) => textOrder('en')(a.code, b.code), sort: (a: Row, b: Row) => a.sort - b.sort };
const codes = (r: { data?: { list: Row[] } }) => r.data?.list.map((x) => x.code);

describe('useLocalList', () => {
  it("keeps the server's order without an order of the user's, and pages it", () => {
    const { result } = renderHook(() => useLocalList(query, { page: 2, pageSize: 2, compare }));
    expect(codes(result.current)).toEqual(['b9']);
    expect(result.current.data?.total).toBe(3);
  });

  it('sorts both ways, numbers inside codes taken as numbers', () => {
    const up = renderHook(() => useLocalList(query, { page: 1, pageSize: 10, sortField: 'code', sortOrder: 'ascend', compare }));
    expect(codes(up.result.current)).toEqual(['a', 'b9', 'b10']);
    const down = renderHook(() => useLocalList(query, { page: 1, pageSize: 10, sortField: 'sort', sortOrder: 'descend', compare }));
    expect(codes(down.result.current)).toEqual(['b9', 'b10', 'a']);
  });

  it('filters before paging, and shows the last page with rows when the page asked for is past the end', () => {
    const { result } = renderHook(() => useLocalList(query, { page: 5, pageSize: 1, filter: (r) => r.code.startsWith('b'), compare }));
    expect(result.current.data?.total).toBe(2);
    expect(codes(result.current)).toEqual(['b9']);
  });

  it('has no data while the list loads', () => {
    const { result } = renderHook(() => useLocalList({ ...query, data: undefined, isLoading: true }, { page: 1, pageSize: 10 }));
    expect(result.current.data).toBeUndefined();
    expect(result.current.isLoading).toBe(true);
  });
});
