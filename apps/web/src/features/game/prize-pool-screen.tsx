import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Badge, Button, Descriptions, Flex, Form, Grid, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatMoney, game, parseMoney } from '@console/contract';
import { GameSelect, gameName } from '../../components/dict-select';
import { FormDialog, zodRule } from '../../components/form-dialog';
import { useHasPerm } from '../../components/has-perm';
import { type ListColumn, ListFilters, ListTable, useListState } from '../../components/list';
import { Money } from '../../components/money';
import { useAppStore } from '../../stores/app';
import { useCleanList, usePoolClean, usePoolEdit, usePoolList } from './api';
import { bpPercent, bpToPercent, percentToBp } from './format';
import { AgentTreePicker } from './parts';

type Pool = game.PrizePoolItem;
type Clean = game.PrizePoolCleanItem;

const FILTERS = game.gamePrizePoolList.request.pick({ agent_id: true, game_id: true });
const toForm = (f: Record<string, unknown>) => ({ agent_id: 0, game_id: 0, ...f });
const fromForm = (v: Record<string, unknown>) => ({ agent_id: (v.agent_id as number) || undefined, game_id: (v.game_id as number) || undefined });
const money = (v: string | undefined) => formatMoney(parseMoney((v ?? '').trim() || '0'));

interface EditValues {
  agent_id: number;
  game_id: number;
  seed_amount: string;
  rate: number;
  trigger_threshold: string;
  cap_amount: string;
  status: 1 | 2;
}

/** Creates the pool of an agent and game, or edits one; the cap (0 = none) bounds the seed and the threshold. */
function PoolDialog({ target, defaults, onClose }: { target: Pool | 'new' | null; defaults: { agent_id?: number; game_id?: number }; onClose: () => void }) {
  const { t } = useTranslation('game');
  const edit = usePoolEdit();
  const editing = target && target !== 'new' ? target : null;
  const capRule = ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator(_: unknown, value: string) {
      const cap = String(getFieldValue('cap_amount') ?? '').trim();
      if (!value || !game.betLimitSchema.safeParse(cap).success || !game.betLimitSchema.safeParse(value.trim()).success) return Promise.resolve();
      const c = parseMoney(cap);
      return c === 0n || parseMoney(value.trim()) <= c ? Promise.resolve() : Promise.reject(new Error(t('pool.rule.cap')));
    },
  });
  return (
    <FormDialog<EditValues>
      open={!!target}
      name="pool-edit"
      title={editing ? t('pool.editTitle', { agent: editing.agent_code, game: editing.game_code }) : t('pool.add')}
      onClose={onClose}
      successMessage={t('toast.saved')}
      initialValues={
        editing
          ? {
              agent_id: editing.agent_id,
              game_id: editing.game_id,
              seed_amount: editing.seed_amount,
              rate: bpToPercent(editing.contribution_rate),
              trigger_threshold: editing.trigger_threshold,
              cap_amount: editing.cap_amount,
              status: editing.status,
            }
          : { agent_id: defaults.agent_id, game_id: defaults.game_id || undefined, rate: 1, status: 1, cap_amount: '0', trigger_threshold: '0' }
      }
      onSubmit={(v) =>
        edit.mutateAsync({
          agent_id: v.agent_id,
          game_id: v.game_id,
          seed_amount: money(v.seed_amount),
          contribution_rate: percentToBp(v.rate),
          trigger_threshold: money(v.trigger_threshold),
          cap_amount: money(v.cap_amount),
          status: v.status,
        })
      }
    >
      <Space size={16} wrap>
        <Form.Item name="agent_id" label={t('field.agent')} rules={[{ required: true, message: t('pickAgent') }]}>
          <AgentTreePicker disabled={!!editing} data-testid="pool-agent" />
        </Form.Item>
        <Form.Item name="game_id" label={t('field.game')} rules={[{ required: true, type: 'number', min: 1, message: t('pickGame') }]}>
          <GameSelect disabled={!!editing} style={{ minWidth: 200 }} data-testid="pool-game" />
        </Form.Item>
      </Space>
      <Space size={16} wrap align="start">
        <Form.Item name="seed_amount" label={t('pool.seed')} required dependencies={['cap_amount']} rules={[zodRule(game.betLimitSchema, { required: t('rule.amount') }), capRule]}>
          <Input inputMode="decimal" maxLength={20} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="cap_amount" label={t('pool.cap')} required extra={t('pool.capHint')} rules={[zodRule(game.betLimitSchema, { required: t('rule.amount') })]}>
          <Input inputMode="decimal" maxLength={20} style={{ width: 170 }} />
        </Form.Item>
      </Space>
      <Space size={16} wrap align="start">
        <Form.Item name="trigger_threshold" label={t('pool.trigger')} required dependencies={['cap_amount']} rules={[zodRule(game.betLimitSchema, { required: t('rule.amount') }), capRule]}>
          <Input inputMode="decimal" maxLength={20} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="rate" label={t('pool.rate')} required extra={t('pool.rateHint')} rules={[{ required: true, type: 'number', min: 0, max: 100, message: t('pool.rule.rate') }]}>
          <InputNumber min={0} max={100} step={0.1} precision={2} suffix="%" style={{ width: 150 }} />
        </Form.Item>
      </Space>
      <Form.Item name="status" label={t('field.status')}>
        <Radio.Group optionType="button" options={[{ value: 1, label: t('pool.status.1') }, { value: 2, label: t('pool.status.2') }]} />
      </Form.Item>
    </FormDialog>
  );
}

