import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { chunksFor, updateBigintById } from '../../db/bulk-sql.ts';
import { accountStartsWith, int8Text, toNumber } from '../../db/sql.ts';
import { playerDaysCondition } from '../../db/player-days.ts';

/** SQL of the player table used by the ingest. */

export interface PlayerRef {
  id: number;
  agent_id: number;
  account: string;
  currency_id: number;
}

export const playerKey = (agentId: number, account: string) => `${agentId}\u0000${account}`;

/**
 * The players among the given (agent, account) pairs that exist. One query: the composite unique
 * index (agent_id, account) serves `agent_id IN … AND account IN …`; pairs that only cross-match
 * are dropped here.
 */
export async function findPlayers(db: Kysely<DB>, pairs: ReadonlyArray<{ agent_id: number; account: string }>): Promise<Map<string, PlayerRef>> {
  const out = new Map<string, PlayerRef>();
  if (pairs.length === 0) return out;
  const wanted = new Set(pairs.map((p) => playerKey(p.agent_id, p.account)));
  const agentIds = [...new Set(pairs.map((p) => p.agent_id))];
  for (const chunk of chunksFor([...new Set(pairs.map((p) => p.account))], 1)) {
    const rows = await db
      .selectFrom('player')
      .select(['id', 'agent_id', 'account', 'currency_id'])
      .where('agent_id', 'in', agentIds)
      .where('account', 'in', chunk)
      .execute();
    for (const r of rows) {
      const ref = { id: toNumber(r.id), agent_id: toNumber(r.agent_id), account: r.account, currency_id: toNumber(r.currency_id) };
      const key = playerKey(ref.agent_id, ref.account);
      if (wanted.has(key)) out.set(key, ref);
    }
  }
  return out;
}

/** The accounts of the given player ids (those that exist). */
export async function playerAccounts(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const chunk of chunksFor([...new Set(ids)], 1)) {
    for (const r of await db.selectFrom('player').select(['id', 'account']).where('id', 'in', chunk).execute()) out.set(toNumber(r.id), r.account);
  }
  return out;
}

export interface NewPlayerRow {
  agent_id: number;
  account: string;
  currency_id: number;
  registered_at: number;
}

/**
 * Inserts players, skipping any that a concurrent transaction created first; answers the ones
 * this call created. Rows go in (agent_id, account) order so that concurrent batches take the
 * unique-index locks in the same order (no deadlock on PostgreSQL).
 */
