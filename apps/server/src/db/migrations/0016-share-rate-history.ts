import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/** The month of the first history entry of the agents that exist now: before any month a report can name. */
const SINCE_ALWAYS = '0000-01';

/** The agent report codes whose holders are given the settlement's (1405), and where it goes. */
const AGENT_REPORT_CODES = ['1401', '1402', '1403', '1404'];
const SETTLEMENT_CODE = '1405';

/**
 * A permission set ("14,1401,1404,1402,1403,…") with the settlement report's code after the last
 * agent report code, when it holds all four of them and not it already; unchanged otherwise.
 */
export function withSettlementCode(permissions: string): string {
  const codes = permissions.split(',').map((c) => c.trim()).filter(Boolean);
  if (codes.includes(SETTLEMENT_CODE) || !AGENT_REPORT_CODES.every((c) => codes.includes(c))) return permissions;
  const last = Math.max(...AGENT_REPORT_CODES.map((c) => codes.indexOf(c)));
  codes.splice(last + 1, 0, SETTLEMENT_CODE);
  return codes.join(',');
}

/**
 * The agents' share-rate history (docs/product.md, "Agent settlement"): the rate of each agent
 * from a month on ("YYYY-MM"), a change made in agent management applying from the next month. A
 * month's settlement uses, for each agent, the entry of the latest month at or before it.
 *
 * The agents that exist keep their current rate as in force since always: nothing recorded an
 * earlier one. And the new report's code (1405) goes to every operator and admin level holding
 * every other agent report (1401–1404): a code nobody holds could never be granted, since an
 * operator grants only codes of their own.
 */
export const m0016ShareRateHistory: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const run = async (tx: Kysely<unknown>) => {
      await tx.schema
        .createTable('agent_share_rate')
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agent.id'))
        .addColumn('from_month', 'varchar(7)', (c) => c.notNull())
        .addColumn('share_rate', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('agent_share_rate_pk', ['agent_id', 'from_month'])
        .execute();
      const now = new Date().toISOString();
      await sql`INSERT INTO agent_share_rate (agent_id, from_month, share_rate, created_at)
        SELECT id, ${SINCE_ALWAYS}, share_rate, ${now} FROM agent`.execute(tx);
      for (const table of ['operator_user', 'agent_admin_level'] as const) {
        const rows = await sql<{ id: number; permissions: string }>`SELECT id, permissions FROM ${sql.table(table)}`.execute(tx);
        for (const r of rows.rows) {
          const next = withSettlementCode(r.permissions);
          if (next !== r.permissions) await sql`UPDATE ${sql.table(table)} SET permissions = ${next} WHERE id = ${r.id}`.execute(tx);
        }
      }
    };
    // PostgreSQL runs each migration in a transaction already; SQLite's migrator does not.
    if (dialect === 'postgres') await run(db);
    else await db.transaction().execute(run);
  },
};
