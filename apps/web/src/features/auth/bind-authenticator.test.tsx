import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from '../../locales';
import { configureApi } from '../../lib/api';
import { useSessionStore } from '../../stores/session';
import { BindAuthenticator, groupSecret } from './bind-authenticator';

const info = { id: 3, account: 'ops', name: 'Ops', phone: '', google_bound: false, must_bind_google: true, last_login_at: null, last_login_ip: null };
const ok = (data: unknown) => new Response(JSON.stringify({ error_code: '0', error_msg: '', data }), { headers: { 'content-type': 'application/json' } });

describe('BindAuthenticator', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(async () => {
    await i18n.changeLanguage('zh-cn');
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url).replace('/v1/operator/', '');
      if (path === 'user/google/bind/init') return ok({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/GameConsole:ops?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
      if (path === 'user/google/bind/confirm') {
        expect(JSON.parse(String(init?.body))).toMatchObject({ code: '123456', token: 't' });
        return ok({ user_info: { ...info, google_bound: true } });
      }
      return ok(null);
    });
    configureApi({ fetch: fetchMock, getToken: () => 't', getLanguage: () => 'zh-cn' });
    useSessionStore.setState({ token: 't', userInfo: info });
  });

  afterEach(cleanup);

  it('groups the secret in fours for typing by hand', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });

  it('cannot be skipped when binding is required, and confirms with the code', async () => {
    const done = vi.fn();
    render(
      <App>
        <BindAuthenticator required onDone={done} />
      </App>,
    );
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.queryByText('暂不绑定')).toBeNull();
    expect(screen.getByText('系统要求绑定身份验证器后才能继续使用。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('6 位动态码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '完成绑定' }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(useSessionStore.getState().userInfo?.google_bound).toBe(true);
  });

  it('can be skipped when binding is optional', async () => {
    const done = vi.fn();
    render(
      <App>
        <BindAuthenticator required={false} onDone={done} />
      </App>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '暂不绑定' }));
    expect(done).toHaveBeenCalledTimes(1);
  });
});
