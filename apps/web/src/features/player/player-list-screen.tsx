import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, DatePicker, Dropdown, Flex, Form, Grid, Input, Space, Typography } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { player } from '@console/contract';
import { DateTime, useTimeZone } from '../../components/date-time';
import { dayAt, instantAt } from '../../lib/datetime';
import { AgentSelect, CurrencySelect, useCurrencies } from '../../components/dict-select';
import { useHasPerm } from '../../components/has-perm';
import { type ListColumn, ListFilters, ListTable, StatusFilter, useListState } from '../../components/list';
import { Count, Money } from '../../components/money';
import { usePlayerList, useStatusEdit } from './api';
import { PlayerDrawer } from './player-drawer';

type Player = player.PlayerItem;
type Filters = { agent_id?: number; account?: string; status?: 1 | 2; currency_id?: number; registered_from?: string; registered_to?: string };

const FILTERS = player.playerList.request.pick({ agent_id: true, account: true, status: true, currency_id: true, registered_from: true, registered_to: true });

/**
 * The registration range is a date-range picker in the form and two instants in the call: the
 * first and last moment of those days in the chosen timezone, the zone the list's times show in.
 */
const toForm = (offset: number) => (f: Partial<Filters>) => ({
  agent_id: 0,
  currency_id: -1,
  ...f,
  registered: f.registered_from && f.registered_to ? [dayjs(dayAt(f.registered_from, offset)), dayjs(dayAt(f.registered_to, offset))] : undefined,
});
const fromForm = (offset: number) => (v: Record<string, unknown>): Partial<Filters> => {
  const { registered, ...rest } = v as { registered?: [Dayjs, Dayjs] } & Partial<Filters>;
  return {
    ...rest,
    agent_id: rest.agent_id || undefined,
    currency_id: rest.currency_id && rest.currency_id > 0 ? rest.currency_id : undefined,
    registered_from: registered ? instantAt(`${registered[0].format('YYYY-MM-DD')} 00:00:00`, offset) : undefined,
    registered_to: registered ? instantAt(`${registered[1].format('YYYY-MM-DD')} 23:59:59.999`, offset) : undefined,
  };
};

