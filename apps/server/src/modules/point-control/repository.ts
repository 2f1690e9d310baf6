import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { chunksFor } from '../../db/bulk-sql.ts';
import { accountStartsWith, int8Text, toNumber } from '../../db/sql.ts';

/** SQL of point controls (docs/product.md, "Point control"; table point_control). */

/** What the ingest needs of an active control to keep its progress. */
export interface ActiveControl {
  id: number;
  player_id: number;
  /** null = every game. */
  game_id: number | null;
  direction: 'win' | 'lose';
  target_amount: bigint;
  achieved_amount: bigint;
  /** Epoch milliseconds of its creation: bets settled from then on count. */
  created_ms: number;
}

/**
 * The players that have an active control. The statement's text never changes (so SQLite prepares
 * it once) and it reads only the partial unique index of active rows, which holds the player ids:
 * its cost grows with the active controls (a few at a time), not with the batch, and a batch
 * whose players have none reads nothing more.
 */
export async function playersUnderControl(db: Kysely<DB>): Promise<Set<number>> {
  const rows = await db.selectFrom('point_control').select('player_id').where('status', '=', 'active').execute();
  return new Set(rows.map((r) => toNumber(r.player_id)));
}

/**
 * The active controls of the given players, in id order and, on PostgreSQL, locked for the rest of
 * the transaction: two batches of one player in flight (each holding other wallets) add to the
 * same control one after the other, and a cancel waits for the batch.
 */
export async function lockActiveControls(db: Kysely<DB>, dialect: Dialect, playerIds: readonly number[]): Promise<ActiveControl[]> {
  const out: ActiveControl[] = [];
  for (const chunk of chunksFor(playerIds, 1)) {
    let q = db
      .selectFrom('point_control')
      .select(['id', 'player_id', 'game_id', 'direction', 'created_at', int8Text(sql.ref('target_amount')).as('target'), int8Text(sql.ref('achieved_amount')).as('achieved')])
      .where('status', '=', 'active')
      .where('player_id', 'in', chunk)
      .orderBy('id');
    if (dialect === 'postgres') q = q.forUpdate();
    for (const r of await q.execute()) {
      out.push({
        id: toNumber(r.id),
        player_id: toNumber(r.player_id),
        game_id: r.game_id === null ? null : toNumber(r.game_id),
        direction: r.direction === 'lose' ? 'lose' : 'win',
        target_amount: BigInt(r.target),
        achieved_amount: BigInt(r.achieved),
        created_ms: Date.parse(r.created_at),
      });
    }
  }
  return out;
}

/** Writes the new achieved amounts; a control that reached its target completes now. */
export async function saveProgress(db: Kysely<DB>, rows: ReadonlyArray<{ id: number; achieved: bigint; completed: boolean }>, now: string) {
  for (const r of rows) {
    await db
      .updateTable('point_control')
      .set(r.completed ? { achieved_amount: r.achieved, status: 'completed', finished_at: now, updated_at: now } : { achieved_amount: r.achieved, updated_at: now })
      .where('id', '=', r.id)
      .execute();
  }
}

export interface NewControl {
  player_id: number;
  game_id: number | null;
  direction: string;
  target_amount: bigint;
  intensity: number;
  remark: string;
  created_by: number | null;
  created_by_account: string;
}

export async function insertControl(db: Kysely<DB>, c: NewControl, now: string): Promise<number> {
  const r = await db
    .insertInto('point_control')
    .values({ ...c, achieved_amount: 0n, status: 'active', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(r.id);
}

/** The player a new control is for (the list joins players the same way), if there is one. */
export async function playerToControl(db: Kysely<DB>, id: number): Promise<{ id: number; account: string } | undefined> {
  const r = await db.selectFrom('player').select(['id', 'account']).where('id', '=', id).executeTakeFirst();
  return r && { id: toNumber(r.id), account: r.account };
}

/** The id of a player's active control, if any. */
export async function activeControlId(db: Kysely<DB>, playerId: number): Promise<number | undefined> {
  const r = await db.selectFrom('point_control').select('id').where('status', '=', 'active').where('player_id', '=', playerId).executeTakeFirst();
  return r ? toNumber(r.id) : undefined;
}

/** Cancels a control that is still active; answers false when it is not (completed or cancelled meanwhile). */
export async function cancelControl(db: Kysely<DB>, id: number, by: { id: number | null; account: string }, now: string): Promise<boolean> {
  const r = await db
    .updateTable('point_control')
    .set({ status: 'cancelled', cancelled_by: by.id, cancelled_by_account: by.account, cancelled_at: now, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface ControlRow {
  id: number;
  player_id: number;
  player_account: string;
  agent_code: string;
  game_id: number;
  game_code: string;
  currency_code: string;
  direction: string;
  target_amount: bigint;
  achieved_amount: bigint;
  intensity: number;
  status: string;
  remark: string;
  created_by_account: string;
  created_at: string;
  cancelled_by_account: string | null;
  finished_at: string | null;
}

export interface ControlFilter {
  id?: number;
  playerId?: number;
  account?: string;
  agentPath?: string;
  status?: string;
}

/** Controls with their player, agent, game and currency, newest first. */
export async function listControls(db: Kysely<DB>, f: ControlFilter, page: number, pageSize: number): Promise<{ total: number; rows: ControlRow[] }> {
  let q = db
    .selectFrom('point_control as pc')
    .innerJoin('player as p', 'p.id', 'pc.player_id')
    .innerJoin('agent as g', 'g.id', 'p.agent_id');
  if (f.id) q = q.where('pc.id', '=', f.id);
  if (f.playerId) q = q.where('pc.player_id', '=', f.playerId);
  if (f.account) q = q.where(accountStartsWith('p.account', f.account));
  if (f.agentPath) q = q.where('g.path', 'like', `${f.agentPath}%`);
  if (f.status) q = q.where('pc.status', '=', f.status);
  const total = toNumber((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  if (total === 0) return { total, rows: [] };
  const rows = await q
    .innerJoin('currency as c', 'c.id', 'p.currency_id')
    .leftJoin('game as gm', 'gm.id', 'pc.game_id')
    .select([
      'pc.id', 'pc.player_id', 'p.account as player_account', 'g.code as agent_code', 'pc.game_id', 'gm.code as game_code', 'c.code as currency_code',
      'pc.direction', 'pc.intensity', 'pc.status', 'pc.remark', 'pc.created_by_account', 'pc.created_at', 'pc.cancelled_by_account', 'pc.finished_at',
    ])
    .select([int8Text(sql.ref('pc.target_amount')).as('target_amount'), int8Text(sql.ref('pc.achieved_amount')).as('achieved_amount')])
    .orderBy('pc.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total,
    rows: rows.map((r) => ({
      id: toNumber(r.id),
      player_id: toNumber(r.player_id),
      player_account: r.player_account,
      agent_code: r.agent_code,
      game_id: r.game_id === null ? 0 : toNumber(r.game_id),
      game_code: r.game_code ?? '',
      currency_code: r.currency_code,
      direction: r.direction,
      target_amount: BigInt(r.target_amount),
      achieved_amount: BigInt(r.achieved_amount),
      intensity: toNumber(r.intensity),
      status: r.status,
      remark: r.remark,
      created_by_account: r.created_by_account,
      created_at: r.created_at,
      cancelled_by_account: r.cancelled_by_account,
      finished_at: r.finished_at,
    })),
  };
}

export async function gameExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('game').select('id').where('id', '=', id).executeTakeFirst());
}
