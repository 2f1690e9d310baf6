import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { report } from '@console/contract';
import { agentScopedReader } from '../src/db/database.ts';
import { runReport } from '../src/modules/report/service.ts';
import { describeOnDatabases } from './harness.ts';
import { ingestScenario } from './report-fixtures.ts';

/**
 * ADR 0023's report plans on PostgreSQL, and what SQLite does instead:
 *
 * - The per-player rankings sum each group's rows as a bigint (sum_bigint, migration 0024), as
 *   SQLite's SUM does. A sum past the bigint range is an error there, and the ranking sums again
 *   with PostgreSQL's numeric SUM: the page is still right, never wrapped or rounded. SQLite has no
 *   wider integer sum, and refuses such a report.
 * - A report narrowed to an agent reads through the agent-scoped reader (db/database.ts), whose
 *   lent connections are planned for reads from memory; an operator's over every agent does not.
 */
describeOnDatabases('report plans: rankings past the bigint range, agent-scoped reads', (t) => {
  const UNITS = 5_000_000_000_000_000_000n; // 5 × 10^18 units of 1/10000: more than half of a bigint
  let group: { player_id: number; game_id: number; currency_id: number; rows: number };
  beforeAll(async () => {
    await ingestScenario(t(), 20261128, 120);
    const db = t().database.db;
    // A group with several rows in the range: every one of its rows gets 5 × 10^18 units.
    const { rows } = await sql<{ player_id: unknown; game_id: unknown; currency_id: unknown; n: unknown }>`
      SELECT player_id, game_id, currency_id, COUNT(*) AS n FROM agg_player_game WHERE lvl = 1
      GROUP BY player_id, game_id, currency_id ORDER BY COUNT(*) DESC, player_id, game_id LIMIT 1`.execute(db);
    const r = rows[0]!;
    group = { player_id: Number(r.player_id), game_id: Number(r.game_id), currency_id: Number(r.currency_id), rows: Number(r.n) };
    expect(group.rows).toBeGreaterThan(1);
    await sql`UPDATE agg_player_game SET bet_amount = ${UNITS} WHERE player_id = ${group.player_id} AND game_id = ${group.game_id} AND currency_id = ${group.currency_id}`.execute(db);
  }, 120_000);

  const ask = (d: report.ReportDef, filter: Record<string, unknown> = {}) =>
    runReport(
      t().database.reader,
      t().dialect,
      d,
      report.reportListRequestSchema.parse({ start_date: '2025-01-20', end_date: '2025-04-30', time_zone_id: 1, currency_id: -1, page: 1, page_size: 20, ...filter }),
      'en',
      4,
    );
  const ranking = () => ask(report.REPORT_DEFS.gamePlayer);

  it('PostgreSQL ranks the group first with its exact sum; SQLite refuses the report', async () => {
    if (t().dialect === 'sqlite') {
      await expect(ranking()).rejects.toThrow(/overflow/i);
      return;
    }
    const answer = await ranking();
    const top = answer.list[0] as unknown as Record<string, unknown>;
    expect([top.player_id, top.game_id, top.currency_id].map(Number)).toEqual([group.player_id, group.game_id, group.currency_id]);
    // A whole number of those rows' amounts, past the bigint range, to the last unit.
    const units = BigInt(String(top.bet_amount).replace('.', ''));
    expect(units % UNITS).toBe(0n);
    expect(units).toBeGreaterThan(9_223_372_036_854_775_807n);
    expect(answer.total).toBeGreaterThan(20);
  });

  it("sum_bigint adds bigints, answers NULL over no rows, and refuses to wrap, as SQLite's SUM does", async () => {
    const db = t().database.db;
    if (t().dialect === 'sqlite') {
      await expect(sql`SELECT SUM(x) FROM (SELECT 9223372036854775807 AS x UNION ALL SELECT 1)`.execute(db)).rejects.toThrow(/overflow/i);
      return;
    }
    const one = async (q: ReturnType<typeof sql>) => (await q.execute(db)).rows[0] as Record<string, unknown>;
    expect(await one(sql`SELECT CAST(sum_bigint(x) AS TEXT) AS s FROM (VALUES (CAST(1 AS bigint)), (2), (NULL), (9223372036854775804)) v(x)`)).toEqual({ s: '9223372036854775807' });
    expect(await one(sql`SELECT sum_bigint(x) AS s FROM (VALUES (CAST(1 AS bigint))) v(x) WHERE x > 1`)).toEqual({ s: null });
    await expect(sql`SELECT sum_bigint(x) FROM (VALUES (CAST(9223372036854775807 AS bigint)), (1)) v(x)`.execute(db)).rejects.toMatchObject({ code: '22003' });
  });

  // pg runs a lent connection's statements in order and the agent-scoped reader resets the page
  // cost last, so a report connection whose last statement is that reset served an agent's call.
  it('PostgreSQL reads an agent-filtered report through the agent-scoped reader, an unfiltered one not', async () => {
    if (t().dialect === 'sqlite') {
      expect(agentScopedReader(t().database.reader)).toBe(t().database.reader);
      return;
    }
    const db = t().database.db;
    const resets = async () =>
      Number(
        (
          await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND query = 'RESET random_page_cost'`.execute(db)
        ).rows[0]!.n,
      );
    const everyAgent = await ask(report.REPORT_DEFS.gameSummary);
    expect(everyAgent.list.length).toBeGreaterThan(0);
    expect(await resets()).toBe(0);
    const agents = await sql<{ id: unknown }>`SELECT id FROM agent WHERE parent_id IS NULL ORDER BY id LIMIT 1`.execute(db);
    const oneAgent = await ask(report.REPORT_DEFS.gameSummary, { agent_id: Number(agents.rows[0]!.id) });
    expect(oneAgent.list.length).toBeGreaterThan(0);
    expect(await resets()).toBeGreaterThan(0);
  });
});
