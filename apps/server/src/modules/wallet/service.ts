import type { Kysely } from 'kysely';
import { ErrorCode, formatMoney, MONEY_UNITS_MAX, playerWinLoss } from '@console/contract';
import { apiError } from '../../lib/api-error.ts';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { lockNames } from '../../db/write-transaction.ts';
import type { BetAmounts, BetStage, CancelStage } from '../../db/bet-batch.ts';
import type { TransferStage } from '../../db/transfer-batch.ts';
import {
  createWallet,
  findAdjustment,
  holdAdjustment,
  insertAdjustment,
  insertLedgerEntries,
  LedgerTotalOverflow,
  ledgerEntryId,
  lockWallet,
  lockWallets,
  setWalletBalances,
  walletKey,
  type AdjustmentRow,
  type LedgerRow,
  type LockedWallet,
} from './repository.ts';

/** Why a movement past the largest balance is refused (the ingest's records name it). */
export const WALLET_FULL = `the wallet would hold more than ${formatMoney(MONEY_UNITS_MAX)}, the most a balance can hold`;

/** Why a batch is refused whose entries would take a day's ledger total past the largest amount (LedgerTotalOverflow). */
export const LEDGER_TOTAL_FULL = `the batch would take a day's ledger total (the bill list's) past ${formatMoney(MONEY_UNITS_MAX)}, the most a total can hold`;

/**
 * The ingest's wallets stage (db/bet-batch.ts): the batch's wallets locked (created at a player's
 * first bet), then each new bet, in batch order, takes its stake out at its bet time and pays its
 * net return (payout − tax + bonus) in at its settle time, as two ledger entries, and a jackpot
 * prize in at its settle time as a third (`jackpot_prize`, only when it carries one); a stake beyond
 * the balance, a tax beyond what the wallet holds or a balance past the maximum refuses the batch
 * naming the record. The entries and the final balances are written once.
 */
export const walletStage: BetStage = {
  name: 'wallets',
  async run(batch) {
    const { db, dialect, now, bets } = batch;
    const { book, walletOf } = await lockedBook(db, dialect, bets, now);
    for (const b of bets) {
      const wallet = walletOf(b);
      // The stake only takes money out: the one refusal it can meet is a balance below zero.
      if (book.move(wallet, b.agent_id, 'bet', -b.bet_amount, b.bet_id, b.id, b.bet_time)) {
        batch.reject(b.index, 'bet_amount', `insufficient balance: the wallet holds ${formatMoney(book.balanceOf(wallet))}`);
      }
      const paid = book.move(wallet, b.agent_id, 'payout', b.payout_amount - b.tax_amount + b.bonus_amount, b.bet_id, b.id, b.settle_time);
      if (paid === 'below_zero') {
        batch.reject(b.index, 'tax_amount', `the tax exceeds payout plus bonus by more than the wallet holds (${formatMoney(book.balanceOf(wallet))})`);
      }
      if (paid === 'above_max') batch.reject(b.index, 'payout_amount', WALLET_FULL);
      // A jackpot prize (rare): its own entry, paid from the prize pool (the prize-pool stage takes it from there).
      if (b.jackpot_prize !== 0n && book.move(wallet, b.agent_id, 'jackpot_prize', b.jackpot_prize, b.bet_id, b.id, b.settle_time)) {
        batch.reject(b.index, 'jackpot_prize', WALLET_FULL);
      }
    }
    await book.save(db, dialect, () => batch.reject(null, 'bets', LEDGER_TOTAL_FULL));
  },
};

/**
 * The transfer pipeline's wallets stage (db/transfer-batch.ts): each new transfer, in batch order,
 * moves its wallet (locked by the ingest as it resolved the batch) by one ledger entry
 * `transfer_in` / `transfer_out` at its time, and learns its balance before and after; money out
 * beyond the balance, or in past the largest balance, refuses the batch naming the record. The
 * entries, the bill list's per-day counts and the final balances are written once.
 */
