/**
 * Copies a demo database's report and ledger inputs — currencies, platforms, games, the agent tree,
 * players, settled bets, wallets, the ledger with its per-day counts, and the prize pools with their
 * history — from SQLite into a new PostgreSQL database, then rebuilds the aggregates there from the
 * raw bets (npm run aggregates:rebuild does the same). Both databases then hold the same bets and
 * entries, so the report, bill and player-list benchmarks compare like with like, and the
 * PostgreSQL side does not wait for a second multi-hour ingest.
 *
 *   npx tsx bench/copy-to-postgres.ts sqlite:/path/bench.db postgres://postgres@127.0.0.1:5432/bench
 *
 * The target database must exist and be empty; the copy connects as a superuser. For speed the
 * large tables are loaded without their secondary indexes (made again afterwards, as CREATE INDEX
 * builds them in one sorted pass), with the foreign-key triggers off for the copy's connection
 * (session_replication_role = replica: every row comes from a database that checked them), one
 * chunk read from SQLite while the previous one is inserted.
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

/** Tables in the order their references need; those without an id column are copied whole. */
const TABLES = [
  'currency', 'platform', 'game', 'agent', 'player', 'bet', 'wallet', 'ledger_entry', 'ledger_day_count', 'prize_pool', 'prize_pool_clean',
] as const;
type Table = (typeof TABLES)[number];
/** Tables large enough to load without their secondary indexes. */
const BULK = new Set<Table>(['bet', 'ledger_entry']);
/** Money and other int8 columns: read as text, so SQLite never hands a large value over as a rounded JS number. */
const INT8 = new Set([
  'bet_amount', 'valid_bet_amount', 'payout_amount', 'tax_amount', 'bonus_amount', 'jackpot_contribution', 'jackpot_prize',
  'balance', 'amount', 'balance_before', 'balance_after', 'entry_count', 'amount_in', 'amount_out',
  'pool_amount', 'seed_amount', 'trigger_threshold', 'cap_amount', 'before_amount', 'after_amount',
]);

async function columnsOf(table: Table): Promise<{ cols: string[]; key: string[] }> {
  const { rows } = await sql<{ name: string; pk: number }>`SELECT name, pk FROM pragma_table_info(${table})`.execute(source.db);
  return { cols: rows.map((r) => r.name), key: rows.filter((r) => r.pk > 0).sort((a, b) => a.pk - b.pk).map((r) => r.name) };
}

async function copy(db: Kysely<DB>, table: Table) {
  const started = Date.now();
  const { cols, key } = await columnsOf(table);
  const hasId = cols.includes('id');
  const select = sql.join(cols.map((c) => (INT8.has(c) ? sql`CAST(${sql.ref(c)} AS TEXT) AS ${sql.ref(c)}` : sql.ref(c))));
  const perChunk = Math.floor(30_000 / cols.length);
  let indexes: string[] = [];
  if (BULK.has(table)) {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ${table}
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
    indexes = rows.map((r) => r.indexdef);
    for (const r of rows) await sql`DROP INDEX ${sql.ref(r.indexname)}`.execute(db);
  }
  let copied = 0;
  let pending: Promise<unknown> = Promise.resolve();
  for (let after = 0, offset = 0; ; ) {
    const { rows } = hasId
      ? await sql<Record<string, unknown>>`SELECT ${select} FROM ${sql.table(table)} WHERE id > ${after} ORDER BY id LIMIT ${perChunk}`.execute(source.db)
      : await sql<Record<string, unknown>>`SELECT ${select} FROM ${sql.table(table)} ORDER BY ${sql.join(key.map((c) => sql.ref(c)))} LIMIT ${perChunk} OFFSET ${offset}`.execute(source.db);
    await pending;
    if (rows.length === 0) break;
    pending = db.insertInto(table).values(rows as never).execute();
    if (hasId) after = toNumber(rows[rows.length - 1]!.id);
    offset += rows.length;
    copied += rows.length;
    if (BULK.has(table) && copied % 1_000_000 < perChunk) console.log(`  ${table}: ${copied.toLocaleString('en')}`);
  }
  const indexed = Date.now();
  for (const def of indexes) await sql.raw(def).execute(db);
  // Rows kept their ids: move the sequence past them.
  if (hasId) await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT COALESCE(MAX(id), 1) FROM ${sql.table(table)}))`.execute(db);
  const took = (ms: number) => (ms / 1000).toFixed(0);
  console.log(`${table}: ${copied.toLocaleString('en')} rows in ${took(Date.now() - started)} s${indexes.length ? ` (${indexes.length} indexes made in ${took(Date.now() - indexed)} s)` : ''}`);
}

await target.db.connection().execute(async (db) => {
  await sql`SET session_replication_role = replica`.execute(db);
  await sql`SET maintenance_work_mem = '512MB'`.execute(db);
  for (const t of TABLES) await copy(db, t);
  await sql`SET session_replication_role = DEFAULT`.execute(db);
});
await sql`ANALYZE`.execute(target.db);
const started = Date.now();
const r = await rebuildAggregates(target, (m) => console.log(`  rebuild: ${m}`));
await vacuumAggregates(target);
console.log(`aggregates rebuilt from ${r.bets.toLocaleString('en')} bets in ${((Date.now() - started) / 1000).toFixed(0)} s`);
await source.destroy();
await target.destroy();
