/**
 * Export: one spreadsheet of ≥ 1,000,000 rows (the bet-record list, player/report/player/betting,
 * over the most recent days holding a million bets) through the real server started as its own
 * process, timing the call and sampling the server's resident memory; the peak is the kernel's
 * high-water mark (VmHWM), so no spike between samples is missed.
 *
 *   DATABASE_URL=sqlite:./data/bench.db npx tsx bench/export.ts [--rows 1000000] [--report player/report/player/betting] [--after-reports] [--busy]
 *
 * --after-reports first runs every report call over the last 365 days, so that the server's
 * memory includes what serving reports leaves behind (the SQLite readers' page caches).
 * --busy also makes a light call (currency/list) every 10 ms while the export runs and prints how
 * long those took: what another operator's screen waits meanwhile.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { report } from '@console/contract';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/index.ts';
import { clientPasswordHash } from '../apps/server/src/lib/passwords.ts';
import { toNumber } from '../apps/server/src/db/sql.ts';
import { HEAP_PAD_ENV } from '../scripts/lib/heap-pad.mjs';
import { latencySummary, lightCallLatencies } from './stats.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, report: { type: 'string', default: 'player/report/player/betting' }, 'after-reports': { type: 'boolean', default: false }, busy: { type: 'boolean', default: false } },
});
const WANT = Number(values.rows);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the benchmark database');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The most recent local days (GMT+8) that together hold at least WANT bets.
const database = openDatabase(url);
const days = (
  await sql<{ day: unknown; n: unknown }>`SELECT (settle_time + 28800000) / 86400000 AS day, COUNT(*) AS n FROM bet GROUP BY 1 ORDER BY 1 DESC`.execute(database.db)
).rows.map((r) => ({ day: toNumber(r.day), n: toNumber(r.n) }));
await database.destroy();
let sum = 0;
let startDay = days[0]!.day;
for (const d of days) {
  sum += d.n;
  startDay = d.day;
  if (sum >= WANT) break;
}
const date = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const body = { start_date: date(startDay), end_date: date(days[0]!.day), time_zone_id: 1 };

const port = 18000 + Math.floor(Math.random() * 1000);
const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  // glibc's heap pad as npm start sets it (scripts/lib/heap-pad.mjs).
  env: { ...HEAP_PAD_ENV, ...process.env, PORT: String(port), HOST: '127.0.0.1', EXPORT_DIR: exportDir, WEB_DIST: '', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
/** CPU seconds the server process has used (all its threads), from /proc: a figure the host's steal time cannot inflate. */
const cpuSeconds = () => {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const status = () => {
  const s = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 600) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
const post = (p: string, b: Record<string, unknown>) =>
  fetch(`${base}/v1/operator/${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(b) });
const login = (await (await post('login', { type: 1, account: DEMO_ADMIN.account, password: clientPasswordHash(DEMO_ADMIN.password), google_code: '', phone: '', message_code: '' })).json()) as {
  data: { token: string };
};
const token = login.data.token;
// Warm the server up with one page of the same report, then note the memory it idles at.
await (await post(values.report, { ...body, token, page: 1, page_size: 20 })).json();
if (values['after-reports']) {
  const year = { start_date: date(days[0]!.day - 364), end_date: date(days[0]!.day), time_zone_id: 1, page: 1, page_size: 20, token };
  for (const d of [...Object.values(report.REPORT_DEFS), report.BETTING_REPORT]) {
    const answer = (await (await post(d.path, year)).json()) as { error_code: string };
    if (answer.error_code !== '0') throw new Error(`${d.path}: ${JSON.stringify(answer)}`);
  }
}
const before = status();

let peakSampled = before.rss;
const timeline: string[] = [];
let ticks = 0;
const sampler = setInterval(() => {
  const rss = status().rss;
  peakSampled = Math.max(peakSampled, rss);
  if (++ticks % 40 === 0) timeline.push(rss.toFixed(0));
}, 50);
const t0 = performance.now();
const cpu0 = cpuSeconds();
const file = path.join(exportDir, 'download.xlsx');
const exported = (async () => {
  const res = await post(`${values.report}/export`, { ...body, token });
  if (!res.ok || !String(res.headers.get('content-type')).includes('spreadsheet')) throw new Error(`export failed: ${res.status} ${await res.text()}`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return (performance.now() - t0) / 1000;
})();
const light = values.busy ? await lightCallLatencies(() => post('currency/list', { token }).then((r) => r.json()), exported) : [];
const seconds = await exported;
const cpu = cpuSeconds() - cpu0;
clearInterval(sampler);
const after = status();
const list = (await (await post('export/list', { token, page: 1, page_size: 1 })).json()) as { data: { list: Array<{ row_count: number; file_size: number }> } };
const rows = list.data.list[0]!.row_count;

console.log(`Export benchmark: ${values.report}/export, ${body.start_date} … ${body.end_date} (GMT+8:00), ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
console.log(`  rows          ${rows.toLocaleString('en')}`);
console.log(`  time          ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s)  target ≤ 60 s: ${seconds <= 60 ? 'met' : 'NOT met'}`);
console.log(`  server CPU    ${cpu.toFixed(1)} s (all its threads: the rows, the sheet, its compression)`);
console.log(`  file          ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`);
console.log(`  server RSS    ${before.rss.toFixed(0)} MB before${values['after-reports'] ? ' (after a year of every report call)' : ''}, peak ${after.peak.toFixed(0)} MB (sampled ${peakSampled.toFixed(0)} MB)  target < 300 MB: ${after.peak < 300 ? 'met' : 'NOT met'}`);
if (light.length) console.log(`  light calls   during the export: ${latencySummary(light)}`);
if (process.env.BENCH_VERBOSE) console.log(`  RSS every 2 s: ${timeline.join(' ')}`);
server.kill('SIGTERM');
fs.rmSync(exportDir, { recursive: true, force: true });
