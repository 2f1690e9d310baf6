import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { playerDaysCondition } from '../../../db/player-days.ts';
import { playerWinLossSql } from '../../../db/sql.ts';
import { HH_MS } from '../../../lib/periods.ts';
import { and, type ResolvedFilter } from './plan.ts';
import type { RowQueryOptions } from './rows.ts';

const BETTING_SORT: Record<string, RawBuilder<unknown>> = {
  settle_time: sql`b.settle_time`,
  bet_time: sql`b.bet_time`,
  bet_amount: sql`b.bet_amount`,
  valid_bet_amount: sql`b.valid_bet_amount`,
  payout_amount: sql`b.payout_amount`,
  tax_amount: sql`b.tax_amount`,
  bonus_amount: sql`b.bonus_amount`,
  jackpot_contribution: sql`b.jackpot_contribution`,
  jackpot_prize: sql`b.jackpot_prize`,
  player_win_loss: playerWinLossSql('b'),
};
export const bettingSortable = (field: string) => field in BETTING_SORT;

/**
 * The conditions of the bet-record list's filter on the bet rows `b`. `agentUnindexed`: SQLite
 * may not read the agent condition from an index (the unary plus), so that the other conditions
 * choose it.
 */
function bettingConditions(f: ResolvedFilter, agentUnindexed = false): RawBuilder<unknown>[] {
  const conds: RawBuilder<unknown>[] = [sql`b.settle_time >= ${f.from * HH_MS}`, sql`b.settle_time < ${f.to * HH_MS}`];
  if (f.currencyId !== null) conds.push(sql`b.currency_id = ${f.currencyId}`);
  if (f.agentIds) conds.push(sql`${agentUnindexed && f.dialect === 'sqlite' ? sql`+b.agent_id` : sql`b.agent_id`} IN (${sql.join(f.agentIds)})`);
  if (f.gameId !== null) conds.push(sql`b.game_id = ${f.gameId}`);
  if (f.platformId !== null) conds.push(sql`b.platform_id = ${f.platformId}`);
  if (f.playerIds) {
    conds.push(sql`b.player_id IN (${sql.join(f.playerIds)})`);
    const days = playerDaysCondition(f.dialect, 'b.settle_time', f.from * HH_MS, f.to * HH_MS);
    if (days) conds.push(days);
  }
  return conds;
}

export function bettingQuery(f: ResolvedFilter, o: RowQueryOptions): RawBuilder<Record<string, unknown>> {
  const conds = bettingConditions(f);
  const dir = o.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  const sortBy = o.sortField && BETTING_SORT[o.sortField] ? BETTING_SORT[o.sortField]! : BETTING_SORT.settle_time!;
  // A page is chosen on the bet rows alone, then joined to its names: sorting the joined rows of a
  // whole range (a year of an agent's sub-tree is millions of bets) to keep twenty cost seconds.
  const where = o.page
    ? sql`b.id IN (SELECT b.id FROM bet b WHERE ${and(conds)} ORDER BY ${sortBy} ${dir}, b.id ${dir} LIMIT ${o.page.limit} OFFSET ${o.page.offset})`
    : and(conds);
  const amounts = ['bet_amount', 'valid_bet_amount', 'payout_amount', 'tax_amount', 'bonus_amount', 'jackpot_contribution', 'jackpot_prize'].map(
    (c) => sql`CAST(b.${sql.ref(c)} AS TEXT) AS ${sql.ref(c)}`,
  );
  return sql<Record<string, unknown>>`SELECT b.id, b.bet_id, b.round_id, b.player_id, b.agent_id, b.game_id, b.platform_id, b.currency_id,
      ${sql.join(amounts)}, b.bet_time, b.settle_time, b.device, b.cancelled_at, b.cancel_reason,
      p.account AS player_account, a.code AS agent_code, a.name AS agent_name, gm.code AS game_code,
      ${o.lang === 'en' ? sql`gm.name_en` : sql`gm.name_zh`} AS game_name, pf.code AS platform_code, c.code AS currency_code
    FROM bet b
    LEFT JOIN player p ON p.id = b.player_id
    LEFT JOIN agent a ON a.id = b.agent_id
    LEFT JOIN game gm ON gm.id = b.game_id
    LEFT JOIN platform pf ON pf.id = b.platform_id
    LEFT JOIN currency c ON c.id = b.currency_id
    WHERE ${where}
    ORDER BY ${sortBy} ${dir}, b.id ${dir}`;
}

export async function queryBetting(db: Kysely<DB>, f: ResolvedFilter, o: RowQueryOptions) {
  const { rows } = await bettingQuery(f, o).execute(db);
  return rows;
}

/**
 * How many cancelled bets the bet-record list's filter matches: the list shows them (marked) while
 * the totals, from the aggregates, count only the bets standing. Cancelled bets are few, and the
 * partial index bet_cancelled_idx (migration 0020) holds only them.
 */
export async function countCancelledBets(db: Kysely<DB>, f: ResolvedFilter): Promise<number> {
  const { rows } = await cancelledBetsCount(f).execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The statement of countCancelledBets. SQLite, which keeps no statistics, otherwise read an
 * agent's sub-tree's every bet of the range through the (agent, settle time) index to find its
 * few cancelled ones: an agent user's year of 1.8 M bets, 834 of them cancelled, took about a
 * second to count, and 30 ms through the partial index.
 */
export function cancelledBetsCount(f: ResolvedFilter): RawBuilder<{ n: unknown }> {
  return sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM bet b WHERE b.cancelled_at IS NOT NULL AND ${and(bettingConditions(f, true))}`;
}
