import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Form, Input, Tooltip } from 'antd';
import { ApartmentOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode } from '@console/contract';
import { ApiError } from '../../lib/api';
import { type UserInfo, useSessionStore } from '../../stores/session';
import { CODE_ERRORS } from './account-form';
import { AuthenticatorCodeField } from './one-time-code-field';
import { PasswordField } from './password-field';
import { rememberAgent, rememberedAgent } from './remember';
import { RememberRow, SubmitButton } from './form-footer';

interface Values {
  agentCode: string;
  account: string;
  password: string;
  googleCode: string;
  remember: boolean;
}

/** What the login takes as an agent code (the contract's user.agentLogin): letters, digits, "-" and "_", at most 32. */
export const AGENT_CODE_RE = /^[A-Za-z0-9_-]{1,32}$/;

/** A refusal naming the agent code ("agent_code：…"): its text without the field's name. */
export function agentCodeMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== ErrorCode.InvalidParameter) return null;
  const m = /^agent_code\s*[:：]\s*(.*)$/s.exec(err.message);
  return m ? m[1] || err.message : null;
}

/**
 * An agent user's login (docs/product.md, "The agent back office"): their agent's code, account,
 * password and authenticator code. The code may be left empty on a host registered as the agent's
 * own domain; anywhere else the server asks for it, and that is shown under the field.
 */
export function AgentForm({ onLoggedIn, onForgot }: { onLoggedIn: (info: UserInfo) => void; onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const loginAsAgent = useSessionStore((s) => s.loginAsAgent);
  const [remembered] = useState(rememberedAgent);

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      const info = await loginAsAgent(
        { agentCode: values.agentCode ?? '', account: values.account, password: values.password, googleCode: values.googleCode },
        { quietCodes: [...CODE_ERRORS, ErrorCode.InvalidParameter] },
      );
      rememberAgent(values.remember ? { agentCode: (values.agentCode ?? '').trim(), account: values.account.trim() } : null);
      onLoggedIn(info);
    } catch (err) {
      const codeText = agentCodeMessage(err);
      if (codeText) form.setFields([{ name: 'agentCode', errors: [codeText] }]);
      else if (err instanceof ApiError && (CODE_ERRORS as string[]).includes(err.code)) form.setFields([{ name: 'googleCode', errors: [err.message] }]);
      // Any other refusal of the parameters is shown as the API client would have.
      else if (err instanceof ApiError && err.code === ErrorCode.InvalidParameter) void message.error(err.message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<Values>
      form={form}
      name="agent-login"
      size="large"
      initialValues={{ agentCode: remembered?.agentCode ?? '', account: remembered?.account ?? '', password: '', googleCode: '', remember: !!remembered }}
      onFinish={submit}
      autoComplete="on"
      requiredMark={false}
    >
      <Form.Item name="agentCode" rules={[{ pattern: AGENT_CODE_RE, message: t('rule.agentCodeFormat') }]}>
        <Input
          prefix={<ApartmentOutlined />}
          placeholder={t('agentCode')}
          aria-label={t('agentCode')}
          autoComplete="organization"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={32}
          autoFocus={!remembered}
          suffix={
            <Tooltip title={t('agentCodeHint')}>
              <QuestionCircleOutlined aria-label={t('agentCodeHint')} style={{ cursor: 'help', opacity: 0.6 }} />
            </Tooltip>
          }
        />
      </Form.Item>
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: t('rule.username') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('username')} aria-label={t('username')} autoComplete="username" />
      </Form.Item>
      <PasswordField autoFocus={!!remembered} />
      <AuthenticatorCodeField />
      <RememberRow onForgot={onForgot} />
      <SubmitButton submitting={submitting} />
    </Form>
  );
}
