/**
 * Report latency: every report call (page 1 of 20 rows, default sort, `{list, total, summary}`)
 * over a one-year range, through the real server in-process (routing, session, validation,
 * aggregates, JSON), timed as p50/p95; beside each, the same answer computed by scanning the raw
 * bets (GROUP BY over the bet table: the work the aggregates avoid), as the baseline.
 *
 *   DATABASE_URL=sqlite:./data/bench.db npx tsx bench/reports.ts [--runs 30] [--baseline-runs 1] [--tz 1] [--only agent] [--player ACCOUNT]
 *
 * --player times every call filtered to one player account (the report screens' player filter).
 * --agent CODE times the agent tree's report calls as an agent user of that agent (under /v1/agent/,
 * answering the agent's sub-tree), made on first use with every code of the agent tree.
 * --busy times, instead, a light call (currency/list) made every 10 ms while the report calls run
 * back to back: what another operator's screen waits while one reads a year of reports.
 * --json FILE writes the figures (database, bets, per call p50/p95) for bench/curve.ts.
 *
 * The database must hold demo data (npm run demo -- --bets N --days 365; for PostgreSQL see
 * bench/copy-to-postgres.ts). The range is the last 365 local days that hold bets.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import os from 'node:os';
import { sql, type RawBuilder } from 'kysely';
import { AGENT_PERMISSION_CODES, report, TIMEZONES } from '@console/contract';
import { toNumber } from '../apps/server/src/db/sql.ts';
import { benchServer, runWithHeapPad } from './server.ts';
import { latencySummary, lightCallLatencies, quantile } from './stats.ts';

runWithHeapPad();

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    'baseline-runs': { type: 'string', default: '1' },
    tz: { type: 'string', default: '1' },
    only: { type: 'string' },
    start: { type: 'string' },
    end: { type: 'string' },
    player: { type: 'string' },
    agent: { type: 'string' },
    busy: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const BASELINE_RUNS = Number(values['baseline-runs']);
const TZ = Number(values.tz);
const { database, app, call } = await benchServer({ agent: values.agent });

const off = TIMEZONES.find((t) => t.id === TZ)!.offsetMinutes;
const span = await database.db.selectFrom('bet').select((eb) => [eb.fn.min('settle_time').as('min'), eb.fn.max('settle_time').as('max'), eb.fn.countAll().as('n')]).executeTakeFirstOrThrow();
const localDate = (ms: number) => new Date(ms + off * 60_000).toISOString().slice(0, 10);
const end = values.end ?? localDate(toNumber(span.max));
const start = values.start ?? new Date(Date.parse(`${end}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
const body = { start_date: start, end_date: end, time_zone_id: TZ, page: 1, page_size: 20, ...(values.player ? { player_account: values.player } : {}) };


/** Wall-clock ms per call, and CPU ms of this process per call (SQLite runs in-process). */
async function timeCall(path: string): Promise<{ wall: number[]; cpu: number[] }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await call(path, body);
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    if (i >= 2) {
      // two warm-up calls
      wall.push(ms);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  return { wall, cpu };
}

/** --busy: light-call latencies while every selected report call runs RUNS times back to back. */
async function busy(paths: string[]) {
  const reports = (async () => {
    for (const path of paths) {
      for (let i = 0; i < RUNS; i++) await call(path, body);
    }
  })();
  const light = await lightCallLatencies(() => call('currency/list', {}), reports);
  await reports;
  console.log(`currency/list while ${paths.length} report calls ran ${RUNS} times each: ${latencySummary(light)}`);
}

// ------------------------------------------------------------------------------------------------
// Baseline: the same answer from the raw bets.

const offMs = off * 60_000;
const fromMs = Date.parse(`${start}T00:00:00Z`) - offMs;
const toMs = Date.parse(`${end}T00:00:00Z`) + 86_400_000 - offMs;

function rawBucket(d: report.ReportDef): RawBuilder<unknown> | null {
  if (d.period === 'hour') return sql`((b.settle_time + ${offMs}) / 3600000)`;
  if (d.period === 'day') return sql`((b.settle_time + ${offMs}) / 86400000)`;
  if (d.period === 'month') {
    const whens: RawBuilder<unknown>[] = [];
    const s = new Date(`${start}T00:00:00Z`);
    for (let m = 0; m < 13; m++) {
      const next = Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + m + 1, 1) - offMs;
      whens.push(sql`WHEN b.settle_time < ${next} THEN ${m}`);
    }
    return sql`(CASE ${sql.join(whens, sql` `)} ELSE 13 END)`;
  }
  return null;
}

function rawDims(d: report.ReportDef): string[] {
  const cols: string[] = [];
  for (const dim of d.dims) {
    if (dim === 'agent') cols.push('agent_id');
    if (dim === 'game') cols.push('game_id', 'platform_id');
    if (dim === 'platform') cols.push('platform_id');
    if (dim === 'player') cols.push('player_id', 'agent_id');
  }
  cols.push('currency_id');
  return [...new Set(cols)];
}

