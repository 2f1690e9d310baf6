import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { normalizePermissions, PERMISSION_TREE } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { deferred, failed, fakeApi, ok, renderWithProviders } from '../../test-utils';
import { AddAccountModal } from './add-account-modal';

/** What pressing Enter in a field does: the browser clicks the form's (hidden) submit button. */
function pressEnter() {
  const button = document.querySelector<HTMLButtonElement>('.ant-modal form button[type="submit"]');
  if (!button) throw new Error('the form has no submit button');
  fireEvent.click(button);
}

describe('AddAccountModal', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  afterEach(cleanup);

  let answers: ReturnType<typeof deferred<Response>>[];
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    answers = [];
    api = fakeApi((path) => {
      if (path !== 'user/add') return undefined;
      const answer = deferred<Response>();
      answers.push(answer);
      return answer.promise;
    });
  });

  function fill() {
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'ops.new' } });
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '新人' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret-1' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'secret-1' } });
  }

  it('sends one user/add however often Enter is pressed while it is in flight', async () => {
    const onClose = vi.fn();
    renderWithProviders(<AddAccountModal open onClose={onClose} tree={[]} treeLoading={false} grantable={new Set()} />);
    fill();
    pressEnter();
    await waitFor(() => expect(api.sent('user/add')).toHaveLength(1));
    pressEnter();
    pressEnter();
    // Long enough for the form to validate and hand over each extra submit.
    await new Promise((r) => setTimeout(r, 300));
    expect(api.sent('user/add')).toHaveLength(1);
    expect(api.sent('user/add')[0]).toMatchObject({ account: 'ops.new', name: '新人', permissions: '' });

    answers[0]!.resolve(ok({ id: 9 }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.sent('user/add')).toHaveLength(1);
  });

  it('takes the next submit once a refused one has come back, for a fix and a retry', async () => {
    renderWithProviders(<AddAccountModal open onClose={vi.fn()} tree={[]} treeLoading={false} grantable={new Set()} />);
    fill();
    pressEnter();
    await waitFor(() => expect(api.sent('user/add')).toHaveLength(1));
    answers[0]!.resolve(failed('A0409', '账号 ops.new 已存在'));
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledTimes(1));

    pressEnter();
    await waitFor(() => expect(api.sent('user/add')).toHaveLength(2));
  });

  it('adds a report-only operator in one click with the "报表只读" preset, within what the caller may grant', async () => {
    // The caller holds two agent reports, one player report, the ledger and wallet management.
    const grantable = new Set(normalizePermissions(['1401', '1402', '201', '6', '802']));
    renderWithProviders(<AddAccountModal open onClose={vi.fn()} tree={PERMISSION_TREE} treeLoading={false} grantable={grantable} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: '报表只读' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '报表只读' }).getAttribute('aria-pressed')).toBe('true'));
    pressEnter();
    await waitFor(() => expect(api.sent('user/add')).toHaveLength(1));
    expect(String(api.sent('user/add')[0]!.permissions).split(',')).toEqual(normalizePermissions(['1401', '1402', '201', '6']));

    // Everything the caller may grant, and not a code more.
    answers[0]!.resolve(failed('A0409', '账号 ops.new 已存在'));
    await waitFor(() => expect(api.toast.error).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: '我可授予的全部权限' }));
    pressEnter();
    await waitFor(() => expect(api.sent('user/add')).toHaveLength(2));
    expect(String(api.sent('user/add')[1]!.permissions).split(',')).toEqual([...grantable]);
  });
});
