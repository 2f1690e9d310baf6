import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Tabs } from 'antd';
import { user } from '@console/contract';
import { DateTime } from '../../components/date-time';
import { call } from '../../lib/api';
import { hashPassword } from '../../lib/password';
import { agentUserOf, useSessionStore } from '../../stores/session';
import { confirmRules, passwordRules } from '../../features/account/rules';

interface PasswordValues {
  old_password: string;
  password: string;
  confirm: string;
}

/**
 * The logged-in user's own profile and password (an agent user's names their agent and admin
 * level). Changing the password here ends the user's other sessions on the server and keeps this one.
 */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { t: ta } = useTranslation('account');
  const { message } = App.useApp();
  const userInfo = useSessionStore((s) => s.userInfo);
  const agentUser = agentUserOf(userInfo);
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('info');

  async function changePassword(values: PasswordValues) {
    setSaving(true);
    try {
      await call(user.passwordChange, { old_password: hashPassword(values.old_password), password: hashPassword(values.password) });
      message.success(t('profile.passwordChanged'));
      form.resetFields();
      onClose();
    } catch {
      // The API client has shown the server's reason (e.g. a wrong current password).
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('common:nav.profile')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        form.resetFields();
        setTab('info');
      }}
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'info',
            label: t('profile.info'),
            children: userInfo && (
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={t('profile.account')}>{userInfo.account}</Descriptions.Item>
                <Descriptions.Item label={t('profile.name')}>{userInfo.name}</Descriptions.Item>
                {agentUser && (
                  <>
                    <Descriptions.Item label={t('profile.agent')}>
                      <span data-testid="profile-agent">{agentUser.agent_name ? `${agentUser.agent_name} (${agentUser.agent_code})` : agentUser.agent_code}</span>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('profile.adminLevel')}>{agentUser.admin_level_name || '-'}</Descriptions.Item>
                  </>
                )}
                {/* Agent users have no phone of their own. */}
                {!agentUser && <Descriptions.Item label={t('profile.phone')}>{userInfo.phone || '-'}</Descriptions.Item>}
                <Descriptions.Item label={t('profile.authenticator')}>{userInfo.google_bound ? t('profile.bound') : t('profile.unbound')}</Descriptions.Item>
                <Descriptions.Item label={t('profile.lastLogin')}>
                  {userInfo.last_login_at
                    ? <>
                        <DateTime value={userInfo.last_login_at} />
                        {userInfo.last_login_ip ? ` · ${userInfo.last_login_ip}` : ''}
                      </>
                    : t('common:never')}
                </Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            key: 'password',
            label: t('profile.changePassword'),
            children: (
              <>
                <Alert type="info" showIcon title={t('profile.passwordHint')} style={{ marginBottom: 16 }} />
                <Form<PasswordValues> form={form} name="change-password" layout="vertical" onFinish={changePassword} autoComplete="off">
                  <Form.Item name="old_password" label={t('profile.oldPassword')} rules={[{ required: true, message: ta('rule.password') }]}>
                    <Input.Password autoComplete="current-password" />
                  </Form.Item>
                  <Form.Item name="password" label={t('profile.newPassword')} rules={passwordRules(ta)}>
                    <Input.Password autoComplete="new-password" placeholder={ta('placeholder.password')} />
                  </Form.Item>
                  <Form.Item name="confirm" label={ta('field.confirmPassword')} dependencies={['password']} rules={confirmRules(ta)}>
                    <Input.Password autoComplete="new-password" placeholder={ta('placeholder.confirmPassword')} />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={saving} block>
                    {t('profile.savePassword')}
                  </Button>
                </Form>
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