export async function insertPlayers(db: Kysely<DB>, rows: NewPlayerRow[], now: string): Promise<Array<PlayerRef & { registered_at: number }>> {
  const sorted = [...rows].sort((a, b) => a.agent_id - b.agent_id || (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  const out: Array<PlayerRef & { registered_at: number }> = [];
  for (const chunk of chunksFor(sorted, 8)) {
    const inserted = await db
      .insertInto('player')
      .values(chunk.map((r) => ({ ...r, status: 1, last_bet_at: null, created_at: now, updated_at: now })))
      .onConflict((oc) => oc.columns(['agent_id', 'account']).doNothing())
      .returning(['id', 'agent_id', 'account', 'currency_id', 'registered_at'])
      .execute();
    for (const r of inserted) {
      out.push({
        id: toNumber(r.id),
        agent_id: toNumber(r.agent_id),
        account: r.account,
        currency_id: toNumber(r.currency_id),
        registered_at: toNumber(r.registered_at),
      });
    }
  }
  return out;
}

/** Moves last_bet_at forward (never back: batches may arrive out of time order). */
export async function advanceLastBetAt(db: Kysely<DB>, dialect: Dialect, rows: Array<{ id: number; value: number }>, now: string) {
  await updateBigintById(db, dialect, 'player', 'last_bet_at', rows, now, true);
}

/* ---- Player management (player/list, detail, status) ---- */

export interface PlayerListFilter {
  id?: number;
  /** The agent's path: the agent and its whole sub-tree. */
  agentPath?: string;
  account?: string;
  status?: number;
  currencyId?: number;
  /** Inclusive epoch milliseconds. */
  registeredFrom?: number;
  registeredTo?: number;
}

export type PlayerSortField = 'id' | 'account' | 'balance' | 'registered_at' | 'last_bet_at';

export interface PlayerListRow {
  id: number;
  account: string;
  agent_id: number;
  agent_code: string;
  currency_id: number;
  currency_code: string;
  balance: bigint;
  status: number;
  registered_at: number;
  last_bet_at: number | null;
}

const SORT_EXPRESSIONS: Record<PlayerSortField, string> = {
  id: 'p.id',
  account: 'p.account',
  balance: 'balance_units',
  registered_at: 'p.registered_at',
  last_bet_at: 'p.last_bet_at',
};

/**
 * Players with their agent, currency and the balance of the wallet in their own currency. A page
 * of the player table is cheap at any size the platform has (10,000 players on the benchmark
 * database); the lifetime sums of the page come from the aggregates separately.
 */
export async function listPlayers(
  db: Kysely<DB>,
  f: PlayerListFilter,
  sort: { field: PlayerSortField; descending: boolean },
  page: number,
  pageSize: number,
): Promise<{ total: number; rows: PlayerListRow[] }> {
  let q = db.selectFrom('player as p').innerJoin('agent as g', 'g.id', 'p.agent_id');
  if (f.id) q = q.where('p.id', '=', f.id);
  if (f.agentPath) q = q.where('g.path', 'like', `${f.agentPath}%`);
  if (f.account) q = q.where(accountStartsWith('p.account', f.account));
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.currencyId) q = q.where('p.currency_id', '=', f.currencyId);
  if (f.registeredFrom !== undefined) q = q.where('p.registered_at', '>=', f.registeredFrom);
  if (f.registeredTo !== undefined) q = q.where('p.registered_at', '<=', f.registeredTo);
  const total = toNumber((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  if (total === 0) return { total, rows: [] };
  const order = sort.descending ? 'desc' : 'asc';
  let rows = q
    .innerJoin('currency as c', 'c.id', 'p.currency_id')
    .leftJoin('wallet as w', (j) => j.onRef('w.player_id', '=', 'p.id').onRef('w.currency_id', '=', 'p.currency_id'))
    .select(['p.id', 'p.account', 'p.agent_id', 'g.code as agent_code', 'p.currency_id', 'c.code as currency_code', 'p.status', 'p.registered_at', 'p.last_bet_at'])
    .select(sql<bigint>`coalesce(w.balance, 0)`.as('balance_units'))
    .select(int8Text(sql`coalesce(w.balance, 0)`).as('balance'));
  // Players who never bet sort after those who did, in either direction, on both databases.
  if (sort.field === 'last_bet_at') rows = rows.orderBy(sql`case when p.last_bet_at is null then 1 else 0 end`);
  rows = rows.orderBy(sql.ref(SORT_EXPRESSIONS[sort.field]), order);
  if (sort.field !== 'id') rows = rows.orderBy('p.id', order);
  const out = await rows.limit(pageSize).offset((page - 1) * pageSize).execute();
  return {
    total,
    rows: out.map((r) => ({
      id: toNumber(r.id),
      account: r.account,
      agent_id: toNumber(r.agent_id),
      agent_code: r.agent_code,
      currency_id: toNumber(r.currency_id),
      currency_code: r.currency_code,
      balance: BigInt(r.balance),
      status: toNumber(r.status),
      registered_at: toNumber(r.registered_at),
      last_bet_at: r.last_bet_at === null ? null : toNumber(r.last_bet_at),
    })),
  };
}

/** A player's identity, or undefined when there is none. */
export async function findPlayer(db: Kysely<DB>, id: number): Promise<(PlayerRef & { status: number; account: string }) | undefined> {
  const r = await db.selectFrom('player').select(['id', 'agent_id', 'account', 'currency_id', 'status']).where('id', '=', id).executeTakeFirst();
  return r && { id: toNumber(r.id), agent_id: toNumber(r.agent_id), account: r.account, currency_id: toNumber(r.currency_id), status: toNumber(r.status) };
}

export async function updatePlayerStatus(db: Kysely<DB>, id: number, status: number, now: string) {
  await db.updateTable('player').set({ status, updated_at: now }).where('id', '=', id).execute();
}

/** Which of these players are disabled: for the ingest, one look-up per batch of transfers in. */
export async function disabledPlayerIds(db: Kysely<DB>, ids: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const chunk of chunksFor([...new Set(ids)], 1)) {
    for (const r of await db.selectFrom('player').select('id').where('id', 'in', chunk).where('status', '<>', 1).execute()) out.add(toNumber(r.id));
  }
  return out;
}

/** Players whose account starts with `prefix`, at most `limit`, by account. */
export async function findPlayersByPrefix(db: Kysely<DB>, prefix: string, limit: number) {
  const rows = await db
    .selectFrom('player as p')
    .innerJoin('agent as g', 'g.id', 'p.agent_id')
    .innerJoin('currency as c', 'c.id', 'p.currency_id')
    .select(['p.id', 'p.account', 'g.code as agent_code', 'c.code as currency_code', 'p.status'])
    .where(accountStartsWith('p.account', prefix))
    .orderBy('p.account')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: toNumber(r.id), account: r.account, agent_code: r.agent_code, currency_code: r.currency_code, status: toNumber(r.status) }));
}

