import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/**
 * A settled bet can be cancelled (docs/product.md, "Bet cancellation"): the row stays, marked with
 * the cancel's time (epoch milliseconds, UTC) and the game server's reason, and leaves every report
 * aggregate. No bet was cancelled before, so both columns start NULL; the partial index holds
 * the cancelled bets only, for the bet-record list's count of them.
 */
export const m0020BetCancel: MigrationStep = {
  async up(db: Kysely<unknown>, _dialect: Dialect) {
    await db.schema.alterTable('bet').addColumn('cancelled_at', 'bigint').execute();
    await db.schema.alterTable('bet').addColumn('cancel_reason', 'text').execute();
    // The bet-record list counts the cancelled bets of its range: an index of them alone.
    await sql`CREATE INDEX bet_cancelled_idx ON bet (settle_time) WHERE cancelled_at IS NOT NULL`.execute(db);
  },
};
