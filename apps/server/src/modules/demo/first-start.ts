import type { Database } from '../../db/database.ts';
import { DEMO_DEFAULTS, generateDemo, hasDomainData } from './generator.ts';

/**
 * The first start's demo platform, generated only into a database without domain data.
 * `DEMO_BETS` sets the number of bets (default 300,000, sized so the first start seeds in well
 * under a minute on a two-core machine); `DEMO_BETS=0` seeds the dimensions and no play. A
 * production start (NODE_ENV=production) seeds no demo unless DEMO_BETS asks for one: real
 * platforms start from their own currencies, agents and games.
 */
export async function seedDemoPlatform(database: Database, log: (msg: string) => void): Promise<void> {
  if (await hasDomainData(database.db)) return;
  if (process.env.NODE_ENV === 'production' && process.env.DEMO_BETS === undefined) {
    log('production start on an empty database: no demo platform (set DEMO_BETS to generate one)');
    return;
  }
  const bets = process.env.DEMO_BETS === undefined ? DEMO_DEFAULTS.bets : Math.max(0, Number(process.env.DEMO_BETS) || 0);
  log(`generating the demo platform: ${DEMO_DEFAULTS.days} days, ${bets.toLocaleString('en')} bets (first start only)…`);
  const s = await generateDemo(database, { ...DEMO_DEFAULTS, bets, log });
  log(`demo platform ready: ${s.agents} agents, ${s.games} games, ${s.players} players, ${s.transfers.toLocaleString('en')} transfers, ${s.bets.toLocaleString('en')} bets in ${(s.ms / 1000).toFixed(1)} s`);
}
