import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/**
 * Two small roll-ups of agg_dim (docs/reports.md): per agent and per game, without the other
 * dimension. Agent, currency, game and platform reports over long ranges read these instead of
 * the agent x game rows (20–30 times fewer rows). Filled from agg_dim here, so a database that
 * already holds aggregates stays exact; the ingest maintains them from then on.
 */
const METRICS = ['bet_count', 'win_count', 'bet_amount', 'valid_bet_amount', 'payout_amount', 'tax_amount', 'bonus_amount', 'jackpot_contribution'];

function table(db: Kysely<unknown>, dialect: Dialect, name: string, keys: Array<[string, 'smallint' | 'integer' | 'bigint']>, pk: string[]) {
  let t: CreateTableBuilder<string, never> = db.schema.createTable(name);
  for (const [col, type] of keys) t = t.addColumn(col, type, (c) => c.notNull());
  for (const m of METRICS) t = t.addColumn(m, 'bigint', (c) => c.notNull().defaultTo(0));
  t = t.addPrimaryKeyConstraint(`${name}_pk`, pk as never[]);
  return dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t.modifyEnd(sql`with (fillfactor = 80)`);
}

export const m0004AggregateRollups: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await table(db, dialect, 'agg_agent', [['lvl', 'smallint'], ['period', 'integer'], ['agent_id', 'bigint'], ['currency_id', 'bigint']], ['lvl', 'period', 'agent_id', 'currency_id']).execute();
    await table(
      db,
      dialect,
      'agg_game',
      [['lvl', 'smallint'], ['period', 'integer'], ['game_id', 'bigint'], ['currency_id', 'bigint'], ['platform_id', 'bigint']],
      ['lvl', 'period', 'game_id', 'currency_id', 'platform_id'],
    ).execute();
    const sums = sql.join(METRICS.map((m) => sql`SUM(${sql.ref(m)})`));
    const cols = sql.join(METRICS.map((m) => sql.ref(m)));
    await sql`INSERT INTO agg_agent (lvl, period, agent_id, currency_id, ${cols})
      SELECT lvl, period, agent_id, currency_id, ${sums} FROM agg_dim GROUP BY lvl, period, agent_id, currency_id`.execute(db);
    await sql`INSERT INTO agg_game (lvl, period, game_id, currency_id, platform_id, ${cols})
      SELECT lvl, period, game_id, currency_id, platform_id, ${sums} FROM agg_dim GROUP BY lvl, period, game_id, currency_id, platform_id`.execute(db);
  },
};
