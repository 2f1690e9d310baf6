import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

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

process.env.E2E_PORT ??= freePort();
process.env.E2E_DB ??= path.join(os.tmpdir(), `e2e-${process.pid}-${Date.now()}.db`);
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // Overridable so two runs on one checkout do not clean each other's traces.
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  // One server and one database: the specs create accounts, so they run one after another.
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Never a browser of Playwright's own: the system Chromium from apt.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // The first start may build the console before it listens.
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${process.env.E2E_DB}`,
      EXPORT_DIR: path.join(os.tmpdir(), `e2e-exports-${port}`),
      LOG_LEVEL: 'warn',
      // Enough play for screens with figures, small enough that every run starts quickly.
      DEMO_BETS: process.env.DEMO_BETS ?? '20000',
    },
  },
});
