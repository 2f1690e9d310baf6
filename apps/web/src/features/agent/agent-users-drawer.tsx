import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Badge, Button, Drawer, Dropdown, Flex, Form, Grid, Input, type MenuProps, Select, Table, Tag, Typography } from 'antd';
import { EllipsisOutlined, PlusOutlined } from '@ant-design/icons';
import { agent } from '@console/contract';
import { DateTime } from '../../components/date-time';
import { FormDialog, useConfirm, zodRule } from '../../components/form-dialog';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../../lib/password';
import { useAgentUser } from '../../stores/session';
import { useAddAgentUser, useAdminLevels, useAgentUsers, useCleanAgentUserGoogle, useEditAgentUserStatus, useResetAgentUserPassword } from './api';

type AgentItem = agent.AgentItem;
type AgentUser = agent.AgentUserItem;
const { AgentStatus } = agent;
const fields = agent.agentUserAdd.request.shape;


function usePasswordRules() {
  const { t } = useTranslation('agent');
  return {
    password: [
      { required: true, message: t('rule.password') },
      { min: MIN_PASSWORD_LENGTH, message: t('rule.passwordMin') },
    ],
    confirm: [
      { required: true, message: t('rule.confirmPassword') },
      ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
        validator: (_: unknown, value: string) => (!value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('rule.passwordMismatch')))),
      }),
    ],
  };
}

interface AddValues {
  account: string;
  name: string;
  password: string;
  confirm: string;
  admin_level_id: number;
}

