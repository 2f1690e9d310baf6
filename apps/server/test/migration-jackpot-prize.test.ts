import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnEmptyDatabases } from './harness.ts';
import { createDimensions } from './domain-fixtures.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { checkAggregates, rebuildAggregates } from '../src/modules/aggregate/maintenance.ts';
import { AGG_VALUES } from '../src/modules/aggregate/tables.ts';
import { listCleans } from '../src/modules/game/repository.ts';

/** Migration 0019 on a database that already holds bets, aggregates and a pool's cleans: everything before it had no prize. */
describeOnEmptyDatabases('migration 0019-jackpot-prize', 'mig19', (temp) => {
  it('adds jackpot_prize (0) to the bets and every bet-metric aggregate table, and keeps the cleans as cleans', async () => {
    const t = temp();
    await migrateToLatest(t.database, '0018-ledger-day-sums');
    const db = t.database.db;
    const dims = await createDimensions(db);
    const now = '2026-03-01T00:00:00.000Z';
    // A player and a bet as the ingest before 0019 wrote them (no jackpot_prize column yet).
    await sql`INSERT INTO player (agent_id, account, currency_id, status, registered_at, created_at, updated_at)
      VALUES (${dims.agent.A1}, 'old', ${dims.currency.CNY}, 1, ${Date.UTC(2026, 1, 1)}, ${now}, ${now})`.execute(db);
    const player = await db.selectFrom('player').select('id').where('account', '=', 'old').executeTakeFirstOrThrow();
    await sql`INSERT INTO bet (bet_id, round_id, agent_id, player_id, game_id, platform_id, currency_id, bet_amount, valid_bet_amount,
        payout_amount, tax_amount, bonus_amount, jackpot_contribution, bet_time, settle_time, device, created_at)
      VALUES ('old-1', 'r', ${dims.agent.A1}, ${player.id}, ${dims.game.slot1}, ${dims.platform.PG}, ${dims.currency.CNY}, 100000, 100000,
        250000, 0, 0, 1000, ${Date.UTC(2026, 1, 2)}, ${Date.UTC(2026, 1, 2, 0, 0, 5)}, 'web', ${now})`.execute(db);
    // An aggregate row as the ingest before 0019 kept it.
    await sql`INSERT INTO agg_agent (lvl, period, agent_id, currency_id, bet_count, win_count, bet_amount, valid_bet_amount, payout_amount, tax_amount, bonus_amount, jackpot_contribution)
      VALUES (1, 1, ${dims.agent.A1}, ${dims.currency.CNY}, 1, 1, 100000, 100000, 250000, 0, 0, 1000)`.execute(db);
    await sql`INSERT INTO prize_pool (agent_id, game_id, pool_amount, seed_amount, contribution_rate, trigger_threshold, cap_amount, status, created_at, updated_at)
      VALUES (${dims.agent.A1}, ${dims.game.slot1}, 10000, 10000, 100, 0, 0, 1, ${now}, ${now})`.execute(db);
    const pool = await db.selectFrom('prize_pool').select('id').executeTakeFirstOrThrow();
    await sql`INSERT INTO prize_pool_clean (prize_pool_id, before_amount, after_amount, operator_id, operator_account, remark, created_at)
      VALUES (${pool.id}, 50000, 10000, NULL, 'admin', 'old clean', ${now})`.execute(db);

    expect(await migrateToLatest(t.database, '0019-jackpot-prize')).toEqual(['0019-jackpot-prize']);
    const bet = await sql<{ p: unknown }>`SELECT CAST(jackpot_prize AS TEXT) AS p FROM bet`.execute(db);
    expect(bet.rows.map((r) => String(r.p))).toEqual(['0']);
    for (const [table, values] of Object.entries(AGG_VALUES)) {
      if (!values.includes('jackpot_prize')) continue;
      const rows = await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM ${sql.table(table)} WHERE jackpot_prize <> 0`.execute(db);
      expect(Number(rows.rows[0]!.n), table).toBe(0);
    }
    const agg = await sql<{ p: unknown }>`SELECT CAST(jackpot_prize AS TEXT) AS p FROM agg_agent`.execute(db);
    expect(agg.rows.map((r) => String(r.p))).toEqual(['0']);
    // The rebuild and the check (today's code, on the migrations after it too) know the column.
    await migrateToLatest(t.database);
    await rebuildAggregates(t.database);
    expect(await checkAggregates(t.database)).toEqual([]);
    const { rows } = await listCleans(db, { poolId: Number(pool.id) }, 1, 10);
    expect(rows).toEqual([expect.objectContaining({ kind: 'clean', remark: 'old clean', bet_id: null, player_id: null, player_account: null, before_amount: 50000n, after_amount: 10000n })]);
  }, 60_000);
});
