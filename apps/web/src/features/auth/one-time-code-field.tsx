import type { ReactNode } from 'react';
import { Form, Input } from 'antd';

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
