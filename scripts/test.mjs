#!/usr/bin/env node
// `npm test`: every test of the product, in the order that fails fastest.
//   1. what browser tests need (Debian chromium + fonts-noto-cjk), installed when missing
//   2. a reachable PostgreSQL (started when it is local and down); required when CI=true
//   3. type checks and lint
//   4. unit + server integration tests (vitest; the server suites run on SQLite and PostgreSQL)
//   5. the web console build and the Playwright browser tests against the real server
// It ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
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

function finish(ok) {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

ensureBrowser();
await ensurePostgres({ required: env.REQUIRE_PG === '1' });

for (const [title, args] of [
  ['type check: contract', ['-p', 'packages/contract']],
  ['type check: server', ['-p', 'apps/server']],
  ['type check: web', ['-p', 'apps/web']],
]) {
  if (!run(title, 'npx', ['tsc', ...args])) {
    failed++;
    finish(false);
  }
}
if (!run('lint (including one-way imports)', 'npx', ['eslint', '.'])) {
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

if (!run('build the web console', 'npm', ['run', 'build', '-w', 'apps/web'])) {
  failed++;
  finish(false);
}
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
