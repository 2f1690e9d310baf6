import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { chunksFor, insertMany, updateBigintById, type PgColumnType } from '../../db/bulk-sql.ts';
import { utcDayOf } from '../../db/player-days.ts';
import { accountStartsWith, int8Text, isMoneySumOverflow, moneySumOutOfRange, sqliteIntegerSum, toNumber } from '../../db/sql.ts';

/** SQL of wallets and their ledger. */

export interface LockedWallet {
  id: number;
  player_id: number;
  currency_id: number;
  balance: bigint;
}

export const walletKey = (playerId: number, currencyId: number) => `${playerId}:${currencyId}`;

async function selectWallets(db: Kysely<DB>, dialect: Dialect, playerIds: number[], out: Map<string, LockedWallet>, wanted: Set<string>) {
  for (const chunk of chunksFor(playerIds, 1)) {
    let q = db
      .selectFrom('wallet')
      .select(['id', 'player_id', 'currency_id', int8Text(sql.ref('balance')).as('balance')])
      .where('player_id', 'in', chunk)
      .orderBy('id');
    // Row locks in id order: two batches touching the same wallets queue instead of deadlocking,
    // and neither can read a balance the other is about to change.
    if (dialect === 'postgres') q = q.forUpdate();
    for (const r of await q.execute()) {
      const w = { id: toNumber(r.id), player_id: toNumber(r.player_id), currency_id: toNumber(r.currency_id), balance: BigInt(r.balance) };
      const key = walletKey(w.player_id, w.currency_id);
      if (wanted.has(key)) out.set(key, w);
    }
  }
}

/**
 * The wallets of the given (player, currency) pairs, created with a zero balance where missing,
 * locked for the rest of the transaction (PostgreSQL `FOR UPDATE`; SQLite holds the database
 * write lock already). Answers them by walletKey.
 */
export async function lockWallets(
  db: Kysely<DB>,
  dialect: Dialect,
  pairs: ReadonlyArray<{ player_id: number; currency_id: number }>,
  now: string,
): Promise<Map<string, LockedWallet>> {
  const out = new Map<string, LockedWallet>();
  if (pairs.length === 0) return out;
  const wanted = new Set(pairs.map((p) => walletKey(p.player_id, p.currency_id)));
  const playerIds = [...new Set(pairs.map((p) => p.player_id))].sort((a, b) => a - b);
  await selectWallets(db, dialect, playerIds, out, wanted);

  const missing = [...wanted]
    .filter((k) => !out.has(k))
    .map((k) => {
      const [p, c] = k.split(':');
      return { player_id: Number(p), currency_id: Number(c) };
    })
    .sort((a, b) => a.player_id - b.player_id || a.currency_id - b.currency_id);
  if (missing.length === 0) return out;

  for (const chunk of chunksFor(missing, 5)) {
    const inserted = await db
      .insertInto('wallet')
      .values(chunk.map((m) => ({ ...m, balance: 0n, created_at: now, updated_at: now })))
      .onConflict((oc) => oc.columns(['player_id', 'currency_id']).doNothing())
      .returning(['id', 'player_id', 'currency_id'])
      .execute();
    for (const r of inserted) {
      const w = { id: toNumber(r.id), player_id: toNumber(r.player_id), currency_id: toNumber(r.currency_id), balance: 0n };
      out.set(walletKey(w.player_id, w.currency_id), w);
    }
  }
  // A concurrent transaction created some of them first: lock those now that they exist.
  const raced = missing.filter((m) => !out.has(walletKey(m.player_id, m.currency_id)));
  if (raced.length > 0) await selectWallets(db, dialect, [...new Set(raced.map((m) => m.player_id))], out, wanted);
  return out;
}

export async function setWalletBalances(db: Kysely<DB>, dialect: Dialect, rows: Array<{ id: number; value: bigint }>, now: string) {
  await updateBigintById(db, dialect, 'wallet', 'balance', rows, now);
}

export interface LedgerRow {
  player_id: number;
  agent_id: number;
  currency_id: number;
  type: string;
  amount: bigint;
  balance_before: bigint;
  balance_after: bigint;
  order_id: string;
  related_bet_id: number | null;
  operator_id: number | null;
  remark: string;
  time: number;
  created_at: string;
}

