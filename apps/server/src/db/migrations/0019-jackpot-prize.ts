import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/** Every aggregate table that carries the bet metrics (modules/aggregate/tables.ts, AGG_VALUES). */
const BET_METRIC_TABLES = ['agg_player_game', 'agg_player', 'agg_dim', 'agg_agent', 'agg_game', 'agg_agent_hour'];

/**
 * Jackpot prizes (docs/product.md, "Prize pools"): a settled bet may carry a prize paid from its
 * agent and game's prize pool into the player's wallet.
 *
 * - `bet.jackpot_prize` and a `jackpot_prize` sum in every aggregate table with the bet metrics,
 *   0 for everything stored before (no bet carried a prize), so the aggregates still reconcile.
 * - The pool's history (`prize_pool_clean`) records prizes beside cleans: `kind` `clean` (every
 *   row so far) or `prize`, and for a prize the bet (`bet_ref`, bet.id) and its player. A prize's
 *   amount is its before − after, as for a clean.
 */
export const m0019JackpotPrize: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const run = async (tx: Kysely<unknown>) => {
      for (const table of ['bet', ...BET_METRIC_TABLES]) {
        await tx.schema.alterTable(table).addColumn('jackpot_prize', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      }
      await tx.schema.alterTable('prize_pool_clean').addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('clean')).execute();
      await tx.schema.alterTable('prize_pool_clean').addColumn('bet_ref', 'bigint', (c) => c.references('bet.id')).execute();
      await tx.schema.alterTable('prize_pool_clean').addColumn('player_id', 'bigint', (c) => c.references('player.id')).execute();
    };
    // PostgreSQL runs each migration in a transaction already; SQLite's migrator does not.
    if (dialect === 'postgres') await run(db);
    else await db.transaction().execute(run);
  },
};
