/**
 * Ingest throughput: settled bets per second stored through the ingest service (validation,
 * players, wallet locks, bet rows, ledger entries, wallet balances and the report aggregates, one
 * transaction per batch), in batches of 1,000, into a fresh SQLite file and a fresh PostgreSQL
 * database. Each run stores RUN_BATCHES batches; the figure is the median of RUNS runs. A last
 * run goes through HTTP (POST /v1/ingest/bets with an ingest key, in-process) to show what the
 * transport adds.
 *
 *   npx tsx bench/ingest.ts [--runs 5] [--batches 20] [--batch 1000] [--only sqlite|postgres]
 *   npx tsx bench/ingest.ts --kind transfers [--runs …]
 *   npx tsx bench/ingest.ts --database sqlite:/path/bench.db [--runs …]
 *   npx tsx bench/ingest.ts --concurrency 2 [--only postgres]
 *   npx tsx bench/ingest.ts --random-ids [--only sqlite]
 *
 * --database ingests into an existing database holding demo data instead (a large one shows what
 * the ingest costs once the tables and their indexes are big): 5,000 of its players get a deposit,
 * then the same live feed follows its newest bets. The database is kept, with the new bets in it.
 * --concurrency N keeps N batches in flight at once (several game servers posting): on PostgreSQL
 * one batch's statements then run in the database while the next is validated in Node.
 * --random-ids sends bet ids in no order (random text, as UUIDs from a game server would be)
 * instead of ids that grow: each then lands on a random page of the bet id key.
 * --kind transfers stores wallet transfers instead (POST /v1/ingest/transfers: the transfer
 * pipeline), in and out at random among the funded players, the same way.
 *
 * PostgreSQL: DATABASE_URL_TEST_PG (default postgres://postgres@127.0.0.1:5432/test) must
 * allow CREATE DATABASE; the benchmark database is dropped afterwards.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { formatMoney, type ingest } from '@console/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Database, type Dialect } from '../apps/server/src/db/database.ts';
import { toNumber } from '../apps/server/src/db/sql.ts';
import { migrateToLatest } from '../apps/server/src/db/migrations/index.ts';
import { createTempDatabase, isPgReachable, PG_ADMIN_URL } from '../apps/server/test/temp-database.ts';
import { median } from './stats.ts';
import { generateDemo, prng } from '../apps/server/src/modules/demo/generator.ts';
import { betStageMs, ingestBets, ingestTransfers } from '../apps/server/src/modules/ingest/service.ts';
import { addKey } from '../apps/server/src/modules/key/service.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    batches: { type: 'string', default: '20' },
    only: { type: 'string' },
    batch: { type: 'string', default: '1000' },
    database: { type: 'string' },
    concurrency: { type: 'string', default: '1' },
    'random-ids': { type: 'boolean', default: false },
    kind: { type: 'string', default: 'bets' },
  },
});
if (values.kind !== 'bets' && values.kind !== 'transfers') throw new Error('--kind: bets or transfers');
/** What the runs store: settled bets, or wallet transfers. */
const KIND = values.kind as 'bets' | 'transfers';
const RUNS = Number(values.runs);
const RUN_BATCHES = Number(values.batches);
/** Batches in flight at once, as from several game servers posting at the same time. */
const CONCURRENCY = Number(values.concurrency);
const BATCH = Number(values.batch);
const PLAYERS = 5000;

const open = async (dialect: Dialect): Promise<{ database: Database; drop(): Promise<void> }> => {
  if (!values.database) return createTempDatabase(dialect, 'bench_ingest');
  const database = openDatabase(values.database);
  return { database, drop: () => database.destroy() };
};
/** Record ids of this run: an existing database may hold an earlier run's, which would be duplicates. */
const RUN_ID = Date.now().toString(36);

