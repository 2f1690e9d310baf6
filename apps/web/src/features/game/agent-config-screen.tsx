import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert, App, Badge, Button, Checkbox, Flex, Form, Grid, Input, InputNumber, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { formatMoney, game, parseMoney } from '@console/contract';
import { PlatformSelect, gameName, useAgents } from '../../components/dict-select';
import { FormDialog, useDialogTarget, zodRule } from '../../components/form-dialog';
import { useHasPerm } from '../../components/has-perm';
import { type ListColumn, ListFilters, ListTable, useListState } from '../../components/list';
import { Money } from '../../components/money';
import { useAppStore } from '../../stores/app';
import { useAgentConfigEdit, useAgentConfigList } from './api';
import { bpPercent, bpToPercent, percentToBp, plainAmount } from './format';
import { AgentFrame, GameCell, SourceMark, offReasonText, subAgentCount, useShownAgent } from './parts';

type Row = game.AgentConfigItem;

const FILTERS = game.gameAgentList.request.pick({ agent_id: true, platform_id: true, type: true, keyword: true });
const toForm = (f: Record<string, unknown>) => ({ platform_id: 0, ...f });
const fromForm = (v: Record<string, unknown>) => ({
  platform_id: (v.platform_id as number) || undefined,
  type: (v.type as game.GameType) || undefined,
  keyword: ((v.keyword as string) ?? '').trim() || undefined,
});

function Valued({ children, source, testId }: { children: ReactNode; source: game.ConfigSource; testId: string }) {
  return (
    <Flex vertical gap={0} align="flex-end" data-testid={testId} data-source={source.level}>
      <span>{children}</span>
      <SourceMark source={source} />
    </Flex>
  );
}

interface Values {
  enabled: boolean;
  o_rtp: boolean;
  rtp?: number;
  o_tax: boolean;
  tax?: number;
  o_min: boolean;
  min_bet?: string;
  o_max: boolean;
  max_bet?: string;
}

/**
 * Overrides one agent's config of one game: each value is set here (checked) or inherited
 * (unchecked, sent as null). Switching the game off here reaches the agent's whole sub-tree, so it
 * is confirmed first with the number of sub-agents it reaches. Where a level above has the game off,
 * the switch shows it off and is locked, with the reason; the save then leaves it as it is.
 */
export function AgentConfigDialog({ target, onClose }: { target: Row | null; onClose: () => void }) {
  const { t } = useTranslation('game');
  const { modal } = App.useApp();
  const language = useAppStore((s) => s.language);
  const agents = useAgents();
  const edit = useAgentConfigEdit();
  // Named from the row itself, the agent the write goes to: never from what the screen shows beside it.
  const agentCode = agents.find((a) => a.id === target?.agent_id)?.code ?? '';
  const own = (f: game.ConfigField) => !!target?.overrides.includes(f);
  const locked = target?.parent_enabled === 0;
  /** Asks before switching the game off here: resolves true for "Switch off", false for "Keep on". */
  const askOff = (row: Row) => {
    const count = subAgentCount(agents, row.agent_id);
    const name = gameName(row, language);
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('agent.confirmOffTitle', { agent: agentCode, game: name }),
        content: <span data-testid="confirm-off-text">{count ? t('agent.confirmOff', { agent: agentCode, count }) : t('agent.confirmOffNone', { agent: agentCode })}</span>,
        okText: t('agent.switchOff'),
        cancelText: t('agent.keepOn'),
        okButtonProps: { danger: true },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  };
  const money = (v: string | undefined) => formatMoney(parseMoney((v ?? '').trim()));
  return (
    <FormDialog<Values>
      open={!!target}
      name="agent-config-edit"
      title={target ? t('agent.editTitle', { agent: agentCode, name: gameName(target, language) }) : ''}
      onClose={onClose}
      successMessage={t('toast.saved')}
      initialValues={
        target
          ? {
              enabled: !locked && !own('enabled'),
              o_rtp: own('rtp_target'),
              rtp: bpToPercent(target.rtp_target),
              o_tax: own('tax_rate'),
              tax: bpToPercent(target.tax_rate),
              o_min: own('min_bet'),
              min_bet: plainAmount(target.min_bet),
              o_max: own('max_bet'),
              max_bet: plainAmount(target.max_bet),
            }
          : undefined
      }
      intro={
        target && target.parent_enabled === 0 ? (
          <Alert type="warning" showIcon style={{ marginTop: 16 }} message={offReasonText(t, target.off_reason)} description={t('agent.parentOffHint')} />
        ) : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            {t('agent.editHint')}
          </Typography.Paragraph>
        )
      }
      onSubmit={async (v) => {
        // Switched off here just now: it reaches the whole sub-tree, so ask first ("Keep on" keeps the dialog open).
        if (!locked && !v.enabled && !own('enabled') && !(await askOff(target!))) throw new Error('kept on');
        return edit.mutateAsync({
          agent_id: target!.agent_id,
          game_id: target!.game_id,
          // Locked by a level above: left as it is. On: inherited again (the level above has it on,
          // or it would be locked), so switching it back on removes the override.
          enabled: locked ? undefined : v.enabled ? null : 0,
          rtp_target: v.o_rtp ? percentToBp(v.rtp ?? 0) : null,
          tax_rate: v.o_tax ? percentToBp(v.tax ?? 0) : null,
          min_bet: v.o_min ? money(v.min_bet) : null,
          max_bet: v.o_max ? money(v.max_bet) : null,
        });
      }}
    >
      <Form.Item
        name="enabled"
        label={t('field.enabledHere')}
        valuePropName="checked"
        extra={
          locked ? (
            <span data-testid="enabled-locked">
              <LockOutlined /> {offReasonText(t, target!.off_reason)}
            </span>
          ) : (
            t('hint.enabledHere')
          )
        }
      >
        <Switch disabled={locked} data-testid="agent-enabled-switch" />
      </Form.Item>
      <OverrideFields />
    </FormDialog>
  );
}

