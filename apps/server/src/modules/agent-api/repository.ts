import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { int8Text, toNumber } from '../../db/sql.ts';

/** Every SQL statement of the agent API (docs/product.md, "The agent API"). */

/** Takes a nonce for a key: false when the key used it already (a replay). */
export async function takeNonce(db: Kysely<DB>, keyId: number, nonce: string, now: string): Promise<boolean> {
  const r = await db
    .insertInto('api_nonce')
    .values({ key_id: keyId, nonce, created_at: now })
    .onConflict((oc) => oc.columns(['key_id', 'nonce']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function purgeNoncesBefore(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('api_nonce').where('created_at', '<', before).execute();
}

export interface ScopedAgent {
  id: number;
  code: string;
  path: string;
  wallet_mode: number;
  currency_id: number;
  currency_code: string;
}

/** The agent with this code (letter case aside) with its currency. */
export async function agentByCode(db: Kysely<DB>, code: string): Promise<ScopedAgent | undefined> {
  const r = await db
    .selectFrom('agent as a')
    .innerJoin('currency as c', 'c.id', 'a.currency_id')
    .select(['a.id', 'a.code', 'a.path', 'a.wallet_mode', 'a.currency_id', 'c.code as currency_code'])
    .where((eb) => eb(eb.fn('lower', ['a.code']), '=', code.toLowerCase()))
    .executeTakeFirst();
  return r && { ...r, id: toNumber(r.id), wallet_mode: toNumber(r.wallet_mode), currency_id: toNumber(r.currency_id) };
}

export interface ApiPlayer {
  id: number;
  account: string;
  currency_id: number;
  currency_code: string;
  status: number;
}

export async function findPlayer(db: Kysely<DB>, agentId: number, account: string): Promise<ApiPlayer | undefined> {
  const r = await db
    .selectFrom('player as p')
    .innerJoin('currency as c', 'c.id', 'p.currency_id')
    .select(['p.id', 'p.account', 'p.currency_id', 'c.code as currency_code', 'p.status'])
    .where('p.agent_id', '=', agentId)
    .where('p.account', '=', account)
    .executeTakeFirst();
  return r && { ...r, id: toNumber(r.id), currency_id: toNumber(r.currency_id), status: toNumber(r.status) };
}

/** The balance of a player's wallet in a currency, exact, or null without a wallet. */
export async function walletBalance(db: Kysely<DB>, playerId: number, currencyId: number): Promise<string | null> {
  const r = await db
    .selectFrom('wallet')
    .select(int8Text(sql.ref('balance')).as('balance'))
    .where('player_id', '=', playerId)
    .where('currency_id', '=', currencyId)
    .executeTakeFirst();
  return r ? String(r.balance) : null;
}

export interface StoredTransfer {
  account: string;
  type: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  currency_code: string;
  time: number;
}

/** The transfer stored under a ledger order id (the agent API's own, see service.ts), if any. */
export async function findTransfer(db: Kysely<DB>, ledgerOrderId: string): Promise<StoredTransfer | undefined> {
  const r = await db
    .selectFrom('ledger_entry as l')
    .innerJoin('player as p', 'p.id', 'l.player_id')
    .innerJoin('currency as c', 'c.id', 'l.currency_id')
    .select([
      'p.account', 'l.type', int8Text(sql.ref('l.amount')).as('amount'), int8Text(sql.ref('l.balance_before')).as('balance_before'),
      int8Text(sql.ref('l.balance_after')).as('balance_after'), 'c.code as currency_code', 'l.time',
    ])
    .where('l.type', 'in', ['transfer_in', 'transfer_out'])
    .where('l.order_id', '=', ledgerOrderId)
    .where('l.related_bet_id', 'is', null)
    .executeTakeFirst();
  return r && { ...r, amount: String(r.amount), balance_before: String(r.balance_before), balance_after: String(r.balance_after), time: toNumber(r.time) };
}

export interface BetPage {
  /** Bets of the sub-tree settled in [startMs, endMs), with ids in (afterId, horizon], in id order. */
  agentPath: string;
  startMs: number;
  endMs: number;
  afterId: number;
  horizon: number;
  limit: number;
}

export async function pageBets(db: Kysely<DB>, p: BetPage) {
  const rows = await db
    .selectFrom('bet as b')
    .innerJoin('agent as a', 'a.id', 'b.agent_id')
    .innerJoin('player as p', 'p.id', 'b.player_id')
    .innerJoin('game as g', 'g.id', 'b.game_id')
    .innerJoin('currency as c', 'c.id', 'b.currency_id')
    .select([
      'b.id', 'b.bet_id', 'b.round_id', 'a.code as agent_code', 'p.account as player_account', 'g.code as game_code', 'c.code as currency_code',
      int8Text(sql.ref('b.bet_amount')).as('bet_amount'), int8Text(sql.ref('b.valid_bet_amount')).as('valid_bet_amount'),
      int8Text(sql.ref('b.payout_amount')).as('payout_amount'), int8Text(sql.ref('b.tax_amount')).as('tax_amount'),
      int8Text(sql.ref('b.bonus_amount')).as('bonus_amount'), int8Text(sql.ref('b.jackpot_contribution')).as('jackpot_contribution'),
      int8Text(sql.ref('b.jackpot_prize')).as('jackpot_prize'),
      'b.bet_time', 'b.settle_time', 'b.device', 'b.cancelled_at', 'b.cancel_reason',
    ])
    .where('b.settle_time', '>=', p.startMs)
    .where('b.settle_time', '<', p.endMs)
    .where('b.id', '>', p.afterId)
    .where('b.id', '<=', p.horizon)
    .where('a.path', 'like', `${p.agentPath}%`)
    .orderBy('b.id')
    .limit(p.limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    id: toNumber(r.id),
    bet_time: toNumber(r.bet_time),
    settle_time: toNumber(r.settle_time),
    cancelled_at: r.cancelled_at === null ? null : toNumber(r.cancelled_at),
  }));
}
