#!/usr/bin/env node
// `npm run test:e2e`: build the console, then run the Playwright browser tests in Debian Chromium.
import { spawnSync } from 'node:child_process';
import { ensureBrowser } from './lib/environment.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

ensureBrowser();
ensureWebBuild();
const r = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