const LEDGER_COLUMNS: ReadonlyArray<readonly [keyof LedgerRow, PgColumnType]> = [
  ['player_id', 'bigint'], ['agent_id', 'bigint'], ['currency_id', 'bigint'], ['type', 'text'], ['amount', 'bigint'],
  ['balance_before', 'bigint'], ['balance_after', 'bigint'], ['order_id', 'text'], ['related_bet_id', 'bigint'],
  ['operator_id', 'bigint'], ['remark', 'text'], ['time', 'bigint'], ['created_at', 'text'],
];

/**
 * Inserts ledger entries in the given order, so ids follow the order of the movements, and adds
 * them to the per-day counts and sums that the bill list's totals come from (migrations 0010, 0018).
 */
export async function insertLedgerEntries(db: Kysely<DB>, dialect: Dialect, rows: LedgerRow[]): Promise<void> {
  await insertMany(db, dialect, 'ledger_entry', LEDGER_COLUMNS, rows);
  await addLedgerDayCounts(db, dialect, rows);
}

/**
 * A day's money in or out of the ledger (ledger_day_count, the bill list's totals) would pass the
 * 64-bit range: whatever wrote the entries is refused with its transaction, as a report total is
 * (AggregateOverflow; db/sql.ts), never rounded.
 */
export class LedgerTotalOverflow extends Error {
  constructor() {
    super("a day's ledger total would exceed the 64-bit range");
  }
}

export interface LedgerDayCount {
  day: number;
  agent_id: number;
  currency_id: number;
  type: string;
  entry_count: number;
  /** Sum of the positive amounts. */
  amount_in: bigint;
  /** Sum of the negative amounts (≤ 0). */
  amount_out: bigint;
}

/**
 * A batch's entries fall on a few days, agents, currencies and types: a few dozen rows, upserted in
 * key order so that concurrent PostgreSQL batches lock them in the same order.
 */
async function addLedgerDayCounts(db: Kysely<DB>, dialect: Dialect, rows: readonly LedgerRow[]): Promise<void> {
  const counts = new Map<string, LedgerDayCount>();
  for (const r of rows) {
    const day = utcDayOf(r.time);
    const key = `${day}:${r.agent_id}:${r.currency_id}:${r.type}`;
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { day, agent_id: r.agent_id, currency_id: r.currency_id, type: r.type, entry_count: 0, amount_in: 0n, amount_out: 0n }));
    c.entry_count++;
    if (r.amount > 0n) c.amount_in += r.amount;
    else c.amount_out += r.amount;
  }
  for (const c of counts.values()) if (moneySumOutOfRange(c.amount_in) || moneySumOutOfRange(c.amount_out)) throw new LedgerTotalOverflow();
  const sum = (column: 'amount_in' | 'amount_out') => {
    const add = `ledger_day_count.${column} + excluded.${column}`;
    return sql<bigint>`${sql.raw(dialect === 'sqlite' ? sqliteIntegerSum(add) : add)}`;
  };
  const ordered = [...counts.values()].sort(
    (a, b) => a.day - b.day || a.agent_id - b.agent_id || a.currency_id - b.currency_id || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0),
  );
  for (const chunk of chunksFor(ordered, 7)) {
    try {
      await db
        .insertInto('ledger_day_count')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['day', 'agent_id', 'currency_id', 'type']).doUpdateSet((eb) => ({
            entry_count: eb('ledger_day_count.entry_count', '+', eb.ref('excluded.entry_count')),
            amount_in: sum('amount_in'),
            amount_out: sum('amount_out'),
          })),
        )
        .execute();
    } catch (err) {
      if (isMoneySumOverflow(dialect, err)) throw new LedgerTotalOverflow();
      throw err;
    }
  }
}

/** What a stored movement that is not a bet's says, to compare with a record sent again under its order id. */
export interface StoredMovement {
  order_id: string;
  type: string;
  agent_id: number;
  player_id: number;
  /** The account of its player (null only if the player row were gone). */
  player_account: string | null;
  currency_id: number;
  /** Signed, as stored. */
  amount: bigint;
  balance_before: bigint;
  balance_after: bigint;
  time: number;
}

