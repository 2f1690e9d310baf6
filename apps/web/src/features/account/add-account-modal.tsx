import { useTranslation } from 'react-i18next';
import { App, Form, Input, Modal } from 'antd';
import type { PermissionNode } from '@console/contract';
import { hashPassword } from '../../lib/password';
import { useSubmitLock } from '../../lib/use-submit-lock';
import { useAddAccount } from './api';
import { PermissionTree } from './permission-tree';
import { ACCOUNT_RE, confirmRules, PHONE_RE, passwordRules } from './rules';

interface Values {
  account: string;
  name: string;
  password: string;
  confirm: string;
  phone?: string;
  permissions: string[];
}

interface Props {
  open: boolean;
  onClose: () => void;
  tree: PermissionNode[] | undefined;
  treeLoading: boolean;
  grantable: ReadonlySet<string>;
}

export function AddAccountModal({ open, onClose, tree, treeLoading, grantable }: Props) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddAccount();
  const { submit, submitting } = useSubmitLock(save);

  async function save(values: Values) {
    try {
      await add.mutateAsync({
        account: values.account.trim(),
        name: values.name.trim(),
        password: hashPassword(values.password),
        phone: values.phone?.trim() ?? '',
        permissions: values.permissions.join(','),
      });
    } catch {
      return; // The API client has shown why; the form stays open for a fix.
    }
    message.success(t('toast.added'));
    onClose();
  }

  return (
    <Modal
      open={open}
      title={t('modal.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={submitting}
      destroyOnHidden
      afterClose={() => form.resetFields()}
      width={560}
    >
      <Form<Values>
        form={form}
        name="add-account"
        layout="vertical"
        initialValues={{ permissions: [] }}
        onFinish={submit}
        autoComplete="off"
        style={{ marginTop: 16 }}
      >
        {/* Enter in any field submits, like every form of the console (useSubmitLock drops a second one). */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
        <Form.Item
          name="account"
          label={t('field.account')}
          rules={[
            { required: true, whitespace: true, message: t('rule.account') },
            { pattern: ACCOUNT_RE, message: t('rule.accountFormat') },
          ]}
        >
          <Input placeholder={t('placeholder.account')} autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('field.name')}
          rules={[
            { required: true, whitespace: true, message: t('rule.name') },
            { max: 64, message: t('rule.nameLength') },
          ]}
        >
          <Input placeholder={t('placeholder.name')} />
        </Form.Item>
        <Form.Item name="password" label={t('field.password')} rules={passwordRules(t)}>
          <Input.Password placeholder={t('placeholder.password')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('field.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
          <Input.Password placeholder={t('placeholder.confirmPassword')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="phone" label={t('field.phone')} rules={[{ pattern: PHONE_RE, message: t('rule.phoneFormat') }]}>
          <Input placeholder={t('placeholder.phone')} inputMode="tel" />
        </Form.Item>
        <Form.Item name="permissions" label={t('field.permissions')} extra={t('modal.permissionHint')}>
          <PermissionTree tree={tree} loading={treeLoading} grantable={grantable} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
