import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form } from 'antd';
import styles from './login.module.css';

/** A password login's "remember me" and forgotten-password link, on one row. */
export function RememberRow({ onForgot }: { onForgot: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.row}>
      <Form.Item name="remember" valuePropName="checked" noStyle>
        <Checkbox>{t('rememberMe')}</Checkbox>
      </Form.Item>
      <Button type="link" onClick={onForgot} style={{ paddingInline: 0 }}>
        {t('forgotPassword')}
      </Button>
    </div>
  );
}

/** A login form's full-width submit button, busy while the login is sent. */
export function SubmitButton({ submitting }: { submitting: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item style={{ marginBottom: 0 }}>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('submit')}
      </Button>
    </Form.Item>
  );
}
