import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { hashPassword } from '../../lib/password';
import { useSessionStore } from '../../stores/session';
import { failed, fakeApi, ok, renderWithProviders } from '../../test-utils';
import LoginScreen from './login-screen';

const agentInfo = {
  id: 31, account: 'cn01_admin', name: 'CN01 管理员', phone: '', google_bound: true, must_bind_google: false, last_login_at: null, last_login_ip: null,
  agent_id: 5, agent_code: 'CN01', agent_name: '华东总代', admin_level_id: 1, admin_level_name: '超级管理员',
};

const tab = (name: string) => screen.getByRole('tab', { name });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('LoginScreen', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });
  beforeEach(async () => {
    await i18n.changeLanguage('zh-cn');
    localStorage.clear();
    useSessionStore.setState({ token: '', kind: 'operator', userInfo: null, permissions: [], routes: [], routesLoaded: false });
  });
  afterEach(cleanup);

  it('opens on the operator tab, and on the agent tab when the last session was an agent user’s', () => {
    renderWithProviders(<LoginScreen />, { route: '/login' });
    expect(tab('运营登录').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByLabelText('代理代码')).toBeNull();
    cleanup();

    useSessionStore.setState({ kind: 'agent' });
    renderWithProviders(<LoginScreen />, { route: '/login' });
    expect(tab('代理登录').getAttribute('aria-selected')).toBe('true');
    expect(field('代理代码')).toBeTruthy();
    // Only the open tab's form is in the page, and agent users have no SMS login.
    expect(document.querySelectorAll('form')).toHaveLength(1);
    expect(screen.queryByText('短信验证码登录')).toBeNull();
  });

  it('checks the agent tab’s fields with messages in both languages', async () => {
    renderWithProviders(<LoginScreen />, { route: '/login' });
    fireEvent.click(tab('代理登录'));
    fireEvent.change(field('代理代码'), { target: { value: 'cn 01' } });
    fireEvent.submit(document.querySelector('form')!);
    expect(await screen.findByText('代理代码只能包含字母、数字、“-”和“_”')).toBeTruthy();
    expect(screen.getByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();

    await i18n.changeLanguage('en');
    fireEvent.submit(document.querySelector('form')!);
    expect(await screen.findByText('The agent code may hold only letters, digits, "-" and "_"')).toBeTruthy();
    expect(screen.getByText('Please enter Username')).toBeTruthy();
    expect(tab('Agent')).toBeTruthy();
  });

  it('logs an agent user in at /v1/agent/login, and shows under the code a refusal that names it', async () => {
    let asked = 0;
    const api = fakeApi(
      (path, body) => {
        if (path !== 'login') return undefined;
        asked += 1;
        return body.agent_code ? ok({ token: 'tok-agent', user_info: agentInfo }) : failed('A0400', 'agent_code：请输入代理代码');
      },
      '',
    );
    renderWithProviders(<LoginScreen />, { route: '/login' });
    fireEvent.click(tab('代理登录'));
    // Left empty, the code is the server's to ask for (an agent's own domain names the agent).
    fireEvent.change(field('用户名'), { target: { value: 'cn01_admin' } });
    fireEvent.change(field('密码'), { target: { value: 'agent123' } });
    fireEvent.change(field('验证码'), { target: { value: '000000' } });
    fireEvent.submit(document.querySelector('form')!);
    const form = document.querySelector('form')!;
    await waitFor(() => expect(within(form).getByText('请输入代理代码')).toBeTruthy());
    expect(api.toast.error).not.toHaveBeenCalled();

    fireEvent.change(field('代理代码'), { target: { value: 'CN01-SH' } });
    fireEvent.submit(form);
    await waitFor(() => expect(useSessionStore.getState()).toMatchObject({ token: 'tok-agent', kind: 'agent' }));
    expect(asked).toBe(2);
    expect(api.fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.endsWith('/login'))).toEqual(['/v1/agent/login', '/v1/agent/login']);
    expect(api.sent('login').at(-1)).toEqual({ agent_code: 'CN01-SH', account: 'cn01_admin', password: hashPassword('agent123'), google_code: '000000' });
  });
});
