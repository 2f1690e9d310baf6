/**
 * Copies a demo database's report inputs — currencies, platforms, games, the agent tree, players
 * and settled bets — from SQLite into a new PostgreSQL database, then rebuilds the aggregates
 * there from the raw bets (npm run aggregates:rebuild does the same). Both databases then hold the
 * same bets, so the report benchmarks compare like with like, and the PostgreSQL side does not
 * wait for a second multi-hour ingest. Wallets and the ledger are not copied (reports never read
 * them).
 *
 *   npx tsx bench/copy-to-postgres.ts sqlite:/path/bench.db postgres://postgres@127.0.0.1:5432/bench
 *
 * The target database must exist and be empty.
 */
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import type { DB } from '../apps/server/src/db/schema.ts';
import { migrateToLatest } from '../apps/server/src/db/migrations/index.ts';
import { seedOperators } from '../apps/server/src/db/seed/index.ts';
import { rebuildAggregates, vacuumAggregates } from '../apps/server/src/modules/aggregate/maintenance.ts';
import { toNumber } from '../apps/server/src/db/sql.ts';

const [fromUrl, toUrl] = process.argv.slice(2);
if (!fromUrl?.startsWith('sqlite:') || !toUrl?.startsWith('postgres')) throw new Error('usage: copy-to-postgres.ts sqlite:<file> postgres://…');
const source = openDatabase(fromUrl);
const target = openDatabase(toUrl);
await migrateToLatest(target);
await seedOperators(target);

const TABLES = ['currency', 'platform', 'game', 'agent', 'player', 'bet'] as const;
const MONEY = new Set(['bet_amount', 'valid_bet_amount', 'payout_amount', 'tax_amount', 'bonus_amount', 'jackpot_contribution']);

async function copy(table: (typeof TABLES)[number]) {
  const started = Date.now();
  const cols = Object.keys((await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} LIMIT 1`.execute(source.db)).rows[0] ?? {});
  if (cols.length === 0) return;
  // Money is read as text so SQLite never hands a large amount over as a rounded JS number.
  const select = cols.map((c) => (MONEY.has(c) ? sql`CAST(${sql.ref(c)} AS TEXT) AS ${sql.ref(c)}` : sql.ref(c)));
  const perChunk = Math.floor(30_000 / cols.length);
  let copied = 0;
  for (let after = 0; ; ) {
    const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(select)} FROM ${sql.table(table)} WHERE id > ${after} ORDER BY id LIMIT ${perChunk}`.execute(source.db);
    if (rows.length === 0) break;
    await (target.db as Kysely<DB>).insertInto(table).values(rows as never).execute();
    after = toNumber(rows[rows.length - 1]!.id);
    copied += rows.length;
    if (table === 'bet' && copied % 600_000 < perChunk) console.log(`  bet: ${copied.toLocaleString('en')}`);
  }
  // Rows kept their ids: move the sequence past them.
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT COALESCE(MAX(id), 1) FROM ${sql.table(table)}))`.execute(target.db);
  console.log(`${table}: ${copied.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

for (const t of TABLES) await copy(t);
await sql`ANALYZE`.execute(target.db);
const started = Date.now();
const r = await rebuildAggregates(target, (m) => console.log(`  rebuild: ${m}`));
await vacuumAggregates(target);
console.log(`aggregates rebuilt from ${r.bets.toLocaleString('en')} bets in ${((Date.now() - started) / 1000).toFixed(0)} s`);
await source.destroy();
await target.destroy();
