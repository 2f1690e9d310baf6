import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { playerWinLossSql, toNumber } from '../../../db/sql.ts';
import { groupedQuery, plan, type ReportDef, type ResolvedFilter } from './plan.ts';

/** One agent's own bets (not its sub-tree's) in one local month and currency. */
export interface AgentMonthRaw {
  /** Local month index (year * 12 + month0). */
  month: number;
  agent_id: number;
  currency_id: number;
  bet_count: number;
  /** −player win/loss, exactly (1/10000 units). */
  platform_win_loss: bigint;
}

/**
 * The platform win/loss of each agent's own bets per local month and currency, from the per-agent
 * aggregate (agg_agent: whole month segments in the middle of the range, day segments at its
 * edges), the statement every monthly agent report groups with. `d` is a month report with the
 * agent dimension; the filter's agents (a sub-tree) and currency narrow it.
 */
export async function agentMonthWinLoss(db: Kysely<DB>, d: ReportDef, f: ResolvedFilter): Promise<AgentMonthRaw[]> {
  const p = plan(d, f);
  const q = sql<Record<string, unknown>>`SELECT g.bucket, g.agent_id, g.currency_id, g.bet_count,
      CAST(0 - ${playerWinLossSql('g')} AS TEXT) AS platform_win_loss
    FROM (${groupedQuery(p)}) g`;
  const { rows } = await q.execute(db);
  return rows.map((r) => ({
    month: toNumber(r.bucket),
    agent_id: toNumber(r.agent_id),
    currency_id: toNumber(r.currency_id),
    bet_count: toNumber(r.bet_count),
    platform_win_loss: BigInt(String(r.platform_win_loss)),
  }));
}

/** Codes of the currencies of the given ids. */
export async function currencyCodes(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('currency').select(['id', 'code']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [toNumber(r.id), r.code]));
}