async function bench(dialect: Dialect) {
  const target = await open(dialect);
  const { database } = target;
  try {
    await migrateToLatest(database);
    // The demo's dimensions and 5,000 registered players (no bets), then a large deposit each so
    // no benchmark bet is refused for the balance.
    if (!values.database) await generateDemo(database, { bets: 0, days: 30, seed: 7, players: PLAYERS });
    const players = await database.db
      .selectFrom('player as p')
      .innerJoin('agent as a', 'a.id', 'p.agent_id')
      .innerJoin('currency as c', 'c.id', 'p.currency_id')
      .select(['p.account', 'a.code as agent_code', 'c.code as currency_code'])
      .orderBy('p.id')
      .limit(PLAYERS)
      .execute();
    const games = (await database.db.selectFrom('game').select('code').execute()).map((g) => g.code);
    for (let i = 0; i < players.length; i += BATCH) {
      await ingestTransfers(
        database,
        players.slice(i, i + BATCH).map((p, j) => ({
          order_id: `bench-fund-${RUN_ID}-${i + j}`, agent_code: p.agent_code, player_account: p.account, currency_code: p.currency_code,
          direction: 'in' as const, amount: '100000000', time: new Date().toISOString(),
        })),
      );
    }

    const rng = prng(99);
    let seq = 0;
    // A fresh database: 30 days ago. An existing one: from its newest bet on.
    const newest = values.database ? await database.db.selectFrom('bet').select((eb) => eb.fn.max('settle_time').as('t')).executeTakeFirst() : undefined;
    const start = newest?.t ? toNumber(newest.t) : Date.now() - 30 * 86_400_000;
    const makeBatch = (): ingest.IngestBet[] =>
      Array.from({ length: BATCH }, () => {
        const p = players[Math.floor(rng.next() * players.length)]!;
        const stake = BigInt(rng.int(1, 200)) * 10_000n;
        const won = rng.next() < 0.4;
        // A live feed: settle times move forward (20 bets a second of game time, a little
        // jitter), bet ids grow (unless --random-ids); the players are random.
        const t = start + seq * 50 + Math.floor(rng.next() * 2000);
        seq++;
        return {
          bet_id: values['random-ids'] ? `${rng.next().toString(36).slice(2)}-${RUN_ID}-${seq}` : `bench-${RUN_ID}-${String(seq).padStart(10, '0')}`, round_id: `r-${seq}`, agent_code: p.agent_code, player_account: p.account,
          game_code: games[seq % games.length]!, currency_code: p.currency_code, bet_amount: formatMoney(stake), valid_bet_amount: formatMoney(stake),
          payout_amount: won ? formatMoney((stake * 24n) / 10n) : '0', tax_amount: '0', bonus_amount: '0', jackpot_contribution: formatMoney(stake / 100n),
          bet_time: new Date(t).toISOString(), settle_time: new Date(t + 3000).toISOString(), device: 'h5',
        };
      });

    const makeTransfers = (): ingest.IngestTransfer[] =>
      Array.from({ length: BATCH }, () => {
        const p = players[Math.floor(rng.next() * players.length)]!;
        const t = start + seq * 50 + Math.floor(rng.next() * 2000);
        seq++;
        return {
          order_id: values['random-ids'] ? `${rng.next().toString(36).slice(2)}-${RUN_ID}-${seq}` : `bench-t-${RUN_ID}-${String(seq).padStart(10, '0')}`, agent_code: p.agent_code,
          player_account: p.account, currency_code: p.currency_code, direction: rng.next() < 0.5 ? 'in' : 'out', amount: formatMoney(BigInt(rng.int(1, 200)) * 10_000n),
          time: new Date(t).toISOString(),
        };
      });
    const make = (): unknown[] => (KIND === 'bets' ? makeBatch() : makeTransfers());
    const store = (records: unknown[]) => (KIND === 'bets' ? ingestBets(database, records) : ingestTransfers(database, records));

    // Warm-up (JIT, statement caches), not counted.
    for (let i = 0; i < 3; i++) await store(make());

    for (const k of Object.keys(betStageMs) as Array<keyof typeof betStageMs>) betStageMs[k] = 0;
    const rates: number[] = [];
    // Bets per second of this process's own CPU time: on a machine busy with other work, wall-clock
    // rates understate what the code does; for SQLite (in-process) this is the unloaded single-core rate.
    const cpuRates: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const batches = Array.from({ length: RUN_BATCHES }, make); // built before the clock starts
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < batches.length) await store(batches[next++]!);
        }),
      );
      const s = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(c0);
      rates.push((RUN_BATCHES * BATCH) / s);
      cpuRates.push((RUN_BATCHES * BATCH) / ((cpu.user + cpu.system) / 1e6));
    }

    const total = Object.values(betStageMs).reduce((a, b) => a + b, 0);
    const batchesStored = RUNS * RUN_BATCHES;
    const stages = Object.entries(betStageMs).map(([k, v]) => `${k} ${(v / batchesStored).toFixed(1)} ms (${Math.round((100 * v) / total)}%)`).join(', ');

    const app = await buildApp({ database, migrate: false, config: { webDist: '', logLevel: 'silent' } });
    await app.ready();
    const key = await addKey(database.db, { agent_id: 0, type: 'ingest', remark: 'bench' }, null, os.tmpdir());
    const bodies = Array.from({ length: RUN_BATCHES }, () => JSON.stringify({ [KIND]: make() }));
    const t0 = performance.now();
    for (const body of bodies) {
      const res = await app.inject({ method: 'POST', url: KIND === 'bets' ? '/v1/ingest/bets' : '/v1/ingest/transfers', payload: body, headers: { 'content-type': 'application/json', authorization: `Bearer ${key.app_id}:${key.secret}` } });
      if (res.json().error_code !== '0') throw new Error(res.body);
    }
    const http = (RUN_BATCHES * BATCH) / ((performance.now() - t0) / 1000);
    await app.close();
    return { rates, http, stages, cpuRates };
  } finally {
    await target.drop();
  }
}


const fmt = (n: number) => Math.round(n).toLocaleString('en').padStart(8);
console.log(`Ingest benchmark (${KIND}): batches of ${BATCH}, ${RUNS} runs × ${RUN_BATCHES} batches, ${CONCURRENCY} in flight, ${PLAYERS} players, ${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}${values['random-ids'] ? ', random bet ids' : ''}${values.database ? `, into ${values.database}` : ''}`);
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (values.only && values.only !== dialect) continue;
  if (values.database && dialect !== (values.database.startsWith('sqlite:') ? 'sqlite' : 'postgres')) continue;
  if (dialect === 'postgres' && !(await isPgReachable())) {
    console.log(`postgres: skipped, ${PG_ADMIN_URL} not reachable`);
    continue;
  }
  const { rates, http, stages, cpuRates } = await bench(dialect);
  const target = dialect === 'sqlite' ? 50_000 : 20_000;
  console.log(
    `${dialect.padEnd(8)} median ${fmt(median(rates))} ${KIND}/s  (runs: ${rates.map((r) => Math.round(r).toLocaleString('en')).join(', ')})  ` +
      `via HTTP ${fmt(http)} ${KIND}/s` + (KIND === 'bets' ? `  target ${target.toLocaleString('en')}: ${median(rates) >= target ? 'met' : 'NOT met'}` : ''),
  );
  console.log(
    `${''.padEnd(8)} per CPU-second of the Node process: ${fmt(median(cpuRates))} ${KIND}${dialect === 'postgres' ? ' (the PostgreSQL server\'s own CPU not included)' : ''}` +
      (KIND === 'bets' ? `; time per batch by stage: ${stages}` : ''),
  );
}
