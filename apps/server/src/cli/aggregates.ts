/**
 * npm run aggregates:rebuild  — rebuild every report aggregate from the raw bets and players, and
 *                               the ledger's per-day counts (bill list totals) from its entries.
 * npm run aggregates:check    — compare them with the raw bets and entries; print the differences
 *                               and exit 1 when there is any.
 * The database is DATABASE_URL (the server's default SQLite file otherwise).
 */
import { loadConfig } from '../config/index.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrations/index.ts';
import { checkAggregates, rebuildAggregates, vacuumAggregates } from '../modules/aggregate/public.ts';

async function main() {
  const command = process.argv[2];
  if (command !== 'rebuild' && command !== 'check') {
    console.error('usage: aggregates.ts rebuild|check');
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    const started = Date.now();
    if (command === 'rebuild') {
      const r = await rebuildAggregates(database, (msg) => console.log(`  ${msg}`));
      // PostgreSQL: the rebuild leaves every aggregate row version behind; reclaim them and
      // refresh the planner's statistics now rather than whenever autovacuum gets there.
      if (database.dialect === 'postgres') await vacuumAggregates(database);
      console.log(`rebuilt the aggregates from ${r.bets} bets and ${r.players} players in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return 0;
    }
    const diffs = await checkAggregates(database);
    for (const d of diffs.slice(0, 50)) {
      console.log(`${d.table} key=(${d.key.join(', ')}) expected=${d.expected ? d.expected.join('/') : 'none'} stored=${d.actual ? d.actual.join('/') : 'missing'}`);
    }
    if (diffs.length > 0) {
      console.log(`${diffs.length >= 1000 ? 'at least 1000' : diffs.length} difference(s) between the aggregates and the raw bets or ledger entries`);
      return 1;
    }
    console.log(`aggregates match the raw bets and ledger entries (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return 0;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
