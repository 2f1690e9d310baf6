import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';
import { chunksFor, insertMany, type PgColumnType } from '../../db/bulk-sql.ts';
import { int8Text, toNumber } from '../../db/sql.ts';
import type { BatchBet, BetAmounts } from '../../db/bet-batch.ts';
import { playerAccounts } from '../player/public.ts';

/** SQL of the ingest: dimension look-ups by code and the bet insert. */

/**
 * The agents of `codes`, keyed by lower-cased code: a code names its agent whatever its letter case
 * (docs/product.md, "Agents"), as unique as the index on lower(code) keeps it.
 */
export async function agentIdsByCode(db: Kysely<DB>, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
  const rows = await db.selectFrom('agent').select(['id', 'code']).where((eb) => eb(eb.fn('lower', ['code']), 'in', lower)).execute();
  return new Map(rows.map((r) => [r.code.toLowerCase(), toNumber(r.id)]));
}

/** The agent an ingest key is limited to: its code and tree path. */
export async function scopeAgent(db: Kysely<DB>, id: number): Promise<{ id: number; code: string; path: string } | undefined> {
  const r = await db.selectFrom('agent').select(['id', 'code', 'path']).where('id', '=', id).executeTakeFirst();
  return r && { id: toNumber(r.id), code: r.code, path: r.path };
}

/** The code of the provider an ingest key is limited to. */
export async function scopePlatformCode(db: Kysely<DB>, id: number): Promise<string | undefined> {
  return (await db.selectFrom('platform').select('code').where('id', '=', id).executeTakeFirst())?.code;
}

/** Which of the agents `ids` are in the sub-tree of the agent with tree path `path` ("/1/5/"), that agent included. */
export async function agentIdsWithin(db: Kysely<DB>, ids: number[], path: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('agent').select('id').where('id', 'in', ids).where('path', 'like', `${path}%`).execute();
  return new Set(rows.map((r) => toNumber(r.id)));
}

export async function currencyIdsByCode(db: Kysely<DB>, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('currency').select(['id', 'code']).where('code', 'in', codes).execute();
  return new Map(rows.map((r) => [r.code, toNumber(r.id)]));
}

/** A game as the ingest sees it: its ids and whether it and its provider take bets. */
export interface GameRef {
  id: number;
  platform_id: number;
  platform_code: string;
  status: number;
  platform_status: number;
}

export async function gamesByCode(db: Kysely<DB>, codes: string[]): Promise<Map<string, GameRef>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('game as g')
    .innerJoin('platform as p', 'p.id', 'g.platform_id')
    .select(['g.id', 'g.code', 'g.platform_id', 'g.status', 'p.code as platform_code', 'p.status as platform_status'])
    .where('g.code', 'in', codes)
    .execute();
  return new Map(
    rows.map((r) => [
      r.code,
      { id: toNumber(r.id), platform_id: toNumber(r.platform_id), platform_code: r.platform_code, status: toNumber(r.status), platform_status: toNumber(r.platform_status) },
    ]),
  );
}

export interface BetRow extends BetAmounts {
  bet_id: string;
  round_id: string;
  agent_id: number;
  player_id: number;
  game_id: number;
  platform_id: number;
  currency_id: number;
  bet_time: number;
  settle_time: number;
  device: string;
  created_at: string;
}

/**
 * Inserts bets, skipping any bet_id already stored (also one a concurrent batch stores first);
 * answers bet_id -> new id for the ones stored. Rows go in bet_id order so that concurrent batches
 * take unique-index locks in the same order.
 */
const BET_COLUMNS: ReadonlyArray<readonly [keyof BetRow, PgColumnType]> = [
  ['bet_id', 'text'], ['round_id', 'text'], ['agent_id', 'bigint'], ['player_id', 'bigint'], ['game_id', 'bigint'],
  ['platform_id', 'bigint'], ['currency_id', 'bigint'], ['bet_amount', 'bigint'], ['valid_bet_amount', 'bigint'],
  ['payout_amount', 'bigint'], ['tax_amount', 'bigint'], ['bonus_amount', 'bigint'], ['jackpot_contribution', 'bigint'],
  ['jackpot_prize', 'bigint'], ['bet_time', 'bigint'], ['settle_time', 'bigint'], ['device', 'text'], ['created_at', 'text'],
];

export async function insertBets(db: Kysely<DB>, dialect: Dialect, rows: BetRow[]): Promise<Map<string, number>> {
  const sorted = [...rows].sort((a, b) => (a.bet_id < b.bet_id ? -1 : a.bet_id > b.bet_id ? 1 : 0));
  const inserted = await insertMany(db, dialect, 'bet', BET_COLUMNS, sorted, { onConflictDoNothing: ['bet_id'], returning: ['id', 'bet_id'] });
  const out = new Map<string, number>();
  for (const r of inserted) out.set(r.bet_id as string, toNumber(r.id));
  return out;
}

