import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { report } from '@console/contract';
import { groupKeys } from '../src/modules/report/repository/plan.ts';
import { runReport } from '../src/modules/report/service.ts';
import { describeOnDatabases } from './harness.ts';
import { ingestScenario } from './report-fixtures.ts';

/**
 * Reports split by player slices (ResolvedFilter.playerSlices) answer exactly what the unsplit
 * statements answer: every report, every page, sorted by the default, by a sum ascending and by
 * the bettors. The property suite checks the answers themselves with as many slices as the
 * machine has readers; this one holds on any machine, with one slice against two, three and
 * more slices than there are players. On PostgreSQL the slices are always the four hash parts of
 * the player-grain tables (migration 0022), read one statement per part, against one statement
 * over the whole tables.
 */
describeOnDatabases('reports split by player slices equal the unsplit answer', (t) => {
  beforeAll(async () => {
    await ingestScenario(t(), 20250611, 600);
  }, 120_000);

  const allPages = async (d: report.ReportDef, body: Record<string, unknown>, parallelism: number) => {
    const pages = [];
    for (let page = 1; ; page++) {
      const input = report.reportListRequestSchema.parse({ ...body, page, page_size: 20 });
      const answer = await runReport(t().database.reader, t().dialect, d, input, 'en', parallelism);
      pages.push(answer);
      if (page * 20 >= answer.total) return pages;
    }
  };

  it('every report, every page, three orders: one slice against two, three and forty', async () => {
    let rows = 0;
    for (const d of [...Object.values(report.REPORT_DEFS)]) {
      for (const sort of [{}, { sort_field: 'bet_amount', sort_order: 'ascend' }, { sort_field: 'bettor_count', sort_order: 'descend' }]) {
        const body = { start_date: '2025-01-25', end_date: '2025-04-20', time_zone_id: 2, currency_id: -1, ...sort };
        const whole = await allPages(d, body, 1);
        for (const parallelism of 'sort_field' in sort ? [3] : [2, 40]) {
          expect(await allPages(d, body, parallelism), `${d.path} ${JSON.stringify(sort)} in ${parallelism} slices`).toEqual(whole);
        }
        rows += whole.reduce((n, p) => n + p.list.length, 0);
      }
    }
    expect(rows).toBeGreaterThan(1000);
  }, 300_000);

  // The ranking and the period counts group on groupKeys: what they leave out must follow what they keep.
  it('groups on the player and the game alone: in the aggregates a player has one agent, a game one provider', async () => {
    expect(groupKeys(['game_id', 'platform_id', 'player_id', 'agent_id', 'currency_id'])).toEqual(['game_id', 'player_id', 'currency_id']);
    expect(groupKeys(['platform_id', 'player_id', 'agent_id', 'currency_id'])).toEqual(['platform_id', 'player_id', 'currency_id']);
    expect(groupKeys(['agent_id', 'currency_id'])).toEqual(['agent_id', 'currency_id']);
    expect(groupKeys(['platform_id', 'currency_id'])).toEqual(['platform_id', 'currency_id']);
    const db = t().database.db;
    const most = async (table: 'agg_player_game' | 'agg_player', key: string, col: string) =>
      Number((await sql<{ n: unknown }>`SELECT COALESCE(MAX(n), 0) AS n FROM (SELECT COUNT(DISTINCT ${sql.ref(col)}) AS n FROM ${sql.table(table)} GROUP BY ${sql.ref(key)}) x`.execute(db)).rows[0]!.n);
    expect(await most('agg_player_game', 'player_id', 'agent_id')).toBe(1);
    expect(await most('agg_player', 'player_id', 'agent_id')).toBe(1);
    expect(await most('agg_player_game', 'game_id', 'platform_id')).toBe(1);
    // The same count tells several apart: a player plays several games.
    expect(await most('agg_player_game', 'player_id', 'game_id')).toBeGreaterThan(1);
  });

  // A ranked page counts the totals' bettors among the groups it reads; past the last page it
  // reads none, and the totals must still be whole.
  it('every report: a page past the end has no rows and the same total and totals as page 1', async () => {
    for (const d of [...Object.values(report.REPORT_DEFS)]) {
      for (const parallelism of [1, 2]) {
        const body = { start_date: '2025-01-25', end_date: '2025-04-20', time_zone_id: 2, currency_id: -1, page_size: 20 };
        const run = (page: number) => runReport(t().database.reader, t().dialect, d, report.reportListRequestSchema.parse({ ...body, page }), 'en', parallelism);
        const first = await run(1);
        expect(first.summary.length, d.path).toBeGreaterThan(0);
        const past = await run(Math.ceil(first.total / 20) + 2);
        expect(past, `${d.path} in ${parallelism} slices`).toEqual({ list: [], total: first.total, summary: first.summary });
      }
    }
  }, 120_000);
});
