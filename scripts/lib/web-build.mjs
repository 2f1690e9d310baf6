// The web console's build, made when its sources are newer than it (`npm start`, the browser tests).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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

/** Whether apps/web/dist is at least as new as every source it is built from. */
export function webBuildIsFresh() {
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src']
    .map((p) => path.join(root, p))
    .filter((p) => fs.existsSync(p));
  const sourceTime = Math.max(0, ...sources.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)));
  return fs.existsSync(distIndex) && fs.statSync(distIndex).mtimeMs >= sourceTime;
}

/** Builds the console when it is missing or older than its sources; exits the process when the build fails. */
export function ensureWebBuild() {
  if (webBuildIsFresh()) return;
  console.log('Building the web console…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