/**
 * A player's latest ledger entries, newest first. On SQLite the by-player index leads with the
 * day (migration 0008), so the statement names the days of [fromMs, toMs).
 */
export async function recentLedger(db: Kysely<DB>, dialect: Dialect, playerId: number, fromMs: number, toMs: number, limit: number) {
  let q = db
    .selectFrom('ledger_entry')
    .innerJoin('currency as c', 'c.id', 'ledger_entry.currency_id')
    .leftJoin('operator_user as o', 'o.id', 'ledger_entry.operator_id')
    .select(['ledger_entry.id', 'c.code as currency_code', 'ledger_entry.type', 'ledger_entry.order_id', 'o.account as operator_account', 'ledger_entry.remark', 'ledger_entry.time'])
    .select([
      int8Text(sql.ref('ledger_entry.amount')).as('amount'),
      int8Text(sql.ref('ledger_entry.balance_before')).as('balance_before'),
      int8Text(sql.ref('ledger_entry.balance_after')).as('balance_after'),
    ])
    .where('ledger_entry.player_id', '=', playerId);
  const days = playerDaysCondition(dialect, 'ledger_entry.time', fromMs, toMs);
  if (days) q = q.where(days as Expression<SqlBool>);
  const rows = await q.orderBy('ledger_entry.time', 'desc').orderBy('ledger_entry.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...r, id: toNumber(r.id), time: toNumber(r.time), amount: BigInt(r.amount), balance_before: BigInt(r.balance_before), balance_after: BigInt(r.balance_after) }));
}

/** A player's latest settled bets, newest first (the days named on SQLite, as recentLedger). */
export async function recentBets(db: Kysely<DB>, dialect: Dialect, playerId: number, fromMs: number, toMs: number, limit: number) {
  let q = db
    .selectFrom('bet as b')
    .innerJoin('game as gm', 'gm.id', 'b.game_id')
    .innerJoin('currency as c', 'c.id', 'b.currency_id')
    .select(['b.bet_id', 'b.game_id', 'gm.code as game_code', 'c.code as currency_code', 'b.settle_time', 'b.cancelled_at'])
    .select(['bet_amount', 'payout_amount', 'tax_amount', 'bonus_amount', 'jackpot_prize'].map((a) => int8Text(sql.ref(`b.${a}`)).as(a)) as never[])
    .where('b.player_id', '=', playerId);
  const days = playerDaysCondition(dialect, 'b.settle_time', fromMs, toMs);
  if (days) q = q.where(days as Expression<SqlBool>);
  const rows = (await q.orderBy('b.settle_time', 'desc').orderBy('b.id', 'desc').limit(limit).execute()) as unknown as Array<
    { bet_id: string; game_id: unknown; game_code: string; currency_code: string; settle_time: unknown; cancelled_at: unknown } & Record<'bet_amount' | 'payout_amount' | 'tax_amount' | 'bonus_amount' | 'jackpot_prize', string>
  >;
  return rows.map((r) => ({
    bet_id: r.bet_id,
    game_id: toNumber(r.game_id),
    game_code: r.game_code,
    currency_code: r.currency_code,
    settle_time: toNumber(r.settle_time),
    cancelled: r.cancelled_at !== null,
    bet_amount: BigInt(r.bet_amount),
    payout_amount: BigInt(r.payout_amount),
    tax_amount: BigInt(r.tax_amount),
    bonus_amount: BigInt(r.bonus_amount),
    jackpot_prize: BigInt(r.jackpot_prize),
  }));
}
