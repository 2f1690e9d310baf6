import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { failed, fakeApi, ok, renderWithProviders } from '../../test-utils';
import { SmsForm } from './sms-form';

const userInfo = { id: 3, account: 'ops.wang', name: '王', phone: '13900000001', google_bound: true, must_bind_google: false, last_login_at: null, last_login_ip: null };

describe('SmsForm', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  afterEach(cleanup);

  it('asks for the authenticator code when the account has one bound, and sends it with the SMS code', async () => {
    const api = fakeApi((path, body) => {
      if (path !== 'login') return undefined;
      return body.google_code ? ok({ token: 'new-token', user_info: userInfo }) : failed('A0241', '该账号已绑定身份验证器，请同时输入其动态码');
    });
    const onLoggedIn = vi.fn();
    renderWithProviders(<SmsForm onLoggedIn={onLoggedIn} />);
    expect(screen.queryByLabelText('身份验证器动态码')).toBeNull();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13900000001' } });
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '123456' } });
    fireEvent.submit(document.querySelector('form')!);

    // The server's words under the new field, not a toast.
    await waitFor(() => expect(screen.getByLabelText('身份验证器动态码')).toBeTruthy());
    await waitFor(() => expect(screen.getByText('该账号已绑定身份验证器，请同时输入其动态码')).toBeTruthy());
    expect(api.toast.error).not.toHaveBeenCalled();
    expect(onLoggedIn).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('身份验证器动态码'), { target: { value: '654321' } });
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(api.sent('login').map((b) => [b.type, b.phone, b.message_code, b.google_code])).toEqual([
      [2, '13900000001', '123456', ''],
      [2, '13900000001', '123456', '654321'],
    ]);
  });
});
