// What the tests need from the machine, made present when missing: Debian's chromium (its headless shell) and the
// CJK fonts (without them every Chinese character renders as a box), and the local PostgreSQL.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The browser the tests drive: CHROMIUM_PATH, or Debian's chromium-headless-shell (Blink without
 * the browser around it: a browser test costs a tenth less CPU than in the full chromium), or
 * Debian's chromium.
 */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';
}

function hasPackage(name) {
  return spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout.includes('install ok installed');
}

export function ensureBrowser() {
  const missing = [];
  if (process.env.CHROMIUM_PATH ? !fs.existsSync(process.env.CHROMIUM_PATH) : !hasPackage('chromium-headless-shell')) missing.push('chromium-headless-shell');
  if (!hasPackage('fonts-noto-cjk')) missing.push('fonts-noto-cjk');
  if (!missing.length) return;
  console.log(`Installing ${missing.join(' and ')} from Debian's packages for the browser tests…`);
  const asRoot = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${asRoot}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${asRoot}apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
}

export const PG_TEST_URL = process.env.DATABASE_URL_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/test';

async function pgReachable() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_TEST_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts the local cluster when it is down (a machine of this kind has one); required → throw. */
export async function ensurePostgres({ required }) {
  if (await pgReachable()) return true;
  const url = new URL(PG_TEST_URL);
  if (['127.0.0.1', 'localhost'].includes(url.hostname) && fs.existsSync('/etc/postgresql')) {
    const version = fs.readdirSync('/etc/postgresql')[0];
    console.log(`PostgreSQL is not answering; starting the local cluster ${version}/main…`);
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
    for (let i = 0; i < 20 && !(await pgReachable()); i++) await new Promise((r) => setTimeout(r, 500));
    if (await pgReachable()) return true;
  }
  if (required) throw new Error(`PostgreSQL is required for the tests but ${PG_TEST_URL} cannot be reached`);
  console.warn(`PostgreSQL at ${PG_TEST_URL} cannot be reached: its suites are skipped (CI fails instead).`);
  return false;
}

/** HAProxy for the replica test's load balancer (scripts/replica-test.mjs), from Debian's packages when missing. */
export function ensureHaproxy() {
  if (spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).status === 0) return;
  console.log("Installing haproxy from Debian's packages for the replica test…");
  const asRoot = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${asRoot}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${asRoot}apt-get install -y -qq --no-install-recommends haproxy`, { stdio: 'inherit' });
}
