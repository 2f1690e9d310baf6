import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { MIN_PASSWORD_LENGTH } from '../../lib/password';

/** A login form's password, with its checks and a warning while Caps Lock is on. */
export function PasswordField({ autoFocus }: { autoFocus?: boolean }) {
  const { t } = useTranslation('auth');
  const [capsLock, setCapsLock] = useState(false);
  const watchCaps = (e: KeyboardEvent<HTMLInputElement>) => setCapsLock(e.getModifierState('CapsLock'));
  return (
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
          autoFocus={autoFocus}
          onKeyDown={watchCaps}
          onKeyUp={watchCaps}
          onBlur={() => setCapsLock(false)}
        />
      </Form.Item>
    </Tooltip>
  );
}
