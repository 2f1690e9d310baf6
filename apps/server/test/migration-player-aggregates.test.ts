import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnEmptyDatabases } from './harness.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { PLAYER_AGGREGATE_PARTITIONS } from '../src/db/player-partitions.ts';
import { checkAggregates } from '../src/modules/aggregate/maintenance.ts';

const TABLES = ['agg_player_game', 'agg_player'] as const;

/**
 * Migration 0022 on a database whose player-grain aggregates already hold rows: on PostgreSQL they
 * become tables hash-partitioned by player with every row, key and index kept; on SQLite nothing
 * changes.
 */
describeOnEmptyDatabases('migration 0022-player-aggregates-by-player', 'mig22', (temp) => {
  it('moves every row into the hash parts, keeps the keys, the by-player index, the fill factor and the upserts', async () => {
    const t = temp();
    await migrateToLatest(t.database, '0021-shared-server-state');
    const db = t.database.db;
    // 40 players, two periods, two games each: rows the ingest before 0022 kept.
    for (let player = 1; player <= 40; player++) {
      for (const period of [1000, 1048]) {
        for (const game of [3, 4]) {
          await sql`INSERT INTO agg_player_game (lvl, period, player_id, game_id, currency_id, agent_id, platform_id, bet_count, win_count, bet_amount, valid_bet_amount, payout_amount, tax_amount, bonus_amount, jackpot_contribution, jackpot_prize)
            VALUES (1, ${period}, ${player}, ${game}, 1, 2, 5, 2, 1, ${player * 10_000 + game}, 7, 8, 0, 0, 1, 0)`.execute(db);
        }
        await sql`INSERT INTO agg_player (lvl, period, player_id, currency_id, agent_id, bet_count, win_count, bet_amount, valid_bet_amount, payout_amount, tax_amount, bonus_amount, jackpot_contribution, jackpot_prize)
          VALUES (1, ${period}, ${player}, 1, 2, 4, 2, ${player * 20_000 + 7}, 14, 16, 0, 0, 2, 0)`.execute(db);
      }
    }
    const snapshot = async (table: string) =>
      (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db)).rows
        .map((r) => JSON.stringify(Object.entries(r).map(([k, v]) => [k, String(v)])))
        .sort();
    const before = { agg_player_game: await snapshot('agg_player_game'), agg_player: await snapshot('agg_player') };
    expect(before.agg_player_game).toHaveLength(160);

    expect(await migrateToLatest(t.database, '0022-player-aggregates-by-player')).toEqual(['0022-player-aggregates-by-player']);

    for (const table of TABLES) {
      expect(await snapshot(table), table).toEqual(before[table]);
      // The primary key still refuses a second row of a key, and the ingest's upsert still adds up.
      await expect(sql`INSERT INTO ${sql.table(table)} SELECT * FROM ${sql.table(table)} WHERE player_id = 7 LIMIT 1`.execute(db)).rejects.toThrow(/unique|duplicate|constraint/i);
      await sql`INSERT INTO ${sql.table(table)} SELECT * FROM ${sql.table(table)} WHERE player_id = 7 ON CONFLICT DO NOTHING`.execute(db);
      expect((await snapshot(table)).length, table).toBe(before[table].length);
    }
    if (t.dialect === 'postgres') {
      for (const table of TABLES) {
        const parts = await sql<{ name: string; n: unknown }>`
          SELECT c.relname AS name, (SELECT COUNT(*) FROM pg_inherits i2 WHERE i2.inhparent = c.oid) AS n
          FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ${table}::regclass ORDER BY c.relname`.execute(db);
        expect(parts.rows.map((r) => r.name), table).toEqual(Array.from({ length: PLAYER_AGGREGATE_PARTITIONS }, (_, i) => `${table}_p${i}`));
        // Every part holds some of the 40 players, and no player is in two parts.
        let total = 0;
        const seen = new Set<string>();
        for (const { name } of parts.rows) {
          const players = (await sql<{ player_id: unknown }>`SELECT DISTINCT player_id FROM ${sql.table(name)}`.execute(db)).rows.map((r) => String(r.player_id));
          expect(players.length, name).toBeGreaterThan(0);
          for (const p of players) expect(seen.has(p), `${name} player ${p}`).toBe(false);
          players.forEach((p) => seen.add(p));
          total += Number((await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM ONLY ${sql.table(name)}`.execute(db)).rows[0]!.n);
        }
        expect(total, table).toBe(before[table].length);
        expect(seen.size).toBe(40);
        const indexes = (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = ${table} ORDER BY indexname`.execute(db)).rows;
        expect(indexes.map((r) => r.name), table).toEqual([`${table}_pk`, `${table}_player_idx`]);
        const fill = await sql<{ options: string[] | null }>`SELECT reloptions AS options FROM pg_class WHERE relname = ${`${table}_p0`}`.execute(db);
        // Each part is read by one statement of its own, without parallel workers (migration 0022).
        expect(fill.rows[0]!.options).toEqual(['fillfactor=80', 'parallel_workers=0']);
      }
    } else {
      const partitioned = await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM sqlite_master WHERE name LIKE 'agg_player%_p0'`.execute(db);
      expect(Number(partitioned.rows[0]!.n)).toBe(0);
    }
    await migrateToLatest(t.database);
    // The check reads the parts through their parent: these rows have no bets behind them.
    expect((await checkAggregates(t.database)).length).toBeGreaterThan(0);
  }, 60_000);
});
