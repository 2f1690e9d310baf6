import type { Kysely } from 'kysely';
import type { DB, Int8 } from '../../db/schema.ts';

/**
 * Kysely types of the aggregate tables (migration 0003-aggregates). They live with the module that
 * owns them; `withAggregates` widens a database handle to see them.
 */
export interface AggMetricColumns {
  bet_count: Int8;
  win_count: Int8;
  bet_amount: Int8;
  valid_bet_amount: Int8;
  payout_amount: Int8;
  tax_amount: Int8;
  bonus_amount: Int8;
  jackpot_contribution: Int8;
  /** Migration 0019. */
  jackpot_prize: Int8;
}

export interface AggPlayerGameTable extends AggMetricColumns {
  lvl: number;
  period: number;
  player_id: number;
  game_id: number;
  currency_id: number;
  agent_id: number;
  platform_id: number;
}

export interface AggPlayerTable extends AggMetricColumns {
  lvl: number;
  period: number;
  player_id: number;
  currency_id: number;
  agent_id: number;
}

export interface AggDimTable extends AggMetricColumns {
  lvl: number;
  period: number;
  agent_id: number;
  game_id: number;
  currency_id: number;
  platform_id: number;
}

export interface AggAgentTable extends AggMetricColumns {
  lvl: number;
  period: number;
  agent_id: number;
  currency_id: number;
}

export interface AggGameTable extends AggMetricColumns {
  lvl: number;
  period: number;
  game_id: number;
  currency_id: number;
  platform_id: number;
}

export interface AggAgentHourTable extends AggMetricColumns {
  fam: number;
  period: number;
  agent_id: number;
  currency_id: number;
  /** Players registered in the hour (migration 0006): such an hour is a row even without bets. */
  new_player_count: Int8;
}

export interface AggNewPlayerTable {
  lvl: number;
  period: number;
  agent_id: number;
  currency_id: number;
  player_count: Int8;
}

// A type alias, not an interface: Kysely's withTables needs an index-signature-compatible type.
export type AggTables = {
  agg_player_game: AggPlayerGameTable;
  agg_player: AggPlayerTable;
  agg_dim: AggDimTable;
  agg_agent: AggAgentTable;
  agg_game: AggGameTable;
  agg_agent_hour: AggAgentHourTable;
  agg_new_player: AggNewPlayerTable;
};

export type AggDB = DB & AggTables;

export const withAggregates = (db: Kysely<DB>): Kysely<AggDB> => db.withTables<AggTables>();

/** The metric columns in the order every aggregate row carries them. */
export const METRIC_COLUMNS = [
  'bet_count',
  'win_count',
  'bet_amount',
  'valid_bet_amount',
  'payout_amount',
  'tax_amount',
  'bonus_amount',
  'jackpot_contribution',
  'jackpot_prize',
] as const;
export type MetricColumn = (typeof METRIC_COLUMNS)[number];

/** Key columns (in primary-key order) of each table whose rows are summed by upserts. */
export const AGG_KEYS = {
  agg_player_game: ['lvl', 'period', 'player_id', 'game_id', 'currency_id', 'agent_id', 'platform_id'],
  agg_player: ['lvl', 'period', 'player_id', 'currency_id', 'agent_id'],
  agg_dim: ['lvl', 'period', 'agent_id', 'game_id', 'currency_id', 'platform_id'],
  agg_agent: ['lvl', 'period', 'agent_id', 'currency_id'],
  agg_game: ['lvl', 'period', 'game_id', 'currency_id', 'platform_id'],
  agg_agent_hour: ['fam', 'period', 'agent_id', 'currency_id'],
  agg_new_player: ['lvl', 'period', 'agent_id', 'currency_id'],
} as const satisfies Record<keyof AggTables, readonly string[]>;
export type AggTableName = keyof AggTables;

export const AGG_VALUES: Record<AggTableName, readonly string[]> = {
  agg_player_game: METRIC_COLUMNS,
  agg_player: METRIC_COLUMNS,
  agg_dim: METRIC_COLUMNS,
  agg_agent: METRIC_COLUMNS,
  agg_game: METRIC_COLUMNS,
  agg_agent_hour: [...METRIC_COLUMNS, 'new_player_count'],
  agg_new_player: ['player_count'],
};

export const AGG_TABLES = Object.keys(AGG_KEYS) as AggTableName[];
