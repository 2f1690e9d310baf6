import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Descriptions, Drawer, Dropdown, Empty, Flex, Grid, Progress, Skeleton, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { AimOutlined, DownOutlined, MinusOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { player } from '@console/contract';
import { DateTime } from '../../components/date-time';
import { useCallMounted, useCanCall, useHasPerm } from '../../components/has-perm';
import { useScrollFocus } from '../../components/list';
import { Money } from '../../components/money';
import { usePlayerDetail } from './api';
import { AdjustDialog, type AdjustTarget } from './adjust-dialog';
import { type AdjustDone, AdjustResult } from './adjust-result';
import { ControlAddDialog, GameName, useCancelControl } from './control-actions';
import { progressPercent } from './format';

type Detail = NonNullable<ReturnType<typeof usePlayerDetail>['data']>;

/** The wallet in the player's own currency (a credit may go only there), "0.0000" before any money moved. */
function ownWallet(d: Detail): player.WalletItem {
  const p = d.player;
  return (
    d.wallets.find((w) => w.currency_id === p.currency_id) ?? {
      id: 0,
      player_id: p.id,
      player_account: p.account,
      agent_id: p.agent_id,
      agent_code: p.agent_code,
      currency_id: p.currency_id,
      currency_code: p.currency_code,
      balance: p.balance,
      updated_at: '',
    }
  );
}

/**
 * What an operator does to the player, in the drawer's header, each only where the session may
 * make its call: credit and debit their wallet (802), set a point control or cancel the active one
 * (803), never in an agent user's session. A phone gathers them in one menu. What they change shows in the drawer at once: the player's
 * queries are refreshed by every change (api.ts).
 */
function PlayerActions({ d, onAdjusted }: { d: Detail; onAdjusted: (done: AdjustDone) => void }) {
  const { t } = useTranslation('player');
  const screens = Grid.useBreakpoint();
  const can = useCanCall();
  const cancelControl = useCancelControl();
  const [adjust, setAdjust] = useState<AdjustTarget | null>(null);
  const [controlling, setControlling] = useState(false);
  const wallet = ownWallet(d);
  const canAdjust = can(player.playerWalletAdjust);
  const canControl = d.control ? can(player.playerControlCancel) : can(player.playerControlAdd);
  // The server refuses to credit a disabled player (docs/product.md, "Wallets"): the button says why instead.
  const creditRefused = d.player.status !== 1 ? t('drawer.creditDisabled') : undefined;
  const items: { key: string; icon: ReactNode; label: string; danger: boolean; disabled?: string; onClick: () => void }[] = [
    ...(canAdjust
      ? [
          { key: 'credit', icon: <PlusOutlined />, label: t('wallet.credit'), danger: false, disabled: creditRefused, onClick: () => setAdjust({ wallet, direction: 'credit' }) },
          { key: 'debit', icon: <MinusOutlined />, label: t('wallet.debit'), danger: true, onClick: () => setAdjust({ wallet, direction: 'debit' }) },
        ]
      : []),
    ...(canControl
      ? [
          d.control
            ? { key: 'cancel-control', icon: <StopOutlined />, label: t('control.cancel'), danger: true, onClick: () => cancelControl(d.control!) }
            : { key: 'control', icon: <AimOutlined />, label: t('control.add'), danger: false, onClick: () => setControlling(true) },
        ]
      : []),
  ];
  if (!items.length) return null;
  return (
    <>
      {screens.md ? (
        <Space size={8} data-testid="player-actions">
          {items.map((i) => (
            <Tooltip key={i.key} title={i.disabled}>
              <Button size="small" icon={i.icon} danger={i.danger} disabled={!!i.disabled} onClick={i.onClick}>
                {i.label}
              </Button>
            </Tooltip>
          ))}
        </Space>
      ) : (
        <Dropdown
          trigger={['click']}
          menu={{ items: items.map(({ key, icon, label, danger, disabled }) => ({ key, icon, label: disabled ? `${label} (${disabled})` : label, danger, disabled: !!disabled })), onClick: ({ key }) => items.find((i) => i.key === key)?.onClick() }}
        >
          <Button size="small" data-testid="player-actions">
            {t('drawer.actions')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <AdjustDialog target={adjust} onClose={() => setAdjust(null)} onAdjusted={onAdjusted} />
      <ControlAddDialog
        open={controlling}
        player={{ id: d.player.id, account: d.player.account, agent_code: d.player.agent_code, currency_code: d.player.currency_code }}
        onClose={() => setControlling(false)}
      />
    </>
  );
}

/** The drawer of one player: profile and lifetime figures, wallets, latest ledger entries and bets, the active control, links to their reports. */
export function PlayerDrawer({ playerId, onClose }: { playerId: number | null; onClose: () => void }) {
  const { t } = useTranslation('player');
  const screens = Grid.useBreakpoint();
  const has = useHasPerm();
  // Point control is the operators' alone: an agent user's session has none to show.
  const pointControl = useCallMounted()(player.playerControlList);
  const query = usePlayerDetail(playerId);
  // The last adjustment made here, with the link to its ledger entry, until closed or another player opens.
  const [adjusted, setAdjusted] = useState<AdjustDone | null>(null);
  useEffect(() => setAdjusted(null), [playerId]);
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
    <Drawer open={playerId !== null} onClose={onClose} title={p ? t('drawer.title', { account: p.account }) : ' '} size={screens.md ? 720 : '100%'} destroyOnHidden data-testid="player-drawer" extra={d ? <PlayerActions d={d} onAdjusted={setAdjusted} /> : null}>
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          {adjusted && (
            <div style={{ marginBottom: 16 }}>
              <AdjustResult done={adjusted} onClose={() => setAdjusted(null)} onNavigate={onClose} />
            </div>
          )}
          <Descriptions size="small" column={screens.sm ? 2 : 1} bordered>
            <Descriptions.Item label={t('list.account')}>{d.player.account}</Descriptions.Item>
            <Descriptions.Item label={t('list.agent')}>{d.player.agent_code}</Descriptions.Item>
            <Descriptions.Item label={t('list.status')}>
              <Badge status={d.player.status === 1 ? 'success' : 'default'} text={t(`status.${d.player.status}`)} />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.currency')}>{d.player.currency_code}</Descriptions.Item>
            <Descriptions.Item label={t('list.registered')}>
              <DateTime value={d.player.registered_at} />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.lastBet')}>
              <DateTime value={d.player.last_bet_at} fallback={t('never')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.betAmount')}>
              <Money value={d.player.bet_amount} currency={d.player.currency_id} />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.winLoss')}>
              <Money value={d.player.player_win_loss} currency={d.player.currency_id} signed />
            </Descriptions.Item>
          </Descriptions>

          {section(t('drawer.wallets'))}
          <Flex gap={12} wrap>
            {d.wallets.length === 0 && <Typography.Text type="secondary">{t('drawer.noEntries')}</Typography.Text>}
            {d.wallets.map((w) => (
              <Flex key={w.id} vertical style={{ minWidth: 150, padding: '8px 12px', border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 8 }}>
                <Typography.Text type="secondary">{w.currency_code}</Typography.Text>
                <Typography.Text strong style={{ fontSize: 18 }} data-testid={`wallet-balance-${w.currency_code}`}>
                  <Money value={w.balance} currency={w.currency_id} />
                </Typography.Text>
              </Flex>
            ))}
          </Flex>

          {pointControl && section(t('drawer.control'))}
          {!pointControl ? null : d.control ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <Tag color={d.control.direction === 'win' ? 'green' : 'red'}>{t(`control.${d.control.direction}`)}</Tag>
                <span>
                  <Money value={d.control.achieved_amount} currency={d.control.currency_code} /> / <Money value={d.control.target_amount} currency={d.control.currency_code} showCode />
                </span>
                <GameName id={d.control.game_id} code={d.control.game_code} />
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
                { title: t('drawer.time'), dataIndex: 'time', render: (v: string) => <DateTime value={v} /> },
                { title: t('drawer.type'), dataIndex: 'type', render: (v: string) => t(`ledgerType.${v}`) },
                { title: t('drawer.amount'), dataIndex: 'amount', align: 'right', render: (v: string, row) => <Money value={v} currency={row.currency_code} signed /> },
                { title: t('drawer.balanceAfter'), dataIndex: 'balance_after', align: 'right', render: (v: string, row) => <Money value={v} currency={row.currency_code} /> },
                { title: t('drawer.operator'), dataIndex: 'operator_account', render: (v: string | null) => v ?? '-' },
                { title: t('drawer.remark'), dataIndex: 'remark', render: (v: string) => (v ? <Typography.Text style={{ maxWidth: 200 }} ellipsis={{ tooltip: v }}>{v}</Typography.Text> : '-') },
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
                { title: t('drawer.time'), dataIndex: 'settle_time', render: (v: string) => <DateTime value={v} /> },
                { title: t('drawer.game'), dataIndex: 'game_code', render: (v: string, row) => <GameName id={row.game_id} code={v} /> },
                { title: t('drawer.bet'), dataIndex: 'bet_amount', align: 'right', render: (v: string, row) => <Money value={v} currency={row.currency_code} /> },
                {
                  title: t('drawer.jackpotPrize'),
                  dataIndex: 'jackpot_prize',
                  align: 'right',
                  render: (v: string, row) => (v === '0.0000' ? <Typography.Text type="secondary">-</Typography.Text> : <Money value={v} currency={row.currency_code} />),
                },
                {
                  title: t('drawer.winLoss'),
                  dataIndex: 'player_win_loss',
                  align: 'right',
                  render: (v: string, row) => (
                    <Space size={4}>
                      {row.cancelled && <Tag color="red">{t('drawer.cancelled')}</Tag>}
                      <Money value={v} currency={row.currency_code} signed />
                    </Space>
                  ),
                },
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
