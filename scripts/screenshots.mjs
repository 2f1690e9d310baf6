#!/usr/bin/env node
// `npm run screenshots`: build the console, then take the screenshot specs' pictures of every
// screen in both languages, light and dark, desktop and phone, for review by eye (/tmp/shots-*,
// or SHOTS_DIR). They fail when a page scrolls sideways. Not part of `npm test`: a picture nobody
// compares tests nothing; the browser tests' axe and overflow checks cover every route there.
import { spawnSync } from 'node:child_process';
import { ensureBrowser } from './lib/environment.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

ensureBrowser();
ensureWebBuild();
const r = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, SCREENSHOTS: '1' } });
process.exit(r.status ?? 1);
