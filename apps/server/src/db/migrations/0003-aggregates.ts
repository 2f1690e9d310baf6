import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/**
 * Report aggregates (docs/reports.md). Every table is keyed by (level, period) first, so a report
 * reads one index range per level; `period` is the first half-hour of the part (see
 * lib/periods.ts). Rows only ever grow by `x = x + excluded.x` upserts.
 *
 * SQLite: WITHOUT ROWID stores each row inside its primary-key b-tree, so an upsert touches one
 * b-tree instead of two. PostgreSQL: a fill factor below 100 leaves room on each page for the
 * updated row version, so most upserts are HOT updates that write no new index entries.
 */
const METRICS = [
  'bet_count',
  'win_count',
  'bet_amount',
  'valid_bet_amount',
  'payout_amount',
  'tax_amount',
  'bonus_amount',
  'jackpot_contribution',
] as const;

function table(db: Kysely<unknown>, dialect: Dialect, name: string, keys: Array<[string, 'smallint' | 'integer' | 'bigint']>, pk: string[], metrics: readonly string[]) {
  let t: CreateTableBuilder<string, never> = db.schema.createTable(name);
  for (const [col, type] of keys) t = t.addColumn(col, type, (c) => c.notNull());
  for (const m of metrics) t = t.addColumn(m, 'bigint', (c) => c.notNull().defaultTo(0));
  t = t.addPrimaryKeyConstraint(`${name}_pk`, pk as never[]);
  return dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t.modifyEnd(sql`with (fillfactor = 80)`);
}

export const m0003Aggregates: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    // Player x game grain, levels 0 (half-hour), 1 (day segment), 2 (month segment): exact
    // distinct bettors per game/platform and every report with a player or game filter.
    await table(
      db,
      dialect,
      'agg_player_game',
      [['lvl', 'smallint'], ['period', 'integer'], ['player_id', 'bigint'], ['game_id', 'bigint'], ['currency_id', 'bigint'], ['agent_id', 'bigint'], ['platform_id', 'bigint']],
      ['lvl', 'period', 'player_id', 'game_id', 'currency_id', 'agent_id', 'platform_id'],
      METRICS,
    ).execute();
    await db.schema.createIndex('agg_player_game_player_idx').on('agg_player_game').columns(['player_id', 'lvl', 'period']).execute();

    // Player grain, levels 1 and 2: player reports and distinct bettors per agent/currency/total.
    await table(
      db,
      dialect,
      'agg_player',
      [['lvl', 'smallint'], ['period', 'integer'], ['player_id', 'bigint'], ['currency_id', 'bigint'], ['agent_id', 'bigint']],
      ['lvl', 'period', 'player_id', 'currency_id', 'agent_id'],
      METRICS,
    ).execute();
    await db.schema.createIndex('agg_player_player_idx').on('agg_player').columns(['player_id', 'lvl', 'period']).execute();

    // Agent x game grain without players, levels 1 and 2: the sums of agent, game, platform and
    // currency reports.
    await table(
      db,
      dialect,
      'agg_dim',
      [['lvl', 'smallint'], ['period', 'integer'], ['agent_id', 'bigint'], ['game_id', 'bigint'], ['currency_id', 'bigint'], ['platform_id', 'bigint']],
      ['lvl', 'period', 'agent_id', 'game_id', 'currency_id', 'platform_id'],
      METRICS,
    ).execute();

    // Local hours per agent: `fam` 0 = hours starting on the UTC hour (GMT+8, +9, +10), 1 = hours
    // starting on the half hour (GMT+8:30, +9:30). Each row is exactly one report row.
    await table(
      db,
      dialect,
      'agg_agent_hour',
      [['fam', 'smallint'], ['period', 'integer'], ['agent_id', 'bigint'], ['currency_id', 'bigint']],
      ['fam', 'period', 'agent_id', 'currency_id'],
      METRICS,
    ).execute();

    // Players registered per agent and currency, levels 0, 1 and 2.
    await table(
      db,
      dialect,
      'agg_new_player',
      [['lvl', 'smallint'], ['period', 'integer'], ['agent_id', 'bigint'], ['currency_id', 'bigint']],
      ['lvl', 'period', 'agent_id', 'currency_id'],
      ['player_count'],
    ).execute();
  },
};
