import { useTranslation } from 'react-i18next';
import { Badge, Descriptions, Drawer, Empty, Flex, Grid, Progress, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useHasPerm } from '../../components/has-perm';
import { useScrollFocus } from '../../components/list';
import { Money, useCurrencyDecimals } from '../../components/money';
import { usePlayerDetail } from './api';
import { formatTime, progressPercent } from './format';

/** The drawer of one player: profile and lifetime figures, wallets, latest ledger entries and bets, the active control, links to their reports. */
export function PlayerDrawer({ playerId, onClose }: { playerId: number | null; onClose: () => void }) {
  const { t } = useTranslation('player');
  const screens = Grid.useBreakpoint();
  const has = useHasPerm();
  const decimals = useCurrencyDecimals();
  const query = usePlayerDetail(playerId);
  const d = query.data;
  const p = d?.player;
  // The player's own rows: the account under their agent (the same account may exist under another).
  const search = p ? new URLSearchParams({ player_account: p.account, agent_id: String(p.agent_id) }).toString() : '';
  const links = p
    ? [
        { perm: '203', href: `#/player/report/betting?${search}`, label: t('drawer.betting') },
        { perm: '202', href: `#/player/report/daily?${search}`, label: t('drawer.daily') },
        { perm: '6', href: `#/bill/report?${search}`, label: t('drawer.bill') },
      ].filter((l) => has(l.perm))
    : [];
  const ledgerRef = useScrollFocus<HTMLDivElement>(t('drawer.ledger'));
  const betsRef = useScrollFocus<HTMLDivElement>(t('drawer.bets'));
  const section = (title: string) => <Typography.Title level={5} style={{ marginTop: 20 }}>{title}</Typography.Title>;

  return (
    <Drawer open={playerId !== null} onClose={onClose} title={p ? t('drawer.title', { account: p.account }) : ' '} size={screens.md ? 720 : '100%'} destroyOnHidden data-testid="player-drawer">
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={screens.sm ? 2 : 1} bordered>
            <Descriptions.Item label={t('list.account')}>{d.player.account}</Descriptions.Item>
            <Descriptions.Item label={t('list.agent')}>{d.player.agent_code}</Descriptions.Item>
            <Descriptions.Item label={t('list.status')}>
              <Badge status={d.player.status === 1 ? 'success' : 'default'} text={t(`status.${d.player.status}`)} />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.currency')}>{d.player.currency_code}</Descriptions.Item>
            <Descriptions.Item label={t('list.registered')}>{formatTime(d.player.registered_at)}</Descriptions.Item>
            <Descriptions.Item label={t('list.lastBet')}>{d.player.last_bet_at ? formatTime(d.player.last_bet_at) : t('never')}</Descriptions.Item>
            <Descriptions.Item label={t('list.betAmount')}>
              <Money value={d.player.bet_amount} decimals={decimals(d.player.currency_id)} />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.winLoss')}>
              <Money value={d.player.player_win_loss} decimals={decimals(d.player.currency_id)} signed />
            </Descriptions.Item>
          </Descriptions>

          {section(t('drawer.wallets'))}
          <Flex gap={12} wrap>
            {d.wallets.length === 0 && <Typography.Text type="secondary">{t('drawer.noEntries')}</Typography.Text>}
            {d.wallets.map((w) => (
              <Flex key={w.id} vertical style={{ minWidth: 150, padding: '8px 12px', border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 8 }}>
                <Typography.Text type="secondary">{w.currency_code}</Typography.Text>
                <Typography.Text strong style={{ fontSize: 18 }} data-testid={`wallet-balance-${w.currency_code}`}>
                  <Money value={w.balance} decimals={decimals(w.currency_id)} />
                </Typography.Text>
              </Flex>
            ))}
          </Flex>

          {section(t('drawer.control'))}
          {d.control ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <Tag color={d.control.direction === 'win' ? 'green' : 'red'}>{t(`control.${d.control.direction}`)}</Tag>
                <span>
                  <Money value={d.control.achieved_amount} /> / <Money value={d.control.target_amount} />
                </span>
                <Typography.Text type="secondary">{d.control.game_code || t('control.allGames')}</Typography.Text>
              </Space>
              <Progress
                percent={progressPercent(d.control.achieved_amount, d.control.target_amount)}
                size="small"
                aria-label={t('control.progressOf', { account: d.player.account })}
              />
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('drawer.noControl')}</Typography.Text>
          )}

          {section(t('drawer.ledger'))}
          <div ref={ledgerRef}>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={d.recent_ledger}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noEntries')} /> }}
              columns={[
                { title: t('drawer.time'), dataIndex: 'time', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
                { title: t('drawer.type'), dataIndex: 'type', render: (v: string) => t(`ledgerType.${v}`) },
                { title: t('drawer.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => <Money value={v} signed /> },
                { title: t('drawer.balanceAfter'), dataIndex: 'balance_after', align: 'right', render: (v: string) => <Money value={v} /> },
                { title: t('drawer.operator'), dataIndex: 'operator_account', render: (v: string | null) => v ?? '-' },
                { title: t('drawer.remark'), dataIndex: 'remark', render: (v: string) => v || '-' },
              ]}
            />
          </div>

          {section(t('drawer.bets'))}
          <div ref={betsRef}>
            <Table
              size="small"
              rowKey="bet_id"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={d.recent_bets}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noEntries')} /> }}
              columns={[
                { title: t('drawer.time'), dataIndex: 'settle_time', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
                { title: t('drawer.game'), dataIndex: 'game_code' },
                { title: t('drawer.bet'), dataIndex: 'bet_amount', align: 'right', render: (v: string) => <Money value={v} /> },
                { title: t('drawer.winLoss'), dataIndex: 'player_win_loss', align: 'right', render: (v: string) => <Money value={v} signed /> },
              ]}
            />
          </div>

          {links.length > 0 && (
            <>
              {section(t('drawer.reports'))}
              <Space wrap>
                {links.map((l) => (
                  <Typography.Link key={l.href} href={l.href} onClick={onClose}>
                    {l.label}
                  </Typography.Link>
                ))}
              </Space>
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
