import { ErrorCode, formatMoney, MONEY_UNITS_MAX, parseMoney, type CallParsed, type game } from '@console/contract';
import type { BetBatch, BetStage, CancelStage } from '../../db/bet-batch.ts';
import { apiError } from '../../lib/api-error.ts';
import { changedFields } from '../../lib/changes.ts';
import { nowIso } from '../../lib/time.ts';
import type { CallContext } from '../../plugins/calls.ts';
import { isUniqueViolation } from '../user/public.ts';
import {
  addPoolContributions,
  agentNodes,
  dealerRows,
  findPool,
  insertClean,
  insertPool,
  insertPrizeHistory,
  listCleans,
  listPools,
  lockEnabledPools,
  lockPool,
  lockPrizePoolsOfBets,
  setPoolAmounts,
  updatePool,
  type LockedPool,
  type PoolRow,
  type PoolValues,
  type PrizeHistoryRow,
} from './repository.ts';

/**
 * Prize pools (docs/product.md, "Prize pools"): one per agent and game; `create_only` makes an edit
 * a create that never replaces an existing pool. The ingest adds each stored bet's
 * jackpot_contribution to its enabled pool (repository.ts addPoolContributions) and pays each
 * jackpot_prize out of it (contributeAndPay); a clean puts it back to its seed. The pool's history
 * records cleans and prizes alike, each with the amounts before and after.
 */

export function poolItem(r: PoolRow): game.PrizePoolItem {
  return {
    id: r.id,
    agent_id: r.agent_id,
    agent_code: r.agent_code,
    agent_name: r.agent_name,
    game_id: r.game_id,
    game_code: r.game_code,
    name_zh: r.name_zh,
    name_en: r.name_en,
    currency_code: r.currency_code,
    pool_amount: formatMoney(r.pool_amount),
    seed_amount: formatMoney(r.seed_amount),
    contribution_rate: r.contribution_rate,
    trigger_threshold: formatMoney(r.trigger_threshold),
    cap_amount: formatMoney(r.cap_amount),
    status: r.status === 2 ? 2 : 1,
    updated_at: r.updated_at,
  };
}

export async function poolList(input: CallParsed<typeof game.gamePrizePoolList>, ctx: CallContext) {
  const { total, rows } = await listPools(ctx.db, { agentId: input.agent_id || undefined, gameId: input.game_id || undefined }, input.page, input.page_size);
  return { total, list: rows.map(poolItem) };
}

const poolView = (v: PoolValues & { pool_amount: bigint }) => ({
  pool_amount: formatMoney(v.pool_amount),
  seed_amount: formatMoney(v.seed_amount),
  contribution_rate: v.contribution_rate,
  trigger_threshold: formatMoney(v.trigger_threshold),
  cap_amount: formatMoney(v.cap_amount),
  status: v.status,
});

