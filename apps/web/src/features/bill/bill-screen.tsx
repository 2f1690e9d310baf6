import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Flex, Form, Grid, Input, Select, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { bill, report } from '@console/contract';
import { DateTime, TimeZoneScope } from '../../components/date-time';
import { AgentSelect, CurrencySelect } from '../../components/dict-select';
import { ExportAction } from '../../components/export-list';
import { useHasPerm } from '../../components/has-perm';
import { type FilterChip, type ListColumn, ListFilters, ListTable, type ListTotalsRow, TimeZoneField, timeRangeSummary, useFilterChips, useListState, useListTimeZone } from '../../components/list';
import { Money } from '../../components/money';
import { ShortId } from '../../components/short-id';
import { ReplicaLagNotice } from '../../components/replica-lag-notice';
import { call } from '../../lib/api';
import { dayAt, offsetOf, wallTimeOf } from '../../lib/datetime';
import { formatCount } from '../../lib/format';

type BillItem = bill.BillItem;
const FILTERS = bill.billList.request.pick({
  player_account: true,
  agent_id: true,
  currency_id: true,
  type: true,
  time_zone_id: true,
  start_time: true,
  end_time: true,
  order_id: true,
});
type BillFilters = {
  player_account?: string;
  agent_id?: number;
  currency_id?: number;
  type?: bill.LedgerType | '';
  time_zone_id?: number;
  start_time?: string;
  end_time?: string;
  order_id?: string;
};
type BillParams = BillFilters & { page: number; page_size: number };

/** The picker's format: to the minute. A range's end takes in its whole minute. */
const WALL = 'YYYY-MM-DD HH:mm';

const TYPE_COLOR: Record<bill.LedgerType, string> = {
  transfer_in: 'blue',
  transfer_out: 'geekblue',
  bet: 'orange',
  payout: 'green',
  bet_cancel: 'default',
  jackpot_prize: 'gold',
  manual_credit: 'cyan',
  manual_debit: 'red',
};

/** Where a movement came from: the game servers (the ingest), an agent's own system (the agent API), an operator. */
const SOURCE_COLOR: Record<bill.LedgerSource, string | undefined> = { ingest: undefined, api: 'purple', manual: 'gold' };

