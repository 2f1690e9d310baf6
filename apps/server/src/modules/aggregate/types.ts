/** The shapes the aggregate service and repository share: bets and players in, pre-summed rows out. */

/**
 * The amounts of a bet, in 1/10000 units (bigint, never a JS number). Defined in the aggregate
 * module because it is the lowest module that reads them: the ingest, which parses and stores bets,
 * imports the aggregates, never the other way round.
 */
export interface BetAmounts {
  bet_amount: bigint;
  valid_bet_amount: bigint;
  payout_amount: bigint;
  tax_amount: bigint;
  bonus_amount: bigint;
  jackpot_contribution: bigint;
}

/**
 * A settled bet as the aggregates need it. settle_time is epoch milliseconds (UTC). The ingest
 * passes only bets it stored for the first time, so a duplicate bet_id is never counted twice.
 */
export interface SettledBet extends BetAmounts {
  id: number;
  agent_id: number;
  player_id: number;
  game_id: number;
  platform_id: number;
  currency_id: number;
  settle_time: number;
}

/** A player created for the first time (registered_at: epoch milliseconds, UTC). */
export interface NewPlayer {
  id: number;
  agent_id: number;
  currency_id: number;
  registered_at: number;
}

/** One pre-summed aggregate row: key columns then value columns, in AGG_KEYS/AGG_VALUES order. */
export interface AggRow {
  key: number[];
  values: bigint[];
}
