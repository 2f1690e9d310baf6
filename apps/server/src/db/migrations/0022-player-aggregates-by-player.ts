import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';


/** Its own figure, as a shipped migration must keep it: db/player-partitions.ts names the same for the reports. */
const PARTS = 4;

const TABLES = [
  { name: 'agg_player_game', key: ['lvl', 'period', 'player_id', 'game_id', 'currency_id', 'agent_id', 'platform_id'] },
  { name: 'agg_player', key: ['lvl', 'period', 'player_id', 'currency_id', 'agent_id'] },
] as const;

/**
 * PostgreSQL only: the player-grain aggregates (agg_player_game, agg_player) become tables
 * hash-partitioned by player, in four parts, with the same columns, primary key (as each part's),
 * by-player index and fill factor. Their rows are moved over.
 *
 * The per-player reports group tens of thousands of player groups over a year, and one statement
 * over one table formed them all in one process (a year's game player ranking over 10 M bets:
 * 127–135 ms on a 2-core host). A group never spans two parts, so the report statements split by
 * player read one part each, side by side, as SQLite's reader workers read player slices
 * (report/repository/slices.ts): the same ranking as four statements took 56 ms. Slices by id
 * range over one table had read every row of the range once per slice and were slower than one
 * statement.
 *
 * Each part is read without parallel workers (`parallel_workers = 0`): its statement already runs
 * beside the other parts', and workers of their own only crowded the cores (an agent user's game
 * player over a sub-tree: 123 → 56 ms p95). See
 * docs/adr/0019-player-aggregates-partitioned-by-player.md and bench/README.md.
 *
 * Nothing else changes: the ingest's upserts name the same conflict key (it includes player_id),
 * and a player filter reads only its players' parts. SQLite has no partitions and keeps its tables.
 */
export const m0022PlayerAggregatesByPlayer: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    if (dialect !== 'postgres') return;
    for (const t of TABLES) {
      const old = `${t.name}_unpartitioned`;
      await sql`ALTER TABLE ${sql.table(t.name)} RENAME TO ${sql.table(old)}`.execute(db);
      await sql`ALTER TABLE ${sql.table(old)} RENAME CONSTRAINT ${sql.ref(`${t.name}_pk`)} TO ${sql.ref(`${old}_pk`)}`.execute(db);
      await sql`ALTER INDEX ${sql.table(`${t.name}_player_idx`)} RENAME TO ${sql.table(`${old}_player_idx`)}`.execute(db);
      await sql`CREATE TABLE ${sql.table(t.name)} (LIKE ${sql.table(old)} INCLUDING DEFAULTS) PARTITION BY HASH (player_id)`.execute(db);
      for (let i = 0; i < PARTS; i++) {
        await sql`CREATE TABLE ${sql.table(`${t.name}_p${i}`)} PARTITION OF ${sql.table(t.name)}
          FOR VALUES WITH (MODULUS ${sql.lit(PARTS)}, REMAINDER ${sql.lit(i)}) WITH (fillfactor = 80, parallel_workers = 0)`.execute(db);
      }
      // In key order, so each part's primary key is built from rows that arrive nearly sorted.
      await sql`INSERT INTO ${sql.table(t.name)} SELECT * FROM ${sql.table(old)} ORDER BY ${sql.join(t.key.map((c) => sql.ref(c)))}`.execute(db);
      await sql`DROP TABLE ${sql.table(old)}`.execute(db);
      await sql`ALTER TABLE ${sql.table(t.name)} ADD CONSTRAINT ${sql.ref(`${t.name}_pk`)} PRIMARY KEY (${sql.join(t.key.map((c) => sql.ref(c)))})`.execute(db);
      await sql`CREATE INDEX ${sql.ref(`${t.name}_player_idx`)} ON ${sql.table(t.name)} (player_id, lvl, period)`.execute(db);
    }
  },
};
