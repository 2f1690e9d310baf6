/**
 * How each report call's p95 grows with the data: reads the files `reports.ts --json` wrote (one
 * per database and size) and prints a Markdown table, a column per file in the order given, and
 * for each database the growth of p95 from its smallest to its largest copy beside the growth of
 * the bets.
 *
 *   npx tsx bench/curve.ts /tmp/r-sqlite-1m.json /tmp/r-sqlite-3m.json … /tmp/r-postgres-10m.json
 */
import fs from 'node:fs';

interface Run {
  dialect: string;
  bets: number;
  load: number;
  calls: Array<{ path: string; p50: number; p95: number }>;
}

const runs: Run[] = process.argv.slice(2).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as Run);
if (runs.length === 0) throw new Error('usage: curve.ts <reports.ts --json file>…');
const label = (r: Run) => `${r.dialect === 'postgres' ? 'PG' : 'SQLite'} ${(r.bets / 1e6).toFixed(1)} M`;
const dialects = [...new Set(runs.map((r) => r.dialect))];
const growth = dialects.map((d) => {
  const own = runs.filter((r) => r.dialect === d).sort((a, b) => a.bets - b.bets);
  return { d, small: own[0]!, large: own[own.length - 1]! };
});
const head = ['report call', ...runs.map(label), ...growth.map((g) => `${g.d === 'postgres' ? 'PG' : 'SQLite'} growth (bets ×${(g.large.bets / g.small.bets).toFixed(1)})`)];
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---').join('|')}|`);
for (const { path } of runs[0]!.calls) {
  const p95 = (r: Run) => r.calls.find((c) => c.path === path)?.p95;
  const cells = runs.map((r) => p95(r)?.toFixed(1) ?? '–');
  const grew = growth.map((g) => {
    const [a, b] = [p95(g.small), p95(g.large)];
    return a && b ? `×${(b / a).toFixed(1)}` : '–';
  });
  console.log(`| ${[path.replace(/^.*report\//, ''), ...cells, ...grew].join(' | ')} |`);
}
console.log(`\nload average at the start of each run: ${runs.map((r) => `${label(r)} ${r.load.toFixed(1)}`).join(', ')}`);