/**
 * The movements stored already with one of `types` among `orderIds`, by order id, among the
 * movements that are not a bet's (those are keyed by their bet: migration 0009).
 * `related_bet_id IS NULL` is the predicate of the partial unique index that answers this. A new
 * order id matches no row; only ids sent again read their entries, with their players' accounts.
 */
export async function storedMovements(db: Kysely<DB>, types: string[], orderIds: string[]): Promise<Map<string, StoredMovement>> {
  const out = new Map<string, StoredMovement>();
  for (const chunk of chunksFor(orderIds, 1)) {
    const rows = await db
      .selectFrom('ledger_entry as l')
      .leftJoin('player as p', 'p.id', 'l.player_id')
      .select([
        'l.order_id', 'l.type', 'l.agent_id', 'l.player_id', 'p.account', 'l.currency_id', int8Text(sql.ref('l.amount')).as('amount'),
        int8Text(sql.ref('l.balance_before')).as('balance_before'), int8Text(sql.ref('l.balance_after')).as('balance_after'), 'l.time',
      ])
      .where('l.related_bet_id', 'is', null)
      .where('l.type', 'in', types)
      .where('l.order_id', 'in', chunk)
      .execute();
    for (const r of rows) {
      out.set(r.order_id, {
        order_id: r.order_id,
        type: r.type,
        agent_id: toNumber(r.agent_id),
        player_id: toNumber(r.player_id),
        player_account: r.account ?? null,
        currency_id: toNumber(r.currency_id),
        amount: BigInt(r.amount),
        balance_before: BigInt(r.balance_before),
        balance_after: BigInt(r.balance_after),
        time: toNumber(r.time),
      });
    }
  }
  return out;
}

/** The per-day counts and sums as the ledger's entries give them (what ledger_day_count must hold). */
const countsOfEntries = (db: Kysely<DB>) =>
  db
    .selectFrom('ledger_entry')
    .select([
      sql<number>`time / 86400000`.as('day'),
      'agent_id',
      'currency_id',
      'type',
      (eb) => eb.fn.countAll().as('entry_count'),
      sql<string>`SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END)`.as('amount_in'),
      sql<string>`SUM(CASE WHEN amount < 0 THEN amount ELSE 0 END)`.as('amount_out'),
    ])
    .groupBy([sql`time / 86400000`, 'agent_id', 'currency_id', 'type']);

/** The per-day counts and sums as stored, or as the ledger's entries give them (`fromEntries`), in key order. */
export async function ledgerDayCounts(db: Kysely<DB>, fromEntries: boolean): Promise<LedgerDayCount[]> {
  const rows = fromEntries
    ? await db
        .selectFrom(countsOfEntries(db).as('c'))
        .select(['day', 'agent_id', 'currency_id', 'type', 'entry_count', int8Text(sql.ref('amount_in')).as('amount_in'), int8Text(sql.ref('amount_out')).as('amount_out')])
        .orderBy('day').orderBy('agent_id').orderBy('currency_id').orderBy('type')
        .execute()
    : await db
        .selectFrom('ledger_day_count')
        .select(['day', 'agent_id', 'currency_id', 'type', 'entry_count', int8Text(sql.ref('amount_in')).as('amount_in'), int8Text(sql.ref('amount_out')).as('amount_out')])
        .orderBy('day').orderBy('agent_id').orderBy('currency_id').orderBy('type')
        .execute();
  return rows.map((r) => ({
    day: toNumber(r.day),
    agent_id: toNumber(r.agent_id),
    currency_id: toNumber(r.currency_id),
    type: r.type,
    entry_count: toNumber(r.entry_count),
    amount_in: BigInt(r.amount_in),
    amount_out: BigInt(r.amount_out),
  }));
}

/** Recounts ledger_day_count from the entries (inside the caller's transaction). */
export async function rebuildLedgerDayCounts(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('ledger_day_count').execute();
  await db.insertInto('ledger_day_count').columns(['day', 'agent_id', 'currency_id', 'type', 'entry_count', 'amount_in', 'amount_out']).expression(countsOfEntries(db)).execute();
}

