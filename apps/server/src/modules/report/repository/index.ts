/**
 * The SQL of every report. Reports read the aggregate tables only (docs/reports.md); the bet-record
 * list alone reads raw bets. Identifiers come from fixed lists below, every value is a parameter.
 *
 * Which table answers: the coarsest one that has every column the report groups or filters by —
 *   agg_agent_hour   hourly rows per agent (no game/platform/player filter)
 *   agg_agent        per agent (agent and currency reports, totals)
 *   agg_game         per game and platform
 *   agg_dim          agent x game x platform sums, no players
 *   agg_player       player sums (agent and player dimensions only)
 *   agg_player_game  everything (player x game), the fallback.
 * Distinct bettors need players: they come from agg_player or agg_player_game; for a page whose
 * sums come from a table without players they are counted for that page's rows only.
 */
//
// The files: plan.ts (filters, which table answers, the grouped statements), slices.ts (player
// slices run side by side), rows.ts (a page's row statement and its sorting), pages.ts (paging,
// counting and distinct bettors), summary.ts (the per-currency totals), betting.ts (the bet-record
// list), lookups.ts (the ids a filter names), settlement.ts (each agent's own platform win/loss per
// month, which the settlement shares out). The report service uses what this file exports.

export { bettingQuery, bettingSortable, countCancelledBets, queryBetting } from './betting.ts';
export { playersByAccount, unknownFilterIds } from './lookups.ts';
export { countsEveryGroup, groupBettors, groupBettorsCountTotals, queryRows, rankingCountsBettors } from './pages.ts';
export type { ResolvedFilter, SortOrder } from './plan.ts';
export { rowFromSql, rowsQuery, type ReportRowRaw, type RowQueryOptions } from './rows.ts';
export { agentMonthWinLoss, currencyCodes, type AgentMonthRaw } from './settlement.ts';
export { playerSlices } from './slices.ts';
export { querySummary, type SummaryRaw } from './summary.ts';