/** The values this agent may set here (checked) or inherit (unchecked): a value is typed only when it is set here. */
function OverrideFields() {
  const { t } = useTranslation('game');
  const checked = {
    rtp: Form.useWatch('o_rtp'),
    tax: Form.useWatch('o_tax'),
    min: Form.useWatch('o_min'),
    max: Form.useWatch('o_max'),
  };
  return (
    <>
      <Space size={16} wrap align="start">
        <Form.Item label={t('field.rtp')} htmlFor="agent-config-edit_rtp">
          <Space.Compact>
            <Form.Item name="o_rtp" valuePropName="checked" noStyle>
              <Checkbox style={{ alignSelf: 'center', marginInlineEnd: 8 }}>{t('override')}</Checkbox>
            </Form.Item>
            <Form.Item name="rtp" noStyle rules={[{ required: !!checked.rtp, type: 'number', min: 80, max: 100, message: t('rule.rtp') }]}>
              <InputNumber min={80} max={100} step={0.5} precision={2} suffix="%" disabled={!checked.rtp} style={{ width: 130 }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('field.tax')} htmlFor="agent-config-edit_tax">
          <Space.Compact>
            <Form.Item name="o_tax" valuePropName="checked" noStyle>
              <Checkbox style={{ alignSelf: 'center', marginInlineEnd: 8 }}>{t('override')}</Checkbox>
            </Form.Item>
            <Form.Item name="tax" noStyle rules={[{ required: !!checked.tax, type: 'number', min: 0, max: 20, message: t('rule.tax') }]}>
              <InputNumber min={0} max={20} step={0.5} precision={2} suffix="%" disabled={!checked.tax} style={{ width: 130 }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      </Space>
      <Space size={16} wrap align="start">
        <Form.Item label={t('field.minBet')} htmlFor="agent-config-edit_min_bet">
          <Flex gap={8} align="center">
            <Form.Item name="o_min" valuePropName="checked" noStyle>
              <Checkbox>{t('override')}</Checkbox>
            </Form.Item>
            <Form.Item name="min_bet" noStyle rules={checked.min ? [zodRule(game.betLimitSchema, { required: t('rule.amount') })] : []}>
              <Input inputMode="decimal" maxLength={20} disabled={!checked.min} style={{ width: 150 }} />
            </Form.Item>
          </Flex>
        </Form.Item>
        <Form.Item label={t('field.maxBet')} htmlFor="agent-config-edit_max_bet">
          <Flex gap={8} align="center">
            <Form.Item name="o_max" valuePropName="checked" noStyle>
              <Checkbox>{t('override')}</Checkbox>
            </Form.Item>
            <Form.Item name="max_bet" noStyle rules={checked.max ? [zodRule(game.betLimitSchema, { required: t('rule.amount') })] : []}>
              <Input inputMode="decimal" maxLength={20} disabled={!checked.max} style={{ width: 150 }} />
            </Form.Item>
          </Flex>
        </Form.Item>
      </Space>
    </>
  );
}

/** Agent game config (902): one agent's effective config of every game, each value marked inherited or overridden, and why a game is off. */
export default function AgentConfigScreen() {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const language = useAppStore((s) => s.language);
  const canEdit = useHasPerm()('902');
  const list = useListState({ id: 'game-agent', filters: FILTERS, defaultPageSize: 50 });
  const agent = useShownAgent(list.filters.agent_id);
  const agentId = agent?.id ?? 0;
  const query = useAgentConfigList(agentId ? ({ ...list.params, agent_id: agentId } as Parameters<typeof useAgentConfigList>[0]) : null);
  const { target, open: edit, close: closeDialog } = useDialogTarget<Row>();
  const to = (path: string, row: Row) => navigate(`/game/manage/agent/${path}?agent_id=${row.agent_id}&game_id=${row.game_id}`);

  const columns: ListColumn<Row>[] = [
    {
      title: t('field.game'),
      dataIndex: 'game_code',
      settable: false,
      keyColumn: true,
      render: (_: string, r) => (
        <GameCell
          name={gameName(r, language)}
          code={r.game_code}
          detail={` · ${r.platform_name}`}
          phone={!screens.sm && <Badge status={r.enabled ? 'success' : 'default'} text={r.enabled ? t('state.on') : offReasonText(t, r.off_reason)} style={{ fontSize: 12 }} />}
        />
      ),
    },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      responsive: ['sm'],
      render: (v: number, r) => (
        <Flex vertical gap={0} data-testid={`cell-enabled-${r.game_code}`}>
          <Badge status={v ? 'success' : 'default'} text={t(v ? 'state.on' : 'state.off')} style={{ whiteSpace: 'nowrap' }} />
          {r.off_reason && (
            <Typography.Text type={r.off_reason.level === 'self' ? 'secondary' : 'warning'} style={{ fontSize: 12, maxWidth: 220 }}>
              {offReasonText(t, r.off_reason)}
            </Typography.Text>
          )}
          {r.overrides.includes('enabled') && r.off_reason?.level !== 'self' && (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t('alsoOffHere')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('field.rtp'),
      dataIndex: 'rtp_target',
      align: 'right',
      render: (v: number, r) => (
        <Valued source={r.sources.rtp_target} testId={`cell-rtp-${r.game_code}`}>
          <span className="num">{bpPercent(v)}</span>
        </Valued>
      ),
    },
    {
      title: t('field.tax'),
      dataIndex: 'tax_rate',
      align: 'right',
      responsive: ['sm'],
      render: (v: number, r) => (
        <Valued source={r.sources.tax_rate} testId={`cell-tax-${r.game_code}`}>
          <span className="num">{bpPercent(v)}</span>
        </Valued>
      ),
    },
    {
      title: t('field.minBet'),
      dataIndex: 'min_bet',
      align: 'right',
      responsive: ['md'],
      render: (v: string, r) => (
        <Valued source={r.sources.min_bet} testId={`cell-min-${r.game_code}`}>
          <Money value={v} currency={agent?.currency_id} />
        </Valued>
      ),
    },
    {
      title: t('field.maxBet'),
      dataIndex: 'max_bet',
      align: 'right',
      responsive: ['md'],
      render: (v: string, r) => (
        <Valued source={r.sources.max_bet} testId={`cell-max-${r.game_code}`}>
          <Money value={v} currency={agent?.currency_id} />
        </Valued>
      ),
    },
    {
      title: t('field.protection'),
      key: 'protection',
      responsive: ['lg'],
      render: (_, r) =>
        r.guarantee_rtp || r.new_player_protect_rounds || r.max_win_multiplier ? (
          <Typography.Text style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('protect.summary', { rtp: r.guarantee_rtp ? bpPercent(r.guarantee_rtp) : '-', rounds: r.new_player_protect_rounds, multiplier: r.max_win_multiplier || '-' })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('protect.none')}</Typography.Text>
        ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, r) => (
        // On a phone the links stack, so the pinned column stays narrow and the game's name shows beside it.
        <Flex vertical={!screens.md} gap={0} align={screens.md ? 'center' : 'flex-start'}>
          {canEdit && (
            <Button type="link" size="small" disabled={r.agent_id !== agentId} onClick={() => edit(r)} data-testid={`agent-edit-${r.game_code}`}>
              {t('action.edit')}
            </Button>
          )}
          <Button type="link" size="small" disabled={r.agent_id !== agentId} onClick={() => to('protect', r)}>
            {t('action.protect')}
          </Button>
          <Tooltip title={r.prize_pool_id ? undefined : t('pool.none')}>
            <Button type="link" size="small" disabled={r.agent_id !== agentId} onClick={() => to('prize-pool', r)}>
              {t('action.pool')}
            </Button>
          </Tooltip>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <AgentFrame
        agentId={agentId}
        onChange={(id) => list.setFilters({ ...list.filters, agent_id: id })}
        pickerId="agent-config-agent"
        head={
          agent && (
            <Typography.Text type="secondary" data-testid="agent-config-showing">
              {t('agent.showing', { code: agent.code })}
            </Typography.Text>
          )
        }
      >
        <ListFilters list={list} name="agent-config-filters" toForm={toForm} fromForm={(v) => ({ ...fromForm(v), agent_id: agentId })} phoneDrawer summary={list.filters.keyword}>
          <Form.Item name="platform_id" label={t('field.platform')}>
            <PlatformSelect style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="type" label={t('field.type')}>
            <Select allowClear placeholder={t('allTypes')} style={{ width: 130 }} options={game.GAME_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))} />
          </Form.Item>
          <Form.Item name="keyword" label={t('field.name')}>
            <Input placeholder={t('keywordPlaceholder')} allowClear style={{ width: 180 }} maxLength={64} />
          </Form.Item>
        </ListFilters>
        <ListTable<Row> list={list} query={query} rowKey="game_id" columns={columns} title={agent ? t('agent.title', { name: agent.name, code: agent.code }) : ''} emptyText={t('empty')} />
      </AgentFrame>
      {canEdit && <AgentConfigDialog target={target} onClose={() => closeDialog()} />}
    </>
  );
}