/** The amount columns of a bet, named as the wire record's fields. */
export const BET_AMOUNT_FIELDS = ['bet_amount', 'valid_bet_amount', 'payout_amount', 'tax_amount', 'bonus_amount', 'jackpot_contribution', 'jackpot_prize'] as const;

/** What a stored bet says, to compare with a record sent again under its bet_id. */
export interface StoredBet extends BetAmounts {
  bet_id: string;
  round_id: string;
  agent_id: number;
  /** The account of its player (null only if the player row were gone). */
  player_account: string | null;
  game_id: number;
  currency_id: number;
  bet_time: number;
  settle_time: number;
  device: string;
}

/**
 * The bets stored already among the given bet ids (duplicates of an earlier batch, or of a
 * concurrent one), by bet_id. A new bet matches no row, so it costs what the look-up of its id
 * always cost; only bets sent again read their rows, and then their players' accounts.
 */
export async function storedBets(db: Kysely<DB>, betIds: string[]): Promise<Map<string, StoredBet>> {
  const out = new Map<string, StoredBet>();
  for (const chunk of chunksFor(betIds, 1)) {
    const rows = await db
      .selectFrom('bet')
      .select([
        'bet_id', 'round_id', 'agent_id', 'player_id', 'game_id', 'currency_id', 'bet_time', 'settle_time', 'device',
        ...BET_AMOUNT_FIELDS.map((a) => int8Text(sql.ref(a)).as(a)),
      ])
      .where('bet_id', 'in', chunk)
      .execute();
    if (rows.length === 0) continue;
    const accounts = await playerAccounts(db, rows.map((r) => toNumber(r.player_id)));
    for (const r of rows) {
      const amounts = Object.fromEntries(BET_AMOUNT_FIELDS.map((a) => [a, BigInt(r[a])])) as unknown as BetAmounts;
      out.set(r.bet_id, {
        ...amounts,
        bet_id: r.bet_id,
        round_id: r.round_id,
        agent_id: toNumber(r.agent_id),
        player_account: accounts.get(toNumber(r.player_id)) ?? null,
        game_id: toNumber(r.game_id),
        currency_id: toNumber(r.currency_id),
        bet_time: toNumber(r.bet_time),
        settle_time: toNumber(r.settle_time),
        device: r.device,
      });
    }
  }
  return out;
}

/** A stored bet as a cancellation needs it: the bet as the stages see it and whether it is cancelled already. */
export interface CancelTarget extends Omit<BatchBet, 'index'> {
  cancelled_at: number | null;
  cancel_reason: string | null;
}

/**
 * The stored bets among `betIds`, by bet_id, locked for the transaction on PostgreSQL (FOR UPDATE:
 * a concurrent cancellation of the same bet waits, then reads it cancelled); SQLite's write
 * transaction already holds the database. Rows go in id order so that concurrent batches lock them
 * in the same order.
 */
export async function betsToCancel(db: Kysely<DB>, dialect: Dialect, betIds: string[]): Promise<Map<string, CancelTarget>> {
  const out = new Map<string, CancelTarget>();
  for (const chunk of chunksFor(betIds, 1)) {
    let q = db
      .selectFrom('bet')
      .select([
        'id', 'bet_id', 'agent_id', 'player_id', 'game_id', 'platform_id', 'currency_id', 'bet_time', 'settle_time', 'cancelled_at', 'cancel_reason',
        ...BET_AMOUNT_FIELDS.map((a) => int8Text(sql.ref(a)).as(a)),
      ])
      .where('bet_id', 'in', chunk)
      .orderBy('id');
    if (dialect === 'postgres') q = q.forUpdate();
    for (const r of await q.execute()) {
      const amounts = Object.fromEntries(BET_AMOUNT_FIELDS.map((a) => [a, BigInt(r[a])])) as unknown as BetAmounts;
      out.set(r.bet_id, {
        ...amounts,
        id: toNumber(r.id),
        bet_id: r.bet_id,
        agent_id: toNumber(r.agent_id),
        player_id: toNumber(r.player_id),
        game_id: toNumber(r.game_id),
        platform_id: toNumber(r.platform_id),
        currency_id: toNumber(r.currency_id),
        bet_time: toNumber(r.bet_time),
        settle_time: toNumber(r.settle_time),
        cancelled_at: r.cancelled_at === null ? null : toNumber(r.cancelled_at),
        cancel_reason: r.cancel_reason,
      });
    }
  }
  return out;
}

/** Marks bets cancelled, each with its cancel's time (epoch ms) and reason. */
export async function markBetsCancelled(db: Kysely<DB>, rows: Array<{ id: number; time: number; reason: string }>): Promise<void> {
  for (const r of rows) await db.updateTable('bet').set({ cancelled_at: r.time, cancel_reason: r.reason }).where('id', '=', r.id).execute();
}
