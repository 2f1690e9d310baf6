import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Badge, Button, Descriptions, Flex, Form, type FormInstance, Grid, Input, InputNumber, Radio, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ErrorCode, formatMoney, game, parseMoney } from '@console/contract';
import { DateTime } from '../../components/date-time';
import { GameSelect, gameName, useAgents, useGames } from '../../components/dict-select';
import { FormDialog, useDialogTarget, zodRule } from '../../components/form-dialog';
import { useHasPerm } from '../../components/has-perm';
import { type ListColumn, ListFilters, ListTable, useFilterChips, useListState } from '../../components/list';
import { Money, useCurrencyDecimals, useMoneyText } from '../../components/money';
import { ApiError } from '../../lib/api';
import { formatAmount } from '../../lib/format';
import { useAppStore } from '../../stores/app';
import { useCleanList, usePoolClean, usePoolCreate, usePoolEdit, usePoolList, usePoolOf, useRefreshPoolOf } from './api';
import { bpPercent, bpToPercent, percentToBp, plainAmount } from './format';
import { AgentTreePicker, GameCell } from './parts';

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
const EDIT_FIELDS = ['seed_amount', 'rate', 'trigger_threshold', 'cap_amount', 'status'] as const;

/** A pool's values as the form holds them. */
const poolValues = (p: Pool): EditValues => ({
  agent_id: p.agent_id,
  game_id: p.game_id,
  seed_amount: plainAmount(p.seed_amount),
  rate: bpToPercent(p.contribution_rate),
  trigger_threshold: plainAmount(p.trigger_threshold),
  cap_amount: plainAmount(p.cap_amount),
  status: p.status,
});

/** The dialog's title: what it does, then the game's code as secondary text. */
function PoolTitle({ text, code }: { text: string; code: string }) {
  return (
    <Flex vertical gap={0}>
      <span>{text}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        {code}
      </Typography.Text>
    </Flex>
  );
}

/** A pool's values as a list: amount, seed, rate, threshold, cap, status. */
function PoolValues({ pool }: { pool: Pool }) {
  const { t } = useTranslation('game');
  const c = pool.currency_code;
  return (
    <Descriptions size="small" column={1} style={{ marginTop: 8 }} data-testid="pool-current">
      <Descriptions.Item label={t('pool.amount')}>
        <Money value={pool.pool_amount} currency={c} showCode />
      </Descriptions.Item>
      <Descriptions.Item label={t('pool.seed')}>
        <Money value={pool.seed_amount} currency={c} showCode />
      </Descriptions.Item>
      <Descriptions.Item label={t('pool.rate')}>{bpPercent(pool.contribution_rate)}</Descriptions.Item>
      <Descriptions.Item label={t('pool.trigger')}>
        <Money value={pool.trigger_threshold} currency={c} showCode />
      </Descriptions.Item>
      <Descriptions.Item label={t('pool.cap')}>{parseMoney(pool.cap_amount) === 0n ? t('pool.noCap') : <Money value={pool.cap_amount} currency={c} showCode />}</Descriptions.Item>
      <Descriptions.Item label={t('field.status')}>{t(`pool.status.${pool.status}`)}</Descriptions.Item>
    </Descriptions>
  );
}

