/**
 * The aggregates' share of the ingest: applyBets alone (pre-summing plus the upserts into every
 * aggregate table), one transaction per batch of 1,000 bets, into fresh SQLite and PostgreSQL
 * databases. Bets arrive as a live feed (settle times moving forward, ~27,000 a day, 5,000
 * players, 30 games, 21 agents, 5 currencies), as the demo generator's do.
 *
 *   npx tsx bench/aggregates.ts [--batches 100] [--only sqlite|postgres]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Dialect } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrations/index.ts';
import { createTempDatabase } from '../apps/server/test/temp-database.ts';
import { writeTransaction } from '../apps/server/src/db/write-transaction.ts';
import { applyBets, type SettledBet } from '../apps/server/src/modules/aggregate/service.ts';

const { values } = parseArgs({ options: { batches: { type: 'string', default: '100' }, only: { type: 'string' } } });
const BATCHES = Number(values.batches);

let seed = 7;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
let clock = Date.UTC(2026, 0, 1);
function batch(n: number, firstId: number): SettledBet[] {
  const out: SettledBet[] = [];
  for (let i = 0; i < n; i++) {
    clock += Math.floor(rnd() * 6400); // ~27,000 bets a day
    const player = 1 + Math.floor(rnd() * 5000);
    const game = 1 + Math.floor(rnd() * 30);
    const bet = BigInt(10_000 + Math.floor(rnd() * 5_000_000));
    out.push({
      id: firstId + i,
      agent_id: 1 + (player % 21),
      player_id: player,
      game_id: game,
      platform_id: 1 + (game % 4),
      currency_id: 1 + (player % 5),
      bet_amount: bet,
      valid_bet_amount: bet,
      payout_amount: rnd() < 0.45 ? 0n : BigInt(Math.floor(rnd() * 10_000_000)),
      tax_amount: BigInt(Math.floor(rnd() * 5000)),
      bonus_amount: 0n,
      jackpot_contribution: bet / 1000n,
      jackpot_prize: 0n,
      settle_time: clock,
    });
  }
  return out;
}

const open = (dialect: Dialect) => createTempDatabase(dialect, 'bench_agg');

console.log(`applyBets benchmark: ${BATCHES} batches of 1,000, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (values.only && values.only !== dialect) continue;
  const target = await open(dialect);
  await migrateToLatest(target.database);
  const batches = Array.from({ length: BATCHES }, (_, i) => batch(1000, i * 1000));
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (const b of batches) await writeTransaction(target.database, (db) => applyBets(db, dialect, b));
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const bets = BATCHES * 1000;
  console.log(
    `${dialect.padEnd(8)} ${Math.round(bets / seconds).toLocaleString('en').padStart(8)} bets/s  ` +
      `(${((seconds * 1e6) / bets).toFixed(1)} µs per bet wall, ${((c.user + c.system) / bets).toFixed(1)} µs CPU of the Node process)`,
  );
  await target.drop();
}
