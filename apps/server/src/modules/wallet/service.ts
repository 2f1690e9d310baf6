import { MONEY_UNITS_MAX } from '@console/contract';
import type { LedgerRow, LockedWallet } from './repository.ts';

/** Why a movement was refused: it would take the wallet below zero, or past the largest amount a balance holds. */
export type MoveRefusal = 'below_zero' | 'above_max';

/**
 * Wallet movements of one transaction, applied in memory in the order they happen: each movement
 * becomes one ledger row with the running balance before and after it, and at the end each
 * touched wallet is written once with its final balance. The wallets must be locked by the
 * caller for the whole transaction, or the running balances could be stale.
 */
export class LedgerBook {
  private readonly current = new Map<LockedWallet, bigint>();
  readonly entries: LedgerRow[] = [];

  constructor(private readonly now: string) {}

  balanceOf(wallet: LockedWallet): bigint {
    return this.current.get(wallet) ?? wallet.balance;
  }

  /**
   * Records one movement, or answers why not (recording nothing) when it would take the wallet
   * below zero or past MONEY_UNITS_MAX. A zero amount moves nothing and records nothing.
   */
  move(
    wallet: LockedWallet,
    agentId: number,
    type: string,
    amount: bigint,
    orderId: string,
    relatedBetId: number | null,
    time: number,
    operatorId: number | null = null,
    remark = '',
  ): MoveRefusal | null {
    if (amount === 0n) return null;
    const before = this.balanceOf(wallet);
    const after = before + amount;
    if (after < 0n) return 'below_zero';
    if (after > MONEY_UNITS_MAX) return 'above_max';
    this.current.set(wallet, after);
    this.entries.push({
      player_id: wallet.player_id,
      agent_id: agentId,
      currency_id: wallet.currency_id,
      type,
      amount,
      balance_before: before,
      balance_after: after,
      order_id: orderId,
      related_bet_id: relatedBetId,
      operator_id: operatorId,
      remark,
      time,
      created_at: this.now,
    });
    return null;
  }

  /** Final balances of the wallets that moved. */
  changedBalances(): Array<{ id: number; value: bigint }> {
    const out: Array<{ id: number; value: bigint }> = [];
    for (const [w, value] of this.current) if (w.balance !== value) out.push({ id: w.id, value });
    return out;
  }
}
