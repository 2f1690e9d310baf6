import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { useSessionStore } from '../../stores/session';
import { fakeApi, ok, renderWithProviders } from '../../test-utils';
import LoginScreen from './login-screen';

const code = (label: string) => screen.getByLabelText(label, { selector: 'input' });
/** The texts an input is described by (aria-describedby). */
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the verification code’s hint for an account with no authenticator', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState({ token: '', kind: 'operator', userInfo: null, permissions: [], routes: [], routesLoaded: false });
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('zh-cn');
  });

  it('is said under the field of both tabs, in both languages, and read out with it', async () => {
    await i18n.changeLanguage('zh-cn');
    renderWithProviders(<LoginScreen />, { route: '/login' });
    const zh = '身份验证器中的 6 位动态码。尚未绑定验证器？输入任意 6 位数字即可，登录后将引导绑定。';
    expect(screen.getByTestId('verify-code-hint').textContent).toBe(zh);
    expect(description(code('验证码'))).toContain(zh);
    // No tooltip icon any more: nothing to hover or find.
    expect(document.querySelector('.anticon-question-circle')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '代理登录' }));
    expect(description(await waitFor(() => code('验证码')))).toContain(zh);

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(screen.getByTestId('verify-code-hint').textContent).toBe('The 6-digit code of your authenticator app. None bound yet? Enter any 6 digits; you will be asked to bind one after signing in.');
  });

  it('stays required, as the specification asks, and sends the 6 digits typed', async () => {
    await i18n.changeLanguage('zh-cn');
    const api = fakeApi((path) => (path === 'login' ? ok({ token: 't', user_info: { id: 1, account: 'ops', name: '', phone: '', google_bound: false, must_bind_google: false } }) : undefined));
    renderWithProviders(<LoginScreen />, { route: '/login' });
    fireEvent.change(code('用户名'), { target: { value: 'ops' } });
    fireEvent.change(code('密码'), { target: { value: 'secret123' } });
    fireEvent.submit(document.querySelector('form')!);
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(api.sent('login')).toEqual([]);
    fireEvent.change(code('验证码'), { target: { value: '123456' } });
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(api.sent('login')).toEqual([expect.objectContaining({ account: 'ops', google_code: '123456' })]));
  });
});
