import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { checkAggregates, rebuildAggregates } from '../src/modules/aggregate/maintenance.ts';
import { readAggregateRows, readPlayerDayCounts, readPlayerDays } from '../src/modules/aggregate/repository.ts';
import { AGG_TABLES } from '../src/modules/aggregate/tables.ts';
import { ingestBets } from '../src/modules/ingest/service.ts';
import { ledgerDayCounts } from '../src/modules/wallet/repository.ts';
import { describeOnDatabases } from './harness.ts';
import { ingestScenario } from './report-fixtures.ts';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every aggregate row of every table, as sorted text, to compare two states exactly. */
async function snapshot(db: Parameters<typeof readAggregateRows>[0]) {
  const out: string[] = [];
  for (const table of AGG_TABLES) {
    for (const r of await readAggregateRows(db, table, null, null, null)) out.push(`${table}:${r.key.join(',')}=${r.values.join(',')}`);
  }
  for (const r of await ledgerDayCounts(db, false)) out.push(`ledger_day_count:${r.day},${r.agent_id},${r.currency_id},${r.type}=${r.entry_count},${r.amount_in},${r.amount_out}`);
  for (const r of await readPlayerDays(db)) out.push(`player_day_mask:${r.day},${r.player_id},${r.currency_id}=${r.mask}`);
  for (const r of await readPlayerDayCounts(db)) out.push(`player_day_count:${r.zone},${r.day}=${r.n}`);
  return out.sort();
}

async function aggregatesCli(url: string, command: 'check' | 'rebuild') {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/aggregates.ts', command], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: url },
    });
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '' };
  }
}

