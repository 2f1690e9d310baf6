/**
 * Bill list latency: `bill/list` (a page of 20, newest first, with its total and per-currency
 * totals) under the filters an operator uses, through the real server in-process, timed as p50/p95
 * after two warm-up calls. Without a player or order id the total and the sums come from the
 * ledger's per-day counts and sums plus the partial days at the range's edges, and the page reads
 * only the days its entries are on (docs/data-model.md); rare filters and filters without entries
 * show what that saves. `--scan` also times each filter's sums taken entry by entry, once: what
 * the per-day sums (migration 0018) save.
 *
 *   DATABASE_URL=sqlite:./data/bench.db npx tsx bench/bill.ts [--runs 20] [--scan]
 *
 * The database must hold demo data with its ledger (npm run demo -- --bets N --days 365, or its
 * PostgreSQL copy made by bench/copy-to-postgres.ts). Ranges end at the newest entry.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { toNumber } from '../apps/server/src/db/sql.ts';
import { agentPath } from '../apps/server/src/modules/agent/repository.ts';
import { sumEntries } from '../apps/server/src/modules/bill/repository.ts';
import { benchServer, runWithHeapPad } from './server.ts';
import { quantile } from './stats.ts';

runWithHeapPad();

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' }, scan: { type: 'boolean', default: false } } });
const RUNS = Number(values.runs);
const { database, app, call } = await benchServer();

const newest = toNumber((await sql<{ t: unknown }>`SELECT MAX(time) AS t FROM ledger_entry`.execute(database.db)).rows[0]?.t);
const entries = toNumber((await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM ledger_entry`.execute(database.db)).rows[0]?.n);
const somePlayer = (await sql<{ account: string }>`SELECT account FROM player ORDER BY id LIMIT 1 OFFSET 100`.execute(database.db)).rows[0]?.account ?? '';
const someOrder = (await sql<{ order_id: string }>`SELECT order_id FROM ledger_entry WHERE type = 'transfer_in' ORDER BY id DESC LIMIT 1 OFFSET 1000`.execute(database.db)).rows[0]?.order_id ?? '';
// A leaf of the agent tree with the fewest entries, and a currency none of its entries is in.
const leaf = toNumber((await sql<{ id: unknown }>`
  SELECT a.id FROM agent a WHERE NOT EXISTS (SELECT 1 FROM agent c WHERE c.parent_id = a.id)
  ORDER BY (SELECT COALESCE(SUM(entry_count), 0) FROM ledger_day_count d WHERE d.agent_id = a.id), a.id LIMIT 1`.execute(database.db)).rows[0]?.id);
const unusedCurrency = toNumber((await sql<{ id: unknown }>`
  SELECT c.id FROM currency c WHERE c.id NOT IN (SELECT currency_id FROM ledger_day_count WHERE agent_id = ${leaf}) ORDER BY c.id LIMIT 1`.execute(database.db)).rows[0]?.id);
const iso = (ms: number) => new Date(ms).toISOString();
const lastDays = (days: number) => ({ start_time: iso(newest - days * 86_400_000 + 1), end_time: iso(newest) });

const cases: Array<[string, Record<string, unknown>]> = [
  ['no filter', {}],
  ['currency', { currency_id: 2 }],
  ['agent (sub-tree)', { agent_id: 2 }],
  ['type transfer_in', { type: 'transfer_in' }],
  ['currency, last 7 days', { currency_id: 2, ...lastDays(7) }],
  ['currency, last 365 days', { currency_id: 2, ...lastDays(365) }],
  ['agent + type, last 365 days', { agent_id: 2, type: 'transfer_out', ...lastDays(365) }],
  ['last 24 hours', lastDays(1)],
  ['leaf agent + transfer_out', { agent_id: leaf, type: 'transfer_out' }],
  ['same, page 50', { agent_id: leaf, type: 'transfer_out', page: 50 }],
  ['leaf agent + a currency it lacks', { agent_id: leaf, currency_id: unusedCurrency }],
  ['one player', { player_account: somePlayer }],
  ['one order id', { order_id: someOrder }],
];

console.log(`Bill list benchmark: ${database.dialect}, ${entries.toLocaleString('en')} ledger entries, ${RUNS} timed calls each`);
console.log(`${'filter'.padEnd(30)} ${'total'.padStart(12)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)}`);
for (const [name, filter] of cases) {
  const body = { page: 1, page_size: 20, ...filter };
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    total = (await call<{ total: number }>('bill/list', body)).total;
    if (i >= 2) times.push(performance.now() - t0);
  }
  console.log(`${name.padEnd(30)} ${total.toLocaleString('en').padStart(12)} ${quantile(times, 0.5).toFixed(1).padStart(9)} ${quantile(times, 0.95).toFixed(1).padStart(9)}`);
}
if (values.scan) {
  console.log(`\nThe same sums entry by entry (one call each): what the per-day sums save`);
  console.log(`${'filter'.padEnd(30)} ${'ms'.padStart(9)}`);
  for (const [name, filter] of cases) {
    if (filter.player_account || filter.order_id || filter.page) continue;
    const f = filter as { currency_id?: number; agent_id?: number; type?: string; start_time?: string; end_time?: string };
    const t0 = performance.now();
    await sumEntries(database.db, {
      currencyId: f.currency_id,
      agentPath: f.agent_id ? ((await agentPath(database.db, f.agent_id)) ?? '/none/') : undefined,
      type: f.type,
      from: f.start_time ? Date.parse(f.start_time) : undefined,
      to: f.end_time ? Date.parse(f.end_time) : undefined,
    });
    console.log(`${name.padEnd(30)} ${(performance.now() - t0).toFixed(1).padStart(9)}`);
  }
}
await app.close();
await database.destroy();
