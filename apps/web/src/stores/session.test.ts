import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_STATE_PREFIX } from './list-prefs';
import { user } from '@console/contract';
import { call, configureApi } from '../lib/api';
import { setFeedback } from '../lib/feedback';
import { hashPassword } from '../lib/password';
import { readToken, TOKEN_KEY, useSessionStore } from './session';
import { useSettingsStore } from './settings';

const userInfo = {
  id: 7,
  account: 'ops',
  name: 'Ops',
  phone: '',
  google_bound: true,
  must_bind_google: false,
  last_login_at: null,
  last_login_ip: null,
};

const ok = (data: unknown) => new Response(JSON.stringify({ error_code: '0', error_msg: '', data }), { headers: { 'content-type': 'application/json' } });

describe('session store', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const bodies: Record<string, Record<string, unknown>> = {};

  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    setFeedback({ message: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } as never, notification: { info: vi.fn(), error: vi.fn(), success: vi.fn(), warning: vi.fn() } as never });
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url).replace('/v1/operator/', '');
      bodies[path] = JSON.parse(String(init?.body)) as Record<string, unknown>;
      if (path === 'login') return ok({ token: 'tok-abc', user_info: userInfo });
      if (path === 'logout') return ok(null);
      return ok({ list: [], total: 0 });
    });
    // As the app wires it (app/session.ts): an expiry ends the session.
    configureApi({ fetch: fetchMock, getToken: () => useSessionStore.getState().token, onSessionExpired: () => useSessionStore.getState().clear() });
    useSessionStore.setState({ token: '', userInfo: null, permissions: [], routes: [], routesLoaded: false });
    useSettingsStore.getState().setSetting('watermarkEnabled', false);
  });

  it('logs in with the fixed login payload and keeps the token under "token" as a plain string', async () => {
    await useSessionStore.getState().loginWithPassword({ account: ' ops ', password: 'secret1', googleCode: '123456' });
    expect(bodies.login).toEqual({
      type: 1,
      account: 'ops',
      password: hashPassword('secret1'),
      google_code: '123456',
      phone: '',
      message_code: '',
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-abc');
    expect(readToken()).toBe('tok-abc');
    expect(useSessionStore.getState().userInfo).toEqual(userInfo);
    expect(JSON.parse(localStorage.getItem('session') ?? '{}').state.userInfo).toEqual(userInfo);
    expect(useSettingsStore.getState().watermarkEnabled).toBe(true);
    // The start-up dictionaries follow the login.
    await vi.waitFor(() => expect(Object.keys(bodies)).toEqual(expect.arrayContaining(['agent/quick', 'currency/list', 'game/list'])));
  });

  it('logs out on the server, turns the watermark off and forgets token and routes', async () => {
    await useSessionStore.getState().loginWithPassword({ account: 'ops', password: 'secret1', googleCode: '' });
    useSessionStore.getState().setAccess({ userInfo, permissions: ['1'], routes: [{ path: '/dashboard', component: 'dashboard' }] });
    await useSessionStore.getState().logout();
    expect(bodies.logout).toEqual({ token: 'tok-abc' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(readToken()).toBe('');
    expect(useSessionStore.getState()).toMatchObject({ token: '', userInfo: null, permissions: [], routes: [], routesLoaded: false });
    expect(useSettingsStore.getState().watermarkEnabled).toBe(false);
  });

  it("forgets every screen's remembered list state on logout, so the next user starts clean", async () => {
    await useSessionStore.getState().loginWithPassword({ account: 'ops', password: 'secret1', googleCode: '' });
    sessionStorage.setItem(`${LIST_STATE_PREFIX}account`, 'keyword=ops');
    sessionStorage.setItem('unrelated', 'kept');
    await useSessionStore.getState().logout();
    expect(sessionStorage.getItem(`${LIST_STATE_PREFIX}account`)).toBeNull();
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
  });

  it('follows a login in another tab, and tells about that session expiring as well', async () => {
    const notice = { info: vi.fn(), error: vi.fn(), success: vi.fn(), warning: vi.fn() };
    setFeedback({ message: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } as never, notification: notice as never });
    const expire = () => new Response(JSON.stringify({ code: 'A0230', msg: '' }), { status: 401, headers: { 'content-type': 'application/json' } });

    await useSessionStore.getState().loginWithPassword({ account: 'ops', password: 'secret1', googleCode: '' });
    fetchMock.mockResolvedValueOnce(expire());
    await expect(call(user.userList, { page: 1, page_size: 20 })).rejects.toMatchObject({ code: 'A0230' });
    expect(notice.info).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().token).toBe('');

    // The user logs in again in another tab; this tab only hears of it through the storage event.
    localStorage.setItem(TOKEN_KEY, 'tok-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: 'tok-other-tab' }));
    expect(useSessionStore.getState().token).toBe('tok-other-tab');

    fetchMock.mockResolvedValueOnce(expire());
    await expect(call(user.userList, { page: 1, page_size: 20 })).rejects.toMatchObject({ code: 'A0230' });
    expect(notice.info).toHaveBeenCalledTimes(2);
    expect(useSessionStore.getState().token).toBe('');
    expect(readToken()).toBe('');
  });

  it('still leaves when the server already ended the session', async () => {
    await useSessionStore.getState().loginWithPassword({ account: 'ops', password: 'secret1', googleCode: '' });
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 'A0230', msg: '' }), { status: 401, headers: { 'content-type': 'application/json' } }));
    await useSessionStore.getState().logout();
    expect(useSessionStore.getState().token).toBe('');
  });
});
