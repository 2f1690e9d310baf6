import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/**
 * New-player counts on the hourly agent rows (docs/reports.md): an hour with registrations but no
 * bets is then a row of its own, and the hourly report reads one row per report row with no
 * grouping or union. Filled from agg_new_player's half-hour rows; each half-hour belongs to one
 * hour of each family (family 0: the hour starting at the even half-hour at or before it;
 * family 1: the odd one).
 */
export const m0006AgentHourNewPlayers: MigrationStep = {
  async up(db: Kysely<unknown>, _dialect: Dialect) {
    await db.schema.alterTable('agg_agent_hour').addColumn('new_player_count', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    for (const fam of [0, 1]) {
      // The hour of family `fam` containing half-hour p starts at p when p has the family's parity, else at p - 1.
      const start = sql`(period - ((period - ${sql.lit(fam)} + 2) % 2))`;
      await sql`INSERT INTO agg_agent_hour (fam, period, agent_id, currency_id, new_player_count)
        SELECT ${sql.lit(fam)}, ${start} AS hour_start, agent_id, currency_id, SUM(player_count)
        FROM agg_new_player WHERE lvl = 0 GROUP BY ${start}, agent_id, currency_id
        ON CONFLICT (fam, period, agent_id, currency_id) DO UPDATE SET new_player_count = agg_agent_hour.new_player_count + excluded.new_player_count`.execute(db);
    }
  },
};
