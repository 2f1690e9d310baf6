import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, Dropdown, Flex, Form, Grid, Input, type MenuProps, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { DownOutlined, EllipsisOutlined, PlusOutlined } from '@ant-design/icons';
import { parsePermissionString, user } from '@console/contract';
import { DateTime } from '../../components/date-time';
import { useConfirm } from '../../components/form-dialog';
import { useHasPerm } from '../../components/has-perm';
import { type ListColumn, ListFilters, ListTable, StatusFilter, useListState } from '../../components/list';
import { useSessionStore } from '../../stores/session';
import { useAccountList, useCleanGoogle, useEditStatus, usePermissionTree } from './api';
import { AddAccountModal } from './add-account-modal';
import { PermissionModal } from './permission-modal';
import { ResetPasswordModal } from './reset-password-modal';

type OperatorUser = user.OperatorUser;
const { UserStatus } = user;

/** The permission this screen and all of its actions need (docs/product.md, "Operator accounts"). */
export const ACCOUNT_PERMISSION = '1301';

/** The filters of user/list, checked by its own schema when they come from a link or from memory. */
const FILTERS = user.userList.request.pick({ keyword: true, status: true });


export default function AccountScreen() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const screens = Grid.useBreakpoint();
  const permissions = useSessionStore((s) => s.permissions);
  const me = useSessionStore((s) => s.userInfo);
  const canManage = useHasPerm()(ACCOUNT_PERMISSION);
  const grantable = useMemo(() => new Set(permissions), [permissions]);

  const list = useListState({ id: 'account', filters: FILTERS, sortFields: user.USER_SORT_FIELDS });
  const query = useAccountList(list.params);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<OperatorUser | null>(null);
  const [editingPerms, setEditingPerms] = useState<OperatorUser | null>(null);
  const tree = usePermissionTree(canManage && (adding || !!editingPerms));
  const editStatus = useEditStatus();
  const cleanGoogle = useCleanGoogle();

  /**
   * The server refuses changes to one's own account here (own password and authenticator have
   * their own flows) and to accounts holding permissions the caller lacks; say so up front.
   */
  function whyUnmanageable(row: OperatorUser): string | null {
    if (row.id === me?.id) return t('cannotManageSelf');
    if (parsePermissionString(row.permissions).some((c) => !grantable.has(c))) return t('cannotManageBeyond');
    return null;
  }

  async function toggleStatus(row: OperatorUser) {
    const status = row.status === UserStatus.Enabled ? UserStatus.Disabled : UserStatus.Enabled;
    try {
      await editStatus.mutateAsync({ user_id: row.id, status });
    } catch {
      return;
    }
    message.success(t(status === UserStatus.Enabled ? 'toast.enabled' : 'toast.disabled'));
  }

  async function unbindGoogle(row: OperatorUser) {
    try {
      await cleanGoogle.mutateAsync({ user_id: row.id });
    } catch {
      return;
    }
    message.success(t('toast.googleCleaned'));
  }

  function confirmStatus(row: OperatorUser) {
    const enabled = row.status === UserStatus.Enabled;
    confirm({
      title: t(enabled ? 'action.disable' : 'action.enable'),
      content: t(enabled ? 'confirm.disable' : 'confirm.enable', { account: row.account }),
      danger: enabled,
      onOk: () => toggleStatus(row),
    });
  }

  function confirmUnbind(row: OperatorUser) {
    confirm({ title: t('action.cleanGoogle'), content: t('confirm.cleanGoogle', { account: row.account }), onOk: () => unbindGoogle(row) });
  }

  const columns: ListColumn<OperatorUser>[] = [
    { title: t('field.id'), dataIndex: 'id', width: 72, responsive: ['lg'], sorter: true },
    {
      title: t('field.account'),
      dataIndex: 'account',
      sorter: true,
      keyColumn: true,
      render: (account: string, row) => (
        <Flex vertical gap={2}>
          <Space size={6} wrap={false}>
            <Typography.Text strong>{account}</Typography.Text>
            {row.id === me?.id && <Tag color="blue">{t('self')}</Tag>}
          </Space>
          {/* The name column is hidden on a phone; keep the name with the account there. */}
          {!screens.sm && <Typography.Text type="secondary">{row.name}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('field.name'), dataIndex: 'name', responsive: ['sm'], sorter: true },
    { title: t('field.phone'), dataIndex: 'phone', responsive: ['xl'], render: (v: string) => v || '-' },
    {
      title: t('field.status'),
      dataIndex: 'status',
      sorter: true,
      render: (s: 1 | 2) => (
        <Badge status={s === UserStatus.Enabled ? 'success' : 'default'} text={t(`status.${s}`)} style={{ whiteSpace: 'nowrap' }} />
      ),
    },
    {
      title: t('field.google'),
      dataIndex: 'google_bound',
      responsive: ['md'],
      render: (bound: boolean) => <Tag color={bound ? 'green' : 'default'}>{t(bound ? 'google.bound' : 'google.unbound')}</Tag>,
    },
    {
      title: t('field.lastLogin'),
      dataIndex: 'last_login_at',
      responsive: ['lg'],
      sorter: true,
      render: (v: string | null, row) =>
        v ? (
          <Flex vertical gap={0}>
            <DateTime value={v} />
            {row.last_login_ip && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{row.last_login_ip}</Typography.Text>}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('common:never')}</Typography.Text>
        ),
    },
    {
      title: t('field.createdAt'),
      dataIndex: 'created_at',
      responsive: ['xxl'],
      sorter: true,
      render: (v: string) => <DateTime value={v} />,
    },
  ];

  if (canManage) {
    columns.push({
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      // A fixed column on a phone would cover the table; there it simply scrolls along.
      ...(screens.md ? { fixed: 'right' as const } : {}),
      render: (_, row) => {
        const blocked = whyUnmanageable(row);
        const enabled = row.status === UserStatus.Enabled;
        const more: MenuProps['items'] = [
          { key: 'reset', label: t('action.resetPassword'), onClick: () => setResetting(row) },
          { key: 'google', label: t('action.cleanGoogle'), disabled: !row.google_bound, onClick: () => confirmUnbind(row) },
        ];
        if (!screens.sm) {
          // A phone has room for one button: every action goes into its menu.
          const all: MenuProps['items'] = [
            { key: 'perms', label: t('action.permissions'), onClick: () => setEditingPerms(row) },
            {
              key: 'status',
              label: t(enabled ? 'action.disable' : 'action.enable'),
              danger: enabled,
              onClick: () => confirmStatus(row),
            },
            ...more,
          ];
          const button = (
            <Dropdown menu={{ items: all }} disabled={!!blocked} trigger={['click']}>
              <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={t('common:action.operation')} disabled={!!blocked} />
            </Dropdown>
          );
          return blocked ? <Tooltip title={blocked}>{button}</Tooltip> : button;
        }
        const actions = (
          <Space size={0} wrap={false}>
            <Button type="link" size="small" disabled={!!blocked} onClick={() => setEditingPerms(row)}>
              {t('action.permissions')}
            </Button>
            <Popconfirm
              title={t(enabled ? 'confirm.disable' : 'confirm.enable', { account: row.account })}
              onConfirm={() => toggleStatus(row)}
              disabled={!!blocked}
              okText={t('common:action.confirm')}
              cancelText={t('common:action.cancel')}
              okButtonProps={{ danger: enabled }}
            >
              <Button type="link" size="small" danger={enabled && !blocked} disabled={!!blocked}>
                {t(enabled ? 'action.disable' : 'action.enable')}
              </Button>
            </Popconfirm>
            <Dropdown menu={{ items: more }} disabled={!!blocked} trigger={['click']}>
              <Button type="link" size="small" disabled={!!blocked}>
                {t('common:action.more')} <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        );
        return blocked ? <Tooltip title={blocked}>{actions}</Tooltip> : actions;
      },
    });
  }

  return (
    <Flex vertical gap={16}>
      <ListFilters list={list} name="account-filters">
        <Form.Item name="keyword" label={t('keyword')}>
          <Input placeholder={t('keywordPlaceholder')} allowClear style={{ width: 220 }} maxLength={64} />
        </Form.Item>
        <StatusFilter label={t('statusFilter')} />
      </ListFilters>
      <ListTable
        list={list}
        query={query}
        rowKey="id"
        columns={columns}
        title={t('title')}
        emptyText={t('empty')}
        extra={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
          )
        }
      />
      {canManage && (
        <>
          <AddAccountModal open={adding} onClose={() => setAdding(false)} tree={tree.data?.list} treeLoading={tree.isLoading} grantable={grantable} />
          <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} />
          <PermissionModal
            target={editingPerms}
            onClose={() => setEditingPerms(null)}
            tree={tree.data?.list}
            treeLoading={tree.isLoading}
            grantable={grantable}
          />
        </>
      )}
    </Flex>
  );
}
