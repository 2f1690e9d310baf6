import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Badge, Button, DatePicker, Descriptions, Flex, Form, Grid, Input, Modal, Radio, Select, type SelectProps, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { key } from '@console/contract';
import { DateTime, useTimeZone } from '../../components/date-time';
import { usePlatforms } from '../../components/dict-select';
import { dayAt } from '../../lib/datetime';
import { FormDialog, useConfirm, zodRule } from '../../components/form-dialog';
import { useHasPerm } from '../../components/has-perm';
import { type ListColumn, ListFilters, ListTable, useListState } from '../../components/list';
import { AgentPicker } from './agent-picker';
import { useAddKey, useEditKeyStatus, useKeyList, useRotateKey } from './api';
import { KeyWhitelist, KeyWhitelistMark } from './key-whitelist';

type Key = key.KeyItem;
type Secret = { id: number; app_id: string; secret: string };
const { KeyStatus } = key;
export const KEY_PERMISSION = '1202';
const FILTERS = key.keyList.request.pick({ type: true, agent_id: true, status: true });
const fields = key.keyAdd.request.shape;
/** A picked wall-clock time, read at `offsetMinutes` from UTC, as an instant. */
const instantAt = (d: Dayjs, offsetMinutes: number) => new Date(Date.parse(`${d.format('YYYY-MM-DDTHH:mm')}:00.000Z`) - offsetMinutes * 60_000).toISOString();
const expired = (k: Key) => !!k.expires_at && Date.parse(k.expires_at) < Date.now();

