import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Tooltip } from 'antd';
import { QuestionCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';

interface OneTimeCodeFieldProps {
  /** The form field the code is stored under. */
  name: string;
  /** Shown as the placeholder and read out as the input's label. */
  label: string;
  requiredMessage: string;
  formatMessage: string;
  prefix?: ReactNode;
  suffix?: ReactNode;
}

/** The six-digit code a login form asks for (authenticator or SMS), with its checks. */
export function OneTimeCodeField({ name, label, requiredMessage, formatMessage, prefix, suffix }: OneTimeCodeFieldProps) {
  return (
    <Form.Item
      name={name}
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

/** The authenticator's code of a password login (operators' and agent users' alike), under `googleCode`. */
export function AuthenticatorCodeField() {
  const { t } = useTranslation('auth');
  return (
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
  );
}