/* ---- Manual adjustments and the wallet screens ---- */

const touchWallet = (db: Kysely<DB>, playerId: number, currencyId: number, now: string) =>
  db
    .updateTable('wallet')
    .set({ updated_at: now })
    .where('player_id', '=', playerId)
    .where('currency_id', '=', currencyId)
    .returning(['id', 'player_id', 'currency_id', int8Text(sql.ref('balance')).as('balance')])
    .executeTakeFirst();

/**
 * One wallet, locked for the rest of the transaction by writing it first: the row lock on
 * PostgreSQL, and on SQLite the write lock taken before anything is read, so a deferred
 * transaction never reads a balance another process is about to change. Undefined when the
 * player has no wallet in that currency (see createWallet).
 */
export async function lockWallet(db: Kysely<DB>, playerId: number, currencyId: number, now: string): Promise<LockedWallet | undefined> {
  const r = await touchWallet(db, playerId, currencyId, now);
  return r && { id: toNumber(r.id), player_id: toNumber(r.player_id), currency_id: toNumber(r.currency_id), balance: BigInt(r.balance) };
}

/** Creates a zero wallet (unless a concurrent transaction just did) and locks it. */
export async function createWallet(db: Kysely<DB>, playerId: number, currencyId: number, now: string): Promise<LockedWallet> {
  await db
    .insertInto('wallet')
    .values({ player_id: playerId, currency_id: currencyId, balance: 0n, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['player_id', 'currency_id']).doNothing())
    .execute();
  const w = await lockWallet(db, playerId, currencyId, now);
  if (!w) throw new Error(`wallet ${playerId}:${currencyId} not found after its insert`);
  return w;
}

/** The id of the ledger entry of a movement that is not a bet's, by its type and order id (migration 0009's key). */
export async function ledgerEntryId(db: Kysely<DB>, type: string, orderId: string): Promise<number> {
  const r = await db
    .selectFrom('ledger_entry')
    .select('id')
    .where('related_bet_id', 'is', null)
    .where('type', '=', type)
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return toNumber(r.id);
}

export interface AdjustmentRow {
  id: number;
  request_id: string;
  ledger_id: number;
  player_id: number;
  player_account: string;
  agent_code: string;
  currency_id: number;
  currency_code: string;
  direction: string;
  amount: bigint;
  balance_before: bigint;
  balance_after: bigint;
  remark: string;
  operator_account: string;
  created_at: string;
}

export type NewAdjustment = Omit<AdjustmentRow, 'id' | 'player_account' | 'agent_code' | 'currency_code'> & {
  agent_id: number;
  operator_id: number | null;
};

export async function insertAdjustment(db: Kysely<DB>, a: NewAdjustment): Promise<number> {
  const r = await db.insertInto('wallet_adjustment').values(a).returning('id').executeTakeFirstOrThrow();
  return toNumber(r.id);
}

const adjustments = (db: Kysely<DB>) =>
  db
    .selectFrom('wallet_adjustment as a')
    .innerJoin('player as p', 'p.id', 'a.player_id')
    .innerJoin('agent as g', 'g.id', 'a.agent_id')
    .innerJoin('currency as c', 'c.id', 'a.currency_id');

const toAdjustment = (r: Record<string, unknown>): AdjustmentRow => ({
  id: toNumber(r.id),
  request_id: String(r.request_id),
  ledger_id: toNumber(r.ledger_id),
  player_id: toNumber(r.player_id),
  player_account: String(r.player_account),
  agent_code: String(r.agent_code),
  currency_id: toNumber(r.currency_id),
  currency_code: String(r.currency_code),
  direction: String(r.direction),
  amount: BigInt(String(r.amount)),
  balance_before: BigInt(String(r.balance_before)),
  balance_after: BigInt(String(r.balance_after)),
  remark: String(r.remark),
  operator_account: String(r.operator_account),
  created_at: String(r.created_at),
});

