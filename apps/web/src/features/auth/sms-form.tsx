import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input } from 'antd';
import { MessageOutlined, MobileOutlined } from '@ant-design/icons';
import type { user } from '@console/contract';
import { call } from '../../lib/api';
import { useSessionStore } from '../../stores/session';
import { OneTimeCodeField } from './one-time-code-field';

/** Seconds before another code may be requested, unless the server says otherwise. */
export const SMS_RESEND_SECONDS = 60;
const PHONE_RE = /^\+?[0-9]{6,20}$/;

interface Values {
  phone: string;
  code: string;
}

export function SmsForm({ onLoggedIn }: { onLoggedIn: (info: user.UserInfo) => void }) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const loginWithSms = useSessionStore((s) => s.loginWithSms);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  async function sendCode() {
    let phone: string;
    try {
      ({ phone } = await form.validateFields(['phone']));
    } catch {
      return;
    }
    setSending(true);
    try {
      // Loaded on first use: the definitions bring zod, which the login form does not need.
      const { user: calls } = await import('../../lib/calls');
      const data = await call(calls.sendcode, { phone: phone.trim() });
      setCountdown(data.resend_after_seconds > 0 ? data.resend_after_seconds : SMS_RESEND_SECONDS);
      message.success(t('codeSent'));
      form.getFieldInstance('code')?.focus?.();
    } catch {
      // The API client has already shown why.
    } finally {
      setSending(false);
    }
  }

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      onLoggedIn(await loginWithSms({ phone: values.phone, code: values.code }));
    } catch {
      // Shown by the API client.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<Values> form={form} name="sms-login" size="large" onFinish={submit} requiredMark={false}>
      <Form.Item
        name="phone"
        rules={[
          { required: true, whitespace: true, message: t('rule.phone') },
          { pattern: PHONE_RE, message: t('rule.phoneFormat') },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder={t('phone')} aria-label={t('phone')} inputMode="tel" autoComplete="tel" autoFocus />
      </Form.Item>
      <OneTimeCodeField
        name="code"
        label={t('smsCode')}
        requiredMessage={t('rule.smsCode')}
        formatMessage={t('rule.smsCodeFormat')}
        prefix={<MessageOutlined />}
        suffix={
          <Button type="link" size="small" onClick={sendCode} loading={sending} disabled={countdown > 0} style={{ paddingInline: 0 }}>
            {countdown > 0 ? t('resendIn', { seconds: countdown }) : t('sendCode')}
          </Button>
        }
      />
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