interface CleanValues {
  remark: string;
  typed: string;
}

/** Cleans a pool back to its seed: the amounts before and after are shown, a remark is required and the amount after must be typed. */
function CleanDialog({ target, onClose }: { target: Pool | null; onClose: () => void }) {
  const { t } = useTranslation('game');
  const clean = usePoolClean();
  const { message } = App.useApp();
  return (
    <FormDialog<CleanValues>
      open={!!target}
      name="pool-clean"
      title={target ? t('pool.cleanTitle', { agent: target.agent_code, game: target.game_code }) : ''}
      okText={t('pool.clean')}
      onClose={onClose}
      intro={
        target && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 16, marginBottom: 8 }}
            message={t('pool.cleanWarning')}
            description={
              <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
                <Descriptions.Item label={t('pool.before')}>
                  <span data-testid="clean-before">
                    <Money value={target.pool_amount} decimals={4} /> {target.currency_code}
                  </span>
                </Descriptions.Item>
                <Descriptions.Item label={t('pool.after')}>
                  <span data-testid="clean-after">
                    <Money value={target.seed_amount} decimals={4} /> {target.currency_code}
                  </span>
                </Descriptions.Item>
              </Descriptions>
            }
          />
        )
      }
      onSubmit={async (v) => {
        const r = await clean.mutateAsync({ id: target!.id, remark: v.remark.trim() });
        message.success(t('toast.cleaned', { before: r.before_amount, after: r.after_amount }));
      }}
    >
      <Form.Item name="remark" label={t('pool.remark')} required rules={[zodRule(game.cleanRemarkSchema, { required: t('pool.rule.remark') })]}>
        <Input.TextArea rows={2} maxLength={255} autoFocus />
      </Form.Item>
      {target && (
        <Form.Item
          name="typed"
          label={t('pool.typeToConfirm', { amount: target.seed_amount })}
          required
          rules={[
            {
              validator: (_, v: string) => {
                const typed = (v ?? '').replace(/,/g, '').trim();
                return game.betLimitSchema.safeParse(typed).success && parseMoney(typed) === parseMoney(target.seed_amount)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('pool.mismatch', { amount: target.seed_amount })));
              },
            },
          ]}
        >
          <Input inputMode="decimal" maxLength={24} data-testid="clean-typed" />
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** Prize pools (902, hidden route /game/manage/agent/prize-pool): an agent's pools, create or edit, clean with a typed confirmation, and the history of cleans. */
export default function PrizePoolScreen() {
  const { t } = useTranslation('game');
  const screens = Grid.useBreakpoint();
  const language = useAppStore((s) => s.language);
  const canEdit = useHasPerm()('902');
  const list = useListState({ id: 'game-prize-pool', filters: FILTERS });
  const query = usePoolList(list.params);
  const history = useListState({ id: 'game-prize-pool-cleans', filters: game.gamePrizePoolCleanList.request.pick({ prize_pool_id: true }) });
  const cleans = useCleanList({ ...history.params, agent_id: list.filters.agent_id, game_id: list.filters.game_id });
  const [target, setTarget] = useState<Pool | 'new' | null>(null);
  const [cleaning, setCleaning] = useState<Pool | null>(null);
  // A new form for each opening: a kept form would show the previous pool's values.
  const [opens, setOpens] = useState(0);
  const openEdit = (p: Pool | 'new') => {
    setOpens((n) => n + 1);
    setTarget(p);
  };
  const openClean = (p: Pool) => {
    setOpens((n) => n + 1);
    setCleaning(p);
  };

  const columns: ListColumn<Pool>[] = [
    {
      title: t('field.agent'),
      dataIndex: 'agent_code',
      settable: false,
      render: (v: string, p) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{v}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {gameName(p, language)}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('field.game'), dataIndex: 'game_code', responsive: ['lg'] },
    {
      title: t('pool.amount'),
      dataIndex: 'pool_amount',
      align: 'right',
      render: (v: string, p) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid={`pool-amount-${p.id}`}>
          <Money value={v} decimals={4} /> <Typography.Text type="secondary">{p.currency_code}</Typography.Text>
        </span>
      ),
    },
    { title: t('pool.seed'), dataIndex: 'seed_amount', align: 'right', responsive: ['md'], render: (v: string) => <Money value={v} /> },
    { title: t('pool.rate'), dataIndex: 'contribution_rate', align: 'right', responsive: ['lg'], render: (v: number) => <span className="num">{bpPercent(v)}</span> },
    { title: t('pool.trigger'), dataIndex: 'trigger_threshold', align: 'right', responsive: ['lg'], render: (v: string) => <Money value={v} /> },
    { title: t('pool.cap'), dataIndex: 'cap_amount', align: 'right', responsive: ['md'], render: (v: string) => (parseMoney(v) === 0n ? t('pool.noCap') : <Money value={v} />) },
    { title: t('field.status'), dataIndex: 'status', render: (v: number) => <Badge status={v === 1 ? 'success' : 'default'} text={t(`pool.status.${v}`)} style={{ whiteSpace: 'nowrap' }} /> },
  ];
  if (canEdit) {
    columns.push({
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      ...(screens.md ? { fixed: 'right' as const } : {}),
      render: (_, p) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => openEdit(p)}>
            {t('action.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => openClean(p)} data-testid={`pool-clean-${p.id}`}>
            {t('pool.clean')}
          </Button>
        </Space>
      ),
    });
  }

  const cleanColumns: ListColumn<Clean>[] = [
    { title: t('pool.cleanedAt'), dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{new Date(v).toLocaleString()}</span> },
    { title: t('field.agent'), dataIndex: 'agent_code', render: (v: string, c) => `${v} · ${c.game_code}` },
    {
      title: t('pool.beforeAfter'),
      key: 'amounts',
      align: 'right',
      render: (_, c) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Money value={c.before_amount} /> → <Money value={c.after_amount} /> <Typography.Text type="secondary">{c.currency_code}</Typography.Text>
        </span>
      ),
    },
    { title: t('pool.operator'), dataIndex: 'operator_account', responsive: ['md'] },
    { title: t('pool.remark'), dataIndex: 'remark', responsive: ['sm'] },
  ];

  return (
    <Flex vertical gap={16}>
      <ListFilters list={list} name="pool-filters" toForm={toForm} fromForm={fromForm}>
        <Form.Item name="agent_id" label={t('field.agent')}>
          <AgentTreePicker style={{ minWidth: 220 }} data-testid="pool-filter-agent" />
        </Form.Item>
        <Form.Item name="game_id" label={t('field.game')}>
          <GameSelect style={{ minWidth: 200 }} />
        </Form.Item>
      </ListFilters>
      <ListTable<Pool>
        list={list}
        query={query}
        rowKey="id"
        columns={columns}
        title={t('pool.title')}
        emptyText={t('pool.empty')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} aria-label={t('pool.add')} onClick={() => openEdit('new')}>
              {screens.sm ? t('pool.add') : null}
            </Button>
          )
        }
      />
      <ListTable<Clean> list={history} query={cleans} rowKey="id" columns={cleanColumns} title={t('pool.history')} emptyText={t('pool.noCleans')} />
      {canEdit && <PoolDialog key={`edit-${opens}`} target={target} defaults={list.filters} onClose={() => setTarget(null)} />}
      {canEdit && <CleanDialog key={`clean-${opens}`} target={cleaning} onClose={() => setCleaning(null)} />}
    </Flex>
  );
}
