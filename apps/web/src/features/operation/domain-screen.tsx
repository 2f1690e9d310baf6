import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, Flex, Form, Grid, Input, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { domain } from '@console/contract';
import { DateTime } from '../../components/date-time';
import { FormDialog, useConfirm, zodRule } from '../../components/form-dialog';
import { useHasPerm } from '../../components/has-perm';
import { type ListColumn, ListFilters, ListTable, useListState } from '../../components/list';
import { AgentPicker } from './agent-picker';
import { useAddDomain, useDomainList, useEditDomain } from './api';

type Domain = domain.DomainItem;
const { DomainStatus } = domain;
export const DOMAIN_PERMISSION = '1201';
const FILTERS = domain.domainList.request.pick({ keyword: true, type: true, agent_id: true, status: true });
const fields = domain.domainAdd.request.shape;
const TYPE_COLORS: Record<domain.DomainType, string> = { api: 'blue', game: 'purple', agent: 'gold' };

interface Values {
  domain: string;
  type: domain.DomainType;
  agent_id: number;
  remark?: string;
}

function DomainModal({ target, onClose }: { target: Domain | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('operation');
  const add = useAddDomain();
  const edit = useEditDomain();
  const editing = target && target !== 'new' ? target : null;
  return (
    <FormDialog<Values>
      open={!!target}
      title={editing ? t('domain.modal.editTitle', { domain: editing.domain_unicode }) : t('domain.modal.addTitle')}
      name={editing ? 'edit-domain' : 'add-domain'}
      onClose={onClose}
      successMessage={t(editing ? 'domain.toast.saved' : 'domain.toast.added')}
      initialValues={editing ? { domain: editing.domain_unicode, type: editing.type, agent_id: editing.agent_id, remark: editing.remark } : { type: 'api', agent_id: 0 }}
      onSubmit={async (v) => {
        if (editing) await edit.mutateAsync({ id: editing.id, type: v.type, agent_id: v.agent_id ?? 0, remark: (v.remark ?? '').trim() });
        else await add.mutateAsync({ domain: v.domain.trim(), type: v.type, agent_id: v.agent_id ?? 0, remark: (v.remark ?? '').trim() });
      }}
    >
      <Form.Item
        name="domain"
        label={t('domain.field.domain')}
        required={!editing}
        extra={editing ? t('domain.hint.fixed') : t('domain.hint.domain')}
        rules={editing ? [] : [zodRule(fields.domain, { required: t('domain.rule.domain'), invalid: t('domain.rule.domainFormat') })]}
      >
        <Input placeholder="api.example.com" disabled={!!editing} autoFocus={!editing} autoComplete="off" />
      </Form.Item>
      <Form.Item name="type" label={t('domain.field.type')} required>
        <Select options={domain.DOMAIN_TYPES.map((ty) => ({ value: ty, label: t(`domain.type.${ty}`) }))} />
      </Form.Item>
      <Form.Item name="agent_id" label={t('domain.field.agent')}>
        <AgentPicker zeroLabel={t('domain.platform')} />
      </Form.Item>
      <Form.Item name="remark" label={t('domain.field.remark')} rules={[zodRule(fields.remark, { tooLong: t('domain.rule.remarkLength') })]}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** Domain management (route /operation/domain). */
export default function DomainScreen() {
  const { t } = useTranslation('operation');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const screens = Grid.useBreakpoint();
  const canManage = useHasPerm()(DOMAIN_PERMISSION);
  const list = useListState({ id: 'domain', filters: FILTERS });
  const query = useDomainList(list.params);
  const edit = useEditDomain();
  const [target, setTarget] = useState<Domain | 'new' | null>(null);

  function toggle(d: Domain) {
    const enabled = d.status === DomainStatus.Enabled;
    confirm({
      title: t(enabled ? 'domain.action.disable' : 'domain.action.enable'),
      content: t(enabled ? 'domain.confirm.disable' : 'domain.confirm.enable', { domain: d.domain_unicode }),
      danger: enabled,
      onOk: async () => {
        try {
          await edit.mutateAsync({ id: d.id, status: enabled ? DomainStatus.Disabled : DomainStatus.Enabled });
        } catch {
          return;
        }
        message.success(t(enabled ? 'domain.toast.disabled' : 'domain.toast.enabled'));
      },
    });
  }

  const columns: ListColumn<Domain>[] = [
    {
      title: t('domain.field.domain'),
      dataIndex: 'domain',
      settable: false,
      keyColumn: true,
      render: (ascii: string, d) => (
        <Flex vertical gap={0}>
          <Typography.Text strong copyable={{ text: d.domain_unicode }}>
            {d.domain_unicode}
          </Typography.Text>
          {ascii !== d.domain_unicode && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {ascii}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('domain.field.type'), dataIndex: 'type', render: (ty: domain.DomainType) => <Tag color={TYPE_COLORS[ty]}>{t(`domain.type.${ty}`)}</Tag> },
    { title: t('domain.field.agent'), dataIndex: 'agent_code', render: (c: string | null) => c ?? <Typography.Text type="secondary">{t('domain.platform')}</Typography.Text> },
    {
      title: t('domain.field.status'),
      dataIndex: 'status',
      render: (s: number) => <Badge status={s === DomainStatus.Enabled ? 'success' : 'default'} text={t(`domain.status.${s}`)} style={{ whiteSpace: 'nowrap' }} />,
    },
    { title: t('domain.field.remark'), dataIndex: 'remark', responsive: ['lg'] },
    { title: t('domain.field.updatedAt'), dataIndex: 'updated_at', responsive: ['xl'], render: (v: string) => <DateTime value={v} precision="minute" /> },
  ];
  if (canManage) {
    columns.push({
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, d) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => setTarget(d)}>
            {t('domain.action.edit')}
          </Button>
          <Button type="link" size="small" danger={d.status === DomainStatus.Enabled} onClick={() => toggle(d)}>
            {t(d.status === DomainStatus.Enabled ? 'domain.action.disable' : 'domain.action.enable')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={16}>
      <ListFilters list={list} name="domain-filters">
        <Form.Item name="keyword" label={t('domain.field.domain')}>
          <Input placeholder={t('domain.keywordPlaceholder')} allowClear style={{ width: 200 }} maxLength={253} />
        </Form.Item>
        <Form.Item name="type" label={t('domain.field.type')}>
          <Select allowClear placeholder={t('all')} style={{ width: 140 }} options={domain.DOMAIN_TYPES.map((ty) => ({ value: ty, label: t(`domain.type.${ty}`) }))} />
        </Form.Item>
        <Form.Item name="agent_id" label={t('domain.field.agent')}>
          <AgentPicker allowClear placeholder={t('all')} zeroLabel={t('domain.platform')} />
        </Form.Item>
        <Form.Item name="status" label={t('domain.field.status')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 120 }}
            options={[
              { value: DomainStatus.Enabled, label: t('domain.status.1') },
              { value: DomainStatus.Disabled, label: t('domain.status.2') },
            ]}
          />
        </Form.Item>
      </ListFilters>
      <ListTable<Domain>
        list={list}
        query={query}
        rowKey="id"
        columns={columns}
        title={t('domain.title')}
        emptyText={t('domain.empty')}
        extra={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} aria-label={t('domain.add')} onClick={() => setTarget('new')}>
              {screens.sm ? t('domain.add') : null}
            </Button>
          )
        }
      />
      {canManage && <DomainModal target={target} onClose={() => setTarget(null)} />}
    </Flex>
  );
}