export const walletTransferStage: TransferStage = {
  name: 'wallets',
  async run(batch) {
    const book = new LedgerBook(batch.now);
    for (const t of batch.transfers) {
      const refused = book.move(t.wallet, t.agent_id, t.direction === 'in' ? 'transfer_in' : 'transfer_out', t.direction === 'in' ? t.amount : -t.amount, t.order_id, null, t.time);
      if (refused === 'above_max') batch.reject(t.index, 'amount', WALLET_FULL, 'wallet_full');
      if (refused) batch.reject(t.index, 'amount', `insufficient balance: the wallet holds ${formatMoney(book.balanceOf(t.wallet))}`, 'insufficient_balance');
      const entry = book.entries[book.entries.length - 1]!;
      t.balance_before = entry.balance_before;
      t.balance_after = entry.balance_after;
    }
    await book.save(batch.db, batch.dialect, () => batch.reject(null, 'transfers', LEDGER_TOTAL_FULL, 'ledger_total_full'));
  },
};

/** The wallets of `owners` locked for the transaction (created at zero where missing), and a book to move them in. */
async function lockedBook(db: Kysely<DB>, dialect: Dialect, owners: ReadonlyArray<{ player_id: number; currency_id: number }>, now: string) {
  const wallets = await lockWallets(db, dialect, owners.map((b) => ({ player_id: b.player_id, currency_id: b.currency_id })), now);
  return { book: new LedgerBook(now), walletOf: (b: { player_id: number; currency_id: number }) => wallets.get(walletKey(b.player_id, b.currency_id))! };
}

/** What a settled bet did to its player's wallet: its stake out, its net return and its jackpot prize in (its player win/loss). */
export const betWalletEffect = (b: BetAmounts): bigint => playerWinLoss(b);

/**
 * The cancellations' wallets stage (db/bet-batch.ts CancelBatch): each cancelled bet's whole
 * wallet effect reversed by one ledger entry `bet_cancel` at the cancel's time, in batch order.
 * A reversal that would take the wallet below zero (the player has spent the winnings) refuses
 * the batch with A0420 naming the bet; a bet that moved nothing writes no entry.
 */
export const walletCancelStage: CancelStage = {
  name: 'wallets',
  async run(batch) {
    const { db, dialect, now, bets } = batch;
    const { book, walletOf } = await lockedBook(db, dialect, bets, now);
    for (const b of bets) {
      const wallet = walletOf(b);
      const refused = book.move(wallet, b.agent_id, 'bet_cancel', -betWalletEffect(b), b.bet_id, b.id, b.cancel_time);
      if (refused === 'below_zero') {
        batch.reject(
          b.index,
          'bet_id',
          `cancelling the bet "${b.bet_id}" would take the wallet below zero: it gave ${formatMoney(betWalletEffect(b))} and the wallet holds ${formatMoney(book.balanceOf(wallet))}`,
          'insufficient_balance',
        );
      }
      if (refused === 'above_max') batch.reject(b.index, 'bet_id', WALLET_FULL);
    }
    await book.save(db, dialect, () => batch.reject(null, 'cancels', LEDGER_TOTAL_FULL));
  },
};

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

  /**
   * Writes the entries and the moved wallets' final balances, once. `totalFull` refuses the
   * caller's request when an entry would take a day's ledger total past the largest amount
   * (LedgerTotalOverflow); it must throw.
   */
  async save(db: Kysely<DB>, dialect: Dialect, totalFull: () => never): Promise<void> {
    try {
      await insertLedgerEntries(db, dialect, this.entries);
    } catch (err) {
      if (err instanceof LedgerTotalOverflow) totalFull();
      throw err;
    }
    await setWalletBalances(db, dialect, this.changedBalances(), this.now);
  }

  /** Final balances of the wallets that moved. */
  changedBalances(): Array<{ id: number; value: bigint }> {
    const out: Array<{ id: number; value: bigint }> = [];
    for (const [w, value] of this.current) if (w.balance !== value) out.push({ id: w.id, value });
    return out;
  }
}

/* ---- Manual adjustments (player/wallet/adjust) ---- */

export interface AdjustRequest {
  player_id: number;
  /**
   * Checks the player and currency, once the request id is known to be new and before any wallet
   * is touched, and answers the player's agent; throws to refuse.
   */
  owner: () => Promise<number>;
  currency_id: number;
  direction: 'credit' | 'debit';
  amount: bigint;
  remark: string;
  request_id: string;
  operator: { id: number | null; account: string };
}

