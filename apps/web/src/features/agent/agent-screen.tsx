import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, Dropdown, Flex, Form, Grid, Input, type MenuProps, Space, Tag, Tooltip, Typography } from 'antd';
import { DownOutlined, EllipsisOutlined, PlusOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { agent } from '@console/contract';
import { useConfirm } from '../../components/form-dialog';
import { DateTime } from '../../components/date-time';
import { useHasPerm } from '../../components/has-perm';
import { useDictStore } from '../../stores/dict';
import { useAgentUser } from '../../stores/session';
import { type FilterChip, type ListColumn, ListFilters, ListTable, StatusFilter, useFilterChips, useListState } from '../../components/list';
import { useAgentChildren, useAgentList, useEditAgent } from './api';
import { type AgentDialog, AgentFormModal } from './agent-form-modal';
import { AgentUsersDrawer } from './agent-users-drawer';
import { agentTreePath } from './reveal';
import './agent.css';

type AgentItem = agent.AgentItem;
type Row = AgentItem & { children?: Row[] };
const { AgentStatus } = agent;

export const AGENT_PERMISSION = '7';

const FILTERS = agent.agentList.request.pick({ keyword: true, status: true });

const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/**
 * Agent management (route /agent/manage/index): the agent tree, top-level agents paged and
 * each level loaded as it is expanded; a search or status filter lists matching agents of every
 * level with the codes above them. Agents are added at the top or under a row, edited, enabled and
 * disabled, and their users managed in a drawer.
 */
export default function AgentScreen() {
  const { t } = useTranslation('agent');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const canManage = useHasPerm()(AGENT_PERMISSION);
  // An agent user manages what lies below their own agent: sub-agents are added under it, never at
  // the top, and its own settings and status are not theirs to change.
  const agentUser = useAgentUser();
  const ownAgentId = agentUser?.agent_id;
  const canAddTop = canManage && !agentUser;
  const list = useListState({ id: 'agent', filters: FILTERS });
  // The filters in effect as chips: a link (key management's, to one agent) brings a keyword.
  const keywordChips = useFilterChips<typeof list.filters>(list.filters, ['keyword']);
  const chips: FilterChip<typeof list.filters>[] = [
    ...keywordChips,
    ...(list.filters.status !== undefined ? [{ key: 'status', label: t('field.status'), value: t(`status.${list.filters.status}`) }] : []),
  ];
  const searching = !!list.filters.keyword || list.filters.status !== undefined;
  const query = useAgentList({ ...list.params, ...(searching ? {} : { parent_id: 0 }) });
  const [expanded, setExpanded] = useState<number[]>([]);
  const children = useAgentChildren(searching ? [] : expanded);
  const [dialog, setDialog] = useState<AgentDialog>(null);
  const [usersOf, setUsersOf] = useState<AgentItem | null>(null);
  const edit = useEditAgent();
  // The agent just added: its row is brought into view and marked for a moment.
  const [fresh, setFresh] = useState<number | null>(null);
  // The top-level page that holds it, turned to once any search is cleared.
  const [pendingPage, setPendingPage] = useState<number | null>(null);

  // The loaded levels hung under their parents; a row with sub-agents not loaded yet gets an
  // empty list, so the table draws its expander.
  const rows = useMemo(() => {
    const loaded = new Map<number, AgentItem[]>();
    (searching ? [] : expanded).forEach((id, i) => {
      const data = children[i]?.data;
      if (data) loaded.set(id, data.list);
    });
    const hang = (a: AgentItem): Row => {
      if (searching || a.child_count === 0) return a;
      return { ...a, children: (loaded.get(a.id) ?? []).map(hang) };
    };
    return (query.data?.list ?? []).map(hang);
  }, [query.data, children, expanded, searching]);

  /**
   * After an add, the new agent is shown where it sits in the tree: the filters are cleared (a
   * search may not match it), the agents above it expanded, the top level turned to its page.
   */
  function reveal(id: number) {
    const path = agentTreePath(useDictStore.getState().agents, id, list.pageSize);
    if (path) {
      setExpanded((keys) => [...keys, ...path.expand.filter((k) => !keys.includes(k))]);
      setPendingPage(path.page);
    }
    if (searching) list.setFilters({});
    setFresh(id);
  }

  // The page turns once the search is cleared (both change the URL; one after the other).
  useEffect(() => {
    if (pendingPage === null || searching) return;
    if (pendingPage !== list.page) list.setPage(pendingPage);
    setPendingPage(null);
  }, [pendingPage, searching, list]);

  // Once the new row is drawn: scroll it to the middle of the screen, unmark it a little later.
  const freshShown = fresh !== null && rowsHold(rows, fresh);
  useEffect(() => {
    if (fresh === null || !freshShown) return undefined;
    document.querySelector(`tr[data-row-key="${fresh}"]`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    const timer = setTimeout(() => setFresh(null), 3000);
    return () => clearTimeout(timer);
  }, [fresh, freshShown]);

  function toggleStatus(a: AgentItem) {
    const enabled = a.status === AgentStatus.Enabled;
    confirm({
      title: t(enabled ? 'action.disable' : 'action.enable'),
      content: t(enabled ? 'confirm.disable' : 'confirm.enable', { code: a.code, name: a.name }),
      danger: enabled,
      onOk: async () => {
        try {
          await edit.mutateAsync({ id: a.id, status: enabled ? AgentStatus.Disabled : AgentStatus.Enabled });
        } catch {
          return;
        }
        message.success(t(enabled ? 'toast.disabled' : 'toast.enabled'));
      },
    });
  }

  const columns: ListColumn<Row>[] = [
    {
      title: t('field.agent'),
      dataIndex: 'code',
      settable: false,
      keyColumn: true,
      render: (code: string, a) => (
        <Flex vertical gap={0} style={{ display: 'inline-flex' }}>
          <Space size={6} wrap={false}>
            <Typography.Text strong>{a.name}</Typography.Text>
            <Tag variant="filled">{t('levelN', { n: a.level })}</Tag>
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {searching && a.parent_path ? `${a.parent_path}/` : ''}
            {code}
            {/* A phone has no room for the currency, share and status columns: they follow the code. */}
            {phone ? ` · ${a.currency_code} · ${percent(a.share_rate)}` : ''}
          </Typography.Text>
          {phone && <Badge status={a.status === AgentStatus.Enabled ? 'success' : 'default'} text={t(`status.${a.status}`)} className="agent-status-phone" />}
        </Flex>
      ),
    },
    {
      title: t('field.currency'),
      dataIndex: 'currency_code',
      responsive: ['sm'],
      render: (c: string, a) => (
        <Flex vertical gap={0}>
          <span>{c}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t(`walletMode.${a.wallet_mode}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('field.shareRate'),
      dataIndex: 'share_rate',
      responsive: ['sm'],
      align: 'right',
      render: (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{percent(v)}</span>,
    },
    { title: t('field.players'), dataIndex: 'player_count', align: 'right', responsive: ['sm'] },
    {
      title: t('field.status'),
      dataIndex: 'status',
      responsive: ['sm'],
      render: (s: number) => <Badge status={s === AgentStatus.Enabled ? 'success' : 'default'} text={t(`status.${s}`)} style={{ whiteSpace: 'nowrap' }} />,
    },
    {
      title: t('field.ipWhitelist'),
      dataIndex: 'ip_whitelist',
      responsive: ['xl'],
      render: (ips: string[]) =>
        ips.length ? (
          <Tooltip title={ips.join(', ')}>
            <span>{t('ipCount', { count: ips.length })}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('ipAny')}</Typography.Text>
        ),
    },
    { title: t('field.createdAt'), dataIndex: 'created_at', responsive: ['lg'], render: (v: string) => <DateTime value={v} precision="minute" /> },
  ];

  columns.push({
    title: t('common:action.operation'),
    key: 'actions',
    settable: false,
    ...(screens.md ? { fixed: 'right' as const } : {}),
    render: (_, a) => {
      const enabled = a.status === AgentStatus.Enabled;
      const own = a.id === ownAgentId;
      const more: MenuProps['items'] = canManage
        ? [
            { key: 'sub', label: t('action.addChild'), disabled: !enabled, onClick: () => setDialog({ mode: 'add', parent: a }) },
            ...(own
              ? []
              : [
                  { key: 'edit', label: t('action.edit'), onClick: () => setDialog({ mode: 'edit', agent: a }) },
                  { key: 'status', label: t(enabled ? 'action.disable' : 'action.enable'), danger: enabled, onClick: () => toggleStatus(a) },
                ]),
          ]
        : [];
      if (!screens.sm) {
        const all: MenuProps['items'] = [{ key: 'users', label: t('action.users'), onClick: () => setUsersOf(a) }, ...more];
        return (
          <Dropdown menu={{ items: all }} trigger={['click']}>
            <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={t('actionsOf', { code: a.code })} />
          </Dropdown>
        );
      }
      return (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setUsersOf(a)}>
            {t('action.users')}
          </Button>
          {canManage && (
            <Dropdown menu={{ items: more }} trigger={['click']}>
              <Button type="link" size="small" aria-label={t('moreActionsOf', { code: a.code })}>
                {t('common:action.more')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </Space>
      );
    },
  });

  return (
    <Flex vertical gap={16}>
      <ListFilters
        list={list}
        name="agent-filters"
        phoneDrawer
        summary={[list.filters.keyword, list.filters.status !== undefined ? t(`status.${list.filters.status}`) : ''].filter(Boolean).join(' · ')}
        activeCount={(list.filters.keyword ? 1 : 0) + (list.filters.status !== undefined ? 1 : 0)}
        chips={chips}
      >
        <Form.Item name="keyword" label={t('keyword')}>
          <Input placeholder={t('keywordPlaceholder')} allowClear style={{ width: 220 }} maxLength={64} />
        </Form.Item>
        <StatusFilter label={t('field.status')} />
      </ListFilters>
      <ListTable<Row>
        list={list}
        query={{ ...query, data: query.data && { list: rows, total: query.data.total } }}
        rowKey="id"
        columns={columns}
        title={searching ? t('titleSearch') : t('title')}
        emptyText={t('empty')}
        extra={
          canManage && (
            <>
              {/* The admin levels agent users hold (/agent/manage/level), named as their page is. */}
              <Button href="#/agent/manage/level" icon={<SafetyCertificateOutlined />} aria-label={t('route:agentLevel')}>
                {screens.sm ? t('route:agentLevel') : null}
              </Button>
              {canAddTop && (
                <Button type="primary" icon={<PlusOutlined />} aria-label={t('add')} onClick={() => setDialog({ mode: 'add', parent: null })}>
                  {screens.sm ? t('add') : null}
                </Button>
              )}
            </>
          )
        }
        tableProps={{
          rowClassName: (a) => (a.id === fresh ? 'agent-row-fresh' : ''),
          expandable: searching
            ? undefined
            : {
                expandedRowKeys: expanded,
                onExpand: (open, a) => setExpanded((keys) => (open ? [...keys, a.id] : keys.filter((k) => k !== a.id))),
                indentSize: 20,
              },
        }}
      />
      {canManage && <AgentFormModal dialog={dialog} onClose={() => setDialog(null)} onAdded={reveal} />}
      <AgentUsersDrawer owner={usersOf} onClose={() => setUsersOf(null)} canManage={canManage} />
    </Flex>
  );
}

/** Whether the tree's loaded rows hold the agent `id`. */
function rowsHold(rows: readonly Row[], id: number): boolean {
  return rows.some((r) => r.id === id || (!!r.children && rowsHold(r.children, id)));
}