const ADJUSTMENT_COLUMNS = [
  'a.id', 'a.request_id', 'a.ledger_id', 'a.player_id', 'p.account as player_account', 'g.code as agent_code', 'a.currency_id', 'c.code as currency_code',
  'a.direction', 'a.remark', 'a.operator_account', 'a.created_at',
] as const;

const adjustmentAmounts = [
  int8Text(sql.ref('a.amount')).as('amount'),
  int8Text(sql.ref('a.balance_before')).as('balance_before'),
  int8Text(sql.ref('a.balance_after')).as('balance_after'),
];

/**
 * The adjustment made under a request id, or undefined, read after a write to its row (which
 * changes nothing): on SQLite that write takes the database write lock before anything is read,
 * so a deferred transaction never decides on a read that another process's commit has made
 * stale; on PostgreSQL it locks the row, if there is one.
 */
export async function holdAdjustment(db: Kysely<DB>, requestId: string): Promise<AdjustmentRow | undefined> {
  await db
    .updateTable('wallet_adjustment')
    .set((eb) => ({ request_id: eb.ref('request_id') }))
    .where('request_id', '=', requestId)
    .execute();
  return findAdjustment(db, requestId);
}

/** The adjustment made under a request id, or undefined. */
export async function findAdjustment(db: Kysely<DB>, requestId: string): Promise<AdjustmentRow | undefined> {
  const r = await adjustments(db).select(ADJUSTMENT_COLUMNS).select(adjustmentAmounts).where('a.request_id', '=', requestId).executeTakeFirst();
  return r && toAdjustment(r);
}

export interface AdjustmentFilter {
  playerId?: number;
  /** A prefix of the player's account. */
  account?: string;
}

/** Manual adjustments, newest first. */
export async function listAdjustments(db: Kysely<DB>, f: AdjustmentFilter, page: number, pageSize: number) {
  let q = adjustments(db);
  if (f.playerId) q = q.where('a.player_id', '=', f.playerId);
  if (f.account) q = q.where(accountStartsWith('p.account', f.account));
  const total = toNumber((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q.select(ADJUSTMENT_COLUMNS).select(adjustmentAmounts).orderBy('a.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  return { total, rows: rows.map(toAdjustment) };
}

export interface WalletRow {
  id: number;
  player_id: number;
  player_account: string;
  agent_id: number;
  agent_code: string;
  currency_id: number;
  currency_code: string;
  balance: bigint;
  updated_at: string;
}

export interface WalletFilter {
  playerId?: number;
  account?: string;
  /** The agent's path: its whole sub-tree. */
  agentPath?: string;
}

/** Wallets with their player, agent and currency, by player account then currency. */
export async function listWallets(db: Kysely<DB>, f: WalletFilter, page: number, pageSize: number): Promise<{ total: number; rows: WalletRow[] }> {
  let q = db
    .selectFrom('wallet as w')
    .innerJoin('player as p', 'p.id', 'w.player_id')
    .innerJoin('agent as g', 'g.id', 'p.agent_id')
    .innerJoin('currency as c', 'c.id', 'w.currency_id');
  if (f.playerId) q = q.where('w.player_id', '=', f.playerId);
  if (f.account) q = q.where(accountStartsWith('p.account', f.account));
  if (f.agentPath) q = q.where('g.path', 'like', `${f.agentPath}%`);
  const total = toNumber((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .select(['w.id', 'w.player_id', 'p.account as player_account', 'p.agent_id', 'g.code as agent_code', 'w.currency_id', 'c.code as currency_code', 'w.updated_at'])
    .select(int8Text(sql.ref('w.balance')).as('balance'))
    .orderBy('p.account')
    .orderBy('w.player_id')
    .orderBy('w.currency_id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total,
    rows: rows.map((r) => ({
      id: toNumber(r.id),
      player_id: toNumber(r.player_id),
      player_account: r.player_account,
      agent_id: toNumber(r.agent_id),
      agent_code: r.agent_code,
      currency_id: toNumber(r.currency_id),
      currency_code: r.currency_code,
      balance: BigInt(r.balance),
      updated_at: r.updated_at,
    })),
  };
}