function AddUserModal({ owner, open, onClose }: { owner: AgentItem; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('agent');
  const add = useAddAgentUser();
  const levels = useAdminLevels(open);
  const rules = usePasswordRules();
  return (
    <FormDialog<AddValues>
      open={open}
      title={t('users.addTitle', { code: owner.code })}
      name="add-agent-user"
      onClose={onClose}
      successMessage={t('users.toast.added')}
      onSubmit={(v) =>
        add.mutateAsync({ agent_id: owner.id, account: v.account.trim(), name: v.name.trim(), password: hashPassword(v.password), admin_level_id: v.admin_level_id })
      }
    >
      <Form.Item name="account" label={t('users.field.account')} required rules={[zodRule(fields.account, { required: t('users.rule.account'), invalid: t('users.rule.accountFormat') })]}>
        <Input placeholder={t('users.placeholder.account')} autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={t('users.field.name')} required rules={[zodRule(fields.name, { required: t('users.rule.name'), tooLong: t('rule.nameLength') })]}>
        <Input />
      </Form.Item>
      <Form.Item name="admin_level_id" label={t('users.field.level')} rules={[{ required: true, message: t('users.rule.level') }]}>
        <Select loading={levels.isLoading} options={levels.data?.list.map((l) => ({ value: l.id, label: l.name }))} placeholder={t('users.placeholder.level')} />
      </Form.Item>
      <Form.Item name="password" label={t('users.field.password')} rules={rules.password}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('users.field.confirm')} dependencies={['password']} rules={rules.confirm}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}

function ResetModal({ target, onClose }: { target: AgentUser | null; onClose: () => void }) {
  const { t } = useTranslation('agent');
  const reset = useResetAgentUserPassword();
  const rules = usePasswordRules();
  return (
    <FormDialog<{ password: string; confirm: string }>
      open={!!target}
      title={t('users.resetTitle', { account: target?.account ?? '' })}
      name="reset-agent-user"
      onClose={onClose}
      successMessage={t('users.toast.passwordReset')}
      onSubmit={async (v) => {
        if (target) await reset.mutateAsync({ user_id: target.id, password: hashPassword(v.password) });
      }}
    >
      <Form.Item name="password" label={t('users.field.password')} rules={rules.password}>
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item name="confirm" label={t('users.field.confirm')} dependencies={['password']} rules={rules.confirm}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}

/** The users of one agent's back office, in a drawer beside the tree. */
export function AgentUsersDrawer({ owner, onClose, canManage }: { owner: AgentItem | null; onClose: () => void; canManage: boolean }) {
  const { t } = useTranslation('agent');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState({ page: 1, page_size: 10 });
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<AgentUser | null>(null);
  const query = useAgentUsers({ agent_id: owner?.id ?? 0, ...page }, !!owner);
  const editStatus = useEditAgentUserStatus();
  const clean = useCleanAgentUserGoogle();
  // An agent user manages the users of their sub-tree whose admin level ranks below their own
  // (rank 1 the highest) and holds no code they lack (the levels the server lists for them), never
  // themselves nor a colleague of their own rank: the server refuses those (A0302).
  const me = useAgentUser();
  const levels = useAdminLevels(!!owner && !!me && canManage);
  const myRank = levels.data?.list.find((l) => l.id === me?.admin_level_id)?.level ?? 0;
  const manageable = (u: AgentUser) => !me || (u.id !== me.id && !!levels.data?.list.some((l) => l.id === u.admin_level_id && l.level > myRank));

  function toggle(u: AgentUser) {
    const enabled = u.status === AgentStatus.Enabled;
    confirm({
      title: t(enabled ? 'users.action.disable' : 'users.action.enable'),
      content: t(enabled ? 'users.confirm.disable' : 'users.confirm.enable', { account: u.account }),
      danger: enabled,
      onOk: async () => {
        try {
          await editStatus.mutateAsync({ user_id: u.id, status: enabled ? AgentStatus.Disabled : AgentStatus.Enabled });
        } catch {
          return;
        }
        message.success(t(enabled ? 'users.toast.disabled' : 'users.toast.enabled'));
      },
    });
  }

  function unbind(u: AgentUser) {
    confirm({
      title: t('users.action.cleanGoogle'),
      content: t('users.confirm.cleanGoogle', { account: u.account }),
      danger: true,
      onOk: async () => {
        try {
          await clean.mutateAsync({ user_id: u.id });
        } catch {
          return;
        }
        message.success(t('users.toast.googleCleaned'));
      },
    });
  }

  const columns = [
    {
      title: t('users.field.account'),
      dataIndex: 'account',
      render: (v: string, u: AgentUser) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{v}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {u.name}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('users.field.level'), dataIndex: 'admin_level_name' },
    {
      title: t('field.status'),
      dataIndex: 'status',
      render: (s: number) => <Badge status={s === AgentStatus.Enabled ? 'success' : 'default'} text={t(`status.${s}`)} style={{ whiteSpace: 'nowrap' }} />,
    },
    {
      title: t('users.field.google'),
      dataIndex: 'google_bound',
      render: (b: boolean) => <Tag color={b ? 'green' : 'default'}>{t(b ? 'users.google.bound' : 'users.google.unbound')}</Tag>,
    },
    ...(screens.md
      ? [{ title: t('users.field.lastLogin'), dataIndex: 'last_login_at', render: (v: string | null) => <DateTime value={v} precision="minute" fallback={<Typography.Text type="secondary">{t('users.never')}</Typography.Text>} /> }]
      : []),
    ...(canManage
      ? [
          {
            title: t('common:action.operation'),
            key: 'actions',
            render: (_: unknown, u: AgentUser) => {
              if (!manageable(u)) return null;
              const enabled = u.status === AgentStatus.Enabled;
              const items: MenuProps['items'] = [
                { key: 'status', label: t(enabled ? 'users.action.disable' : 'users.action.enable'), danger: enabled, onClick: () => toggle(u) },
                { key: 'reset', label: t('users.action.resetPassword'), onClick: () => setResetting(u) },
                { key: 'google', label: t('users.action.cleanGoogle'), disabled: !u.google_bound, onClick: () => unbind(u) },
              ];
              return (
                <Dropdown menu={{ items }} trigger={['click']}>
                  <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={t('users.actionsOf', { account: u.account })} />
                </Dropdown>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <Drawer
      open={!!owner}
      onClose={onClose}
      title={owner ? t('users.title', { name: owner.name, code: owner.code }) : ''}
      size={screens.md ? 720 : '100%'}
      destroyOnHidden
      extra={
        canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('users.add')}
          </Button>
        )
      }
    >
      {owner && owner.status !== AgentStatus.Enabled && <Alert type="warning" showIcon title={t('users.agentDisabled')} style={{ marginBottom: 12 }} />}
      <Table<AgentUser>
        rowKey="id"
        size="middle"
        columns={columns}
        // Only this agent's users: the last agent's, kept while this one's load, are no row of this drawer.
        dataSource={(query.data?.list ?? []).filter((u) => u.agent_id === owner?.id)}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('users.empty') }}
        pagination={{
          current: page.page,
          pageSize: page.page_size,
          total: query.data?.total ?? 0,
          showTotal: (total) => t('common:total', { total }),
          onChange: (p, s) => setPage({ page: s === page.page_size ? p : 1, page_size: s }),
        }}
      />
      {owner && canManage && (
        <>
          <AddUserModal owner={owner} open={adding} onClose={() => setAdding(false)} />
          <ResetModal target={resetting} onClose={() => setResetting(null)} />
        </>
      )}
    </Drawer>
  );
}
