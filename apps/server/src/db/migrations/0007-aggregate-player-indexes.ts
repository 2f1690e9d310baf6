import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/**
 * SQLite only: drops the player-first indexes of the player-grain aggregates (agg_player_game,
 * agg_player). Every ingested bet added an entry to each at a random place (players arrive in no
 * order), and on SQLite each such entry dirties a page that the commit writes to the WAL in full:
 * without them the ingest stores 11–26 % more bets per second (bench/README.md). Reports narrowed
 * to players name the periods of their range one by one instead and reach the rows through the
 * (level, period, player) primary key, which is also faster than the range scan SQLite preferred
 * to these indexes (report/repository/, partRows).
 *
 * PostgreSQL keeps them: there they cost the ingest nothing measurable and its planner reads a
 * player's rows through them in half the time of the named periods.
 */
export const m0007AggregatePlayerIndexes: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    if (dialect !== 'sqlite') return;
    await db.schema.dropIndex('agg_player_game_player_idx').ifExists().execute();
    await db.schema.dropIndex('agg_player_player_idx').ifExists().execute();
  },
};
