#!/usr/bin/env node
// `npm start`: build the web console when its sources are newer than the build, then run the
// server (which migrates and seeds a first start). Environment: PORT, DATABASE_URL.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src']
  .map((p) => path.join(root, p))
  .filter((p) => fs.existsSync(p));
const sourceTime = Math.max(0, ...sources.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)));
const built = fs.existsSync(distIndex) && fs.statSync(distIndex).mtimeMs >= sourceTime;

if (!built && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web console…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The SQLite reader threads (apps/server/src/db/sqlite-readers.ts) allocate and free megabytes per
// report statement. glibc hands a thread's freed memory straight back to the system, and the next
// statement faults it in again: a distinct count measured 61 ms on a reader against 39 ms on the
// main thread. An 8 MB pad kept at the top of each heap removes the difference (4 MB did too). Read by glibc at
// process start, so it is set here, for the server's process; a value already set is kept.
const env = { MALLOC_TOP_PAD_: String(8 * 1024 * 1024), ...process.env };
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
