#!/usr/bin/env node
// `npm test`: every test of the product, in the order that fails fastest.
//   1. what browser tests need (Debian chromium-headless-shell + fonts-noto-cjk), installed when missing
//   2. a reachable PostgreSQL (started when it is local and down); required when CI=true
//   3. type checks, lint and the web console build, two at a time (the machine has two cores), and
//      beside them the report replica behind a load balancer, with real parts
//      (scripts/replica-test.mjs: a streaming replica of the local cluster, two servers, HAProxy;
//      haproxy installed when missing)
//   4. unit + server integration tests (vitest; the server suites run on SQLite and PostgreSQL)
//   5. the Playwright browser tests against the real server and the built console
// It ends with one line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBrowser, ensurePostgres } from './lib/environment.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const env = { ...process.env, REQUIRE_PG: ci || process.env.REQUIRE_PG === '1' ? '1' : '' };
let passed = 0;
let failed = 0;

function run(title, cmd, args, opts = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env, ...opts });
  console.log(`--- ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

/** Runs `cmd` with its output held back, then prints it in one piece: parallel steps stay readable. */
function runQuietly(title, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('close', (code) => {
      console.log(`\n=== ${title} ===`);
      process.stdout.write(Buffer.concat(out));
      console.log(`--- ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

/** Runs each lane's steps in order, the lanes side by side; true when every step passed. */
async function lanes(...steps) {
  const results = await Promise.all(
    steps.map(async (lane) => {
      let ok = true;
      for (const [title, cmd, args] of lane) if (ok) ok = await runQuietly(title, cmd, args);
      return ok;
    }),
  );
  return results.every(Boolean);
}

function finish(ok) {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

ensureBrowser();
await ensurePostgres({ required: env.REQUIRE_PG === '1' });

// Type checks, lint and the console build need no database and fail fastest; tsc and eslint use one
// core each, so two lanes keep both cores busy. The replica test (10–30 s) runs beside them: it
// spends most of its time installing haproxy, copying the cluster and waiting for its servers, and
// it copies the cluster before the vitest suites fill it with their databases. It skips itself only
// when PostgreSQL is not local and CI is not set.
const started = Date.now();
const replica = runQuietly('report replica behind a load balancer (PostgreSQL streaming replica, two servers, HAProxy)', process.execPath, ['scripts/replica-test.mjs']);
const checked = await lanes(
  [
    ['type check: server', 'npx', ['tsc', '-p', 'apps/server']],
    ['lint (including one-way imports)', 'npx', ['eslint', '.']],
  ],
  [
    ['type check: contract', 'npx', ['tsc', '-p', 'packages/contract']],
    ['type check: web', 'npx', ['tsc', '-p', 'apps/web']],
    ['build the web console', 'npm', ['run', 'build', '-w', 'apps/web']],
  ],
);
console.log(`--- checks and build: ${checked ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (await replica) passed++;
else failed++;
if (!checked) {
  failed++;
  finish(false);
}

// Unit and integration tests; the JSON report tells how many PostgreSQL tests ran.
const report = path.join(os.tmpdir(), `vitest-${process.pid}.json`);
const unitOk = run('unit and server integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  const pgPassed = json.testResults
    .flatMap((f) => f.assertionResults)
    .filter((a) => a.status === 'passed' && a.fullName.includes('[postgres]')).length;
  console.log(`PostgreSQL tests passed: ${pgPassed}`);
  if (env.REQUIRE_PG === '1' && pgPassed === 0) {
    console.error('The PostgreSQL suite did not run: failing, since PostgreSQL is required here.');
    failed++;
  }
  fs.rmSync(report, { force: true });
} else if (!unitOk) failed++;
if (!unitOk && failed === 0) failed++;

const e2eReport = path.join(os.tmpdir(), `playwright-${process.pid}.json`);
const e2eOk = run('browser tests (Playwright, Debian Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
});
if (fs.existsSync(e2eReport)) {
  const stats = JSON.parse(fs.readFileSync(e2eReport, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  fs.rmSync(e2eReport, { force: true });
} else if (!e2eOk) failed++;
if (!e2eOk && failed === 0) failed++;
finish(unitOk && e2eOk);
