import { beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../lib/api';
import { TOKEN_KEY, useSessionStore } from '../stores/session';
import { fakeApi, ok } from '../test-utils';
import { queryClient } from './query-client';

const info = (id: number, account: string) => ({ id, account, name: account, phone: '', google_bound: true, must_bind_google: false, last_login_at: null, last_login_ip: null });

/** What a screen of the last operator left behind: a page of the account list. */
const cacheSomething = () => queryClient.setQueryData(['user', 'list', { page: 1, page_size: 20 }], { list: [{ id: 1, account: 'admin' }], total: 1 });
const cached = () => queryClient.getQueryCache().getAll().length;

describe('the query cache', () => {
  let logins = 0;
  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
    fakeApi((path) => (path === 'login' ? ok({ token: `tok-${++logins}`, user_info: info(logins, `op${logins}`) }) : ok({ list: [], total: 0 })));
    configureApi({ getToken: () => useSessionStore.getState().token, onSessionExpired: () => useSessionStore.getState().clear() });
    useSessionStore.setState({ token: '', userInfo: null, permissions: [], routes: [], routesLoaded: false });
  });

  const login = () => useSessionStore.getState().loginWithPassword({ account: 'ops', password: 'secret1', googleCode: '' });

  it('is emptied when the operator logs out', async () => {
    await login();
    cacheSomething();
    await useSessionStore.getState().logout();
    expect(cached()).toBe(0);
  });

  it('is emptied when the session expires', async () => {
    await login();
    cacheSomething();
    useSessionStore.getState().clear();
    expect(cached()).toBe(0);
  });

  it('is emptied when someone logs in, in this tab or another', async () => {
    await login();
    cacheSomething();
    await login();
    expect(cached()).toBe(0);

    cacheSomething();
    localStorage.setItem(TOKEN_KEY, 'tok-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: 'tok-other-tab' }));
    expect(useSessionStore.getState().token).toBe('tok-other-tab');
    expect(cached()).toBe(0);
  });

  it('stays while the session does', async () => {
    await login();
    cacheSomething();
    useSessionStore.getState().setUserInfo(info(99, 'same'));
    useSessionStore.getState().setAccess({ userInfo: info(99, 'same'), permissions: ['1'], routes: [] });
    expect(cached()).toBe(1);
  });
});
