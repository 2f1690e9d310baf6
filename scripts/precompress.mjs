#!/usr/bin/env node
// Writes <file>.br and <file>.gz beside every text asset of a built folder, at maximum quality,
// so the server can send precompressed bytes without compressing on each request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, extname, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json']);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile() && EXTENSIONS.has(extname(entry.name))) yield path;
  }
}

async function compress(path) {
  const data = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  return { raw: data.length, br: br.length, gz: gzipped.length };
}

const dir = resolve(process.argv[2] ?? 'dist');
if (!(await stat(dir).catch(() => null))?.isDirectory()) {
  console.error(`precompress: ${dir} is not a directory`);
  process.exit(1);
}
let files = 0;
const totals = { raw: 0, br: 0, gz: 0 };
for await (const path of walk(dir)) {
  const sizes = await compress(path);
  files += 1;
  totals.raw += sizes.raw;
  totals.br += sizes.br;
  totals.gz += sizes.gz;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompress: ${files} files in ${dir}: ${kb(totals.raw)} → br ${kb(totals.br)}, gz ${kb(totals.gz)}`);
