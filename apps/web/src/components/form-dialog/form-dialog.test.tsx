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
    expect((onSubmit.mock.calls[0] as unknown[])[0]).toEqual({ account: 'ops.new' });
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

  /** One dialog, kept mounted by its screen, opened for one row and then for another. */
  function Editor({ row, record }: { row: Values | null; record?: string }) {
    const onSubmit = async () => {};
    return (
      <App>
        <FormDialog<Values> open={row !== null} record={record} title="Edit" name="edit-dialog" initialValues={row ?? undefined} onSubmit={onSubmit} onClose={() => {}}>
          <Form.Item name="account" label="Account">
            <Input />
          </Form.Item>
          <Form.Item name="name" label="Name">
            <Input />
          </Form.Item>
        </FormDialog>
      </App>
    );
  }
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

  it("starts from the new row's values, not the last row's or the last typing", async () => {
    const { rerender } = render(<Editor row={{ account: 'first.row', name: 'First' }} />);
    await waitFor(() => expect(field('Account').value).toBe('first.row'));
    fireEvent.change(field('Account'), { target: { value: 'typed.then.closed' } });
    rerender(<Editor row={null} />);
    // The second row has no name: the first row's must not show through.
    rerender(<Editor row={{ account: 'second.row' }} />);
    await waitFor(() => expect(field('Account').value).toBe('second.row'));
    expect(field('Name').value).toBe('');
  });

  it('hands the submit the values of the row it was opened for', async () => {
    const sent: Values[] = [];
    function Sender({ row }: { row: Values | null }) {
      return (
        <App>
          <FormDialog<Values> open={row !== null} title="Edit" name="send-dialog" initialValues={row ?? undefined} onSubmit={async (v) => void sent.push(v)} onClose={() => {}}>
            <Form.Item name="account" label="Account">
              <Input />
            </Form.Item>
            <Form.Item name="name" label="Name">
              <Input />
            </Form.Item>
          </FormDialog>
        </App>
      );
    }
    const { rerender } = render(<Sender row={{ account: 'first.row', name: 'First' }} />);
    await waitFor(() => expect(field('Account').value).toBe('first.row'));
    rerender(<Sender row={null} />);
    rerender(<Sender row={{ account: 'second.row', name: 'Second' }} />);
    await waitFor(() => expect(field('Name').value).toBe('Second'));
    pressEnter();
    await waitFor(() => expect(sent).toEqual([{ account: 'second.row', name: 'Second' }]));
  });

  it('starts afresh when it turns to another record while open', async () => {
    const { rerender } = render(<Editor row={{ account: 'typed.new' }} record="new" />);
    await waitFor(() => expect(field('Account').value).toBe('typed.new'));
    fireEvent.change(field('Name'), { target: { value: 'typed name' } });
    rerender(<Editor row={{ account: 'existing.row', name: 'Existing' }} record="7" />);
    await waitFor(() => expect(field('Account').value).toBe('existing.row'));
    expect(field('Name').value).toBe('Existing');
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
