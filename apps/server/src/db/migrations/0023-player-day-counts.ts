import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/**
 * Its own figures, as a shipped migration must keep them: lib/periods.ts LOCAL_DAY_MASKS names the
 * same for the ingest. Local day d of the report timezone +8:00 + k half-hours (k = 0 … 4) holds
 * bit 0 (the 22-hour segment), the last k of bits 1–4 and the first 4 − k of bits 5–8.
 */
const ZONE_MASKS = [481, 241, 121, 61, 31];

/**
 * The daily player report's group count per local day, kept by the ingest (ADR 0022):
 *
 * - `player_day_mask`: one row per player, currency and day, whose mask marks the day segments the
 *   player bet in around that day (lib/periods.ts playerDayBits);
 * - `player_day_count`: per report timezone and local day, how many (player, currency) groups
 *   bet on it.
 *
 * The report counted those groups from every player's day-segment rows of its range, most of
 * its time over a year (about 290,000 rows at 10 M bets); it now adds up one row per day. Both
 * are filled here from the level-1 rows of agg_player, which hold one row per player, currency and
 * day segment.
 */
export const m0023PlayerDayCounts: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const create = async (tx: Kysely<unknown>) => {
      const end = dialect === 'sqlite' ? sql`without rowid` : sql`with (fillfactor = 80)`;
      await tx.schema
        .createTable('player_day_mask')
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('currency_id', 'bigint', (c) => c.notNull())
        .addColumn('mask', 'integer', (c) => c.notNull())
        .addColumn('prev', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('player_day_mask_pk', ['day', 'player_id', 'currency_id'])
        .modifyEnd(end)
        .execute();
      await tx.schema
        .createTable('player_day_count')
        .addColumn('zone', 'smallint', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('player_day_count_pk', ['zone', 'day'])
        .modifyEnd(end)
        .execute();
      // A half-hour segment (14:00 … 15:30 UTC) is "after" in its UTC day's row and "before" in the next day's.
      await sql`INSERT INTO player_day_mask (day, player_id, currency_id, mask, prev)
        SELECT day, player_id, currency_id, SUM(DISTINCT bit), 0 FROM (
          SELECT period / 48 + 1 AS day, player_id, currency_id, 1 AS bit FROM agg_player WHERE lvl = 1 AND period % 48 = 32
          UNION ALL
          SELECT period / 48, player_id, currency_id, 32 << (period % 48 - 28) FROM agg_player WHERE lvl = 1 AND period % 48 <> 32
          UNION ALL
          SELECT period / 48 + 1, player_id, currency_id, 2 << (period % 48 - 28) FROM agg_player WHERE lvl = 1 AND period % 48 <> 32
        ) b GROUP BY day, player_id, currency_id ORDER BY day, player_id, currency_id`.execute(tx);
      const zones = sql.join(ZONE_MASKS.map((m, k) => sql`(${sql.lit(k)}, ${sql.lit(m)})`));
      await sql`WITH z (zone, m) AS (VALUES ${zones})
        INSERT INTO player_day_count (zone, day, n)
        SELECT z.zone, d.day, COUNT(*) FROM player_day_mask d JOIN z ON (d.mask & z.m) <> 0 GROUP BY z.zone, d.day`.execute(tx);
    };
    // PostgreSQL runs each migration in a transaction already; SQLite's migrator does not.
    if (dialect === 'postgres') await create(db);
    else await db.transaction().execute(create);
  },
};
