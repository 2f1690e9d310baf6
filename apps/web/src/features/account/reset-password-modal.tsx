import { useTranslation } from 'react-i18next';
import { Alert, Form, Input } from 'antd';
import type { user } from '@console/contract';
import { FormDialog } from '../../components/form-dialog';
import { hashPassword } from '../../lib/password';
import { useResetPassword } from './api';
import { confirmRules, passwordRules } from './rules';

interface Values {
  password: string;
  confirm: string;
}

export function ResetPasswordModal({ target, onClose }: { target: user.OperatorUser | null; onClose: () => void }) {
  const { t } = useTranslation('account');
  const reset = useResetPassword();

  async function save(values: Values) {
    if (!target) return;
    await reset.mutateAsync({ user_id: target.id, password: hashPassword(values.password) });
  }

  return (
    <FormDialog<Values>
      open={!!target}
      title={t('modal.resetTitle', { account: target?.account ?? '' })}
      name="reset-password"
      onSubmit={save}
      onClose={onClose}
      successMessage={t('toast.passwordReset')}
      intro={<Alert type="info" showIcon title={t('modal.resetHint')} style={{ margin: '16px 0' }} />}
    >
      <Form.Item name="password" label={t('field.password')} rules={passwordRules(t)}>
        <Input.Password placeholder={t('placeholder.password')} autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item name="confirm" label={t('field.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
        <Input.Password placeholder={t('placeholder.confirmPassword')} autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