/** The fields of an adjustment that a repeat of its request id must carry unchanged, in the request's order. */
export type AdjustField = 'player_id' | 'currency_id' | 'direction' | 'amount' | 'remark';

/** Where a repeated request id differs from the adjustment made under it: the value made and the one sent. */
export interface AdjustConflict {
  field: AdjustField;
  made: string;
  sent: string;
}

export type AdjustOutcome =
  | { kind: 'moved' | 'repeated'; adjustment: AdjustmentRow }
  | { kind: 'conflict'; conflict: AdjustConflict }
  | { kind: 'refused'; refusal: MoveRefusal; balance: bigint };

/**
 * A request id names one adjustment: sent again, it must say the same, or a retry could answer
 * another request's result (another player's balances) as its own.
 */
function adjustConflict(made: AdjustmentRow, a: AdjustRequest): AdjustConflict | null {
  const pairs: Array<[AdjustField, string, string]> = [
    ['player_id', String(made.player_id), String(a.player_id)],
    ['currency_id', String(made.currency_id), String(a.currency_id)],
    ['direction', made.direction, a.direction],
    ['amount', formatMoney(made.amount), formatMoney(a.amount)],
    ['remark', JSON.stringify(made.remark), JSON.stringify(a.remark)],
  ];
  for (const [field, m, s] of pairs) if (m !== s) return { field, made: m, sent: s };
  return null;
}

/**
 * Credits or debits one wallet by hand, inside the caller's transaction: the movement is one
 * ledger entry `manual_credit` / `manual_debit` with its operator and remark, whose order id is
 * the request id, and one wallet_adjustment row answers a repeat of the request id.
 *
 * The request id is held first (its name locked on PostgreSQL, the write lock taken on SQLite
 * before anything is read), so two requests with one id run one after the other and the second
 * finds the first. A repeat is answered before anything else is looked at: it creates no wallet
 * and writes nothing but, when it repeats its request exactly, the caller's log row. Only then
 * is the wallet locked, created at zero for a credit in a currency the player has no wallet in
 * yet; a debit there is refused at once (nothing to take). A refusal writes nothing the caller
 * keeps: it throws and the transaction rolls back.
 */
export async function adjustWallet(db: Kysely<DB>, dialect: Dialect, a: AdjustRequest, now: string): Promise<AdjustOutcome> {
  await lockNames(db, dialect, [`wallet-adjust:${a.request_id}`]);
  const first = await holdAdjustment(db, a.request_id);
  if (first) {
    const conflict = adjustConflict(first, a);
    return conflict ? { kind: 'conflict', conflict } : { kind: 'repeated', adjustment: first };
  }
  const agentId = await a.owner();
  const locked = await lockWallet(db, a.player_id, a.currency_id, now);
  if (!locked && a.direction === 'debit') return { kind: 'refused', refusal: 'below_zero', balance: 0n };
  const wallet = locked ?? (await createWallet(db, a.player_id, a.currency_id, now));
  const book = new LedgerBook(now);
  const type = a.direction === 'credit' ? 'manual_credit' : 'manual_debit';
  const refusal = book.move(wallet, agentId, type, a.direction === 'credit' ? a.amount : -a.amount, a.request_id, null, Date.parse(now), a.operator.id, a.remark);
  if (refusal) return { kind: 'refused', refusal, balance: wallet.balance };
  const entry = book.entries[0]!;
  await book.save(db, dialect, () => {
    throw apiError(ErrorCode.InvalidParameter, `amount：${LEDGER_TOTAL_FULL}`, `amount: ${LEDGER_TOTAL_FULL}`);
  });
  const ledgerId = await ledgerEntryId(db, type, a.request_id);
  await insertAdjustment(db, {
    request_id: a.request_id,
    ledger_id: ledgerId,
    player_id: a.player_id,
    agent_id: agentId,
    currency_id: a.currency_id,
    direction: a.direction,
    amount: a.amount,
    balance_before: entry.balance_before,
    balance_after: entry.balance_after,
    remark: a.remark,
    operator_id: a.operator.id,
    operator_account: a.operator.account,
    created_at: now,
  });
  const adjustment = await findAdjustment(db, a.request_id);
  return { kind: 'moved', adjustment: adjustment! };
}
