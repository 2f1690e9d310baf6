import { describe, expect, it, vi } from 'vitest';
import { matchRoutes } from 'react-router';
import { ASYNC_ROUTES } from '@console/contract';
import { ApiError, TransportError } from '../../lib/api';
import { decideNavigation, type GuardState, loginRedirect, redirectHelperTarget, runGuard, safeRedirectTarget, unmatchedTarget } from './index';
import { buildPermittedRoutes, consolePaths, leafRoutes } from '../route-table';

const anon: GuardState = { token: '', routesLoaded: false, mustBind: false };
const fresh: GuardState = { token: 't', routesLoaded: false, mustBind: false };
const ready: GuardState = { token: 't', routesLoaded: true, mustBind: false };

describe('decideNavigation', () => {
  it('lets anyone reach the login screen', () => {
    expect(decideNavigation('/login', '', anon)).toEqual({ kind: 'allow' });
  });

  it('sends a visitor without a session to login, remembering where they were going', () => {
    expect(decideNavigation('/background/account', '?page=2', anon)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fbackground%2Faccount%3Fpage%3D2',
    });
    expect(decideNavigation('/', '', anon)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideNavigation('/404', '', anon)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideNavigation('/401', '', anon)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('loads user info and routes on the first navigation with a session', () => {
    expect(decideNavigation('/dashboard', '', fresh)).toEqual({ kind: 'load' });
    expect(decideNavigation('/login', '', fresh)).toEqual({ kind: 'load' });
  });

  it('sends a logged-in user away from the login screen', () => {
    expect(decideNavigation('/login', '', ready)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation('/login', '?redirect=%2Fx', ready)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('lets a logged-in user through once routes are loaded', () => {
    expect(decideNavigation('/background/account', '', ready)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/no/such/page', '', ready)).toEqual({ kind: 'allow' });
  });

  it('keeps a user who must bind an authenticator on the login screen', () => {
    const mustBind = { ...ready, mustBind: true };
    expect(decideNavigation('/dashboard', '', mustBind)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideNavigation('/login', '', mustBind)).toEqual({ kind: 'allow' });
  });
});

describe('runGuard', () => {
  function deps(state: GuardState, load: () => Promise<void> = async () => {}) {
    let current = state;
    return {
      state: () => current,
      loadAccess: vi.fn(async () => {
        await load();
        current = { ...current, routesLoaded: true };
      }),
      clearSession: vi.fn(() => {
        current = anon;
      }),
    };
  }

  it('retries the same navigation after loading, exactly once', async () => {
    const d = deps(fresh);
    expect(await runGuard('/background/account', '?x=1', d)).toBe('/background/account?x=1');
    expect(d.loadAccess).toHaveBeenCalledTimes(1);
    // The retry passes.
    expect(await runGuard('/background/account', '?x=1', d)).toBeNull();
    expect(d.loadAccess).toHaveBeenCalledTimes(1);
  });

  it('clears the session and goes to login when the server refuses it', async () => {
    for (const refusal of [new ApiError('A0230', 'expired', 401), new ApiError('A0213', 'disabled', 200), new ApiError(TransportError.Http, 'not found', 404)]) {
      const d = deps(fresh, async () => {
        throw refusal;
      });
      expect(await runGuard('/dashboard', '', d), refusal.code).toBe('/login');
      expect(d.clearSession).toHaveBeenCalledTimes(1);
      expect(await runGuard('/login', '', d)).toBeNull();
    }
  });

  it('keeps the session when the load got no answer: the error shows, and a reload goes on signed in', async () => {
    const noAnswers = [
      new ApiError(TransportError.Network, 'offline'),
      new ApiError(TransportError.Timeout, 'timeout'),
      new ApiError(TransportError.Http, 'bad gateway', 502),
      new ApiError('A0500', 'system error', 500),
      new TypeError('Failed to fetch dynamically imported module'),
    ];
    for (const failure of noAnswers) {
      const d = deps(fresh, async () => {
        throw failure;
      });
      await expect(runGuard('/dashboard', '', d)).rejects.toBe(failure);
      expect(d.clearSession).not.toHaveBeenCalled();
      expect(d.state().token).toBe(fresh.token);
    }
  });

  it('does not load anything without a session', async () => {
    const d = deps(anon);
    expect(await runGuard('/dashboard', '', d)).toBe('/login?redirect=%2Fdashboard');
    expect(d.loadAccess).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it('accepts only in-console paths as the post-login target', () => {
    expect(safeRedirectTarget('/background/account?page=2')).toBe('/background/account?page=2');
    expect(safeRedirectTarget(null)).toBe('/');
    expect(safeRedirectTarget('https://evil.example')).toBe('/');
    expect(safeRedirectTarget('//evil.example')).toBe('/');
    expect(safeRedirectTarget('/login?redirect=/x')).toBe('/');
  });

  it('does not nest login redirects', () => {
    expect(loginRedirect('/login?redirect=%2Fx')).toBe('/login');
  });

  it('turns /redirect/<path> into <path>', () => {
    expect(redirectHelperTarget('/redirect/background/account', '?page=3')).toBe('/background/account?page=3');
    expect(redirectHelperTarget('/redirect/dashboard', '')).toBe('/dashboard');
  });

  it('matches an unknown path only to the catch-all, which leads to /404', () => {
    const routes = [{ path: '/login' }, { path: '/background/account' }, { path: '*' }];
    expect(matchRoutes(routes, '/nope')?.[0]?.route.path).toBe('*');
    expect(matchRoutes(routes, '/background/account')?.[0]?.route.path).toBe('/background/account');
  });
});

describe('unmatchedTarget', () => {
  const available = new Set(leafRoutes(ASYNC_ROUTES).map((l) => l.component));
  const all = consolePaths(available);

  it('sends a user to /401 from a page of the console their permission codes leave out', () => {
    // A dealer-config-only user (901): the router holds none of these pages for them.
    const theirs = new Set(leafRoutes(buildPermittedRoutes(['9', '901'], available)).map((l) => l.path));
    for (const path of ['/game/manage/agent', '/game/manage/agent/protect', '/game/manage/agent/prize-pool', '/background/account', '/dashboard']) {
      expect(theirs.has(path), path).toBe(false);
      expect(unmatchedTarget(path, all), path).toBe('/401');
    }
    // Module roots and parents exist too.
    expect(unmatchedTarget('/background', all)).toBe('/401');
    expect(unmatchedTarget('/agent', all)).toBe('/401');
  });

  it('matches as the router does: a trailing slash and case aside', () => {
    expect(unmatchedTarget('/game/manage/agent/protect/', all)).toBe('/401');
    expect(unmatchedTarget('/Game/Manage/Agent', all)).toBe('/401');
  });

  it('keeps /404 for paths that are no page of the console', () => {
    expect(unmatchedTarget('/no/such/page', all)).toBe('/404');
    expect(unmatchedTarget('/game/manage/agent/protect/x', all)).toBe('/404');
    expect(unmatchedTarget('/game/manage/nothing', all)).toBe('/404');
    expect(unmatchedTarget('/background/account', [])).toBe('/404');
  });
});
