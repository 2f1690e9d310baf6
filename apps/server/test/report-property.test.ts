import { beforeAll, expect, it } from 'vitest';
import { report, TIMEZONES } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { expectBetting, expectReport, fetchAll, ingestScenario, loadWorld, rng, sortRows, type OracleFilter, type World } from './report-fixtures.ts';

/**
 * The property: random bets (agents, games, currencies, timezone and month edges) ingested in
 * random batches with duplicates, one in eight with a jackpot prize, then about one in twelve
 * cancelled in random batches with repeats; every report's rows and per-currency totals equal a
 * direct BigInt computation over the raw bets not cancelled, in every timezone, unfiltered and
 * under random filters.
 */
const SEED = Number(process.env.REPORT_SEED ?? 20250301);

describeOnDatabases('reports equal a direct computation over the raw bets', (t) => {
  let token = '';
  let w: World;
  const defs = [...Object.values(report.REPORT_DEFS)];

  beforeAll(async () => {
    const s = await ingestScenario(t(), SEED, 900, undefined, undefined, { prizes: true, cancelShare: 0.08 });
    // The scenario is not vacuous: prizes were paid, and some bets were cancelled (the reports
    // count the others, the bet-record list shows them all).
    expect(s.bets.filter((b) => b.jackpot_prize && b.jackpot_prize !== '0').length).toBeGreaterThan(50);
    expect(s.cancels.size).toBeGreaterThan(40);
    w = await loadWorld(t().database.db, s);
    token = await t().login();
  }, 120_000);

  const randomFilter = (r: ReturnType<typeof rng>, tz: number): OracleFilter => {
    const f: OracleFilter = { start_date: '2025-01-25', end_date: '2025-04-20', time_zone_id: tz };
    // One or two filters at a time, so each is exercised on its own and in combination.
    const kinds = ['currency', 'agent', 'game', 'platform', 'player'] as const;
    for (let i = 0; i < r.int(1, 2); i++) {
      const k = r.pick(kinds);
      if (k === 'currency') f.currency_id = r.pick([...w.currencies.keys()]);
      if (k === 'agent') f.agent_id = r.pick([...w.agents.keys()]);
      if (k === 'game') f.game_id = r.pick([...w.games.keys()]);
      if (k === 'platform') f.platform_id = r.pick([...w.platforms.keys()]);
      if (k === 'player') f.player_account = r.pick(['p01', 'p04', 'p07', 'nobody']);
    }
    return f;
  };

  for (const tz of TIMEZONES) {
    it(`every report, ${tz.label}: rows and totals, unfiltered and filtered`, async () => {
      const r = rng(SEED + tz.id);
      let rows = 0;
      for (const d of defs) {
        const filters: OracleFilter[] = [
          // The whole span, and a window that cuts months and days at its edges.
          { start_date: '2025-01-01', end_date: '2025-05-31', time_zone_id: tz.id },
          { start_date: '2025-02-14', end_date: '2025-03-31', time_zone_id: tz.id, currency_id: -1 },
          randomFilter(r, tz.id),
        ];
        for (const f of filters) {
          const want = expectReport(w, d, f);
          const got = await fetchAll(t(), token, d, { ...f });
          const label = `${d.path} ${JSON.stringify(f)}`;
          expect(sortRows(got.rows), label).toEqual(sortRows(want.rows));
          expect(got.total, label).toBe(want.rows.length);
          expect(got.summary, label).toEqual(want.summary);
          rows += want.rows.length;
        }
      }
      // The scenario is not vacuous: thousands of rows were compared.
      expect(rows).toBeGreaterThan(3000);
    }, 120_000);
  }

  it('the bet-record list (raw bets) pages newest first, with totals from the aggregates', async () => {
    const r = rng(SEED);
    // One player's bets from the local day of the first to that of the last: the edge days of the
    // range hold bets (SQLite finds a player's bets day by day, db/player-days.ts).
    const playerId = w.bets[0]!.player_id;
    const times = w.bets.filter((b) => b.player_id === playerId).map((b) => b.settle_time);
    const localDate = (t: number, offsetMinutes: number) => new Date(t + offsetMinutes * 60_000).toISOString().slice(0, 10);
    for (const tz of TIMEZONES) {
      const edges: OracleFilter = {
        start_date: localDate(Math.min(...times), tz.offsetMinutes),
        end_date: localDate(Math.max(...times), tz.offsetMinutes),
        time_zone_id: tz.id,
        player_account: w.players.get(playerId)!.account,
      };
      for (const f of [{ start_date: '2025-01-01', end_date: '2025-05-31', time_zone_id: tz.id } as OracleFilter, randomFilter(r, tz.id), edges]) {
        const want = expectBetting(w, f);
        const got = await fetchAll(t(), token, report.BETTING_REPORT, { ...f });
        expect(got.rows.map(({ id: _id, ...rest }) => rest)).toEqual(want);
        expect(got.total).toBe(want.length);
        expect(got.summary).toEqual(expectReport(w, report.BETTING_REPORT, f).summary);
      }
    }
  }, 120_000);
});
