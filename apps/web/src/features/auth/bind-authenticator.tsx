import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Form, Input, QRCode, Typography } from 'antd';
import { user } from '@console/contract';
import { call } from '../../lib/api';
import { useSessionStore } from '../../stores/session';
import styles from './login.module.css';

interface Props {
  /** The server requires 2FA: there is no skipping, only binding or leaving. */
  required: boolean;
  onDone: () => void;
}

/** "ABCDEFGH..." in groups of four, easier to type into an authenticator by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Binding an authenticator app right after the first password login (docs/product.md, "Second factor"). */
export function BindAuthenticator({ required, onDone }: Props) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [binding, setBinding] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const logout = useSessionStore((s) => s.logout);

  async function start() {
    setFailed(false);
    setBinding(null);
    try {
      setBinding(await call(user.googleBindInit, {}));
    } catch {
      setFailed(true);
    }
  }

  useEffect(() => {
    void start();
  }, []);

  async function confirm({ code }: { code: string }) {
    setSubmitting(true);
    try {
      const data = await call(user.googleBindConfirm, { code });
      setUserInfo(data.user_info);
      message.success(t('bind.success'));
      onDone();
    } catch {
      form.setFieldValue('code', '');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div data-testid="bind-authenticator">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('bind.intro')}
      </Typography.Paragraph>
      {required && <Alert type="warning" showIcon title={t('bind.required')} style={{ marginBottom: 12 }} />}
      <div className={styles.qr}>
        <QRCode
          value={binding?.otpauth_uri ?? '-'}
          size={176}
          status={failed ? 'expired' : binding ? 'active' : 'loading'}
          onRefresh={() => void start()}
          aria-label={t('bind.qr')}
          // Dark modules on white in every theme: many scanners cannot read an inverted code.
          color="#000000"
          bgColor="#ffffff"
          bordered
        />
      </div>
      {binding && (
        <Typography.Paragraph style={{ textAlign: 'center', fontSize: 13 }}>
          <Typography.Text type="secondary">{t('bind.secret')}</Typography.Text>
          <br />
          <Typography.Text className={styles.secret} copyable={{ text: binding.secret, tooltips: [t('bind.copy'), t('bind.copied')] }} data-testid="totp-secret">
            {groupSecret(binding.secret)}
          </Typography.Text>
        </Typography.Paragraph>
      )}
      <Form form={form} name="bind-authenticator" onFinish={confirm} size="large" requiredMark={false}>
        <Form.Item
          name="code"
          rules={[
            { required: true, message: t('rule.verifyCode') },
            { pattern: /^\d{6}$/, message: t('rule.verifyCodeFormat') },
          ]}
        >
          <Input
            placeholder={t('bind.code')}
            aria-label={t('bind.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            disabled={!binding}
            className={styles.otp}
          />
        </Form.Item>
        <Flex gap={12} vertical>
          <Button type="primary" htmlType="submit" block loading={submitting} disabled={!binding}>
            {t('bind.confirm')}
          </Button>
          {required ? (
            <Button block onClick={() => void logout()}>
              {t('bind.logout')}
            </Button>
          ) : (
            <Button block type="text" onClick={onDone}>
              {t('bind.skip')}
            </Button>
          )}
        </Flex>
      </Form>
    </div>
  );
}
