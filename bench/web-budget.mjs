#!/usr/bin/env node
// The web console's loading budget (issue 4): what it costs to show the login screen.
//
//   node bench/web-budget.mjs            builds the console if needed, starts the real server on a
//                                        free port with a fresh SQLite file, measures, stops it
//   BASE_URL=http://host:port node bench/web-budget.mjs    measures a server already running
//
// For each of RUNS cold loads (new browser context: empty cache, no service worker) it counts the
// JavaScript and CSS bytes that actually cross the wire (the compressed bodies the server sends,
// precompressed .br/.gz made by scripts/precompress.mjs) and the time from the start of the
// navigation until the login form is visible. Prints both against the budget (≤ 350 KB, ≤ 700 ms
// on localhost) and exits 1 when over. Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH),
// never a downloaded browser.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_BYTES = 350 * 1024;
const BUDGET_MS = 700;
const RUNS = Number(process.env.RUNS ?? 7);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(base, child, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server at ${base} did not become healthy`);
}

/** Builds the console unless a build newer than its sources exists (scripts/start.mjs does the same). */
function ensureBuilt() {
  const dist = path.join(root, 'apps/web/dist/index.html');
  if (fs.existsSync(dist) && process.env.REBUILD !== '1') return;
  console.log('Building the web console…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

async function startServer() {
  ensureBuilt();
  const port = await freePort();
  const db = path.join(os.tmpdir(), `web-budget-${process.pid}.db`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${db}`,
      EXPORT_DIR: path.join(os.tmpdir(), `web-budget-exports-${port}`),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, child);
  return {
    base,
    stop: () => {
      child.kill('SIGTERM');
      for (const f of [db, `${db}-wal`, `${db}-shm`]) fs.rmSync(f, { force: true });
    },
  };
}

/** One cold load of the login screen. */
async function measure(browser, base) {
  const context = await browser.newContext({ locale: 'zh-CN', serviceWorkers: 'block' });
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response) return;
    responses.push({ request, response });
  });
  await page.goto(`${base}/#/login`, { waitUntil: 'commit' });
  // Measured inside the page, from the start of the navigation (performance.timeOrigin).
  /* global getComputedStyle, performance -- the callback runs in the browser */
  const visibleAt = await page.waitForFunction(
    () => {
      const input = document.querySelector('form input[type="password"]');
      if (!input) return false;
      const r = input.getBoundingClientRect();
      const style = getComputedStyle(input);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0 ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const ms = await visibleAt.jsonValue();
  // Let whatever the login screen still fetches on its own (late chunks) finish, so it is counted.
  await page.waitForLoadState('networkidle');

  // One entry per URL: a preloaded file asked for again is served from the memory cache, and
  // what crossed the wire is its first (largest) transfer.
  const byUrl = new Map();
  for (const { request, response } of responses) {
    const sizes = await request.sizes();
    const url = new URL(request.url()).pathname;
    const file = {
      url,
      type: request.resourceType(),
      encoding: (await response.headerValue('content-encoding')) ?? 'identity',
      body: Math.max(0, sizes.responseBodySize),
      headers: Math.max(0, sizes.responseHeadersSize),
    };
    const seen = byUrl.get(url);
    if (!seen || file.body > seen.body) byUrl.set(url, seen && seen.type !== 'other' ? { ...file, type: seen.type } : file);
  }
  const files = [...byUrl.values()];
  await context.close();
  return { ms, files };
}

const external = process.env.BASE_URL;
const server = external ? { base: external.replace(/\/$/, ''), stop: () => {} } : await startServer();
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
let exitCode = 0;
try {
  // One untimed load first: the server's own first-request work (file handles, JIT) is not the
  // console's cost.
  await measure(browser, server.base);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.base));

  const last = runs[runs.length - 1];
  const assets = last.files.filter((f) => f.type === 'script' || f.type === 'stylesheet');
  const assetBytes = assets.reduce((s, f) => s + f.body, 0);
  const allBytes = last.files.reduce((s, f) => s + f.body + f.headers, 0);
  const times = runs.map((r) => r.ms);
  // Any screen but the login one arriving here would mean a screen is not lazy-loaded.
  const eager = assets.filter((f) => /(account|dashboard|layout|not-found|unauthorized|report|manage)[-.]/.test(path.basename(f.url)));

  // The time depends on the machine's CPU more than on the bytes; say how busy it was.
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`\nLogin screen of ${server.base} (Chromium ${browser.version()}, ${RUNS} cold loads; ${os.cpus().length} CPUs, load average ${load})\n`);
  console.log('  type        encoding  bytes on the wire  file');
  for (const f of [...last.files].sort((a, b) => b.body - a.body)) {
    console.log(`  ${f.type.padEnd(11)} ${f.encoding.padEnd(9)} ${kb(f.body).padStart(17)}  ${f.url}`);
  }
  const okBytes = assetBytes <= BUDGET_BYTES;
  const okMs = median(times) <= BUDGET_MS;
  console.log(`\n  JS + CSS transferred:      ${kb(assetBytes)} in ${assets.length} files  (budget ${kb(BUDGET_BYTES)}) ${okBytes ? 'OK' : 'OVER'}`);
  console.log(`  everything (with headers): ${kb(allBytes)} in ${last.files.length} responses`);
  console.log(
    `  login form visible after:  ${median(times).toFixed(0)} ms median, min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}  (budget ${BUDGET_MS} ms) ${okMs ? 'OK' : 'OVER'}`,
  );
  if (eager.length) console.log(`  screens loaded eagerly: ${eager.map((f) => f.url).join(', ')}`);

  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/web-budget.json'),
    JSON.stringify({ at: new Date().toISOString(), base: server.base, loadavg: os.loadavg(), assetBytes, allBytes, times, files: last.files }, null, 2),
  );
  if (!okBytes || !okMs || eager.length) exitCode = 1;
} finally {
  await browser.close();
  server.stop();
}
process.exit(exitCode);
