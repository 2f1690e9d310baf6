import { useTranslation } from 'react-i18next';
import { Alert, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { bill, type player } from '@console/contract';
import { useHasPerm } from '../../components/has-perm';
import { Money } from '../../components/money';

/** A wallet adjustment that went through: what moved, and the ledger entry it wrote. */
export interface AdjustDone {
  wallet: player.WalletItem;
  direction: 'credit' | 'debit';
  /** The amount moved, a 4-decimal string. */
  amount: string;
  /** The request id: the ledger entry's order id. */
  requestId: string;
  ledgerId: number;
  balanceAfter: string;
}

/** The account-change ledger (code 6). */
export const LEDGER = { path: '/bill/report', permission: '6' } as const;

/**
 * The ledger narrowed to the entry an adjustment wrote: its order id is the request id, its type
 * `manual_credit` / `manual_debit` (docs/product.md, "Wallets"), and the player (under their agent)
 * names it in the filters as well as in the row.
 */
export function ledgerEntryLink(done: Pick<AdjustDone, 'wallet' | 'direction' | 'requestId'>): string {
  const type: bill.LedgerType = done.direction === 'credit' ? 'manual_credit' : 'manual_debit';
  const q = new URLSearchParams({
    order_id: done.requestId,
    type,
    player_account: done.wallet.player_account,
    agent_id: String(done.wallet.agent_id),
  });
  return `${LEDGER.path}?${q.toString()}`;
}

/**
 * What the last adjustment did, until closed: the amount, the balance it left and, for a user who
 * may read the ledger, a link to its entry there. A toast would be gone before the link is reached.
 * `onNavigate`: called as the link is followed (the drawer closes, say).
 */
export function AdjustResult({ done, onClose, onNavigate }: { done: AdjustDone | null; onClose: () => void; onNavigate?: () => void }) {
  const { t } = useTranslation('player');
  const canLedger = useHasPerm()(LEDGER.permission);
  if (!done) return null;
  const { wallet } = done;
  const signed = done.direction === 'debit' ? `-${done.amount}` : done.amount;
  return (
    <Alert
      key={done.requestId}
      type="success"
      showIcon
      closable={{ 'aria-label': t('common:action.close'), onClose }}
      data-testid="adjust-result"
      title={
        <Flex wrap gap={4} align="baseline">
          <span>{t(`adjustResult.${done.direction}`, { account: wallet.player_account })}</span>
          <Money value={signed} currency={wallet.currency_id} showCode signed />
          <span>{t('adjustResult.balance')}</span>
          <Money value={done.balanceAfter} currency={wallet.currency_id} showCode />
        </Flex>
      }
      description={
        <Flex wrap gap={12} align="baseline">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('adjustResult.orderId', { id: done.requestId })}
          </Typography.Text>
          {canLedger && (
            <Link to={ledgerEntryLink(done)} onClick={onNavigate} data-testid="adjust-ledger-link">
              {t('adjustResult.ledger')}
            </Link>
          )}
        </Flex>
      }
    />
  );
}
