import { sql, type Kysely } from 'kysely';
import type { MigrationStep } from './helpers.ts';

/**
 * Agent codes keep the case they were typed in and are unique without regard to it
 * (docs/product.md, "Agents"; ADR 0024): "CN01-SH" and "cn01-sh" are one code. The service
 * refuses a look-alike before it inserts; this index makes the database refuse one too, so two
 * adds at the same moment cannot both pass the check. It also serves every look-up by
 * `lower(code)` (agent login, the agent API, the ingest) on both databases.
 *
 * A database that already holds two codes differing only in case cannot take the index: the
 * migration stops and names them, and one of them is to be renamed by hand before starting again.
 */
export const m0026AgentCodeAnyCase: MigrationStep = {
  async up(db: Kysely<unknown>) {
    const clashes = await sql<{ codes: string }>`
      SELECT lower(code) AS codes FROM agent GROUP BY lower(code) HAVING COUNT(*) > 1 ORDER BY lower(code)`.execute(db);
    if (clashes.rows.length > 0) {
      throw new Error(
        `migration 0026-agent-code-any-case: agent codes that differ only in letter case: ${clashes.rows.map((r) => r.codes).join(', ')}. ` +
          'Rename all but one agent of each before migrating.',
      );
    }
    await db.schema.createIndex('agent_code_lower_uq').on('agent').unique().expression(sql`lower(code)`).execute();
  },
};
