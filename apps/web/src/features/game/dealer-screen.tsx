import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, Flex, Form, Grid, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { formatMoney, game, parseMoney } from '@console/contract';
import { PlatformSelect, gameName } from '../../components/dict-select';
import { FormDialog, useDialogTarget, zodRule } from '../../components/form-dialog';
import { useHasPerm } from '../../components/has-perm';
import { type ListColumn, ListFilters, ListTable, useFilterChips, useListState } from '../../components/list';
import { Money } from '../../components/money';
import { useAppStore } from '../../stores/app';
import { useDealerEdit, useDealerEnable, useDealerList } from './api';
import { bpPercent, bpToPercent, percentToBp, plainAmount } from './format';
import { GameCell } from './parts';

type Dealer = game.DealerItem;
const FILTERS = game.gameDealerList.request.pick({ platform_id: true, type: true, keyword: true });
const toForm = (f: Record<string, unknown>) => ({ platform_id: 0, ...f });
const fromForm = (v: Record<string, unknown>) => ({
  platform_id: (v.platform_id as number) || undefined,
  type: (v.type as game.GameType) || undefined,
  keyword: ((v.keyword as string) ?? '').trim() || undefined,
});

interface Values {
  enabled: boolean;
  rtp: number;
  tax: number;
  min_bet: string;
  max_bet: string;
}

/** The dealer config's edit dialog: percentages typed as such, limits as decimal strings, min ≤ max checked before sending. */
function DealerDialog({ target, onClose }: { target: Dealer | null; onClose: () => void }) {
  const { t } = useTranslation('game');
  const language = useAppStore((s) => s.language);
  const edit = useDealerEdit();
  return (
    <FormDialog<Values>
      open={!!target}
      name="dealer-edit"
      title={target ? t('dealer.editTitle', { name: gameName(target, language) }) : ''}
      onClose={onClose}
      successMessage={t('toast.saved')}
      initialValues={target ? { enabled: target.enabled === 1, rtp: bpToPercent(target.rtp_target), tax: bpToPercent(target.tax_rate), min_bet: plainAmount(target.min_bet), max_bet: plainAmount(target.max_bet) } : undefined}
      onSubmit={(v) =>
        edit.mutateAsync({
          game_id: target!.game_id,
          enabled: v.enabled ? 1 : 0,
          rtp_target: percentToBp(v.rtp),
          tax_rate: percentToBp(v.tax),
          min_bet: formatMoney(parseMoney(v.min_bet.trim())),
          max_bet: formatMoney(parseMoney(v.max_bet.trim())),
        })
      }
    >
      <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item name="rtp" label={t('field.rtp')} required extra={t('hint.rtp')} rules={[{ required: true, type: 'number', min: 80, max: 100, message: t('rule.rtp') }]}>
          <InputNumber min={80} max={100} step={0.5} precision={2} suffix="%" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="tax" label={t('field.tax')} required extra={t('hint.tax')} rules={[{ required: true, type: 'number', min: 0, max: 20, message: t('rule.tax') }]}>
          <InputNumber min={0} max={20} step={0.5} precision={2} suffix="%" style={{ width: 140 }} />
        </Form.Item>
      </Space>
      <Space size={16} wrap align="start">
        <Form.Item name="min_bet" label={t('field.minBet')} required rules={[zodRule(game.betLimitSchema, { required: t('rule.amount') })]}>
          <Input inputMode="decimal" maxLength={20} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="max_bet"
          label={t('field.maxBet')}
          required
          dependencies={['min_bet']}
          rules={[
            zodRule(game.betLimitSchema, { required: t('rule.amount') }),
            ({ getFieldValue }) => ({
              validator(_, value: string) {
                const min = String(getFieldValue('min_bet') ?? '').trim();
                if (!value || !game.betLimitSchema.safeParse(min).success || !game.betLimitSchema.safeParse(value.trim()).success) return Promise.resolve();
                return parseMoney(min) <= parseMoney(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('rule.minMax')));
              },
            }),
          ]}
        >
          <Input inputMode="decimal" maxLength={20} style={{ width: 180 }} />
        </Form.Item>
      </Space>
    </FormDialog>
  );
}

