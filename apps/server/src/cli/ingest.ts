/**
 * `npm run ingest -- FILE.ndjson [--batch 1000]`: loads bets and transfers from a file into the
 * database of DATABASE_URL through the same service as POST /v1/ingest/* (see
 * modules/ingest/file.ts for the file format). Prints progress and totals; a rejected batch stops
 * the run with its line number and exit code 1 (earlier batches stay stored; running the file
 * again is safe, stored records count as duplicates).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrations/index.ts';
import { FileIngestError, ingestFile, type FileTotals } from '../modules/ingest/public.ts';

const n = (v: number) => v.toLocaleString('en');

async function main() {
  // npm runs workspace scripts inside apps/server; relative paths (the file, sqlite:./data/…)
  // mean the directory the command was typed in.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { batch: { type: 'string', default: '1000' } } });
  const file = positionals[0];
  if (!file) throw new Error('usage: npm run ingest -- FILE.ndjson [--batch 1000]');
  const database = openDatabase(loadConfig().databaseUrl);
  const started = Date.now();
  let lastReport = started;
  const summary = (t: FileTotals) =>
    `bets ${n(t.bets.accepted)} stored, ${n(t.bets.duplicates)} duplicates; transfers ${n(t.transfers.accepted)} stored, ${n(t.transfers.duplicates)} duplicates`;
  try {
    await migrateToLatest(database);
    const totals = await ingestFile(database, file, {
      batchSize: Number(values.batch) || 1000,
      onProgress(t) {
        if (Date.now() - lastReport < 2000) return;
        lastReport = Date.now();
        const s = (Date.now() - started) / 1000;
        console.log(`… line ${n(t.lines)}: ${summary(t)} (${n(Math.round(t.bets.accepted / s))} bets/s)`);
      },
    });
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s, ${n(totals.lines)} lines: ${summary(totals)}.`);
  } catch (err) {
    if (err instanceof FileIngestError) {
      console.error(err.message);
      console.error(`Stored before it: ${summary(err.totals)}.`);
      process.exitCode = 1;
      return;
    }
    throw err;
  } finally {
    await database.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