export default function PlayerListScreen() {
  const { t } = useTranslation('player');
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const { offsetMinutes } = useTimeZone();
  const filterForm = useMemo(() => ({ toForm: toForm(offsetMinutes), fromForm: fromForm(offsetMinutes) }), [offsetMinutes]);
  const canManage = useHasPerm()('801');
  const currencies = useCurrencies();
  const list = useListState({ id: 'player-list', filters: FILTERS, sortFields: player.PLAYER_SORT_FIELDS });
  const query = usePlayerList(list.params);
  const editStatus = useStatusEdit();
  const [open, setOpen] = useState<number | null>(null);

  async function toggle(row: Player) {
    const status = row.status === 1 ? 2 : 1;
    try {
      await editStatus.mutateAsync({ player_id: row.id, status });
    } catch {
      return;
    }
    message.success(t(status === 1 ? 'toast.enabled' : 'toast.disabled'));
  }

  /** Asks before a player is disabled or enabled, in the operator's words, the verb on the button. */
  function confirmToggle(row: Player) {
    const enabled = row.status === 1;
    modal.confirm({
      title: t(enabled ? 'confirm.disableTitle' : 'confirm.enableTitle', { account: row.account }),
      content: t(enabled ? 'confirm.disable' : 'confirm.enable', { account: row.account }),
      okText: t(enabled ? 'action.disable' : 'action.enable'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: enabled },
      onOk: () => toggle(row),
    });
  }

  const columns: ListColumn<Player>[] = [
    {
      title: t('list.account'),
      dataIndex: 'account',
      sorter: true,
      keyColumn: true,
      render: (account: string, row) => (
        <Typography.Link onClick={() => setOpen(row.id)} strong>
          {account}
        </Typography.Link>
      ),
    },
    // On a phone: the agent and the currency under the account, the balance beside it, the other amounts a scroll away.
    { title: t('list.agent'), dataIndex: 'agent_code', phone: 'stack' },
    { title: t('list.currency'), dataIndex: 'currency_code', responsive: ['lg'], phone: 'stack' },
    {
      title: t('list.balance'),
      dataIndex: 'balance',
      align: 'right',
      sorter: true,
      phone: 'lead',
      render: (v: string, row) => <Money value={v} currency={row.currency_id} />,
    },
    {
      title: t('list.status'),
      dataIndex: 'status',
      render: (s: 1 | 2) => <Badge status={s === 1 ? 'success' : 'default'} text={t(`status.${s}`)} style={{ whiteSpace: 'nowrap' }} />,
    },
    { title: t('list.registered'), dataIndex: 'registered_at', sorter: true, responsive: ['xl'], render: (v: string) => <DateTime value={v} /> },
    {
      title: t('list.lastBet'),
      dataIndex: 'last_bet_at',
      sorter: true,
      responsive: ['lg'],
      render: (v: string | null) => <DateTime value={v} fallback={<Typography.Text type="secondary">{t('never')}</Typography.Text>} />,
    },
    { title: t('list.betCount'), dataIndex: 'bet_count', align: 'right', responsive: ['xxl'], render: (v: number) => <Count value={v} /> },
    { title: t('list.betAmount'), dataIndex: 'bet_amount', align: 'right', render: (v: string, row) => <Money value={v} currency={row.currency_id} /> },
    { title: t('list.winLoss'), dataIndex: 'player_win_loss', align: 'right', render: (v: string, row) => <Money value={v} currency={row.currency_id} signed /> },
    {
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, row) => {
        const enabled = row.status === 1;
        // A phone has room for one narrow button: the row's actions in its menu (the account opens the details too).
        if (!screens.md) {
          return (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'detail', label: t('list.detail') },
                  ...(canManage ? [{ key: 'toggle', label: t(enabled ? 'action.disable' : 'action.enable'), danger: enabled }] : []),
                ],
                onClick: ({ key }) => (key === 'detail' ? setOpen(row.id) : confirmToggle(row)),
              }}
            >
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('list.actionsOf', { account: row.account })} />
            </Dropdown>
          );
        }
        return (
          <Space size={0} wrap={false}>
            <Button type="link" size="small" onClick={() => setOpen(row.id)}>
              {t('list.detail')}
            </Button>
            {canManage && (
              <Button type="link" size="small" danger={enabled} onClick={() => confirmToggle(row)}>
                {t(enabled ? 'action.disable' : 'action.enable')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  const summary = [list.filters.account, currencies.find((c) => c.id === list.filters.currency_id)?.code, list.filters.status && t(`status.${list.filters.status}`)].filter(Boolean).join(' · ');

  return (
    <Flex vertical gap={16}>
      <ListFilters
        list={list}
        name="player-filters"
        toForm={filterForm.toForm}
        fromForm={filterForm.fromForm}
        phoneDrawer
        summary={summary}
        activeCount={Object.values(list.filters).filter((v) => v !== undefined && v !== '' && v !== 0 && v !== -1).length}
      >
        <Form.Item name="account" label={t('list.account')}>
          <Input placeholder={t('list.accountPlaceholder')} allowClear style={{ width: 180 }} maxLength={64} />
        </Form.Item>
        <Form.Item name="agent_id" label={t('list.agent')}>
          <AgentSelect style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="currency_id" label={t('list.currency')}>
          <CurrencySelect style={{ width: 150 }} />
        </Form.Item>
        <StatusFilter label={t('list.status')} width={120} />
        <Form.Item name="registered" label={t('list.registeredRange')}>
          <DatePicker.RangePicker allowEmpty={[false, false]} style={{ width: 250 }} />
        </Form.Item>
      </ListFilters>
      <ListTable list={list} query={query} rowKey="id" columns={columns} title={t('list.title')} emptyText={t('list.empty')} />
      <PlayerDrawer playerId={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
