import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Form, Input } from 'antd';
import { user } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { deferred } from '../../test-utils';
import { FormDialog, type FormDialogProps } from './form-dialog';
import { useConfirm } from './use-confirm';
import { zodRule } from './zod-rule';

interface Values {
  account: string;
  name?: string;
}

const fields = user.userAdd.request.shape;

function show(props: Partial<FormDialogProps<Values>> = {}) {
  const all: FormDialogProps<Values> = { open: true, title: 'Dialog', name: 'test-dialog', onSubmit: vi.fn(async () => {}), onClose: vi.fn(), children: null, ...props };
  render(
    <App>
      <FormDialog<Values> {...all}>
        <Form.Item name="account" label="Account" rules={[zodRule(fields.account, { label: 'Account' })]}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label="Name" rules={[zodRule(fields.name.optional())]}>
          <Input />
        </Form.Item>
      </FormDialog>
    </App>,
  );
  return all;
}

/** What pressing Enter in a field does: the browser clicks the form's (hidden) submit button. */
const pressEnter = () => fireEvent.click(document.querySelector('.ant-modal form button[type="submit"]')!);

describe('FormDialog', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });
  afterEach(cleanup);
  afterAll(() => i18n.changeLanguage('zh-cn'));

  it('explains what the contract refuses, in the user’s language', async () => {
    await act(() => i18n.changeLanguage('zh-cn'));
    const props = show();
    pressEnter();
    expect(await screen.findByText('请输入Account')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'ab' } });
    expect(await screen.findByText('至少 3 个字符')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'a b c' } });
    expect(await screen.findByText('只能包含字母、数字和 _ . @ -')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x'.repeat(65) } });
    expect(await screen.findByText('最多 64 个字符')).toBeTruthy();
    expect(props.onSubmit).not.toHaveBeenCalled();

    await act(() => i18n.changeLanguage('en'));
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'ab' } });
    expect(await screen.findByText('At least 3 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: '' } });
    expect(await screen.findByText('Please enter Account')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x'.repeat(66) } });
    expect(await screen.findByText('At most 64 characters')).toBeTruthy();
  });

  it('submits once however often Enter is pressed, then says so and closes', async () => {
    await act(() => i18n.changeLanguage('zh-cn'));
    const answer = deferred<void>();
    const onSubmit = vi.fn(() => answer.promise);
    const props = show({ onSubmit, successMessage: '已保存' });
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'ops.new' } });
    pressEnter();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    pressEnter();
    pressEnter();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await new Promise((r) => setTimeout(r, 300));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ account: 'ops.new' });
    expect(props.onClose).not.toHaveBeenCalled();

    answer.resolve();
    await waitFor(() => expect(props.onClose).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it('stays open when the call is refused, for a fix and another try', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new Error('refused')).mockResolvedValueOnce(undefined);
    const props = show({ onSubmit });
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'ops.new' } });
    pressEnter();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(props.onClose).not.toHaveBeenCalled();
    pressEnter();
    await waitFor(() => expect(props.onClose).toHaveBeenCalledTimes(1));
  });
});

describe('FormDialog opened again', () => {
  afterEach(cleanup);

  /** One dialog and one form instance, opened for one row and then for another. */
  function Editor({ row }: { row: Values | null }) {
    const [form] = Form.useForm<Values>();
    return (
      <App>
        <FormDialog<Values> open={row !== null} title="Edit" name="edit-dialog" form={form} initialValues={row ?? undefined} onSubmit={async () => {}} onClose={() => {}}>
          <Form.Item name="account" label="Account">
            <Input />
          </Form.Item>
        </FormDialog>
      </App>
    );
  }

  it("starts from the new row's values, not the last row's or the last typing", async () => {
    const { rerender } = render(<Editor row={{ account: 'first.row' }} />);
    const field = () => screen.getByLabelText('Account') as HTMLInputElement;
    await waitFor(() => expect(field().value).toBe('first.row'));
    fireEvent.change(field(), { target: { value: 'typed.then.closed' } });
    rerender(<Editor row={null} />);
    rerender(<Editor row={{ account: 'second.row' }} />);
    await waitFor(() => expect(field().value).toBe('second.row'));
  });
});

describe('useConfirm', () => {
  afterEach(cleanup);

  function Trigger({ onOk, danger }: { onOk: () => void; danger?: boolean }) {
    const confirm = useConfirm();
    return <Button onClick={() => confirm({ title: 'Delete it?', content: 'Gone for good.', danger, onOk })}>go</Button>;
  }

  it('asks first, with a red OK for a destructive action', async () => {
    await act(() => i18n.changeLanguage('zh-cn'));
    const onOk = vi.fn();
    render(
      <App>
        <Trigger onOk={onOk} danger />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    const ok = await screen.findByRole('button', { name: /确\s*认/ });
    expect(ok.className).toContain('ant-btn-dangerous');
    expect(onOk).not.toHaveBeenCalled();
    fireEvent.click(ok);
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });
});
