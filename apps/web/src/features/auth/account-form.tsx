import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Input, Tooltip } from 'antd';
import { LockOutlined, QuestionCircleOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode, type user } from '@console/contract';
import { ApiError } from '../../lib/api';
import { MIN_PASSWORD_LENGTH } from '../../lib/password';
import { useSessionStore } from '../../stores/session';
import { OneTimeCodeField } from './one-time-code-field';
import { rememberAccount, rememberedAccount } from './remember';
import styles from './login.module.css';

interface Values {
  account: string;
  password: string;
  googleCode: string;
  remember: boolean;
}

/** Codes that belong to the verification-code field: shown under it rather than as a toast. */
const CODE_ERRORS = [ErrorCode.VerifyCodeWrong, ErrorCode.VerifyCodeRequired];

export function AccountForm({ onLoggedIn, onForgot }: { onLoggedIn: (info: user.UserInfo) => void; onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const [capsLock, setCapsLock] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const loginWithPassword = useSessionStore((s) => s.loginWithPassword);
  const remembered = rememberedAccount();

  const watchCaps = (e: KeyboardEvent<HTMLInputElement>) => setCapsLock(e.getModifierState('CapsLock'));

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
      <Tooltip open={capsLock} title={t('capsLock')} placement="topRight">
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('rule.password') },
            { min: MIN_PASSWORD_LENGTH, message: t('rule.passwordMin') },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('password')}
            aria-label={t('password')}
            autoComplete="current-password"
            autoFocus={!!remembered}
            onKeyDown={watchCaps}
            onKeyUp={watchCaps}
            onBlur={() => setCapsLock(false)}
          />
        </Form.Item>
      </Tooltip>
      <OneTimeCodeField
        name="googleCode"
        label={t('verifyCode')}
        requiredMessage={t('rule.verifyCode')}
        formatMessage={t('rule.verifyCodeFormat')}
        prefix={<SafetyCertificateOutlined />}
        suffix={
          <Tooltip title={t('verifyCodeHint')}>
            <QuestionCircleOutlined aria-label={t('verifyCodeHint')} style={{ cursor: 'help', opacity: 0.6 }} />
          </Tooltip>
        }
      />
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
