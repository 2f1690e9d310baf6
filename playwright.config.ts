import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/lib/environment.mjs';
import { ensureWebBuild } from './scripts/lib/web-build.mjs';

/**
 * Browser tests drive Debian's Chromium against the real server and the built console. Each run
 * gets its own port and a fresh SQLite file, so it never touches ./data or a running instance.
 * The values live in the environment because Playwright loads this file again in every worker.
 */
function freePort(): string {
  return execFileSync(
    process.execPath,
    ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
    { encoding: 'utf8' },
  ).trim();
}

/**
 * One server and one database per worker: the specs create accounts, change settings and ingest
 * bets, so each worker gets a world of its own and two workers never race on shared rows. Two
 * workers fit the two cores the tests run on; E2E_WORKERS overrides.
 */
// Once, in the main process, before the servers start: they serve what is built.
if (!process.env.E2E_RUN) ensureWebBuild();
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
process.env.E2E_RUN ??= `${process.pid}-${Date.now()}`;
process.env.E2E_PORTS ??= Array.from({ length: WORKERS }, () => freePort()).join(',');
const ports = process.env.E2E_PORTS.split(',');
process.env.E2E_URLS = ports.map((port) => `http://127.0.0.1:${port}`).join(',');
const baseURL = `http://127.0.0.1:${ports[0]}`;
/** The screenshot specs write pictures for review by eye: `npm run screenshots`, not `npm test`. */
const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const CHROMIUM = chromiumPath();

export default defineConfig({
  testDir: 'e2e',
  // Overridable so two runs on one checkout do not clean each other's traces.
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  // Files spread over the workers; the tests of one file run in order on its worker's server.
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: !!process.env.CI,
  // A test that passes only on a second try is a failing test.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    // The console drops its transitions for a person who asks for less motion: the same screens,
    // without animations for every step to wait out and the CPU to draw. shell.spec.ts checks the
    // console with its motion on.
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Shanghai',
    // A trace records every action's DOM and screen and doubles the CPU a test costs; E2E_TRACE=1
    // keeps one for each failing test (npx playwright show-trace).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Never a browser of Playwright's own: Debian's Chromium, as its headless shell (the same
      // Blink, without the browser around it, and lighter on the CPU) when it is installed.
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    SCREENSHOTS
      ? { name: 'screenshots', testMatch: /screenshots.*\.spec\.ts$/, use: { ...devices['Desktop Chrome'] } }
      : { name: 'chromium', testIgnore: /screenshots.*\.spec\.ts$/, use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: ports.map((port, i) => ({
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // The first start may build the console before it listens.
    timeout: 240_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(os.tmpdir(), `e2e-${process.env.E2E_RUN}-${i}.db`)}`,
      DATA_DIR: path.join(os.tmpdir(), `e2e-data-${process.env.E2E_RUN}-${i}`),
      EXPORT_DIR: path.join(os.tmpdir(), `e2e-exports-${process.env.E2E_RUN}-${i}`),
      LOG_LEVEL: 'warn',
      // Enough play for screens with figures, small enough that every run starts quickly.
      DEMO_BETS: process.env.DEMO_BETS ?? '20000',
      // The console is built before the browser tests start; two servers must not build it at once.
      SKIP_WEB_BUILD: '1',
    },
  })),
});
