import type { Kysely } from 'kysely';
import { ErrorCode, formatMoney, parseMoney, playerWinLoss, type CallParsed, type player } from '@console/contract';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { lockNames } from '../../db/write-transaction.ts';
import { apiError } from '../../lib/api-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { CallContext } from '../../plugins/calls.ts';
import type { BetStage, SettledBet } from '../../db/bet-batch.ts';
import { agentPath } from '../agent/public.ts';
import {
  activeControlId,
  cancelControl,
  gameExists,
  insertControl,
  playerToControl,
  listControls,
  lockActiveControls,
  playersUnderControl,
  saveProgress,
  type ControlFilter,
  type ControlRow,
} from './repository.ts';

/**
 * Point control (docs/product.md, "Point control"): an instruction to the game servers to steer a player towards winning
 * or losing a target amount. Its progress is kept by the ingest in the batch's transaction: each
 * bet of the player (of its game, when set) settled at or after the control's creation adds its
 * player win/loss (payout − bet − tax + bonus + jackpot prize) to `achieved_amount` for "win", the negation for
 * "lose", in batch order; the bet that takes it to the target completes it, and later bets add
 * nothing.
 */

/**
 * Adds a batch's stored bets to the active controls of their players and completes those that
 * reach their target. One look-up per batch (which players have an active control: a read of the
 * partial index of active rows), then the rows of those among the batch's players, locked; a
 * batch whose players have none reads and writes nothing more.
 */
export async function applyControlProgress(db: Kysely<DB>, dialect: Dialect, bets: readonly SettledBet[], now: string): Promise<void> {
  if (bets.length === 0) return;
  const controlled = await playersUnderControl(db);
  if (controlled.size === 0) return;
  const players = new Set<number>();
  for (const b of bets) if (controlled.has(b.player_id)) players.add(b.player_id);
  if (players.size === 0) return;
  const controls = await lockActiveControls(db, dialect, [...players]);
  if (controls.length === 0) return;
  const byPlayer = new Map(controls.map((c) => [c.player_id, { control: c, achieved: c.achieved_amount, completed: false }]));
  for (const b of bets) {
    const p = byPlayer.get(b.player_id);
    if (!p || p.completed) continue;
    const c = p.control;
    if (b.settle_time < c.created_ms || (c.game_id !== null && b.game_id !== c.game_id)) continue;
    const winLoss = playerWinLoss(b);
    p.achieved += c.direction === 'win' ? winLoss : -winLoss;
    if (p.achieved >= c.target_amount) p.completed = true;
  }
  const changed = [...byPlayer.values()].filter((p) => p.achieved !== p.control.achieved_amount || p.completed);
  await saveProgress(db, changed.map((p) => ({ id: p.control.id, achieved: p.achieved, completed: p.completed })), now);
}

export function controlItem(r: ControlRow): player.ControlItem {
  return {
    id: r.id,
    player_id: r.player_id,
    player_account: r.player_account,
    agent_code: r.agent_code,
    game_id: r.game_id,
    game_code: r.game_code,
    currency_code: r.currency_code,
    direction: r.direction === 'lose' ? 'lose' : 'win',
    target_amount: formatMoney(r.target_amount),
    achieved_amount: formatMoney(r.achieved_amount),
    intensity: r.intensity,
    status: r.status as player.ControlStatus,
    remark: r.remark,
    created_by_account: r.created_by_account,
    created_at: r.created_at,
    cancelled_by_account: r.cancelled_by_account,
    finished_at: r.finished_at,
  };
}

/** A player's active control as the detail drawer shows it, or null. */
export async function activeControlOf(db: Kysely<DB>, playerId: number): Promise<player.ControlItem | null> {
  const { rows } = await listControls(db, { playerId, status: 'active' }, 1, 1);
  return rows[0] ? controlItem(rows[0]) : null;
}

export async function controlList(input: CallParsed<typeof player.playerControlList>, ctx: CallContext) {
  const f: ControlFilter = { account: input.player_account || undefined, status: input.status || undefined };
  if (input.agent_id) f.agentPath = (await agentPath(ctx.db, input.agent_id)) ?? '/none/';
  const { total, rows } = await listControls(ctx.db, f, input.page, input.page_size);
  return { total, list: rows.map(controlItem) };
}

const notFound = () => apiError(ErrorCode.NotFound, '点控不存在', 'No such point control');

export async function controlAdd(input: CallParsed<typeof player.playerControlAdd>, ctx: CallContext): Promise<{ id: number }> {
  // Two operators setting a control for one player at once: the second waits, then finds the first.
  await lockNames(ctx.db, ctx.dialect, [`point-control:${input.player_id}`]);
  const p = await playerToControl(ctx.db, input.player_id);
  if (!p) throw apiError(ErrorCode.InvalidParameter, 'player_id：玩家不存在', 'player_id: no such player');
  if (input.game_id && !(await gameExists(ctx.db, input.game_id))) throw apiError(ErrorCode.InvalidParameter, 'game_id：游戏不存在', 'game_id: no such game');
  const active = await activeControlId(ctx.db, p.id);
  if (active !== undefined) {
    throw apiError(ErrorCode.Duplicate, `玩家 ${p.account} 已有进行中的点控（#${active}），请先取消`, `The player ${p.account} already has an active point control (#${active}); cancel it first`);
  }
  const target = parseMoney(input.target_amount);
  const id = await insertControl(
    ctx.db,
    {
      player_id: p.id,
      game_id: input.game_id || null,
      direction: input.direction,
      target_amount: target,
      intensity: input.intensity,
      remark: input.remark,
      created_by: ctx.user?.id ?? null,
      created_by_account: ctx.user?.account ?? '',
    },
    nowIso(),
  );
  ctx.audit(`point_control:${id} player:${p.id} ${p.account}`, {
    before: null,
    after: { player: p.account, game_id: input.game_id, direction: input.direction, target_amount: formatMoney(target), intensity: input.intensity, remark: input.remark },
  });
  return { id };
}

export async function controlCancel(input: CallParsed<typeof player.playerControlCancel>, ctx: CallContext): Promise<null> {
  const { rows } = await listControls(ctx.db, { id: input.id } as ControlFilter, 1, 1);
  const c = rows[0];
  if (!c) throw notFound();
  const refuse = (status: string) =>
    apiError(ErrorCode.InvalidParameter, `点控 #${c.id} 已${status === 'completed' ? '完成' : '取消'}，不能取消`, `The point control #${c.id} is ${status} and cannot be cancelled`);
  if (c.status !== 'active') throw refuse(c.status);
  if (!(await cancelControl(ctx.db, c.id, { id: ctx.user?.id ?? null, account: ctx.user?.account ?? '' }, nowIso()))) throw refuse('completed');
  ctx.audit(`point_control:${c.id} player:${c.player_id} ${c.player_account}`, {
    before: { status: 'active', achieved_amount: formatMoney(c.achieved_amount) },
    after: { status: 'cancelled', remark: input.remark },
  });
  return null;
}

/** The ingest's point-control stage (db/bet-batch.ts): the batch's bets, in batch order, move their players' active controls. */
export const pointControlStage: BetStage = {
  name: 'point controls',
  run: ({ db, dialect, bets, now }) => applyControlProgress(db, dialect, bets, now),
};