async function baseline(d: report.ReportDef): Promise<number> {
  const bucket = rawBucket(d);
  const keys = [...(bucket ? [sql`${bucket} AS bucket`] : []), ...rawDims(d).map((c) => sql`b.${sql.ref(c)} AS ${sql.ref(c)}`)];
  const groupBy = [...(bucket ? [sql`bucket`] : []), ...rawDims(d).map((c) => sql.ref(c))];
  const sums = sql`COUNT(*) AS bet_count, COUNT(DISTINCT b.player_id) AS bettor_count, SUM(b.bet_amount) AS bet_amount, SUM(b.valid_bet_amount) AS valid_bet_amount,
    SUM(b.payout_amount) AS payout_amount, SUM(b.tax_amount) AS tax_amount, SUM(b.bonus_amount) AS bonus_amount, SUM(b.jackpot_contribution) AS jackpot_contribution`;
  const player = values.player ? sql` AND b.player_id IN (SELECT id FROM player WHERE account = ${values.player})` : sql``;
  const where = sql`b.settle_time >= ${fromMs} AND b.settle_time < ${toMs}${player}`;
  const order = bucket ? sql`bucket DESC` : sql`bet_amount DESC`;
  const t0 = performance.now();
  if (d === report.BETTING_REPORT) {
    await sql`SELECT * FROM bet b WHERE ${where} ORDER BY b.settle_time DESC, b.id DESC LIMIT 20`.execute(database.db);
    await sql`SELECT COUNT(*) AS n FROM bet b WHERE ${where}`.execute(database.db);
  } else {
    await sql`SELECT g.*, COUNT(*) OVER () AS total_rows FROM (SELECT ${sql.join([...keys, sums])} FROM bet b WHERE ${where} GROUP BY ${sql.join(groupBy)}) g ORDER BY ${order} LIMIT 20`.execute(database.db);
  }
  await sql`SELECT b.currency_id, ${sums} FROM bet b WHERE ${where} GROUP BY b.currency_id`.execute(database.db);
  return performance.now() - t0;
}

// ------------------------------------------------------------------------------------------------

const defs = [...Object.values(report.REPORT_DEFS), report.BETTING_REPORT]
  .filter((d) => !values.only || d.path.includes(values.only))
  .filter((d) => !values.agent || AGENT_PERMISSION_CODES.includes(d.permission));
if (values.busy) {
  await busy(defs.map((d) => d.path));
  await app.close();
  await database.destroy();
  process.exit(0);
}
const tzLabel = TIMEZONES.find((t) => t.id === TZ)!.label;
/** The host's load as the timed calls start: the header's and the --json file's. */
const startLoad = os.loadavg()[0]!;
console.log(
  `Report benchmark: ${database.dialect}, ${toNumber(span.n).toLocaleString('en')} bets, range ${start} … ${end} (${tzLabel}), ` +
    `${RUNS} timed calls each (+2 warm-up), page 1 of 20 rows${values.player ? `, player ${values.player}` : ''}${values.agent ? `, as an agent user of ${values.agent}` : ''}, ${os.cpus().length} CPUs, load average ${startLoad.toFixed(1)}`,
);
console.log(`${'report call'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'CPU p50'.padStart(8)}   ${'raw-bet scan ms'.padStart(15)}  ${'speed-up'.padStart(8)}`);
const results: Array<{ path: string; p50: number; p95: number; base: number | null }> = [];
for (const d of defs) {
  const { wall: times, cpu } = await timeCall(d.path);
  const p50 = quantile(times, 0.5);
  const p95 = quantile(times, 0.95);
  const cpu50 = quantile(cpu, 0.5);
  let base: number | null = null;
  if (BASELINE_RUNS > 0) {
    const b: number[] = [];
    for (let i = 0; i < BASELINE_RUNS; i++) b.push(await baseline(d));
    base = quantile(b, 0.5);
  }
  results.push({ path: d.path, p50, p95, base });
  console.log(
    `${d.path.padEnd(44)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${cpu50.toFixed(1).padStart(8)}   ${base === null ? '-'.padStart(15) : base.toFixed(0).padStart(15)}  ${base === null ? '' : `${(base / p50).toFixed(0)}x`.padStart(8)}`,
  );
}
if (values.json) {
  const out = { dialect: database.dialect, bets: toNumber(span.n), load: startLoad, runs: RUNS, calls: results.map(({ path, p50, p95 }) => ({ path, p50, p95 })) };
  fs.writeFileSync(values.json, `${JSON.stringify(out, null, 1)}\n`);
}
const over = results.filter((r) => r.p95 > 100);
console.log(over.length ? `p95 above 100 ms: ${over.map((r) => r.path).join(', ')}` : 'every report call: p95 ≤ 100 ms');
await app.close();
await database.destroy();
