import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_STATE_PREFIX } from './list-prefs';
import { user } from '@console/contract';
import { call, configureApi } from '../lib/api';
import { setFeedback } from '../lib/feedback';
import { hashPassword } from '../lib/password';
import { agentUserOf, isAgentSession, KIND_KEY, readKind, readToken, TOKEN_KEY, useSessionStore } from './session';
import { useDictStore } from './dict';
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
    configureApi({
      fetch: fetchMock,
      getToken: () => useSessionStore.getState().token,
      getSessionKind: () => useSessionStore.getState().kind,
      onSessionExpired: () => useSessionStore.getState().clear(),
    });
    useSessionStore.setState({ token: '', kind: 'operator', userInfo: null, permissions: [], routes: [], routesLoaded: false });
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

  describe('an agent user’s session', () => {
    const agentInfo = { ...userInfo, id: 31, account: 'cn01_admin', agent_id: 5, agent_code: 'CN01', agent_name: '华东总代', admin_level_id: 1, admin_level_name: '超级管理员' };
    const urls: string[] = [];

    beforeEach(() => {
      urls.length = 0;
      fetchMock.mockImplementation(async (url, init) => {
        urls.push(String(url));
        const path = String(url).replace(/^\/v1\/(operator|agent)\//, '');
        bodies[path] = JSON.parse(String(init?.body)) as Record<string, unknown>;
        if (String(url) === '/v1/agent/login') return ok({ token: 'tok-agent', user_info: agentInfo });
        if (String(url) === '/v1/operator/login') return ok({ token: 'tok-op', user_info: userInfo });
        if (path === 'logout') return ok(null);
        return ok({ list: [], total: 0 });
      });
    });

    it('logs in at /v1/agent/login with the agent code and the hashed password, and remembers the kind beside the token', async () => {
      const info = await useSessionStore.getState().loginAsAgent({ agentCode: ' CN01 ', account: ' cn01_admin ', password: 'agent123', googleCode: '' });
      expect(urls[0]).toBe('/v1/agent/login');
      expect(bodies.login).toEqual({ agent_code: 'CN01', account: 'cn01_admin', password: hashPassword('agent123'), google_code: '' });
      expect(agentUserOf(info)).toMatchObject({ agent_code: 'CN01', agent_name: '华东总代', admin_level_name: '超级管理员' });
      expect(useSessionStore.getState()).toMatchObject({ token: 'tok-agent', kind: 'agent' });
      expect(localStorage.getItem(KIND_KEY)).toBe('agent');
      expect(isAgentSession()).toBe(true);
      // The start-up lists come from the agent mount.
      await vi.waitFor(() => expect(urls).toEqual(expect.arrayContaining(['/v1/agent/agent/quick', '/v1/agent/currency/list', '/v1/agent/game/list'])));
    });

    it('starts the report filters from the whole sub-tree, not an agent remembered from another session', async () => {
      useDictStore.getState().setAgentId(42);
      await useSessionStore.getState().loginAsAgent({ agentCode: 'CN01', account: 'cn01_admin', password: 'agent123', googleCode: '' });
      expect(useDictStore.getState().agentId).toBe(0);
    });

    it('keeps its kind across a reload: the stored kind is read back with the token', async () => {
      await useSessionStore.getState().loginAsAgent({ agentCode: 'CN01', account: 'cn01_admin', password: 'agent123', googleCode: '' });
      expect(readToken()).toBe('tok-agent');
      expect(readKind()).toBe('agent');
      // A store made afresh (a reload) starts from what local storage holds.
      localStorage.setItem(KIND_KEY, 'nonsense');
      expect(readKind()).toBe('operator');
    });

    it('logs out under /v1/agent/ and keeps the kind, so the login screen opens on the agent tab', async () => {
      await useSessionStore.getState().loginAsAgent({ agentCode: 'CN01', account: 'cn01_admin', password: 'agent123', googleCode: '' });
      await useSessionStore.getState().logout();
      expect(urls).toContain('/v1/agent/logout');
      expect(useSessionStore.getState()).toMatchObject({ token: '', kind: 'agent', userInfo: null });
      expect(readKind()).toBe('agent');
      expect(isAgentSession()).toBe(false);
      // An operator logging in next on the same browser is an operator again, at /v1/operator/.
      await useSessionStore.getState().loginWithPassword({ account: 'ops', password: 'secret1', googleCode: '' });
      expect(urls).toContain('/v1/operator/login');
      expect(useSessionStore.getState()).toMatchObject({ token: 'tok-op', kind: 'operator' });
      expect(readKind()).toBe('operator');
    });

    it('ends on HTTP 401 A0230 from /v1/agent/ (say, its agent was disabled), remembering it was an agent session', async () => {
      await useSessionStore.getState().loginAsAgent({ agentCode: 'CN01', account: 'cn01_admin', password: 'agent123', googleCode: '' });
      fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 'A0230', msg: '' }), { status: 401, headers: { 'content-type': 'application/json' } }));
      await expect(call(user.agentUserInfo, {})).rejects.toMatchObject({ code: 'A0230' });
      expect(useSessionStore.getState()).toMatchObject({ token: '', kind: 'agent' });
    });

    it('follows another tab that logs in with the other kind', async () => {
      await useSessionStore.getState().loginWithPassword({ account: 'ops', password: 'secret1', googleCode: '' });
      localStorage.setItem(KIND_KEY, 'agent');
      localStorage.setItem(TOKEN_KEY, 'tok-agent-other-tab');
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: 'tok-agent-other-tab' }));
      expect(useSessionStore.getState()).toMatchObject({ token: 'tok-agent-other-tab', kind: 'agent' });
      await call(user.agentUserInfo, {});
      expect(urls.at(-1)).toBe('/v1/agent/user/info');
    });

    it('tells an operator’s user info from an agent user’s', () => {
      expect(agentUserOf(userInfo)).toBeNull();
      expect(agentUserOf(null)).toBeNull();
      expect(agentUserOf(agentInfo)?.agent_id).toBe(5);
    });
  });
});