/** What an edit changes, field by field, before → after (only valid, changed values). */
function PoolChanges({ pool, values }: { pool: Pool; values: Partial<EditValues> | undefined }) {
  const { t } = useTranslation('game');
  const c = pool.currency_code;
  const amount = (v: string) => (parseMoney(v) === 0n ? null : v);
  const rows: { key: string; label: string; before: ReactNode; after: ReactNode }[] = [];
  const money = (key: 'seed_amount' | 'trigger_threshold' | 'cap_amount', label: string, zeroText?: string) => {
    const typed = String(values?.[key] ?? '').trim();
    if (!game.betLimitSchema.safeParse(typed).success || parseMoney(typed) === parseMoney(pool[key])) return;
    const show = (v: string) => (zeroText && amount(v) === null ? zeroText : <Money value={v} currency={c} showCode />);
    rows.push({ key, label, before: show(pool[key]), after: show(formatMoney(parseMoney(typed))) });
  };
  money('seed_amount', t('pool.seed'));
  if (typeof values?.rate === 'number' && percentToBp(values.rate) !== pool.contribution_rate) {
    rows.push({ key: 'rate', label: t('pool.rate'), before: bpPercent(pool.contribution_rate), after: bpPercent(percentToBp(values.rate)) });
  }
  money('trigger_threshold', t('pool.trigger'));
  money('cap_amount', t('pool.cap'), t('pool.noCap'));
  if (values?.status && values.status !== pool.status) rows.push({ key: 'status', label: t('field.status'), before: t(`pool.status.${pool.status}`), after: t(`pool.status.${values.status}`) });
  return (
    <div data-testid="pool-changes" style={{ marginBottom: 16 }}>
      <Typography.Text strong>{t('pool.changes')}</Typography.Text>
      {rows.length ? (
        <Descriptions size="small" column={1} style={{ marginTop: 4 }}>
          {rows.map((r) => (
            <Descriptions.Item key={r.key} label={r.label}>
              <span data-testid={`pool-change-${r.key}`} style={{ whiteSpace: 'nowrap' }}>
                {r.before} → <Typography.Text strong>{r.after}</Typography.Text>
              </span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <div>
          <Typography.Text type="secondary">{t('pool.noChanges')}</Typography.Text>
        </div>
      )}
    </div>
  );
}

interface PoolDialogProps {
  target: Pool | 'new' | null;
  /** Values typed in a "new pool" form carried into the edit of the pool that was there already. */
  carried?: Partial<EditValues>;
  defaults: { agent_id?: number; game_id?: number };
  onClose: () => void;
  onCreated: (pool: { id: number; agent_id: number; game_id: number }) => void;
  /** "New pool" found a pool for its agent and game: edit that one instead, with what was typed. */
  onEditExisting: (pool: Pool, typed: Partial<EditValues>) => void;
}

/**
 * Creates the pool of an agent and game, or edits one; the cap (0 = none) bounds the seed and the
 * threshold. A create never replaces: for an agent and game that have a pool already it says so,
 * shows that pool and offers to edit it, and it is sent with create_only so that a pool created
 * meanwhile is refused by the server too. An edit shows what it changes, before → after.
 */
export function PoolDialog({ target, carried, defaults, onClose, onCreated, onEditExisting }: PoolDialogProps) {
  const { t } = useTranslation('game');
  const language = useAppStore((s) => s.language);
  const { message } = App.useApp();
  const create = usePoolCreate();
  const edit = usePoolEdit();
  const refreshPoolOf = useRefreshPoolOf();
  const editing = target && target !== 'new' ? target : null;
  // The pool that "new" found for the chosen agent and game (PoolLookup reports it).
  const [existing, setExisting] = useState<Pool | null>(null);
  const body = (v: EditValues) => ({
    agent_id: v.agent_id,
    game_id: v.game_id,
    seed_amount: money(v.seed_amount),
    contribution_rate: percentToBp(v.rate),
    trigger_threshold: money(v.trigger_threshold),
    cap_amount: money(v.cap_amount),
    status: v.status,
  });

  return (
    <FormDialog<EditValues>
      open={!!target}
      record={editing ? editing.id : 'new'}
      name="pool-edit"
      title={editing ? <PoolTitle text={t('pool.editTitle', { agent: editing.agent_code, game: gameName(editing, language) })} code={editing.game_code} /> : t('pool.add')}
      okText={editing ? t('pool.saveChanges') : t('pool.create')}
      onClose={onClose}
      successMessage={editing ? t('toast.saved') : t('pool.created')}
      initialValues={
        editing
          ? { ...poolValues(editing), ...carried }
          : { agent_id: defaults.agent_id, game_id: defaults.game_id || undefined, rate: 1, status: 1, cap_amount: '0', trigger_threshold: '0' }
      }
      intro={(form) =>
        target === 'new' ? <PoolLookup form={form} onFound={setExisting} onEditExisting={onEditExisting} /> : undefined
      }
      onSubmit={async (v) => {
        if (editing) return edit.mutateAsync(body(v));
        if (existing) {
          message.warning(t('pool.exists', { agent: existing.agent_code, game: gameName(existing, language) }));
          throw new Error('exists');
        }
        try {
          const r = await create.mutateAsync(body(v));
          onCreated({ id: r.id, agent_id: v.agent_id, game_id: v.game_id });
          return r;
        } catch (err) {
          // Created meanwhile (the server refused, A0409): the warning and that pool show here.
          if (err instanceof ApiError && err.code === ErrorCode.Duplicate) void refreshPoolOf();
          throw err;
        }
      }}
    >
      {editing && <PoolChangesWatched pool={editing} />}
      <PoolFields editing={!!editing} />
    </FormDialog>
  );
}

/** The changes an edit makes, before → after, as the fields hold them now. */
function PoolChangesWatched({ pool }: { pool: Pool }) {
  const values = Form.useWatch((all: Partial<EditValues>) => all);
  return <PoolChanges pool={pool} values={values} />;
}

/**
 * "New pool": the pool the chosen agent and game have already, shown with an offer to edit it
 * instead (carrying what was typed), and reported to the dialog, which then refuses to create.
 */
function PoolLookup({ form, onFound, onEditExisting }: { form: FormInstance<EditValues>; onFound: (pool: Pool | null) => void; onEditExisting: (pool: Pool, typed: Partial<EditValues>) => void }) {
  const { t } = useTranslation('game');
  const language = useAppStore((s) => s.language);
  const agentId = Form.useWatch('agent_id', form);
  const gameId = Form.useWatch('game_id', form);
  const lookup = usePoolOf(agentId && gameId ? { agent_id: agentId, game_id: gameId } : null);
  const existing = lookup.data ?? null;
  useEffect(() => {
    onFound(existing);
    return () => onFound(null);
  }, [existing, onFound]);
  if (!existing) return null;
  const editExisting = () => {
    const typed: Partial<EditValues> = {};
    for (const f of EDIT_FIELDS) if (form.isFieldTouched(f)) Object.assign(typed, { [f]: form.getFieldValue(f) });
    onEditExisting(existing, typed);
  };
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="pool-exists"
      style={{ marginTop: 16, marginBottom: 8 }}
      message={t('pool.exists', { agent: existing.agent_code, game: gameName(existing, language) })}
      description={
        <>
          <Typography.Text>{t('pool.existsHint')}</Typography.Text>
          <PoolValues pool={existing} />
          <Button type="primary" size="small" style={{ marginTop: 8 }} onClick={editExisting} data-testid="pool-edit-existing">
            {t('pool.editExisting')}
          </Button>
        </>
      }
    />
  );
}

/** The pool's fields; the seed and the threshold are bounded by the cap (0 = none). */
function PoolFields({ editing }: { editing: boolean }) {
  const { t } = useTranslation('game');
  const capRule = ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator(_: unknown, value: string) {
      const cap = String(getFieldValue('cap_amount') ?? '').trim();
      if (!value || !game.betLimitSchema.safeParse(cap).success || !game.betLimitSchema.safeParse(value.trim()).success) return Promise.resolve();
      const c = parseMoney(cap);
      return c === 0n || parseMoney(value.trim()) <= c ? Promise.resolve() : Promise.reject(new Error(t('pool.rule.cap')));
    },
  });
  return (
    <>
      <Space size={16} wrap>
        <Form.Item name="agent_id" label={t('field.agent')} rules={[{ required: true, message: t('pickAgent') }]}>
          <AgentTreePicker disabled={editing} data-testid="pool-agent" />
        </Form.Item>
        <Form.Item name="game_id" label={t('field.game')} rules={[{ required: true, type: 'number', min: 1, message: t('pickGame') }]}>
          <GameSelect disabled={editing} style={{ minWidth: 200 }} data-testid="pool-game" />
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
    </>
  );
}