/** The one time a secret is shown: app id and secret with copy buttons, and a warning. */
function SecretDialog({ secret, onClose }: { secret: (Secret & { rotated: boolean }) | null; onClose: () => void }) {
  const { t } = useTranslation('operation');
  return (
    <Modal
      open={!!secret}
      title={t(secret?.rotated ? 'key.secret.rotatedTitle' : 'key.secret.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('key.secret.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('key.secret.warning')} style={{ margin: '16px 0' }} />
      {secret && (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'app', label: 'App ID', children: <Typography.Text copyable code>{secret.app_id}</Typography.Text> },
            {
              key: 'secret',
              label: t('key.secret.secret'),
              children: (
                <Typography.Text copyable code data-testid="key-secret" style={{ wordBreak: 'break-all' }}>
                  {secret.secret}
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}

/**
 * When and from where a key was last used (an agent key: the agent API's caller), or "never used".
 * `narrow`: under the App ID on a phone, labelled, each part on a line of its own so that it stays
 * clear of the actions pinned at the right edge.
 */
function LastUsed({ k, narrow = false }: { k: Key; narrow?: boolean }) {
  const { t } = useTranslation('operation');
  const small = { fontSize: 12 };
  if (!k.last_used_at) {
    return (
      <Typography.Text type="secondary" style={{ ...(narrow ? small : {}), whiteSpace: 'nowrap' }}>
        {t('key.neverUsed')}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap={0} style={narrow ? small : undefined} data-testid={narrow ? 'key-used' : undefined}>
      {narrow && <Typography.Text type="secondary" style={small}>{t('key.field.lastUsed')}</Typography.Text>}
      <Typography.Text type={narrow ? 'secondary' : undefined} style={{ ...(narrow ? small : {}), whiteSpace: 'nowrap' }}>
        <DateTime value={k.last_used_at} precision="minute" />
      </Typography.Text>
      {k.last_used_ip && (
        <Typography.Text type="secondary" title={t('key.lastUsedIp')} style={{ ...small, maxWidth: narrow ? 140 : 180, overflowWrap: 'anywhere' }}>
          {k.last_used_ip}
        </Typography.Text>
      )}
    </Flex>
  );
}

interface AddValues {
  type: key.KeyType;
  agent_id?: number;
  /** Ingest keys: the agent whose sub-tree, and the provider whose games, the key is limited to. */
  scope_agent_id?: number;
  scope_platform_id?: number;
  remark?: string;
  expires?: Dayjs | null;
}

/** The providers to limit an ingest key to. */
function ProviderPicker(props: Omit<SelectProps<number>, 'options'>) {
  const platforms = usePlatforms();
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      style={{ minWidth: 200 }}
      {...props}
      options={(platforms ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
    />
  );
}

/** What an ingest key is limited to, as the list shows it; an agent key's scope is its agent (its own column). */
function KeyScope({ k }: { k: Key }) {
  const { t } = useTranslation('operation');
  if (k.type !== 'ingest') return <Typography.Text type="secondary">—</Typography.Text>;
  if (!k.scope_agent_id && !k.scope_platform_id) return <Typography.Text type="secondary">{t('key.scope.all')}</Typography.Text>;
  return (
    <Flex vertical gap={2} align="flex-start">
      {!!k.scope_agent_id && <Tag>{t('key.scope.agent', { code: k.scope_agent_code ?? `#${k.scope_agent_id}` })}</Tag>}
      {!!k.scope_platform_id && <Tag>{t('key.scope.platform', { code: k.scope_platform_code ?? `#${k.scope_platform_id}` })}</Tag>}
    </Flex>
  );
}

/** The key's type, and the agent it is for when it is an agent key. */
function KeyTypeFields() {
  const { t } = useTranslation('operation');
  const type = (Form.useWatch('type') as key.KeyType | undefined) ?? 'agent';
  return (
    <>
      <Form.Item name="type" label={t('key.field.type')} extra={t(`key.typeHint.${type}`)}>
        <Radio.Group options={key.KEY_TYPES.map((ty) => ({ value: ty, label: t(`key.type.${ty}`) }))} optionType="button" />
      </Form.Item>
      {type === 'agent' && (
        <Form.Item name="agent_id" label={t('key.field.agent')} rules={[{ required: true, message: t('key.rule.agent') }]}>
          <AgentPicker placeholder={t('key.placeholder.agent')} />
        </Form.Item>
      )}
      {type === 'ingest' && (
        <>
          <Form.Item name="scope_agent_id" label={t('key.field.scopeAgent')} extra={t('key.hint.scopeAgent')}>
            <AgentPicker allowClear placeholder={t('key.scope.anyAgent')} />
          </Form.Item>
          <Form.Item name="scope_platform_id" label={t('key.field.scopePlatform')} extra={t('key.hint.scopePlatform')}>
            <ProviderPicker placeholder={t('key.scope.anyPlatform')} data-testid="key-scope-platform" />
          </Form.Item>
        </>
      )}
    </>
  );
}

function AddKeyModal({ open, onClose, onIssued }: { open: boolean; onClose: () => void; onIssued: (s: Secret) => void }) {
  const { t } = useTranslation('operation');
  const add = useAddKey();
  // The picker's wall-clock time is read in the operator's chosen timezone, as every time is shown.
  const { offsetMinutes, label: zone } = useTimeZone();
  return (
    <FormDialog<AddValues>
      open={open}
      title={t('key.modal.addTitle')}
      name="add-key"
      onClose={onClose}
      initialValues={{ type: 'agent' }}
      okText={t('key.modal.issue')}
      onSubmit={async (v) => {
        const out = await add.mutateAsync({
          type: v.type,
          agent_id: v.type === 'agent' ? (v.agent_id ?? 0) : 0,
          ...(v.type === 'ingest' ? { scope_agent_id: v.scope_agent_id ?? 0, scope_platform_id: v.scope_platform_id ?? 0 } : {}),
          remark: (v.remark ?? '').trim(),
          expires_at: v.expires ? instantAt(v.expires, offsetMinutes) : null,
        });
        onIssued(out);
      }}
    >
      <KeyTypeFields />
      <Form.Item name="expires" label={t('key.field.expiresAt')} extra={`${t('key.hint.expires')} (${zone})`}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.format('YYYY-MM-DD') < dayAt(Date.now(), offsetMinutes)} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="remark" label={t('key.field.remark')} rules={[zodRule(fields.remark, { tooLong: t('key.rule.remarkLength') })]}>
        <Input maxLength={255} />
      </Form.Item>
    </FormDialog>
  );
}

/** Key management (route /operation/key): issue, rotate, enable and disable API keys. */
export default function KeyScreen() {
  const { t } = useTranslation('operation');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const screens = Grid.useBreakpoint();
  // On a phone the table shows little more than the App ID: when and from where the key was last
  // used goes under it, where it reads without scrolling sideways.
  const phone = screens.md === false;
  const canManage = useHasPerm()(KEY_PERMISSION);
  const list = useListState({ id: 'key', filters: FILTERS });
  const query = useKeyList(list.params);
  // An agent key answers only its agent's whitelisted addresses: shown under the agent.
  const rotate = useRotateKey();
  const editStatus = useEditKeyStatus();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<(Secret & { rotated: boolean }) | null>(null);

  function confirmRotate(k: Key) {
    confirm({
      title: t('key.action.rotate'),
      content: t('key.confirm.rotate', { app: k.app_id }),
      danger: true,
      onOk: async () => {
        try {
          setShown({ ...(await rotate.mutateAsync({ id: k.id })), rotated: true });
        } catch {
          return;
        }
      },
    });
  }

  function toggle(k: Key) {
    const enabled = k.status === KeyStatus.Enabled;
    confirm({
      title: t(enabled ? 'key.action.disable' : 'key.action.enable'),
      content: t(enabled ? 'key.confirm.disable' : 'key.confirm.enable', { app: k.app_id }),
      danger: enabled,
      onOk: async () => {
        try {
          await editStatus.mutateAsync({ id: k.id, status: enabled ? KeyStatus.Disabled : KeyStatus.Enabled });
        } catch {
          return;
        }
        message.success(t(enabled ? 'key.toast.disabled' : 'key.toast.enabled'));
      },
    });
  }

  const columns: ListColumn<Key>[] = [
    {
      title: 'App ID',
      dataIndex: 'app_id',
      settable: false,
      keyColumn: true,
      render: (v: string, k) => (
        <Flex vertical gap={0}>
          <Typography.Text copyable code style={{ whiteSpace: 'nowrap' }}>
            {v}
          </Typography.Text>
          {k.remark && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {k.remark}
            </Typography.Text>
          )}
          {phone && <LastUsed k={k} narrow />}
          {phone && k.type === 'agent' && <KeyWhitelistMark whitelist={k.agent_ip_whitelist} />}
        </Flex>
      ),
    },
    { title: t('key.field.type'), dataIndex: 'type', render: (ty: key.KeyType) => <Tag color={ty === 'agent' ? 'blue' : 'purple'}>{t(`key.type.${ty}`)}</Tag> },
    // What an ingest key may send: an agent's sub-tree, a provider's games, or everything.
    { title: t('key.field.scope'), key: 'scope', responsive: ['md'], render: (_: unknown, k) => <KeyScope k={k} /> },
    {
      title: t('key.field.agent'),
      dataIndex: 'agent_code',
      render: (c: string | null, k) =>
        c === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Flex vertical gap={2} align="start">
            <span>{c}</span>
            {k.type === 'agent' && <KeyWhitelist code={c} whitelist={k.agent_ip_whitelist} />}
          </Flex>
        ),
    },
    {
      title: t('key.field.status'),
      dataIndex: 'status',
      render: (s: number, k) => (
        <Space size={4} wrap={false}>
          <Badge status={s === KeyStatus.Enabled && !expired(k) && k.agent_active !== false ? 'success' : 'default'} text={t(`key.status.${s}`)} style={{ whiteSpace: 'nowrap' }} />
          {expired(k) && <Tag color="red">{t('key.expired')}</Tag>}
          {k.agent_active === false && (
            <Tooltip title={t('key.agentOffHint')}>
              <Tag color="orange">{t('key.agentOff')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      // When and from where the key was last used (an agent key: the agent API's caller): whether a
      // key is still in use is what an operator asks before disabling or rotating it.
      title: t('key.field.lastUsed'),
      dataIndex: 'last_used_at',
      responsive: ['md'],
      render: (_: string | null, k) => <LastUsed k={k} />,
    },
    {
      title: t('key.field.expiresAt'),
      dataIndex: 'expires_at',
      render: (v: string | null) => <DateTime value={v} precision="minute" fallback={<Typography.Text type="secondary">{t('key.never')}</Typography.Text>} />,
    },
    { title: t('key.field.rotatedAt'), dataIndex: 'rotated_at', responsive: ['xxl'], render: (v: string | null) => <DateTime value={v} precision="minute" fallback="—" /> },
    { title: t('key.field.createdAt'), dataIndex: 'created_at', responsive: ['xxl'], render: (v: string) => <DateTime value={v} precision="minute" /> },
  ];
  if (canManage) {
    columns.push({
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      ...(screens.md ? { fixed: 'right' as const } : {}),
      render: (_, k) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => confirmRotate(k)}>
            {t('key.action.rotate')}
          </Button>
          <Button type="link" size="small" danger={k.status === KeyStatus.Enabled} onClick={() => toggle(k)}>
            {t(k.status === KeyStatus.Enabled ? 'key.action.disable' : 'key.action.enable')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={16}>
      <ListFilters list={list} name="key-filters">
        <Form.Item name="type" label={t('key.field.type')}>
          <Select allowClear placeholder={t('all')} style={{ width: 140 }} options={key.KEY_TYPES.map((ty) => ({ value: ty, label: t(`key.type.${ty}`) }))} />
        </Form.Item>
        <Form.Item name="agent_id" label={t('key.field.agent')}>
          <AgentPicker allowClear placeholder={t('all')} />
        </Form.Item>
        <Form.Item name="status" label={t('key.field.status')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 120 }}
            options={[
              { value: KeyStatus.Enabled, label: t('key.status.1') },
              { value: KeyStatus.Disabled, label: t('key.status.2') },
            ]}
          />
        </Form.Item>
      </ListFilters>
      <ListTable<Key>
        list={list}
        query={query}
        rowKey="id"
        columns={columns}
        title={t('key.title')}
        emptyText={t('key.empty')}
        extra={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} aria-label={t('key.add')} onClick={() => setAdding(true)}>
              {screens.sm ? t('key.add') : null}
            </Button>
          )
        }
      />
      {canManage && (
        <>
          <AddKeyModal open={adding} onClose={() => setAdding(false)} onIssued={(s) => setShown({ ...s, rotated: false })} />
          <SecretDialog secret={shown} onClose={() => setShown(null)} />
        </>
      )}
    </Flex>
  );
}
