/**
 * Player list latency: `player/list` (a page of 20 with its total and each player's lifetime
 * figures from the aggregates) and `player/detail` under the filters and orders an operator uses,
 * through the real server in-process, timed as p50/p95 after two warm-up calls.
 *
 *   DATABASE_URL=sqlite:./data/bench.db npx tsx bench/player-list.ts [--runs 20]
 *
 * The database must hold demo data (npm run demo -- --bets N --days 365).
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { toNumber } from '../apps/server/src/db/sql.ts';
import { benchServer, runWithHeapPad } from './server.ts';
import { quantile } from './stats.ts';

runWithHeapPad();

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const RUNS = Number(values.runs);
const { database, app, call } = await benchServer();

const count = async (q: ReturnType<typeof sql<{ n: unknown }>>) => toNumber((await q.execute(database.db)).rows[0]?.n);
const players = await count(sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM player`);
const bets = await count(sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM bet`);
const topAgent = await count(sql<{ n: unknown }>`SELECT MIN(id) AS n FROM agent WHERE parent_id IS NULL`);
const leafAgent = await count(sql<{ n: unknown }>`SELECT MAX(a.id) AS n FROM agent a WHERE NOT EXISTS (SELECT 1 FROM agent c WHERE c.parent_id = a.id)`);
const some = (await sql<{ id: unknown; account: string }>`SELECT id, account FROM player ORDER BY id LIMIT 1 OFFSET 100`.execute(database.db)).rows[0];

const cases: Array<[string, string, Record<string, unknown>]> = [
  ['no filter, newest', 'player/list', {}],
  ['sort by balance', 'player/list', { sort_field: 'balance', sort_order: 'descend' }],
  ['sort by last bet', 'player/list', { sort_field: 'last_bet_at', sort_order: 'descend' }],
  ['top agent (sub-tree)', 'player/list', { agent_id: topAgent }],
  ['leaf agent', 'player/list', { agent_id: leafAgent }],
  ['account prefix', 'player/list', { account: (some?.account ?? 'a').slice(0, 3) }],
  ['disabled, currency 2', 'player/list', { status: 2, currency_id: 2 }],
  ['page 100', 'player/list', { page: 100 }],
  ['one player’s detail', 'player/detail', { player_id: toNumber(some?.id) }],
];

console.log(`Player list benchmark: ${database.dialect}, ${players.toLocaleString('en')} players, ${bets.toLocaleString('en')} bets, ${RUNS} timed calls each`);
console.log(`${'case'.padEnd(26)} ${'total'.padStart(10)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)}`);
for (const [name, path, filter] of cases) {
  const body = path === 'player/list' ? { page: 1, page_size: 20, ...filter } : filter;
  const times: number[] = [];
  let total: number | undefined;
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    total = (await call<{ total?: number }>(path, body)).total;
    if (i >= 2) times.push(performance.now() - t0);
  }
  console.log(`${name.padEnd(26)} ${(total === undefined ? '-' : total.toLocaleString('en')).padStart(10)} ${quantile(times, 0.5).toFixed(1).padStart(9)} ${quantile(times, 0.95).toFixed(1).padStart(9)}`);
}
await app.close();
await database.destroy();