describeOnDatabases('aggregates reconcile with the raw bets', (t) => {
  let cancelled = 0;
  beforeAll(async () => {
    // With jackpot prizes and cancellations: the prize sums are checked and rebuilt like every other metric.
    cancelled = (await ingestScenario(t(), 4242, 700, undefined, undefined, { prizes: true, cancelShare: 0.08 })).cancels.size;
  }, 120_000);

  it('after random batched ingests with duplicates and cancellations, the check finds no difference', async () => {
    expect(await checkAggregates(t().database)).toEqual([]);
  });

  it('a rebuild from the raw bets reproduces exactly what the ingest maintained', async () => {
    const before = await snapshot(t().database.db);
    expect(before.length).toBeGreaterThan(1000);
    const r = await rebuildAggregates(t().database);
    // The bets standing: the cancelled ones count in no aggregate.
    expect(cancelled).toBeGreaterThan(20);
    expect(r.bets).toBe(700 - cancelled);
    expect(await snapshot(t().database.db)).toEqual(before);
  });

  it('detects a changed, a missing and a stray aggregate row, and a rebuild repairs them', async () => {
    const db = t().database.db;
    await sql`UPDATE agg_dim SET bet_amount = bet_amount + 1 WHERE period = (SELECT MIN(period) FROM agg_dim WHERE lvl = 2) AND lvl = 2`.execute(db);
    await sql`DELETE FROM agg_player_game WHERE lvl = 0 AND period = (SELECT MAX(period) FROM agg_player_game WHERE lvl = 0)`.execute(db);
    await sql`UPDATE agg_agent_hour SET win_count = win_count + 5 WHERE fam = 1 AND bet_count > 0 AND period = (SELECT MIN(period) FROM agg_agent_hour WHERE fam = 1 AND bet_count > 0)`.execute(db);
    await sql`INSERT INTO agg_new_player (lvl, period, agent_id, currency_id, player_count) VALUES (1, 1, 1, 1, 1)`.execute(db);
    // The bill list's per-day counts and sums: a count changed, a sum changed, one gone, one stray.
    await sql`UPDATE ledger_day_count SET entry_count = entry_count + 1 WHERE day = (SELECT MIN(day) FROM ledger_day_count)`.execute(db);
    await sql`UPDATE ledger_day_count SET amount_out = amount_out - 1 WHERE type = 'bet'
      AND day = (SELECT MIN(day) FROM ledger_day_count WHERE type = 'bet' AND day > (SELECT MIN(day) FROM ledger_day_count))`.execute(db);
    await sql`DELETE FROM ledger_day_count WHERE day = (SELECT MAX(day) FROM ledger_day_count)`.execute(db);
    await sql`INSERT INTO ledger_day_count (day, agent_id, currency_id, type, entry_count, amount_in, amount_out) VALUES (3, 1, 1, 'bet', 2, 0, -5)`.execute(db);
    const diffs = await checkAggregates(t().database);
    const tables = new Set(diffs.map((d) => d.table));
    expect(tables).toEqual(new Set(['agg_dim', 'agg_player_game', 'agg_agent_hour', 'agg_new_player', 'ledger_day_count']));
    expect(diffs.find((d) => d.table === 'agg_player_game')!.actual).toBeNull();
    expect(diffs.find((d) => d.table === 'agg_new_player')!.expected).toBeNull();
    const counts = diffs.filter((d) => d.table === 'ledger_day_count');
    expect(counts.some((d) => d.expected && d.actual && Number(d.actual[0]) === Number(d.expected[0]) + 1)).toBe(true);
    expect(counts.some((d) => d.expected && d.actual && d.actual[0] === d.expected[0] && BigInt(d.actual[2]!) === BigInt(d.expected[2]!) - 1n)).toBe(true);
    expect(counts.some((d) => d.actual === null)).toBe(true);
    expect(counts).toContainEqual({ table: 'ledger_day_count', key: [3, 1, 1, 'bet'], expected: null, actual: ['2', '0', '-5'] });

    await rebuildAggregates(t().database);
    expect(await checkAggregates(t().database)).toEqual([]);
  });

  it('npm run aggregates:check exits 0 when clean and 1 on a difference; aggregates:rebuild repairs', async () => {
    expect((await aggregatesCli(t().url, 'check')).code).toBe(0);
    await sql`UPDATE agg_player SET bet_count = bet_count + 1 WHERE lvl = 1 AND period = (SELECT MIN(period) FROM agg_player WHERE lvl = 1)`.execute(t().database.db);
    const bad = await aggregatesCli(t().url, 'check');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/agg_player key=/);
    expect((await aggregatesCli(t().url, 'rebuild')).code).toBe(0);
    expect(await checkAggregates(t().database)).toEqual([]);
  }, 60_000);

  it('the check reads one snapshot: bets ingested while it runs, by this or another process, are no difference', async () => {
    let n = 0;
    let stop = false;
    // A winning bet a batch, over 90 days, while a check runs here and another in its own process.
    // Before, each of the check's reads saw the batches committed since the one before it.
    const ingesting = (async () => {
      while (!stop && n < 30_000) {
        await ingestBets(
          t().database,
          Array.from({ length: 20 }, () => {
            const i = n++;
            const settle = Date.UTC(2025, 0, 20) + (i % 90) * 86_400_000 + 15 * 3_600_000;
            return {
              bet_id: `live-${i}`, round_id: `live-round-${i}`, agent_code: 'A1', player_account: 'p01', game_code: 'slot1', currency_code: 'CNY',
              bet_amount: '1.0000', valid_bet_amount: '1.0000', payout_amount: '2.0000', tax_amount: '0.0000', bonus_amount: '0.0000',
              jackpot_contribution: '0.0000', bet_time: new Date(settle - 1000).toISOString(), settle_time: new Date(settle).toISOString(), device: 'web',
            };
          }),
        );
        await new Promise((r) => setImmediate(r));
      }
    })();
    try {
      const [here, cli] = await Promise.all([checkAggregates(t().database), aggregatesCli(t().url, 'check')]);
      expect(here).toEqual([]);
      expect(cli.stdout).toMatch(/aggregates match/);
      expect(cli.code).toBe(0);
    } finally {
      stop = true;
      await ingesting;
    }
    expect(n).toBeGreaterThan(0);
    expect(await checkAggregates(t().database)).toEqual([]);
  }, 120_000);
});
