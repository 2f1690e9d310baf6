import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { report, TIMEZONES } from '@console/contract';
import type { DB } from '../src/db/schema.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { HH_MS, HH_PER_DAY, LOCAL_DAY_MASKS, localDayZone } from '../src/lib/periods.ts';
import { checkAggregates } from '../src/modules/aggregate/maintenance.ts';
import { countDeltas, playerDayMasks } from '../src/modules/aggregate/service.ts';
import { ingestBets } from '../src/modules/ingest/service.ts';
import { describeOnDatabases, describeOnEmptyDatabases } from './harness.ts';
import { fetchAll, ingestScenario, PLAYERS, type Scenario } from './report-fixtures.ts';

/** player_day_count as "zone:day" -> n, the days of no group left out. */
async function keptCounts(db: Kysely<DB>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('player_day_count').select(['zone', 'day', 'n']).where('n', '<>', 0).execute();
  return new Map(rows.map((r) => [`${r.zone}:${r.day}`, Number(r.n)]));
}

/** The same from the bets standing: each timezone's local day of each bet, its distinct (player, currency) pairs counted. */
async function countsFromBets(db: Kysely<DB>): Promise<Map<string, number>> {
  const bets = await db.selectFrom('bet').select(['player_id', 'currency_id', 'settle_time']).where('cancelled_at', 'is', null).execute();
  const groups = new Map<string, Set<string>>();
  for (const b of bets) {
    for (const tz of TIMEZONES) {
      const zone = localDayZone(tz.offsetMinutes)!;
      const day = Math.floor((Math.floor(Number(b.settle_time) / HH_MS) + tz.offsetMinutes / 30) / HH_PER_DAY);
      const k = `${zone}:${day}`;
      const set = groups.get(k) ?? new Set<string>();
      set.add(`${b.player_id}:${b.currency_id}`);
      groups.set(k, set);
    }
  }
  return new Map([...groups].map(([k, set]) => [k, set.size]));
}

const sorted = (m: Map<string, number>) => [...m].sort(([a], [b]) => a.localeCompare(b));

describeOnDatabases('the ingest keeps each local day’s player groups (player_day_count)', (t) => {
  let s: Scenario;
  beforeAll(async () => {
    s = await ingestScenario(t(), 3131, 800, undefined, undefined, { cancelShare: 0.1 });
  }, 120_000);

  it('equal the distinct players and currencies of each local day, counted from the bets, in every report timezone', async () => {
    expect(TIMEZONES.map((tz) => localDayZone(tz.offsetMinutes))).toEqual([0, 1, 2, 3, 4]);
    const kept = await keptCounts(t().database.db);
    // Not vacuous: most bets fall where the timezones' days disagree, and cancellations took some out.
    expect(s.cancels.size).toBeGreaterThan(40);
    expect(kept.size).toBeGreaterThan(5 * 80);
    expect(sorted(kept)).toEqual(sorted(await countsFromBets(t().database.db)));
    expect(await checkAggregates(t().database)).toEqual([]);
  });

  it('batches ingested at the same time count each group once', async () => {
    const base = s.bets[0]!;
    // Six batches at once, each with every player's bets in the half-hours where the days disagree.
    const day = Date.UTC(2025, 0, 25);
    const batches = Array.from({ length: 6 }, (_, i) =>
      PLAYERS.map((p, j) => {
        const settle = day + (13 * 60 + 50 + 25 * ((i + j) % 6)) * 60_000 + i * 1000;
        return { ...base, bet_id: `same-time-${i}-${j}`, round_id: `same-time-${i}`, player_account: p.account, agent_code: p.agent, currency_code: p.currencies[0]!, bet_time: new Date(settle - 5000).toISOString(), settle_time: new Date(settle).toISOString() };
      }),
    );
    const results = await Promise.all(batches.map((b) => ingestBets(t().database, b)));
    expect(results.map((r) => r.accepted)).toEqual(batches.map((b) => b.length));
    expect(sorted(await keptCounts(t().database.db))).toEqual(sorted(await countsFromBets(t().database.db)));
    expect(await checkAggregates(t().database)).toEqual([]);
  }, 60_000);

  it('the daily player report reads its total from them over every player, and counts the rows under a filter', async () => {
    const token = await t().login();
    const d = report.REPORT_DEFS.playerDaily;
    const tz = TIMEZONES[2]!;
    const body = { start_date: '2025-01-20', end_date: '2025-04-30', time_zone_id: tz.id };
    const before = await fetchAll(t(), token, d, body);
    expect(before.total).toBe(before.rows.length);
    const currency = Number(before.rows[0]!.currency_id);
    const filtered = await fetchAll(t(), token, d, { ...body, currency_id: currency });
    const day = Number((await t().database.db.selectFrom('player_day_count').select('day').where('zone', '=', 2).where('n', '>', 0).orderBy('day').executeTakeFirstOrThrow()).day);
    // A kept count moved by hand moves the unfiltered total, and only that.
    const bump = (by: number) => sql`UPDATE player_day_count SET n = n + ${by} WHERE zone = 2 AND day = ${day}`.execute(t().database.db);
    await bump(1);
    try {
      expect((await fetchAll(t(), token, d, body)).total).toBe(before.total + 1);
      expect((await fetchAll(t(), token, d, { ...body, currency_id: currency })).total).toBe(filtered.total);
      expect((await checkAggregates(t().database)).map((x) => x.table)).toEqual(['player_day_count']);
    } finally {
      await bump(-1);
    }
  }, 60_000);
});

