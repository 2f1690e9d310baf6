import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Button, Flex, Form, Grid, Input, InputNumber, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { agent, type CallResponse, parsePermissionString } from '@console/contract';
import { FormDialog, useDialogTarget, zodRule } from '../../components/form-dialog';
import { useCanCall } from '../../components/has-perm';
import { type ListColumn, ListTable, useLocalListState } from '../../components/list';
import { useAppStore } from '../../stores/app';
import { AGENT_LEAVES, AgentPermissionTree, agentCodes, summarisePermissions } from './agent-permission-tree';
import { useAddLevel, useEditLevel, useLevelList } from './api';

type Level = CallResponse<typeof agent.agentAdminLevelList>['list'][number];
const fields = agent.agentAdminLevelAdd.request.shape;
type SortField = 'name' | 'level' | 'user_count';

interface Values {
  name: string;
  level: number;
  permissions: string[];
}

function LevelDialog({ target, nextRank, onClose }: { target: Level | 'new' | null; nextRank: number; onClose: () => void }) {
  const { t } = useTranslation('agent-level');
  const add = useAddLevel();
  const edit = useEditLevel();
  const editing = target && target !== 'new' ? target : null;
  return (
    <FormDialog<Values>
      open={!!target}
      title={editing ? t('modal.editTitle', { name: editing.name }) : t('modal.addTitle')}
      name={editing ? 'edit-level' : 'add-level'}
      width={560}
      onClose={onClose}
      successMessage={t(editing ? 'toast.saved' : 'toast.added')}
      intro={editing && editing.user_count > 0 ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('modal.inUse', { count: editing.user_count })} /> : undefined}
      initialValues={editing ? { name: editing.name, level: editing.level, permissions: agentCodes(parsePermissionString(editing.permissions)) } : { level: nextRank, permissions: [] }}
      onSubmit={async (v) => {
        // Only codes of the agent tree, with their modules: a code it does not hold is never sent.
        const body = { name: v.name.trim(), level: v.level, permissions: agentCodes(v.permissions).join(',') };
        if (editing) await edit.mutateAsync({ id: editing.id, ...body });
        else await add.mutateAsync(body);
      }}
    >
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(fields.name, { required: t('rule.name'), tooLong: t('rule.nameLength') })]}>
        <Input placeholder={t('placeholder.name')} autoFocus maxLength={32} />
      </Form.Item>
      <Form.Item name="level" label={t('field.level')} required extra={t('hint.level')} rules={[{ required: true, type: 'number', min: 1, max: 99, message: t('rule.level') }]}>
        <InputNumber min={1} max={99} precision={0} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item
        name="permissions"
        label={t('field.permissions')}
        required
        extra={t('hint.permissions')}
        rules={[{ validator: (_, codes: string[] | undefined) => (codes?.some((c) => AGENT_LEAVES.has(c)) ? Promise.resolve() : Promise.reject(new Error(t('rule.permissions')))) }]}
      >
        <AgentPermissionTree />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * Agent admin levels (route /agent/manage/level, 7, reached from agent management): the levels an
 * agent user can hold, each a name, a rank and a set of pages of the agent permission tree, with
 * how many users hold it. A level is never deleted: its users would be left without one.
 */
export default function AgentLevelScreen() {
  const { t } = useTranslation('agent-level');
  const screens = Grid.useBreakpoint();
  const language = useAppStore((s) => s.language);
  const lang = language === 'en' ? 'en' : 'zh-cn';
  // Agent users read the levels (to give their users one) but never add or edit them.
  const can = useCanCall();
  const canAdd = can(agent.agentAdminLevelAdd);
  const canEdit = can(agent.agentAdminLevelEdit);
  const list = useLocalListState<object, SortField>('agent-levels', 20);
  const query = useLevelList();
  const { target, open: openDialog, close: closeDialog } = useDialogTarget<Level | 'new'>();

  const data = useMemo(() => {
    const all = query.data?.list;
    if (!all) return undefined;
    const rows = [...all];
    const { sortField, sortOrder } = list;
    if (sortField && sortOrder) {
      const text = new Intl.Collator(lang === 'en' ? 'en' : 'zh-CN', { numeric: true });
      const by = (a: Level, b: Level) => (sortField === 'name' ? text.compare(a.name, b.name) : a[sortField] - b[sortField]) || a.id - b.id;
      rows.sort((a, b) => (sortOrder === 'descend' ? by(b, a) : by(a, b)));
    }
    const start = (list.page - 1) * list.pageSize;
    return { list: rows.slice(start, start + list.pageSize), total: rows.length };
  }, [query.data, list, lang]);

  // A new level starts below the lowest one (rank 1 is the highest).
  const nextRank = Math.min(99, Math.max(0, ...(query.data?.list ?? []).map((l) => l.level)) + 1);

  const columns: ListColumn<Level>[] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      settable: false,
      keyColumn: true,
      sorter: true,
      render: (name: string, l) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{name}</Typography.Text>
          {/* On a phone the rank and the users go under the name, leaving room for the permissions. */}
          {!screens.sm && (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t('phoneLine', { level: l.level, count: l.user_count })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('field.level'), dataIndex: 'level', sorter: true, align: 'right', responsive: ['sm'] },
    {
      title: t('field.permissions'),
      dataIndex: 'permissions',
      render: (codes: string) => {
        const parts = summarisePermissions(parsePermissionString(codes), lang);
        if (!parts.length) return <Typography.Text type="secondary">{t('noPermissions')}</Typography.Text>;
        return (
          <Flex wrap gap={4} style={{ maxWidth: screens.sm ? 520 : 150 }}>
            {parts.map((p) => (
              <Tag key={p.code} color={p.partial ? undefined : 'blue'} style={{ marginInlineEnd: 0 }}>
                {p.label}
              </Tag>
            ))}
          </Flex>
        );
      },
    },
    { title: t('field.users'), dataIndex: 'user_count', sorter: true, align: 'right', responsive: ['sm'] },
  ];
  if (canEdit) {
    columns.push({
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, l) => (
        <Button type="link" size="small" onClick={() => openDialog(l)} aria-label={t('action.editOf', { name: l.name })}>
          {t('action.edit')}
        </Button>
      ),
    });
  }

  return (
    <Flex vertical gap={16}>
      <Space size={8} wrap>
        <Link to="/agent/manage/index">
          <ArrowLeftOutlined /> {t('back')}
        </Link>
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <ListTable<Level, SortField>
        list={list}
        query={{ ...query, data }}
        rowKey="id"
        columns={columns}
        title={t('title')}
        emptyText={t('empty')}
        extra={
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} aria-label={t('add')} onClick={() => openDialog('new')}>
              {screens.sm ? t('add') : null}
            </Button>
          )
        }
      />
      {(canAdd || canEdit) && <LevelDialog target={target} nextRank={nextRank} onClose={() => closeDialog()} />}
    </Flex>
  );
}
