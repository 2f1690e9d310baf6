import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Grid, Input, Space, Typography } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { player } from '@console/contract';
import { DateTime } from '../../components/date-time';
import { AgentSelect } from '../../components/dict-select';
import { type ListColumn, ListFilters, ListTable, useListState, useLocalListState } from '../../components/list';
import { Money } from '../../components/money';
import { useAdjustments, useWalletList } from './api';
import { AdjustDialog, type AdjustTarget } from './adjust-dialog';
import { type AdjustDone, AdjustResult } from './adjust-result';

type Wallet = player.WalletItem;
type Adjustment = player.AdjustmentItem;

const FILTERS = player.playerWalletList.request.pick({ account: true, agent_id: true });
const toForm = (f: { account?: string; agent_id?: number }) => ({ agent_id: 0, ...f });
const fromForm = (v: Record<string, unknown>) => {
  const { account, agent_id } = v as { account?: string; agent_id?: number };
  return { account: account || undefined, agent_id: agent_id || undefined };
};

/** Wallet management (802): find a player, see their wallets, credit or debit one; the recent manual adjustments below. */
export default function WalletScreen() {
  const { t } = useTranslation('player');
  const screens = Grid.useBreakpoint();
  const list = useListState({ id: 'player-wallet', filters: FILTERS });
  const query = useWalletList(list.params);
  const recent = useLocalListState<Record<string, never>>('player-adjustments', 10);
  const adjustments = useAdjustments({ page: recent.page, page_size: recent.pageSize, account: list.filters.account });
  const [target, setTarget] = useState<AdjustTarget | null>(null);
  // The last adjustment, with the link to its ledger entry, until closed.
  const [adjusted, setAdjusted] = useState<AdjustDone | null>(null);

  const columns: ListColumn<Wallet>[] = [
    {
      title: t('wallet.player'),
      dataIndex: 'player_account',
      keyColumn: true,
      render: (v: string, row) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{v}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.agent_code}
            {screens.sm ? '' : ` · ${row.currency_code}`}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('wallet.currency'), dataIndex: 'currency_code', responsive: ['sm'] },
    { title: t('wallet.balance'), dataIndex: 'balance', align: 'right', render: (v: string, row) => <Money value={v} currency={row.currency_id} /> },
    { title: t('wallet.updated'), dataIndex: 'updated_at', responsive: ['md'], render: (v: string) => <DateTime value={v} /> },
    {
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, row) => (
        <Space size={4} wrap={false}>
          <Button size="small" icon={<PlusOutlined />} onClick={() => setTarget({ wallet: row, direction: 'credit' })} aria-label={screens.sm ? undefined : t('wallet.credit')}>
            {screens.sm ? t('wallet.credit') : null}
          </Button>
          <Button size="small" danger icon={<MinusOutlined />} onClick={() => setTarget({ wallet: row, direction: 'debit' })} aria-label={screens.sm ? undefined : t('wallet.debit')}>
            {screens.sm ? t('wallet.debit') : null}
          </Button>
        </Space>
      ),
    },
  ];

  const adjustmentColumns: ListColumn<Adjustment>[] = [
    { title: t('adjust.when'), dataIndex: 'created_at', responsive: ['sm'], render: (v: string) => <DateTime value={v} /> },
    { title: t('adjust.who'), dataIndex: 'operator_account', responsive: ['sm'] },
    {
      title: t('adjust.whom'),
      dataIndex: 'player_account',
      render: (v: string, row) => (
        <Flex vertical gap={0}>
          <span style={{ whiteSpace: 'nowrap' }}>{`${v} · ${row.agent_code}`}</span>
          {!screens.sm && (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {row.operator_account} · <DateTime value={row.created_at} />
            </Typography.Text>
          )}
          {!screens.md && (
            <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 180 }} ellipsis={{ tooltip: row.remark }}>
              {row.remark}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('adjust.howMuch'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string, row) => (
        <Flex vertical gap={0} align="flex-end">
          <Money value={row.direction === 'debit' ? `-${v}` : v} currency={row.currency_code} showCode signed />
          {screens.sm && (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              <Money value={row.balance_before} currency={row.currency_code} /> → <Money value={row.balance_after} currency={row.currency_code} />
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('adjust.why'), dataIndex: 'remark', responsive: ['md'], render: (v: string) => <Typography.Text style={{ maxWidth: 260 }} ellipsis={{ tooltip: v }}>{v}</Typography.Text> },
  ];

  return (
    <Flex vertical gap={16}>
      <ListFilters list={list} name="wallet-filters" toForm={toForm} fromForm={fromForm} phoneDrawer summary={list.filters.account}>
        <Form.Item name="account" label={t('wallet.account')}>
          <Input placeholder={t('wallet.accountPlaceholder')} allowClear style={{ width: 200 }} maxLength={64} />
        </Form.Item>
        <Form.Item name="agent_id" label={t('list.agent')}>
          <AgentSelect style={{ width: 180 }} />
        </Form.Item>
      </ListFilters>
      <AdjustResult done={adjusted} onClose={() => setAdjusted(null)} />
      <ListTable list={list} query={query} rowKey="id" columns={columns} title={t('wallet.title')} emptyText={t('wallet.none')} />
      <ListTable list={recent} query={adjustments} rowKey="id" columns={adjustmentColumns} title={t('wallet.recent')} emptyText={t('wallet.recentEmpty')} pageSizeOptions={[10, 20, 50]} />
      <AdjustDialog target={target} onClose={() => setTarget(null)} onAdjusted={setAdjusted} />
    </Flex>
  );
}
