import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';

interface OneTimeCodeFieldProps {
  /** The form field the code is stored under. */
  name: string;
  /** Shown as the placeholder and read out as the input's label. */
  label: string;
  requiredMessage: string;
  formatMessage: string;
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** Said under the field, always (not in a tooltip), and read out with it. */
  extra?: ReactNode;
}

/** The six-digit code a login form asks for (authenticator or SMS), with its checks. */
export function OneTimeCodeField({ name, label, requiredMessage, formatMessage, prefix, suffix, extra }: OneTimeCodeFieldProps) {
  return (
    <Form.Item
      name={name}
      extra={extra}
      rules={[
        { required: true, message: requiredMessage },
        { pattern: /^\d{6}$/, message: formatMessage },
      ]}
    >
      <Input
        prefix={prefix}
        placeholder={label}
        aria-label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        suffix={suffix}
      />
    </Form.Item>
  );
}

/**
 * The authenticator's code of a password login (operators' and agent users' alike), under
 * `googleCode`. The field is required (the specification's "Please enter Verify Code"); an account
 * with no authenticator bound yet types any 6 digits, which the server does not check, and is
 * offered to bind one after signing in. That is said under the field, where it is read before the
 * first try (docs/product.md, "Login screen").
 */
export function AuthenticatorCodeField() {
  const { t } = useTranslation('auth');
  return (
    <OneTimeCodeField
      name="googleCode"
      label={t('verifyCode')}
      requiredMessage={t('rule.verifyCode')}
      formatMessage={t('rule.verifyCodeFormat')}
      prefix={<SafetyCertificateOutlined />}
      extra={<span data-testid="verify-code-hint">{t('verifyCodeHint')}</span>}
    />
  );
}
