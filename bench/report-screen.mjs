#!/usr/bin/env node
// A report screen from navigation to rows visible (issue 21): the agent daily report over 31 days.
//
//   node bench/report-screen.mjs          starts the real server (scripts/start.mjs: builds the
//                                         console if needed) on a free port with a fresh SQLite
//                                         demo database, measures, stops it
//   BASE_URL=http://host:port node bench/report-screen.mjs    measures a server already running
//   RUNS=10 (default) REPORT=/agent/report/daily DAYS=31
//
// Each run opens the console in a new browser context (empty cache, signed in), waits for the
// dashboard, then navigates inside the app to the report with a 31-day range, as a click in the
// menu or a drill-down does, and times from that navigation until the table's first row is
// visible: the screen's lazy chunks, its texts, the report call and the render. Median of RUNS,
// target ≤ 800 ms. Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 10);
const REPORT = process.env.REPORT ?? '/agent/report/daily';
const DAYS = Number(process.env.DAYS ?? 31);
const TARGET_MS = 800;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const md5 = (s) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

async function startServer() {
  const port = await new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port: free } = srv.address();
      srv.close(() => resolve(free));
    });
  });
  const db = path.join(os.tmpdir(), `report-screen-${process.pid}.db`);
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${db}`, EXPORT_DIR: path.join(os.tmpdir(), `report-screen-exports-${port}`), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // The first start seeds the demo platform (about 300,000 bets) before it listens.
  for (const until = Date.now() + 900_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (Date.now() > until) throw new Error('the server did not start');
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop: () => {
      child.kill('SIGTERM');
      for (const f of [db, `${db}-wal`, `${db}-shm`]) fs.rmSync(f, { force: true });
    },
  };
}

/** Signs in once through the API; every run's context starts with that session in its storage. */
async function session(base) {
  const res = await fetch(`${base}/v1/operator/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 1, account: 'admin', password: md5(md5('admin123')), google_code: '', phone: '', message_code: '' }),
  });
  const json = await res.json();
  if (json.error_code !== '0') throw new Error(`login: ${json.error_msg}`);
  return json.data;
}

/** "YYYY-MM-DD" today in GMT+8 (the default report timezone), and `days` before. */
function range(days) {
  const today = new Date(Date.now() + 8 * 3_600_000);
  const start = new Date(today.getTime() - (days - 1) * 86_400_000);
  return [start.toISOString().slice(0, 10), today.toISOString().slice(0, 10)];
}

async function measure(browser, base, login) {
  const context = await browser.newContext({ locale: 'zh-CN', serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ([token, info]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('session', JSON.stringify({ state: { token, userInfo: info }, version: 0 }));
      }
    },
    [login.token, login.user_info],
  );
  const page = await context.newPage();
  await page.goto(`${base}/#/dashboard`);
  await page.getByTestId('dashboard').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const [start, end] = range(DAYS);
  const target = `#${REPORT}?start_date=${start}&end_date=${end}`;
  /* global performance, location -- the callbacks run in the browser */
  const t0 = await page.evaluate((hash) => {
    const at = performance.now();
    location.hash = hash;
    return at;
  }, target);
  const shown = await page.waitForFunction(
    () => {
      const row = document.querySelector('.report-screen .ant-table-tbody .ant-table-row');
      return row && row.getBoundingClientRect().height > 0 ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const ms = (await shown.jsonValue()) - t0;
  const rows = await page.locator('.report-screen .ant-table-tbody .ant-table-row').count();
  if (process.env.TRACE) {
    // What the navigation waited for: every file and call it fetched, from the navigation on.
    const entries = await page.evaluate((from) => performance.getEntriesByType('resource').filter((e) => e.startTime >= from).map((e) => [e.name.replace(/^https?:\/\/[^/]+/, ''), Math.round(e.startTime - from), Math.round(e.duration)]), t0);
    for (const [name, at, took] of entries) console.log(`    +${String(at).padStart(4)} ms ${String(took).padStart(4)} ms  ${name}`);
  }
  await context.close();
  return { ms, rows };
}

const external = process.env.BASE_URL;
const server = external ? { base: external.replace(/\/$/, ''), stop: () => {} } : await startServer();
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const login = await session(server.base);
  // One untimed run: the server's first-request work is not the screen's cost.
  await measure(browser, server.base, login);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.base, login));
  const times = runs.map((r) => r.ms);
  const m = median(times);
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`\n${REPORT} over ${DAYS} days on ${server.base} (Chromium ${browser.version()}, ${RUNS} runs; ${os.cpus().length} CPUs, load average ${load})`);
  console.log(`  rows visible after navigation: ${m.toFixed(0)} ms median, min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)} (${runs[0].rows} rows; target ${TARGET_MS} ms) ${m <= TARGET_MS ? 'OK' : 'OVER'}`);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/report-screen.json'), JSON.stringify({ at: new Date().toISOString(), report: REPORT, days: DAYS, loadavg: os.loadavg(), times }, null, 2));
} finally {
  await browser.close();
  server.stop();
}