export async function poolEdit(input: CallParsed<typeof game.gamePrizePoolEdit>, ctx: CallContext): Promise<{ id: number }> {
  const [agent] = await agentNodes(ctx.db, [input.agent_id]);
  if (!agent) throw apiError(ErrorCode.InvalidParameter, 'agent_id：代理不存在', 'agent_id: no such agent');
  const [g] = await dealerRows(ctx.db, { gameIds: [input.game_id] });
  if (!g) throw apiError(ErrorCode.InvalidParameter, 'game_id：游戏不存在', 'game_id: no such game');
  const v: PoolValues = {
    seed_amount: parseMoney(input.seed_amount),
    contribution_rate: input.contribution_rate,
    trigger_threshold: parseMoney(input.trigger_threshold),
    cap_amount: parseMoney(input.cap_amount),
    status: input.status,
  };
  if (v.cap_amount > 0n && v.seed_amount > v.cap_amount) {
    throw apiError(ErrorCode.InvalidParameter, 'seed_amount：初始金额不能大于封顶金额', 'seed_amount: the seed must not exceed the cap');
  }
  if (v.cap_amount > 0n && v.trigger_threshold > v.cap_amount) {
    throw apiError(ErrorCode.InvalidParameter, 'trigger_threshold：触发门槛不能大于封顶金额', 'trigger_threshold: the trigger threshold must not exceed the cap');
  }
  const now = nowIso();
  const target = `agent:${agent.id} ${agent.code} game:${g.game_id} ${g.game_code}`;
  // A create never replaces (create_only): the pool that is there already stays as it was.
  const exists = () =>
    apiError(
      ErrorCode.Duplicate,
      `代理 ${agent.code} 的游戏 ${g.name_zh}（${g.game_code}）已有奖池，请编辑该奖池`,
      `The agent ${agent.code} already has a prize pool for ${g.name_en} (${g.game_code}); edit that pool instead`,
    );
  const existing = await findPool(ctx.db, { agentId: agent.id, gameId: g.game_id });
  if (existing && input.create_only) throw exists();
  if (!existing) {
    let id: number;
    try {
      id = await insertPool(ctx.db, agent.id, g.game_id, v, now);
    } catch (err) {
      // Another create of the same agent and game got in first (the unique agent and game key).
      if (isUniqueViolation(err)) throw exists();
      throw err;
    }
    ctx.audit(`prize_pool:${id} ${target}`, { before: null, after: poolView({ ...v, pool_amount: v.seed_amount }) });
    return { id };
  }
  await lockPool(ctx.db, ctx.dialect, existing.id);
  const current = (await findPool(ctx.db, { id: existing.id }))!;
  // A lower cap takes the pool down to it: a pool is never above its cap.
  const pool = v.cap_amount > 0n && current.pool_amount > v.cap_amount ? v.cap_amount : current.pool_amount;
  const changes = changedFields(poolView(current), poolView({ ...v, pool_amount: pool }));
  if (Object.keys(changes).length > 0) await updatePool(ctx.db, current.id, { ...v, pool_amount: pool }, now);
  ctx.audit(`prize_pool:${current.id} ${target}`, { changes });
  return { id: current.id };
}

export async function poolClean(input: CallParsed<typeof game.gamePrizePoolClean>, ctx: CallContext) {
  await lockPool(ctx.db, ctx.dialect, input.id);
  const p = await findPool(ctx.db, { id: input.id });
  if (!p) throw apiError(ErrorCode.NotFound, '奖池不存在', 'No such prize pool');
  const now = nowIso();
  await updatePool(ctx.db, p.id, { pool_amount: p.seed_amount }, now);
  await insertClean(
    ctx.db,
    { prize_pool_id: p.id, before_amount: p.pool_amount, after_amount: p.seed_amount, operator_id: ctx.user?.id ?? null, operator_account: ctx.user?.account ?? '', remark: input.remark },
    now,
  );
  const before_amount = formatMoney(p.pool_amount);
  const after_amount = formatMoney(p.seed_amount);
  ctx.audit(`prize_pool:${p.id} agent:${p.agent_id} ${p.agent_code} game:${p.game_id} ${p.game_code}`, {
    changes: { pool_amount: { before: before_amount, after: after_amount } },
    remark: input.remark,
  });
  return { before_amount, after_amount };
}

export async function cleanList(input: CallParsed<typeof game.gamePrizePoolCleanList>, ctx: CallContext) {
  const { total, rows } = await listCleans(
    ctx.db,
    { poolId: input.prize_pool_id || undefined, agentId: input.agent_id || undefined, gameId: input.game_id || undefined },
    input.page,
    input.page_size,
  );
  return {
    total,
    list: rows.map((r) => ({
      ...r,
      kind: r.kind === 'prize' ? ('prize' as const) : r.kind === 'prize_cancel' ? ('prize_cancel' as const) : ('clean' as const),
      amount: formatMoney(r.before_amount - r.after_amount),
      before_amount: formatMoney(r.before_amount),
      after_amount: formatMoney(r.after_amount),
      bet_id: r.bet_id ?? null,
      player_account: r.player_account ?? null,
    })),
  };
}

/** A contribution added to a pool: never past a cap above 0 (a pool at or above it stays), never past the largest amount. */
function contributed(pool: bigint, add: bigint, cap: bigint): bigint {
  if (cap > 0n) return pool >= cap ? pool : pool > cap - add ? cap : pool + add;
  return pool > MONEY_UNITS_MAX - add ? MONEY_UNITS_MAX : pool + add;
}