function useBillList(params: BillParams) {
  return useQuery({
    queryKey: ['bill', 'list', params],
    queryFn: ({ signal }) => call(bill.billList, params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The account-change ledger (code 6; docs/product.md, "Screens and routes"): every wallet movement, newest first, filtered by player,
 * agent, currency, type, time and order id; a player leads to their betting records.
 */
export default function BillScreen() {
  const { t } = useTranslation('bill');
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  // The currency column is hidden on a phone; the amount carries its code there.
  const wide = screens.sm !== false;
  const can = useHasPerm();
  const list = useListState({ id: 'bill', filters: FILTERS });
  // The list's timezone: its time range is picked in it, and its rows' times and totals' days are in it.
  const zone = useListTimeZone(list.filters);
  const params: BillParams = { ...(list.params as BillParams), time_zone_id: zone };
  const query = useBillList(params);
  const betting = report.BETTING_REPORT;
  const canBets = can(betting.permission);

  // The time range is picked and sent as wall-clock times of the list's timezone (the server reads
  // them in it); a range from an older link, instants with their own zone, is shown in it.
  const offset = offsetOf(zone);
  const toForm = useCallback(
    (f: Partial<BillFilters>) => {
      const { start_time, end_time, ...rest } = f;
      const wall = (v: string | undefined) => (v ? dayjs(wallTimeOf(v, offset)) : null);
      return { agent_id: 0, currency_id: -1, ...rest, times: start_time || end_time ? [wall(start_time), wall(end_time)] : undefined };
    },
    [offset],
  );
  const fromForm = useCallback((values: Record<string, unknown>): Partial<BillFilters> => {
    const { times, ...rest } = values as { times?: [Dayjs | null, Dayjs | null] } & BillFilters;
    const at = (d: Dayjs | null | undefined, seconds: string) => (d ? `${d.format(WALL)}:${seconds}` : '');
    return { ...rest, start_time: at(times?.[0], '00'), end_time: at(times?.[1], '59') };
  }, []);

  const columns: ListColumn<BillItem>[] = useMemo(
    () => [
      {
        title: t('field.player'),
        dataIndex: 'player_account',
        // The row's name, pinned left: the player, their agent under it.
        keyColumn: true,
        render: (account: string, row) => {
          const day = dayAt(row.time, offset);
          const to = `${betting.screen}?${new URLSearchParams({ player_account: account, agent_id: String(row.agent_id), start_date: day, end_date: day, time_zone_id: String(zone) }).toString()}`;
          return (
            <Flex vertical gap={0}>
              {canBets ? (
                <Link to={to} title={t('toBets')} style={{ whiteSpace: 'nowrap' }}>
                  {account}
                </Link>
              ) : (
                <span>{account}</span>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {row.agent_code}
              </Typography.Text>
            </Flex>
          );
        },
      },
      { title: t('field.time'), dataIndex: 'time', render: (v: string) => <DateTime value={v} /> },
      { title: t('field.currency'), dataIndex: 'currency_code', responsive: ['sm'] },
      {
        // The kind of movement, and under it where it came from (an agent API entry's order id is the
        // agent's own): one column, so the operator and remark still fit beside the ids at 1440 px.
        title: t('field.typeAndSource'),
        dataIndex: 'type',
        render: (type: bill.LedgerType, row) => (
          <Flex vertical gap={4} align="start">
            <Tag color={TYPE_COLOR[type]}>{t(`type.${type}`)}</Tag>
            <Tag color={SOURCE_COLOR[row.source]} style={{ whiteSpace: 'nowrap' }} title={t(`sourceHint.${row.source}`)}>
              {t(`source.${row.source}`)}
            </Tag>
          </Flex>
        ),
      },
      {
        title: t('field.amount'),
        dataIndex: 'amount',
        align: 'right',
        // On a phone the amount and the balance after it sit beside the player; the rest is a scroll away.
        phone: 'lead',
        // The currency's decimals; a finer stored value is exact in the tooltip (<Money>).
        render: (v: string, row) => <Money value={v} currency={row.currency_id} showCode={!wide} signed />,
      },
      { title: t('field.balanceBefore'), dataIndex: 'balance_before', align: 'right', responsive: ['lg'], render: (v: string, row) => <Money value={v} currency={row.currency_id} /> },
      { title: t('field.balanceAfter'), dataIndex: 'balance_after', align: 'right', phone: 'lead', render: (v: string, row) => <Money value={v} currency={row.currency_id} /> },
      {
        title: t('field.orderId'),
        dataIndex: 'order_id',
        // Long ids shortened (whole in the tooltip and the copy); a bet's movement names its bet under it.
        render: (v: string, row) => (
          <Flex vertical gap={0}>
            <ShortId value={v} keep={12} />
            {row.bet_id && (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {t('betShort')} <ShortId value={row.bet_id} keep={10} />
              </Typography.Text>
            )}
          </Flex>
        ),
      },
      { title: t('field.operator'), dataIndex: 'operator_account', responsive: ['xl'], render: (v: string | null) => v ?? '-' },
      {
        title: t('field.remark'),
        dataIndex: 'remark',
        render: (v: string) => (v ? <Typography.Paragraph style={{ maxWidth: 160, marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: v }}>{v}</Typography.Paragraph> : '-'),
      },
      { title: t('field.id'), dataIndex: 'id', defaultHidden: true },
    ],
    [t, zone, offset, betting.screen, canBets, wide],
  );

  // Per currency, under the rows: the entries of every page, the money in and out, and the net
  // under the amounts (on a phone, too, the amount column is beside the label).
  const totals: ListTotalsRow[] = (query.data?.summary ?? []).map((s) => ({
    key: String(s.currency_id),
    label: (
      <Flex vertical gap={0}>
        <span style={{ whiteSpace: 'nowrap' }}>{t('total', { currency: s.currency_code })}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {t('entries', { count: s.entry_count, formatted: formatCount(s.entry_count) })}
        </Typography.Text>
      </Flex>
    ),
    cells: {
      amount: (
        <Flex vertical gap={0} align="end" data-testid="bill-total">
          <Money value={s.amount_net} currency={s.currency_id} showCode={!wide} signed />
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('amountIn')} <Money value={s.amount_in} currency={s.currency_id} signed />
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('amountOut')} <Money value={s.amount_out} currency={s.currency_id} signed />
          </Typography.Text>
        </Flex>
      ),
    },
  }));

  const { page: _page, page_size: _size, ...exportBody } = params;
  const summary = timeRangeSummary(params.start_time, params.end_time, zone);
  // The filters in effect as chips (a drill-down, the player drawer or an adjustment's link brings
  // them): the player, agent, currency, order id, and the type and time range in the ledger's words.
  const commonChips = useFilterChips<BillFilters>(list.filters, ['player_account', 'order_id', 'agent_id', 'currency_id']);
  const chips: FilterChip<BillFilters>[] = [
    ...commonChips.filter((c) => c.key === 'player_account'),
    ...(list.filters.type ? [{ key: 'type', label: t('field.type'), value: t(`type.${list.filters.type}`) }] : []),
    ...(list.filters.start_time || list.filters.end_time
      ? [{ key: 'start_time', label: t('field.time'), value: timeRangeSummary(list.filters.start_time, list.filters.end_time, zone), cleared: { end_time: undefined } }]
      : []),
    ...commonChips.filter((c) => c.key !== 'player_account'),
  ];
  const activeCount = Object.entries(list.filters).filter(([k, v]) => k !== 'time_zone_id' && v !== undefined && v !== '' && v !== 0 && v !== -1).length;

  return (
    <TimeZoneScope zone={zone}>
      <Flex vertical gap={16} data-testid="bill-screen">
        <ListFilters list={list} name="bill-filters" toForm={toForm} fromForm={fromForm} phoneDrawer summary={summary} activeCount={activeCount} timeZone={zone} chips={chips}>
          <Form.Item name="player_account" label={t('field.player')}>
            <Input allowClear maxLength={64} placeholder={t('field.player')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="type" label={t('field.type')}>
            <Select allowClear placeholder={t('allTypes')} style={{ width: 150 }} options={bill.LEDGER_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))} />
          </Form.Item>
          <Form.Item name="times" label={t('field.time')}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={WALL} allowEmpty={[true, true]} style={{ width: phone ? '100%' : 340 }} />
          </Form.Item>
          <TimeZoneField />
          <Form.Item name="order_id" label={t('field.orderId')}>
            <Input allowClear maxLength={64} placeholder={t('field.orderId')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="agent_id" label={t('components:agent')}>
            <AgentSelect style={{ width: 190 }} />
          </Form.Item>
          <Form.Item name="currency_id" label={t('components:currency')}>
            <CurrencySelect style={{ width: 160 }} />
          </Form.Item>
        </ListFilters>
        <ReplicaLagNotice />
        <ListTable<BillItem>
          list={list}
          query={query}
          columns={columns}
          rowKey="id"
          title={t('title')}
          emptyText={t('empty')}
          defaultDensity="middle"
          totals={totals}
          extra={<ExportAction name={bill.BILL_EXPORT.name} path={bill.billExport.path} body={exportBody} fileName={`${t('title')}.xlsx`} testId="bill-export" />}
        />
      </Flex>
    </TimeZoneScope>
  );
}
