import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { hashPassword } from '../../lib/password';
import { deferred, fakeApi, ok, operatorUser, renderWithProviders } from '../../test-utils';
import { ResetPasswordModal } from './reset-password-modal';

const target = operatorUser({ id: 12, account: 'ops.li', name: '李' });

describe('ResetPasswordModal', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  afterEach(cleanup);

  it('sends one user/password/edit however often Enter is pressed while it is in flight', async () => {
    const answer = deferred<Response>();
    const api = fakeApi((path) => (path === 'user/password/edit' ? answer.promise : undefined));
    const onClose = vi.fn();
    renderWithProviders(<ResetPasswordModal target={target} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'new-pass-1' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'new-pass-1' } });

    // Enter in a field: the browser clicks the form's hidden submit button.
    const enter = () => fireEvent.click(document.querySelector('.ant-modal form button[type="submit"]')!);
    enter();
    await waitFor(() => expect(api.sent('user/password/edit')).toHaveLength(1));
    enter();
    enter();
    await new Promise((r) => setTimeout(r, 300));
    expect(api.sent('user/password/edit')).toEqual([{ user_id: 12, password: hashPassword('new-pass-1'), token: 'tok' }]);

    answer.resolve(ok(null));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.sent('user/password/edit')).toHaveLength(1);
  });
});