/**
 * A batch that pays jackpot prizes (rare): its pools locked and read, then each bet in batch order
 * adds its contribution and then pays its prize, so a prize sees every contribution and prize
 * before it. A prize above what its pool holds at that moment, or on a bet whose agent and game
 * has no enabled pool, refuses the batch naming the record. Each prize is one row of the pool's
 * history; each pool that moved is written once.
 */
async function contributeAndPay(batch: BetBatch): Promise<void> {
  const { db, dialect, bets, now } = batch;
  const moving = bets.filter((b) => b.jackpot_contribution > 0n || b.jackpot_prize > 0n);
  const pools = await lockEnabledPools(db, dialect, moving);
  const amounts = new Map<LockedPool, bigint>();
  const history: PrizeHistoryRow[] = [];
  for (const b of moving) {
    const pool = pools.get(`${b.agent_id}:${b.game_id}`);
    if (!pool) {
      if (b.jackpot_prize > 0n) batch.reject(b.index, 'jackpot_prize', `no enabled prize pool of this bet's agent and game to pay the prize from`);
      continue;
    }
    let amount = amounts.get(pool) ?? pool.pool_amount;
    if (b.jackpot_contribution > 0n) amount = contributed(amount, b.jackpot_contribution, pool.cap_amount);
    if (b.jackpot_prize > 0n) {
      if (b.jackpot_prize > amount) {
        batch.reject(b.index, 'jackpot_prize', `the prize ${formatMoney(b.jackpot_prize)} exceeds what the prize pool holds at this bet (${formatMoney(amount)})`);
      }
      history.push({
        kind: 'prize',
        prize_pool_id: pool.id,
        bet_ref: b.id,
        player_id: b.player_id,
        before_amount: amount,
        after_amount: amount - b.jackpot_prize,
        created_at: new Date(b.settle_time).toISOString(),
      });
      amount -= b.jackpot_prize;
    }
    amounts.set(pool, amount);
  }
  await setPoolAmounts(db, [...amounts].filter(([p, a]) => a !== p.pool_amount).map(([p, a]) => ({ id: p.id, pool_amount: a })), now);
  await insertPrizeHistory(db, history);
}

/**
 * The ingest's prize-pool stage (db/bet-batch.ts): each new bet's jackpot_contribution grows its
 * agent and game's enabled pool, and its jackpot_prize (if any) is paid out of it. A batch without
 * prizes (the common case) takes the summed path of addPoolContributions and costs what it did.
 */
export const prizePoolStage: BetStage = {
  name: 'prize pools',
  run(batch) {
    const { db, dialect, bets, now } = batch;
    for (const b of bets) if (b.jackpot_prize !== 0n) return contributeAndPay(batch);
    return addPoolContributions(db, dialect, bets, now);
  },
};

/**
 * The cancellations' prize-pool stage (db/bet-batch.ts CancelBatch): a cancelled bet's jackpot
 * prize, taken back from the player's wallet, goes back into the pool that paid it (never past the
 * largest amount), recorded in the pool's history as `prize_cancel` at the cancellation's time. Its
 * contribution stays in the pool (docs/adr/0015-bet-cancellation.md).
 */
export const prizePoolCancelStage: CancelStage = {
  name: 'prize pools',
  async run({ db, dialect, bets, now }) {
    const won = bets.filter((b) => b.jackpot_prize > 0n);
    if (won.length === 0) return;
    const pools = await lockPrizePoolsOfBets(db, dialect, won.map((b) => b.id));
    const amounts = new Map<number, bigint>();
    const history: PrizeHistoryRow[] = [];
    for (const b of won) {
      const pool = pools.get(b.id);
      if (!pool) continue;
      const before = amounts.get(pool.id) ?? pool.pool_amount;
      const after = before > MONEY_UNITS_MAX - b.jackpot_prize ? MONEY_UNITS_MAX : before + b.jackpot_prize;
      history.push({ kind: 'prize_cancel', prize_pool_id: pool.id, bet_ref: b.id, player_id: b.player_id, before_amount: before, after_amount: after, created_at: new Date(b.cancel_time).toISOString() });
      amounts.set(pool.id, after);
    }
    await setPoolAmounts(db, [...amounts].map(([id, pool_amount]) => ({ id, pool_amount })), now);
    await insertPrizeHistory(db, history);
  },
};