/**
 * Migration 0023 on a database whose agg_player already holds day-segment rows: player_day_mask and
 * player_day_count are filled from them as the ingest would have kept them.
 */
describeOnEmptyDatabases('migration 0023-player-day-counts', 'mig23', (temp) => {
  it('fills the masks and the counts from the level-1 rows of agg_player', async () => {
    const t = temp();
    await migrateToLatest(t.database, '0022-player-aggregates-by-player');
    const db = t.database.db;
    const segments: Array<{ period: number; player_id: number; currency_id: number }> = [];
    // Three days of 22-hour segments and the half-hours between them, for players with gaps.
    const firstDay = 20_100;
    for (let player = 1; player <= 12; player++) {
      for (let day = firstDay; day < firstDay + 3; day++) {
        const periods = [(day - 1) * HH_PER_DAY + 32, day * HH_PER_DAY + 28, day * HH_PER_DAY + 29, day * HH_PER_DAY + 30, day * HH_PER_DAY + 31];
        periods.forEach((period, i) => {
          if ((player + day + i) % 3 === 0) return;
          segments.push({ period, player_id: player, currency_id: 1 + (player % 2) });
        });
      }
    }
    for (const g of segments) {
      await sql`INSERT INTO agg_player (lvl, period, player_id, currency_id, agent_id, bet_count, win_count, bet_amount, valid_bet_amount, payout_amount, tax_amount, bonus_amount, jackpot_contribution, jackpot_prize)
        VALUES (1, ${g.period}, ${g.player_id}, ${g.currency_id}, 3, 1, 0, 10, 10, 0, 0, 0, 0, 0)`.execute(db);
    }
    expect(await migrateToLatest(t.database, '0023-player-day-counts')).toEqual(['0023-player-day-counts']);

    const masks = [...playerDayMasks(segments).values()];
    const stored = await db.selectFrom('player_day_mask').select(['day', 'player_id', 'currency_id', 'mask', 'prev']).execute();
    const text = (rows: Array<{ day: unknown; player_id: unknown; currency_id: unknown; mask: unknown }>) => rows.map((r) => `${r.day}:${r.player_id}:${r.currency_id}=${r.mask}`).sort();
    expect(text(stored)).toEqual(text(masks));
    expect(stored.every((r) => Number(r.prev) === 0)).toBe(true);
    // Bits of every kind are there: the 22-hour segment and half-hours before and after it.
    const all = masks.reduce((m, r) => m | r.mask, 0);
    expect(all).toBe(LOCAL_DAY_MASKS.reduce((m, x) => m | x, 0));
    const counts = new Map(countDeltas(masks.map((r) => ({ day: r.day, mask: r.mask, prev: 0 }))).map((c) => [`${c.zone}:${c.day}`, c.n]));
    expect(sorted(await keptCounts(db))).toEqual(sorted(counts));
    expect(counts.size).toBeGreaterThan(15);
  }, 60_000);
});