interface CleanValues {
  remark: string;
  typed: string;
}

/** An amount as the operator types it to confirm: the currency's decimals, or all four when those would hide digits. */
function useTypedAmount() {
  const decimalsOf = useCurrencyDecimals();
  return (value: string, currency: string) => {
    const shown = formatAmount(value, decimalsOf(currency));
    return parseMoney(shown.replace(/,/g, '')) === parseMoney(value) ? shown : formatAmount(value, 4);
  };
}

/** Cleans a pool back to its seed: the amounts before and after are shown, a remark is required and the amount after must be typed. */
function CleanDialog({ target, onClose }: { target: Pool | null; onClose: () => void }) {
  const { t } = useTranslation('game');
  const language = useAppStore((s) => s.language);
  const clean = usePoolClean();
  const { message } = App.useApp();
  const moneyText = useMoneyText();
  const typedAmount = useTypedAmount();
  const seed = target ? typedAmount(target.seed_amount, target.currency_code) : '';
  return (
    <FormDialog<CleanValues>
      open={!!target}
      name="pool-clean"
      title={target ? <PoolTitle text={t('pool.cleanTitle', { agent: target.agent_code, game: gameName(target, language) })} code={target.game_code} /> : ''}
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
                    <Money value={target.pool_amount} currency={target.currency_code} showCode />
                  </span>
                </Descriptions.Item>
                <Descriptions.Item label={t('pool.after')}>
                  <span data-testid="clean-after">
                    <Money value={target.seed_amount} currency={target.currency_code} showCode />
                  </span>
                </Descriptions.Item>
              </Descriptions>
            }
          />
        )
      }
      onSubmit={async (v) => {
        const r = await clean.mutateAsync({ id: target!.id, remark: v.remark.trim() });
        message.success(t('toast.cleaned', { before: moneyText(r.before_amount, target!.currency_code), after: moneyText(r.after_amount, target!.currency_code) }));
      }}
    >
      <Form.Item name="remark" label={t('pool.remark')} required rules={[zodRule(game.cleanRemarkSchema, { required: t('pool.rule.remark') })]}>
        <Input.TextArea rows={2} maxLength={255} autoFocus />
      </Form.Item>
      {target && (
        <Form.Item
          name="typed"
          label={t('pool.typeToConfirm', { amount: seed })}
          required
          rules={[
            {
              validator: (_, v: string) => {
                const typed = (v ?? '').replace(/,/g, '').trim();
                return game.betLimitSchema.safeParse(typed).success && parseMoney(typed) === parseMoney(target.seed_amount)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('pool.mismatch', { amount: seed })));
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

/** Prize pools (902, hidden route /game/manage/agent/prize-pool): an agent's pools, create or edit, clean with a typed confirmation, and the history of cleans and jackpot prizes. */
export default function PrizePoolScreen() {
  const { t } = useTranslation('game');
  const screens = Grid.useBreakpoint();
  const language = useAppStore((s) => s.language);
  const games = useGames();
  const agents = useAgents();
  const canEdit = useHasPerm()('902');
  const list = useListState({ id: 'game-prize-pool', filters: FILTERS });
  // The agent and game in effect as chips: the agent config's link brings both.
  const chips = useFilterChips<typeof list.filters>(list.filters, ['agent_id', 'game_id']);
  const query = usePoolList(list.params);
  const history = useListState({ id: 'game-prize-pool-cleans', filters: game.gamePrizePoolCleanList.request.pick({ prize_pool_id: true }) });
  const cleans = useCleanList({ ...history.params, agent_id: list.filters.agent_id, game_id: list.filters.game_id });
  const editDialog = useDialogTarget<Pool | 'new'>();
  const cleanDialog = useDialogTarget<Pool>();
  const [carried, setCarried] = useState<Partial<EditValues> | undefined>(undefined);
  // The pool just created, marked in the list for a few seconds.
  const [fresh, setFresh] = useState(0);
  const openEdit = (p: Pool | 'new', typed?: Partial<EditValues>) => {
    setCarried(typed);
    editDialog.open(p);
  };
  const openClean = cleanDialog.open;
  /** After a create the list shows the new pool: filtered to its agent (and its game, when the list was on that game), first page, marked. */
  const showCreated = (p: { id: number; agent_id: number; game_id: number }) => {
    const f = list.filters;
    const next = { agent_id: p.agent_id, game_id: f.game_id === p.game_id ? p.game_id : undefined };
    if (f.agent_id !== next.agent_id || f.game_id !== next.game_id) list.setFilters(next);
    else if (list.page !== 1) list.setPage(1);
    setFresh(p.id);
  };
  useEffect(() => {
    if (!fresh) return;
    const timer = setTimeout(() => setFresh(0), 6000);
    return () => clearTimeout(timer);
  }, [fresh]);
  const freshShown = !!fresh && !!query.data?.list.some((p) => p.id === fresh);
  useEffect(() => {
    if (freshShown) document.querySelector('.game-row-fresh')?.scrollIntoView?.({ block: 'nearest' });
  }, [freshShown]);

  const columns: ListColumn<Pool>[] = [
    {
      title: t('field.game'),
      dataIndex: 'game_code',
      settable: false,
      keyColumn: true,
      render: (v: string, p) => (
        <GameCell
          testId={`pool-row-${p.id}`}
          name={gameName(p, language)}
          code={v}
          detail={!screens.md && ` · ${p.agent_code}`}
          phone={
            // On a phone the amount and the state go with the name, beside the pinned actions.
            !screens.sm && (
              <span style={{ whiteSpace: 'nowrap' }}>
                {/* The amount column's test id: that column is not shown on a phone. */}
                <span data-testid={`pool-amount-${p.id}`}>
                  <Money value={p.pool_amount} currency={p.currency_code} showCode />
                </span>{' '}
                <Badge status={p.status === 1 ? 'success' : 'default'} text={t(`pool.status.${p.status}`)} style={{ fontSize: 12 }} />
              </span>
            )
          }
        />
      ),
    },
    {
      title: t('field.agent'),
      dataIndex: 'agent_code',
      responsive: ['md'],
      render: (v: string, p) => (
        <Flex vertical gap={0}>
          <span style={{ whiteSpace: 'nowrap' }}>{v}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.agent_name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('pool.amount'),
      dataIndex: 'pool_amount',
      align: 'right',
      responsive: ['sm'],
      render: (v: string, p) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid={`pool-amount-${p.id}`}>
          <Money value={v} currency={p.currency_code} showCode />
        </span>
      ),
    },
    { title: t('pool.seed'), dataIndex: 'seed_amount', align: 'right', responsive: ['md'], render: (v: string, p) => <Money value={v} currency={p.currency_code} /> },
    { title: t('pool.rate'), dataIndex: 'contribution_rate', align: 'right', responsive: ['lg'], render: (v: number) => <span className="num">{bpPercent(v)}</span> },
    { title: t('pool.trigger'), dataIndex: 'trigger_threshold', align: 'right', responsive: ['lg'], render: (v: string, p) => <Money value={v} currency={p.currency_code} /> },
    {
      title: t('pool.cap'),
      dataIndex: 'cap_amount',
      align: 'right',
      responsive: ['md'],
      render: (v: string, p) => (parseMoney(v) === 0n ? t('pool.noCap') : <Money value={v} currency={p.currency_code} />),
    },
    { title: t('field.status'), dataIndex: 'status', responsive: ['sm'], render: (v: number) => <Badge status={v === 1 ? 'success' : 'default'} text={t(`pool.status.${v}`)} style={{ whiteSpace: 'nowrap' }} /> },
  ];
  if (canEdit) {
    columns.push({
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, p) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => openEdit(p)} data-testid={`pool-edit-${p.id}`}>
            {t('action.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => openClean(p)} data-testid={`pool-clean-${p.id}`}>
            {t('pool.clean')}
          </Button>
        </Space>
      ),
    });
  }

  // What the list is filtered to, beside the phone's Filters button: the agent's code, the game's name.
  const filterAgent = agents.find((a) => a.id === list.filters.agent_id);
  const filterGame = games.find((g) => g.id === list.filters.game_id);
  const filterSummary = [filterAgent?.code, filterGame && gameName(filterGame, language)].filter(Boolean).join(' · ') || undefined;
  const nameOfCode = (code: string) => {
    const g = games.find((x) => x.code === code);
    return g ? gameName(g, language) : code;
  };
  const cleanColumns: ListColumn<Clean>[] = [
    {
      title: t('pool.cleanedAt'),
      dataIndex: 'created_at',
      keyColumn: true,
      render: (v: string, c) => (
        <Flex vertical gap={0}>
          <DateTime value={v} />
          {/* On a phone the game goes with the time, so the amounts stay in sight. */}
          {!screens.sm && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {nameOfCode(c.game_code)} · {c.agent_code}
              {c.kind !== 'clean' && ` · ${c.player_account ?? ''}`}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('field.game'),
      dataIndex: 'game_code',
      responsive: ['sm'],
      render: (v: string, c) => (
        <Flex vertical gap={0}>
          <span>{nameOfCode(v)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {v} · {c.agent_code}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('pool.kind'),
      dataIndex: 'kind',
      render: (v: Clean['kind']) => (
        <Tag color={v === 'prize' ? 'gold' : v === 'prize_cancel' ? 'red' : 'default'} data-testid={`history-kind-${v}`}>
          {v === 'prize' ? t('pool.kindPrize') : v === 'prize_cancel' ? t('pool.kindPrizeCancel') : t('pool.kindClean')}
        </Tag>
      ),
    },
    {
      title: t('pool.historyAmount'),
      dataIndex: 'amount',
      align: 'right',
      responsive: ['md'],
      render: (v: string, c) => <Money value={v} currency={c.currency_code} />,
    },
    {
      title: t('pool.beforeAfter'),
      key: 'amounts',
      align: 'right',
      render: (_, c) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Money value={c.before_amount} currency={c.currency_code} /> → <Money value={c.after_amount} currency={c.currency_code} showCode />
        </span>
      ),
    },
    {
      // A clean's operator, a prize's (or returned prize's) player.
      title: t('pool.operatorOrPlayer'),
      key: 'who',
      responsive: ['md'],
      render: (_, c) => (c.kind === 'clean' ? c.operator_account : c.player_account),
    },
    {
      // A clean's remark, a prize's (or returned prize's) bet id.
      title: t('pool.remarkOrBet'),
      key: 'note',
      responsive: ['sm'],
      render: (_, c) =>
        c.kind !== 'clean' ? (
          <Typography.Text type="secondary" copyable={{ text: c.bet_id ?? '' }}>
            {t('pool.betId', { id: c.bet_id })}
          </Typography.Text>
        ) : (
          c.remark
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListFilters list={list} name="pool-filters" toForm={toForm} fromForm={fromForm} phoneDrawer summary={filterSummary} chips={chips}>
        <Form.Item name="agent_id" label={t('field.agent')}>
          <AgentTreePicker style={{ minWidth: 220 }} data-testid="pool-filter-agent" />
        </Form.Item>
        <Form.Item name="game_id" label={t('field.game')}>
          <GameSelect style={{ minWidth: 200 }} data-testid="pool-filter-game" />
        </Form.Item>
      </ListFilters>
      <ListTable<Pool>
        list={list}
        query={query}
        rowKey="id"
        columns={columns}
        title={t('pool.title')}
        emptyText={t('pool.empty')}
        tableProps={{ rowClassName: (p) => (p.id === fresh ? 'game-row-fresh' : '') }}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} aria-label={t('pool.add')} onClick={() => openEdit('new')}>
              {screens.sm ? t('pool.add') : null}
            </Button>
          )
        }
      />
      <ListTable<Clean> list={history} query={cleans} rowKey="id" columns={cleanColumns} title={t('pool.history')} emptyText={t('pool.noCleans')} />
      {canEdit && (
        <PoolDialog
          target={editDialog.target}
          carried={carried}
          defaults={list.filters}
          onClose={editDialog.close}
          onCreated={showCreated}
          onEditExisting={(p, typed) => openEdit(p, typed)}
        />
      )}
      {canEdit && <CleanDialog target={cleanDialog.target} onClose={cleanDialog.close} />}
    </Flex>
  );
}