/** Dealer game config (901): every game's house-wide default; edit one, or enable and disable several at once. */
export default function DealerScreen() {
  const { t } = useTranslation('game');
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const language = useAppStore((s) => s.language);
  const canEdit = useHasPerm()('901');
  const list = useListState({ id: 'game-dealer', filters: FILTERS, defaultPageSize: 50 });
  // The filters in effect as chips: the catalogue's link brings a provider and a game's code.
  const chips = useFilterChips<typeof list.filters>(list.filters, ['platform_id', 'keyword']);
  const query = useDealerList(list.params);
  const enable = useDealerEnable();
  const { target, open: edit, close: closeDialog } = useDialogTarget<Dealer>();
  const [selected, setSelected] = useState<number[]>([]);

  function batch(enabled: 0 | 1) {
    modal.confirm({
      title: t(enabled ? 'dealer.batchEnable' : 'dealer.batchDisable'),
      content: t(enabled ? 'dealer.confirmEnable' : 'dealer.confirmDisable', { count: selected.length }),
      okText: t(enabled ? 'dealer.enableCount' : 'dealer.disableCount', { count: selected.length }),
      cancelText: t('dealer.changeNothing'),
      okButtonProps: { danger: !enabled },
      onOk: async () => {
        const r = await enable.mutateAsync({ game_ids: selected, enabled });
        message.success(t('toast.batch', { count: r.changed }));
        setSelected([]);
      },
    });
  }

  const columns: ListColumn<Dealer>[] = [
    {
      title: t('field.game'),
      dataIndex: 'game_code',
      settable: false,
      keyColumn: true,
      render: (_: string, d) => (
        <GameCell
          name={gameName(d, language)}
          code={d.game_code}
          detail={!screens.md && ` · ${d.platform_name}`}
          phone={!screens.sm && <Badge status={d.enabled ? 'success' : 'default'} text={t(d.enabled ? 'state.on' : 'state.off')} style={{ fontSize: 12 }} />}
        />
      ),
    },
    { title: t('field.platform'), dataIndex: 'platform_name', responsive: ['md'] },
    { title: t('field.type'), dataIndex: 'type', responsive: ['lg'], render: (v: string) => t(`type.${v}`, { defaultValue: v }) },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      responsive: ['sm'],
      render: (v: number) => <Badge status={v ? 'success' : 'default'} text={t(v ? 'state.on' : 'state.off')} style={{ whiteSpace: 'nowrap' }} />,
    },
    { title: t('field.rtp'), dataIndex: 'rtp_target', align: 'right', render: (v: number) => <span className="num">{bpPercent(v)}</span> },
    { title: t('field.tax'), dataIndex: 'tax_rate', align: 'right', render: (v: number) => <span className="num">{bpPercent(v)}</span> },
    {
      title: t('field.betLimits'),
      key: 'limits',
      align: 'right',
      render: (_, d) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Money value={d.min_bet} /> – <Money value={d.max_bet} />
        </span>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, d) => (
        <Button type="link" size="small" onClick={() => edit(d)} data-testid={`dealer-edit-${d.game_code}`}>
          {t('action.edit')}
        </Button>
      ),
    });
  }

  return (
    <Flex vertical gap={16}>
      <ListFilters list={list} name="dealer-filters" toForm={toForm} fromForm={fromForm} phoneDrawer summary={list.filters.keyword} chips={chips}>
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
      <ListTable<Dealer>
        list={list}
        query={query}
        rowKey="game_id"
        columns={columns}
        title={t('dealer.title')}
        emptyText={t('empty')}
        extra={
          canEdit && (
            <Space size={8} wrap>
              {selected.length > 0 && <Typography.Text type="secondary">{t('selected', { count: selected.length })}</Typography.Text>}
              <Button disabled={!selected.length} onClick={() => batch(1)}>
                {t('dealer.batchEnable')}
              </Button>
              <Button danger disabled={!selected.length} onClick={() => batch(0)}>
                {t('dealer.batchDisable')}
              </Button>
            </Space>
          )
        }
        tableProps={canEdit ? { rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } } : undefined}
      />
      {canEdit && <DealerDialog target={target} onClose={() => closeDialog()} />}
    </Flex>
  );
}
