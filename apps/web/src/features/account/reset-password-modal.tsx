import { useTranslation } from 'react-i18next';
import { Alert, App, Form, Input, Modal } from 'antd';
import type { user } from '@console/contract';
import { hashPassword } from '../../lib/password';
import { useSubmitLock } from '../../lib/use-submit-lock';
import { useResetPassword } from './api';
import { confirmRules, passwordRules } from './rules';

interface Values {
  password: string;
  confirm: string;
}

export function ResetPasswordModal({ target, onClose }: { target: user.OperatorUser | null; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const { submit, submitting } = useSubmitLock(save);

  async function save(values: Values) {
    if (!target) return;
    try {
      await reset.mutateAsync({ user_id: target.id, password: hashPassword(values.password) });
    } catch {
      return;
    }
    message.success(t('toast.passwordReset'));
    onClose();
  }

  return (
    <Modal
      open={!!target}
      title={t('modal.resetTitle', { account: target?.account ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={submitting}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Alert type="info" showIcon title={t('modal.resetHint')} style={{ margin: '16px 0' }} />
      <Form<Values> form={form} name="reset-password" layout="vertical" onFinish={submit} autoComplete="off">
        {/* Enter submits (useSubmitLock drops a second one while the first is in flight). */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
        <Form.Item name="password" label={t('field.password')} rules={passwordRules(t)}>
          <Input.Password placeholder={t('placeholder.password')} autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item name="confirm" label={t('field.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
          <Input.Password placeholder={t('placeholder.confirmPassword')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
