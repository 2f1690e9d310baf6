import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { agent, currency, player } from '@console/contract';
import { useSessionStore } from '../stores/session';
import { canCall, checkPerm, HasPerm, PermissionListError, useCanCall, useHasPerm } from './has-perm';

describe('checkPerm', () => {
  const held = ['1', '13', '1301'];

  it('passes when the user holds any of the codes (default) or all of them (every)', () => {
    expect(checkPerm(held, '1301')).toBe(true);
    expect(checkPerm(held, ['1303', '1301'])).toBe(true);
    expect(checkPerm(held, ['1303', '1305'])).toBe(false);
    expect(checkPerm(held, ['13', '1301'], 'every')).toBe(true);
    expect(checkPerm(held, ['13', '1303'], 'every')).toBe(false);
    expect(checkPerm([], '1')).toBe(false);
  });

  it('fails on an empty permission list (docs/product.md, "Management screens")', () => {
    expect(() => checkPerm(held, [])).toThrow(PermissionListError);
    expect(() => checkPerm(held, '')).toThrow(PermissionListError);
    expect(() => checkPerm(held, ['1301', ''])).toThrow(PermissionListError);
  });
});

describe('HasPerm and useHasPerm', () => {
  beforeEach(() => useSessionStore.setState({ permissions: ['13', '1301'] }));
  afterEach(() => {
    cleanup();
    useSessionStore.setState({ permissions: [] });
  });

  it('renders its children only for a holder, else the fallback', () => {
    render(
      <>
        <HasPerm perm="1301">
          <button>add account</button>
        </HasPerm>
        <HasPerm perm={['1303']} fallback={<span>no currency</span>}>
          <button>add currency</button>
        </HasPerm>
      </>,
    );
    expect(screen.getByRole('button', { name: 'add account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'add currency' })).toBeNull();
    expect(screen.getByText('no currency')).toBeTruthy();
  });

  it('follows the session: permissions granted later show the action', () => {
    const { result, rerender } = renderHook(() => useHasPerm());
    expect(result.current('1303')).toBe(false);
    useSessionStore.setState({ permissions: ['13', '1301', '1303'] });
    rerender();
    expect(result.current('1303')).toBe(true);
  });

  it('throws for an empty list rather than showing the action to everyone', () => {
    const { result } = renderHook(() => useHasPerm());
    expect(() => result.current([])).toThrow(PermissionListError);
  });
});

describe('canCall and useCanCall', () => {
  afterEach(() => useSessionStore.setState({ kind: 'operator', permissions: [] }));

  it('needs the call mounted for the session’s kind and, for a coded call, the code', () => {
    expect(canCall(player.playerWalletAdjust, 'operator', ['8', '802'])).toBe(true);
    expect(canCall(player.playerWalletAdjust, 'operator', ['8', '801'])).toBe(false);
    // An agent user never has a wallet adjustment, whatever codes they hold.
    expect(canCall(player.playerWalletAdjust, 'agent', ['8', '802'])).toBe(false);
    expect(canCall(player.playerStatusEdit, 'agent', ['8', '801'])).toBe(true);
    expect(canCall(agent.agentAdminLevelList, 'agent', ['7'])).toBe(true);
    expect(canCall(agent.agentAdminLevelAdd, 'agent', ['7'])).toBe(false);
    expect(canCall(agent.agentAdminLevelAdd, 'operator', ['7'])).toBe(true);
    // A call open to every session needs no code.
    expect(canCall(currency.currencyList, 'agent', [])).toBe(true);
    expect(canCall(currency.currencyAdd, 'agent', ['13', '1303'])).toBe(false);
  });

  it('reads the session’s kind and codes', () => {
    useSessionStore.setState({ kind: 'agent', permissions: ['7'] });
    const { result, rerender } = renderHook(() => useCanCall());
    expect(result.current(agent.agentEdit)).toBe(true);
    expect(result.current(agent.agentAdminLevelEdit)).toBe(false);
    act(() => useSessionStore.setState({ kind: 'operator' }));
    rerender();
    expect(result.current(agent.agentAdminLevelEdit)).toBe(true);
  });
});
