import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Grid, Input, Progress, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { player } from '@console/contract';
import { AgentSelect } from '../../components/dict-select';
import { DateTime } from '../../components/date-time';
import { type ListColumn, ListFilters, ListTable, useListState } from '../../components/list';
import { Money } from '../../components/money';
import { useControlList } from './api';
import { ControlAddDialog, GameName, useCancelControl } from './control-actions';
import { progressPercent } from './format';

type Control = player.ControlItem;

const FILTERS = player.playerControlList.request.pick({ player_account: true, agent_id: true, status: true });
const toForm = (f: Record<string, unknown>) => ({ agent_id: 0, ...f });
const fromForm = (v: Record<string, unknown>) => ({
  agent_id: (v.agent_id as number) || undefined,
  player_account: (v.player_account as string) || undefined,
  status: (v.status as player.ControlStatus) || undefined,
});

const STATUS_COLOR: Record<player.ControlStatus, string> = { active: 'processing', completed: 'success', cancelled: 'default' };

/** Point control (803): the controls with their progress; set one, cancel an active one. */
export default function ControlScreen() {
  const { t } = useTranslation('player');
  const screens = Grid.useBreakpoint();
  const list = useListState({ id: 'player-control', filters: FILTERS });
  const query = useControlList(list.params);
  const confirmCancel = useCancelControl();
  const [adding, setAdding] = useState(false);

  const columns: ListColumn<Control>[] = [
    {
      title: t('control.player'),
      dataIndex: 'player_account',
      keyColumn: true,
      render: (v: string, row) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{v}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.agent_code} · <GameName id={row.game_id} code={row.game_code} inline />
          </Typography.Text>
          {/* A phone shows direction and status here, so that the progress stays in view. */}
          {!screens.sm && (
            <Space size={4} style={{ marginTop: 4 }}>
              <Tag color={row.direction === 'win' ? 'green' : 'red'}>{t(`control.${row.direction}`)}</Tag>
              <Tag color={STATUS_COLOR[row.status]}>{t(`control.${row.status}`)}</Tag>
            </Space>
          )}
        </Flex>
      ),
    },
    { title: t('control.direction'), dataIndex: 'direction', responsive: ['sm'], render: (v: 'win' | 'lose') => <Tag color={v === 'win' ? 'green' : 'red'}>{t(`control.${v}`)}</Tag> },
    {
      title: t('control.progress'),
      key: 'progress',
      render: (_, row) => (
        <Flex vertical gap={0} style={{ minWidth: screens.sm ? 160 : 120 }}>
          <Progress
            percent={progressPercent(row.achieved_amount, row.target_amount)}
            size="small"
            showInfo={!!screens.sm}
            status={row.status === 'cancelled' ? 'exception' : row.status === 'completed' ? 'success' : 'active'}
            aria-label={t('control.progressOf', { account: row.player_account })}
            data-testid={`control-progress-${row.id}`}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid={`control-achieved-${row.id}`}>
            <Money value={row.achieved_amount} currency={row.currency_code} /> / <Money value={row.target_amount} currency={row.currency_code} showCode />
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('control.intensity'), dataIndex: 'intensity', align: 'right', responsive: ['lg'] },
    { title: t('control.status'), dataIndex: 'status', responsive: ['sm'], render: (v: player.ControlStatus) => <Tag color={STATUS_COLOR[v]}>{t(`control.${v}`)}</Tag> },
    {
      title: t('control.setBy'),
      dataIndex: 'created_by_account',
      responsive: ['md'],
      render: (v: string, row) => (
        <Flex vertical gap={0}>
          <span>{v}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <DateTime value={row.created_at} />
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('control.finishedAt'),
      dataIndex: 'finished_at',
      responsive: ['lg'],
      render: (v: string | null, row) =>
        v ? (
          <Flex vertical gap={0}>
            {row.cancelled_by_account && <span>{t('control.cancelledBy')}: {row.cancelled_by_account}</span>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <DateTime value={v} />
            </Typography.Text>
          </Flex>
        ) : (
          '-'
        ),
    },
    {
      title: t('control.remark'),
      dataIndex: 'remark',
      responsive: ['xl'],
      // A long remark ends in an ellipsis, whole in the tooltip, instead of being cut.
      render: (v: string) => (v ? <Typography.Paragraph style={{ maxWidth: 240, marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: v }}>{v}</Typography.Paragraph> : '-'),
    },
    // After the player, which is pinned to the left edge; shown from the column settings.
    { title: 'ID', dataIndex: 'id', width: 64, defaultHidden: true },
    {
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, row) =>
        row.status === 'active' ? (
          <Button type="link" size="small" danger onClick={() => confirmCancel(row)} style={{ paddingInline: 4 }}>
            {t('control.cancel')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListFilters list={list} name="control-filters" toForm={toForm} fromForm={fromForm} phoneDrawer summary={list.filters.player_account}>
        <Form.Item name="player_account" label={t('control.player')}>
          <Input placeholder={t('list.accountPlaceholder')} allowClear style={{ width: 180 }} maxLength={64} />
        </Form.Item>
        <Form.Item name="agent_id" label={t('list.agent')}>
          <AgentSelect style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status" label={t('control.status')}>
          <Select
            allowClear
            placeholder={t('control.allStatus')}
            style={{ width: 130 }}
            options={player.CONTROL_STATUSES.map((s) => ({ value: s, label: t(`control.${s}`) }))}
          />
        </Form.Item>
      </ListFilters>
      <ListTable
        list={list}
        query={query}
        rowKey="id"
        columns={columns}
        title={t('control.title')}
        emptyText={t('control.empty')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('control.add')}
          </Button>
        }
      />
      <ControlAddDialog open={adding} onClose={() => setAdding(false)} />
    </Flex>
  );
}
