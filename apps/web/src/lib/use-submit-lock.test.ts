import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { deferred } from '../test-utils';
import { useSubmitLock } from './use-submit-lock';

describe('useSubmitLock', () => {
  it('drops a submit that arrives while the previous one runs, and takes the next one after', async () => {
    let answer = deferred<void>();
    const handler = vi.fn((_values: { n: number }) => answer.promise);
    const { result } = renderHook(() => useSubmitLock(handler));

    let first!: Promise<void>;
    act(() => {
      // Both in one go, before any render: a lock in React state would let the second through.
      first = result.current.submit({ n: 1 });
      void result.current.submit({ n: 2 });
    });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ n: 1 });
    expect(result.current.submitting).toBe(true);

    await act(async () => {
      answer.resolve();
      await first;
    });
    expect(result.current.submitting).toBe(false);

    answer = deferred<void>();
    act(() => void result.current.submit({ n: 3 }));
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenLastCalledWith({ n: 3 });
  });

  it('lets go after a handler that fails', async () => {
    const handler = vi.fn(() => Promise.reject(new Error('refused')));
    const { result } = renderHook(() => useSubmitLock(handler));
    await act(() => expect(result.current.submit()).rejects.toThrow('refused'));
    expect(result.current.submitting).toBe(false);
    await act(() => expect(result.current.submit()).rejects.toThrow('refused'));
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
