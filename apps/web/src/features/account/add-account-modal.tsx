import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import { type PermissionNode, user } from '@console/contract';
import { FormDialog, zodRule } from '../../components/form-dialog';
import { hashPassword } from '../../lib/password';
import { useAddAccount } from './api';
import { PermissionTree } from './permission-tree';
import { confirmRules, passwordRules } from './rules';

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

/** The fields user/add checks; the password is checked as typed (the call takes its hash). */
const fields = user.userAdd.request.shape;

export function AddAccountModal({ open, onClose, tree, treeLoading, grantable }: Props) {
  const { t } = useTranslation('account');
  const add = useAddAccount();

  const save = (values: Values) =>
    add.mutateAsync({
      account: values.account.trim(),
      name: values.name.trim(),
      password: hashPassword(values.password),
      phone: values.phone?.trim() ?? '',
      permissions: values.permissions.join(','),
    });

  return (
    <FormDialog<Values>
      open={open}
      title={t('modal.addTitle')}
      name="add-account"
      onSubmit={save}
      onClose={onClose}
      successMessage={t('toast.added')}
      initialValues={{ permissions: [] }}
      width={560}
    >
      <Form.Item name="account" label={t('field.account')} required rules={[zodRule(fields.account, { required: t('rule.account'), invalid: t('rule.accountFormat') })]}>
        <Input placeholder={t('placeholder.account')} autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(fields.name, { required: t('rule.name'), tooLong: t('rule.nameLength') })]}>
        <Input placeholder={t('placeholder.name')} />
      </Form.Item>
      <Form.Item name="password" label={t('field.password')} rules={passwordRules(t)}>
        <Input.Password placeholder={t('placeholder.password')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('field.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
        <Input.Password placeholder={t('placeholder.confirmPassword')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="phone" label={t('field.phone')} rules={[zodRule(fields.phone, { invalid: t('rule.phoneFormat') })]}>
        <Input placeholder={t('placeholder.phone')} inputMode="tel" />
      </Form.Item>
      <Form.Item name="permissions" label={t('field.permissions')} extra={t('modal.permissionHint')}>
        <PermissionTree tree={tree} loading={treeLoading} grantable={grantable} />
      </Form.Item>
    </FormDialog>
  );
}
