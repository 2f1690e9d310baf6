import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { ErrorCode } from '@console/contract';
import { ApiError } from '../../lib/api';
import { type UserInfo, useSessionStore } from '../../stores/session';
import { AuthenticatorCodeField } from './one-time-code-field';
import { PasswordField } from './password-field';
import { rememberAccount, rememberedAccount } from './remember';
import styles from './login.module.css';

interface Values {
  account: string;
  password: string;
  googleCode: string;
  remember: boolean;
}

/** Codes that belong to the verification-code field: shown under it rather than as a toast. */
export const CODE_ERRORS = [ErrorCode.VerifyCodeWrong, ErrorCode.VerifyCodeRequired];

/** An operator's login with account, password and authenticator code. */
export function AccountForm({ onLoggedIn, onForgot }: { onLoggedIn: (info: UserInfo) => void; onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const loginWithPassword = useSessionStore((s) => s.loginWithPassword);
  const remembered = rememberedAccount();

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      const info = await loginWithPassword(
        { account: values.account, password: values.password, googleCode: values.googleCode },
        { quietCodes: CODE_ERRORS },
      );
      rememberAccount(values.remember ? values.account.trim() : null);
      onLoggedIn(info);
    } catch (err) {
      if (err instanceof ApiError && (CODE_ERRORS as string[]).includes(err.code)) {
        form.setFields([{ name: 'googleCode', errors: [err.message] }]);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<Values>
      form={form}
      name="account-login"
      size="large"
      initialValues={{ account: remembered, password: '', googleCode: '', remember: !!remembered }}
      onFinish={submit}
      autoComplete="on"
      requiredMark={false}
    >
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: t('rule.username') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('username')} aria-label={t('username')} autoComplete="username" autoFocus={!remembered} />
      </Form.Item>
      <PasswordField autoFocus={!!remembered} />
      <AuthenticatorCodeField />
      <div className={styles.row}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('rememberMe')}</Checkbox>
        </Form.Item>
        <Button type="link" onClick={onForgot} style={{ paddingInline: 0 }}>
          {t('forgotPassword')}
        </Button>
      </div>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
