import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Form, Grid, Input, InputNumber, Progress, Radio, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatMoney, parseMoney, player } from '@console/contract';
import { AgentSelect, GameSelect } from '../../components/dict-select';
import { FormDialog, useConfirm, zodRule } from '../../components/form-dialog';
import { type ListColumn, ListFilters, ListTable, useListState } from '../../components/list';
import { Money } from '../../components/money';
import { useControlAdd, useControlCancel, useControlList, usePlayerFind } from './api';
import { formatTime, progressPercent } from './format';

type Control = player.ControlItem;

const FILTERS = player.playerControlList.request.pick({ player_account: true, agent_id: true, status: true });
const toForm = (f: Record<string, unknown>) => ({ agent_id: 0, ...f });
const fromForm = (v: Record<string, unknown>) => ({
  agent_id: (v.agent_id as number) || undefined,
  player_account: (v.player_account as string) || undefined,
  status: (v.status as player.ControlStatus) || undefined,
});

const STATUS_COLOR: Record<player.ControlStatus, string> = { active: 'processing', completed: 'success', cancelled: 'default' };

interface AddValues {
  player_id: number;
  game_id: number;
  direction: 'win' | 'lose';
  target_amount: string;
  intensity: number;
  remark?: string;
}

/** A player picker that searches player/find by account prefix as one types. */
function PlayerPicker({ id, value, onChange }: { id?: string; value?: number; onChange?: (id: number) => void }) {
  const { t } = useTranslation('player');
  const [search, setSearch] = useState('');
  const found = usePlayerFind(search);
  return (
    <Select<number>
      // The form item's id, which its label points at.
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={onChange}
      placeholder={t('control.playerPlaceholder')}
      loading={found.isFetching}
      notFoundContent={search ? undefined : null}
      options={(found.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.account} · ${p.agent_code} · ${p.currency_code}` }))}
      data-testid="control-player"
    />
  );
}

/** Point control (803): the controls with their progress; set one, cancel an active one. */
export default function ControlScreen() {
  const { t } = useTranslation('player');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const screens = Grid.useBreakpoint();
  const list = useListState({ id: 'player-control', filters: FILTERS });
  const query = useControlList(list.params);
  const add = useControlAdd();
  const cancel = useControlCancel();
  const [adding, setAdding] = useState(false);

  function confirmCancel(row: Control) {
    confirm({
      title: t('control.cancel'),
      content: t('control.confirmCancel', { account: row.player_account, achieved: row.achieved_amount, target: row.target_amount }),
      danger: true,
      onOk: async () => {
        await cancel.mutateAsync({ id: row.id, remark: '' });
        message.success(t('toast.controlCancelled'));
      },
    });
  }

  const columns: ListColumn<Control>[] = [
    { title: 'ID', dataIndex: 'id', width: 64, responsive: ['xl'] },
    {
      title: t('control.player'),
      dataIndex: 'player_account',
      render: (v: string, row) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{v}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.agent_code} · {row.game_code || t('control.allGames')}
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
            <Money value={row.achieved_amount} /> / <Money value={row.target_amount} /> {row.currency_code}
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
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{formatTime(row.created_at)}</Typography.Text>
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
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{formatTime(v)}</Typography.Text>
          </Flex>
        ) : (
          '-'
        ),
    },
    { title: t('control.remark'), dataIndex: 'remark', responsive: ['xl'], render: (v: string) => v || '-' },
    {
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      ...(screens.md ? { fixed: 'right' as const } : {}),
      render: (_, row) =>
        row.status === 'active' ? (
          <Button type="link" size="small" danger onClick={() => confirmCancel(row)}>
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
      <FormDialog<AddValues>
        open={adding}
        name="control-add"
        title={t('control.add')}
        onClose={() => setAdding(false)}
        successMessage={t('toast.controlSet')}
        initialValues={{ game_id: 0, direction: 'win', intensity: 100 }}
        intro={<Alert type="info" showIcon style={{ marginTop: 16, marginBottom: 8 }} message={t('control.hint')} description={t('control.oneActive')} />}
        onSubmit={(v) =>
          add.mutateAsync({
            player_id: v.player_id,
            game_id: v.game_id ?? 0,
            direction: v.direction,
            target_amount: formatMoney(parseMoney(v.target_amount.trim())),
            intensity: v.intensity,
            remark: v.remark?.trim() ?? '',
          })
        }
      >
        <Form.Item name="player_id" label={t('control.player')} rules={[{ required: true, message: t('control.playerPlaceholder') }]}>
          <PlayerPicker />
        </Form.Item>
        <Form.Item name="game_id" label={t('control.game')}>
          <GameSelect style={{ width: '100%' }} />
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item name="direction" label={t('control.direction')} required>
            <Radio.Group optionType="button" options={player.CONTROL_DIRECTIONS.map((d) => ({ value: d, label: t(`control.${d}`) }))} />
          </Form.Item>
          <Form.Item name="intensity" label={t('control.intensity')} required rules={[{ type: 'integer', min: 1, max: player.MAX_INTENSITY, required: true }]}>
            <InputNumber min={1} max={player.MAX_INTENSITY} precision={0} style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item name="target_amount" label={t('control.target')} required rules={[zodRule(player.positiveMoneySchema)]}>
          <Input inputMode="decimal" maxLength={20} />
        </Form.Item>
        <Form.Item name="remark" label={t('control.remark')}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      </FormDialog>
    </Flex>
  );
}
