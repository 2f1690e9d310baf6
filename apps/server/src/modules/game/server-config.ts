import type { Kysely } from 'kysely';
import { ErrorCode, formatMoney, game } from '@console/contract';
import type { DB } from '../../db/schema.ts';
import { apiError } from '../../lib/api-error.ts';
import { formatZodError } from '../../lib/validation.ts';
import { poolItem } from './pool-service.ts';
import { agentIdByCode, controlsForServer, latestChange, listPools } from './repository.ts';
import { effectiveForAgents } from './service.ts';

/**
 * How far `next_since` reaches back: a change is stamped when its transaction starts and seen
 * when it commits, so a poll that ran in between would miss it. Answers overlap by this much
 * instead; a game server applies a repeated row as a no-op.
 */
export const SINCE_OVERLAP_MS = 60_000;

/**
 * What the game servers must obey (docs/api.md, "Game servers"), for one agent or all: the effective config of
 * every game per agent (with its protection), the point controls, and the prize pools. With
 * `changed_since`, only rows changed after it; when none of the tables read changed, the answer
 * is made from one look at each table's newest change.
 */
export async function gameServerConfig(db: Kysely<DB>, body: unknown): Promise<game.GameServerConfig> {
  const parsed = game.gameServerConfigRequestSchema.safeParse(body ?? {}, { reportInput: true });
  if (!parsed.success) throw apiError(ErrorCode.InvalidParameter, formatZodError(parsed.error, 'zh-cn'), formatZodError(parsed.error, 'en'));
  const { agent_code, changed_since } = parsed.data;
  const started = Date.now();
  const next_since = new Date(started - SINCE_OVERLAP_MS).toISOString();
  let agentId: number | undefined;
  if (agent_code) {
    agentId = await agentIdByCode(db, agent_code);
    if (agentId === undefined) throw apiError(ErrorCode.InvalidParameter, `agent_code：代理 ${agent_code} 不存在`, `agent_code: no agent ${agent_code}`);
  }
  const since = changed_since ? new Date(changed_since).toISOString() : undefined;
  if (since) {
    const latest = await latestChange(db);
    if (latest === null || latest <= since) return { next_since, games: [], point_controls: [], prize_pools: [] };
  }

  const [effective, controls, pools] = await Promise.all([
    effectiveForAgents(db, agentId),
    controlsForServer(db, { agentId, changedAfter: since }),
    listPools(db, { agentId, changedAfter: since }, 1, 1_000_000),
  ]);
  const games: game.GameServerConfig['games'] = [];
  for (const { agent, game: g, config: e } of effective) {
    if (since && e.updated_at <= since) continue;
    games.push({
      agent_id: agent.id,
      agent_code: agent.code,
      game_id: g.game_id,
      game_code: g.game_code,
      enabled: e.enabled,
      off_reason: e.off_reason,
      rtp_target: e.rtp_target,
      tax_rate: e.tax_rate,
      min_bet: formatMoney(e.min_bet),
      max_bet: formatMoney(e.max_bet),
      guarantee_rtp: e.guarantee_rtp,
      new_player_protect_rounds: e.new_player_protect_rounds,
      max_win_multiplier: e.max_win_multiplier,
      updated_at: e.updated_at,
    });
  }
  return {
    next_since,
    games,
    point_controls: controls.map((c) => ({
      id: c.id,
      agent_code: c.agent_code,
      player_account: c.player_account,
      game_code: c.game_code,
      direction: c.direction === 'lose' ? 'lose' : 'win',
      target_amount: formatMoney(c.target_amount),
      achieved_amount: formatMoney(c.achieved_amount),
      intensity: c.intensity,
      status: c.status,
      updated_at: c.updated_at,
    })),
    prize_pools: pools.rows.map((r) => {
      const p = poolItem(r);
      return {
        id: p.id,
        agent_code: p.agent_code,
        game_code: p.game_code,
        currency_code: p.currency_code,
        pool_amount: p.pool_amount,
        seed_amount: p.seed_amount,
        contribution_rate: p.contribution_rate,
        trigger_threshold: p.trigger_threshold,
        cap_amount: p.cap_amount,
        status: p.status,
        updated_at: p.updated_at,
      };
    }),
  };
}
