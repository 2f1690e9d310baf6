import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input } from 'antd';
import { MessageOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { ErrorCode, type user } from '@console/contract';
import { ApiError, call } from '../../lib/api';
import { useSessionStore } from '../../stores/session';
import { OneTimeCodeField } from './one-time-code-field';
import { SubmitButton } from './form-footer';

/** Seconds before another code may be requested, unless the server says otherwise. */
export const SMS_RESEND_SECONDS = 60;
const PHONE_RE = /^\+?[0-9]{6,20}$/;

interface Values {
  phone: string;
  code: string;
  googleCode?: string;
}

export function SmsForm({ onLoggedIn }: { onLoggedIn: (info: user.UserInfo) => void }) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // An account with a bound authenticator needs its code beside the SMS code: the field appears
  // once the server says so (A0241), with the server's words under it.
  const [askAuthenticator, setAskAuthenticator] = useState(false);
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
      onLoggedIn(await loginWithSms({ phone: values.phone, code: values.code, googleCode: values.googleCode ?? '' }, { quietCodes: [ErrorCode.VerifyCodeRequired] }));
    } catch (err) {
      // Anything else was shown by the API client.
      if (err instanceof ApiError && err.code === ErrorCode.VerifyCodeRequired) {
        const message = err.message;
        setAskAuthenticator(true);
        // After the field has rendered: a field that is not there yet keeps no error.
        setTimeout(() => {
          form.setFields([{ name: 'googleCode', errors: [message] }]);
          form.getFieldInstance('googleCode')?.focus?.();
        }, 0);
      }
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
      {askAuthenticator && (
        <OneTimeCodeField
          name="googleCode"
          label={t('authenticatorCode')}
          requiredMessage={t('rule.authenticatorCode')}
          formatMessage={t('rule.verifyCodeFormat')}
          prefix={<SafetyCertificateOutlined />}
        />
      )}
      <SubmitButton submitting={submitting} />
    </Form>
  );
}
