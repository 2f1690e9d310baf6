/** The shapes the aggregate service and repository share: bets and players in, pre-summed rows out. */

export type { BetAmounts, NewPlayer, SettledBet } from '../../db/bet-batch.ts';

/** One pre-summed aggregate row: key columns then value columns, in AGG_KEYS/AGG_VALUES order. */
export interface AggRow {
  key: number[];
  values: bigint[];
}
