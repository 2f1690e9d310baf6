/**
 * `npm run demo -- --bets N [--days D] [--seed S] [--players P]`: generates the demo platform into
 * the database of DATABASE_URL (default ./data/console.db), which must hold no domain data yet;
 * point DATABASE_URL at a new file for a large benchmark database, e.g.
 * `DATABASE_URL=sqlite:./data/bench.db npm run demo -- --bets 10000000 --days 365`.
 * Prints an ingest key for feeding more data with `npm run ingest` or the ingest endpoints.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrations/index.ts';
import { DEMO_DEFAULTS, generateDemo, hasDomainData } from '../modules/demo/public.ts';
import { seedOperators } from '../db/seed/index.ts';
import { addKey } from '../modules/key/public.ts';

async function main() {
  // npm runs workspace scripts inside apps/server; relative paths (the file, sqlite:./data/…)
  // mean the directory the command was typed in.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { values } = parseArgs({
    options: {
      bets: { type: 'string', default: String(DEMO_DEFAULTS.bets) },
      days: { type: 'string', default: String(DEMO_DEFAULTS.days) },
      seed: { type: 'string', default: String(DEMO_DEFAULTS.seed) },
      players: { type: 'string', default: String(DEMO_DEFAULTS.players) },
    },
  });
  const num = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got ${v}`);
    return n;
  };
  const options = {
    bets: num('bets', values.bets, 0),
    days: num('days', values.days, 1),
    seed: num('seed', values.seed, 0),
    players: num('players', values.players, 1),
  };
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    await seedOperators(database);
    if (await hasDomainData(database.db)) {
      console.error('This database already holds domain data; the demo goes only into an empty one. Set DATABASE_URL to a new database, e.g. sqlite:./data/bench.db.');
      process.exitCode = 1;
      return;
    }
    console.log(`Generating ${options.bets.toLocaleString('en')} bets over ${options.days} days for ${options.players} players (seed ${options.seed})…`);
    const s = await generateDemo(database, { ...options, log: (m) => console.log(m) });
    const rate = s.bets / Math.max(0.001, s.ms / 1000);
    console.log(
      `Done in ${(s.ms / 1000).toFixed(1)} s: ${s.agents} agents, ${s.games} games, ${s.players} players, ` +
        `${s.transfers.toLocaleString('en')} transfers, ${s.bets.toLocaleString('en')} bets (${Math.round(rate).toLocaleString('en')} bets/s including generation).`,
    );
    const key = await addKey(database.db, { agent_id: 0, type: 'ingest', remark: 'demo generator' }, null, config);
    console.log(`Ingest key (shown once): Authorization: Bearer ${key.app_id}:${key.secret}`);
  } finally {
    await database.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
