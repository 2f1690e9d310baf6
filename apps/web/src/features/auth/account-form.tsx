import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { ErrorCode } from '@console/contract';
import { ApiError } from '../../lib/api';
import { type UserInfo, useSessionStore } from '../../stores/session';
import { AuthenticatorCodeField } from './one-time-code-field';
import { PasswordField } from './password-field';
import { rememberAccount, rememberedAccount } from './remember';
import { RememberRow, SubmitButton } from './form-footer';

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
      <RememberRow onForgot={onForgot} />
      <SubmitButton submitting={submitting} />
    </Form>
  );
}
