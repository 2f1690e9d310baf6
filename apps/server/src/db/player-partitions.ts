/**
 * Hash parts of each player-grain aggregate (agg_player_game, agg_player) on PostgreSQL, made by
 * migration 0022: the report statements split by player read one part each
 * (report/repository/slices.ts). The migration keeps its own figure; changing
 * this one needs a migration that partitions the tables anew (migration-player-aggregates.test.ts
 * checks the two agree).
 */
export const PLAYER_AGGREGATE_PARTITIONS = 4;
