/**
 * Load: operators reading reports and lists while a game server posts bets, through the real
 * server started as its own process (as `npm start` runs it) on a fresh database of either kind.
 *
 *   npx tsx bench/load.ts [--db sqlite|postgres|both] [--operators 20] [--think-ms 3000] [--rate 5000,max]
 *                         [--seconds 60] [--idle-seconds 30] [--seed-bets 300000] [--probe-ms 150] [--json FILE]
 *
 * The server generates its demo platform on first start (`DEMO_BETS` = --seed-bets: 60 days,
 * 5,000 players, every bet through the ingest). The benchmark then, through the API only, makes an
 * ingest key and `--operators` operator accounts holding the report, bill, player and log
 * permissions, logs each in once and gives 5,000 players a deposit so no bet is refused. Phases,
 * each timed on its own:
 *
 * - idle: the ingest flat out, no operators, for --idle-seconds: the rate the others compare with;
 * - one phase per value of --rate (bets per second, paced; `max` for flat out; 0 for none): the operators
 *   call, each in turn, agent daily over 31 days, agent summary over 90 days, player summary over
 *   31 days, game daily over 31 days, platform summary over 365 days, currency daily over 31 days,
 *   the bill list, the player list and the log list (page 1 of 20), with --think-ms between a
 *   call's answer and the next call (started at random within the first think time); the game
 *   server posts batches of 500 settled bets of the current time, one at a time, each due at
 *   its place in the rate's schedule (late batches are posted at once until it catches up).
 *
 * In every phase `GET /healthz` and the light call `user/info` are each made every --probe-ms, on
 * a timer (not after the previous answer: a stall shows in every probe it delays). Printed per
 * phase: p50/p95/p99/max and errors per kind, the bets stored per second, the CPU of the host,
 * the server process and this process (which shares the host: it builds the batches and makes
 * every call), and the goals of issue 35 met or not.
 *
 * PostgreSQL: DATABASE_URL_TEST_PG (default postgres://postgres@127.0.0.1:5432/test) must allow
 * CREATE DATABASE; the benchmark database is dropped afterwards, as the SQLite file is deleted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatMoney, type ingest } from '@console/contract';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/index.ts';
import { clientPasswordHash } from '../apps/server/src/lib/passwords.ts';
import { prng } from '../apps/server/src/modules/demo/generator.ts';
import { adminQuery, isPgReachable, PG_ADMIN_URL } from '../apps/server/test/temp-database.ts';
import { HEAP_PAD_ENV } from '../scripts/lib/heap-pad.mjs';
import { quantile } from './stats.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    operators: { type: 'string', default: '20' },
    'think-ms': { type: 'string', default: '3000' },
    rate: { type: 'string', default: '5000,max' },
    seconds: { type: 'string', default: '60' },
    'idle-seconds': { type: 'string', default: '30' },
    'seed-bets': { type: 'string', default: '300000' },
    'probe-ms': { type: 'string', default: '150' },
    json: { type: 'string' },
  },
});
const OPERATORS = Number(values.operators);
const THINK_MS = Number(values['think-ms']);
const RATES = values.rate.split(',').map((r) => (r.trim() === 'max' ? 'max' : Number(r))) as Array<number | 'max'>;
const SECONDS = Number(values.seconds);
const IDLE_SECONDS = Number(values['idle-seconds']);
const SEED_BETS = Number(values['seed-bets']);
const PROBE_MS = Number(values['probe-ms']);
const BATCH = 500;
const FUNDED_PLAYERS = 5000;
for (const r of RATES) if (r !== 'max' && !(r >= 0)) throw new Error(`--rate: bets per second (0: no ingest) or "max", got ${values.rate}`);
const DBS: Array<'sqlite' | 'postgres'> | null = values.db === 'both' ? ['sqlite', 'postgres'] : values.db === 'sqlite' || values.db === 'postgres' ? [values.db] : null;
if (!DBS) throw new Error(`--db must be sqlite, postgres or both, got ${values.db}`);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUN_ID = Date.now().toString(36);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// ------------------------------------------------------------------------------------------------
// What the operators call: the report screens' ranges end today (GMT+8, the demo's zone).

const localDay = (offsetDays: number) => new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const range = (days: number) => ({ start_date: localDay(-(days - 1)), end_date: localDay(0), time_zone_id: 1, page: 1, page_size: 20 });
const OPERATOR_CALLS: Array<{ kind: string; path: string; body: () => object }> = [
  { kind: 'agent daily, 31 d', path: 'agent/report/agent/daily/summary', body: () => range(31) },
  { kind: 'agent summary, 90 d', path: 'agent/report/agent/summary', body: () => range(90) },
  { kind: 'player summary, 31 d', path: 'player/report/player/summary', body: () => range(31) },
  { kind: 'game daily, 31 d', path: 'game/report/game/daily/summary', body: () => range(31) },
  { kind: 'platform summary, 365 d', path: 'platform/report/platform/summary', body: () => range(365) },
  { kind: 'currency daily, 31 d', path: 'currency/report/currency/daily/summary', body: () => range(31) },
  { kind: 'bill list', path: 'bill/list', body: () => ({ page: 1, page_size: 20, agent_id: 0, currency_id: -1, time_zone_id: 1 }) },
  { kind: 'player list', path: 'player/list', body: () => ({ page: 1, page_size: 20 }) },
  { kind: 'log list', path: 'log/list', body: () => ({ page: 1, page_size: 20, time_zone_id: 1 }) },
];
/** The permission codes of those calls (their menu groups are added by the server). */
const OPERATOR_PERMISSIONS = '1401,1402,201,302,401,502,6,801,11';
const REPORTS_AND_LISTS = 'reports + lists';

// ------------------------------------------------------------------------------------------------
// Latencies and errors per kind.

class Recorder {
  readonly ms = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly firstErrors: string[] = [];
  ok(kind: string, ms: number) {
    let xs = this.ms.get(kind);
    if (!xs) this.ms.set(kind, (xs = []));
    xs.push(ms);
  }
  fail(kind: string, message: string) {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    if (this.firstErrors.length < 5) this.firstErrors.push(`${kind}: ${message}`);
  }
  /** Times `call`; an exception or an error answer counts as an error of `kind` (its time is not kept). */
  async time(kind: string, call: () => Promise<void>) {
    const t0 = performance.now();
    try {
      await call();
      this.ok(kind, performance.now() - t0);
    } catch (err) {
      this.fail(kind, err instanceof Error ? err.message : String(err));
    }
  }
}

interface KindFigures { kind: string; calls: number; errors: number; p50: number; p95: number; p99: number; max: number }
function figures(rec: Recorder, kind: string, xs: number[] = rec.ms.get(kind) ?? [], errors = rec.errors.get(kind) ?? 0): KindFigures {
  const q = (p: number) => (xs.length ? quantile(xs, p) : NaN);
  return { kind, calls: xs.length, errors, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: xs.length ? Math.max(...xs) : NaN };
}

// ------------------------------------------------------------------------------------------------
// CPU: the host's from /proc/stat, a process's from /proc/PID/stat (clock ticks of 10 ms).

const hostTicks = () => {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3]! + f[4]!;
  return { busy: f.reduce((a, b) => a + b, 0) - idle, total: f.reduce((a, b) => a + b, 0) };
};
const processSeconds = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** CPU seconds of the PostgreSQL backends serving database `name` (their process titles name it), by pid. */
const backendSeconds = (name: string): Map<number, number> => {
  const out = new Map<number, number>();
  if (!name) return out;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${name} `)) out.set(Number(entry), processSeconds(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
};
/** CPU seconds the backends used between two readings (a backend new since the first counts whole). */
const backendDelta = (a: Map<number, number>, b: Map<number, number>) => [...b].reduce((sum, [pid, s]) => sum + s - (a.get(pid) ?? 0), 0);

// ------------------------------------------------------------------------------------------------
// A fresh database, the server on it, and the API calls the operators and the game server make.

async function freshDatabase(dialect: 'sqlite' | 'postgres', dir: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') return { url: `sqlite:${path.join(dir, 'load.db')}`, name: '', drop: async () => undefined };
  const name = `bench_load_${RUN_ID}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return { url: u.toString(), name, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function startServer(url: string, dir: string, port: number): ChildProcess {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    // glibc's heap pad as npm start sets it (scripts/lib/heap-pad.mjs); the key-encryption key and
    // exports in the temporary folder.
    env: {
      ...HEAP_PAD_ENV, ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '', LOG_LEVEL: 'warn',
      NODE_ENV: 'development', DATA_DIR: dir, EXPORT_DIR: path.join(dir, 'exports'), DEMO_BETS: String(SEED_BETS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.startsWith('[seed]')) console.log(`  server ${line}`);
  });
  return server;
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
}

function api(base: string) {
  async function post<T>(p: string, body: object, token?: string): Promise<T> {
    const res = await fetch(`${base}/v1/operator/${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(token ? { ...body, token } : body) });
    const text = await res.text();
    let j: { error_code: string; error_msg: string; data: T };
    try {
      j = JSON.parse(text) as typeof j;
    } catch {
      throw new Error(`${p}: HTTP ${res.status} ${text.slice(0, 120)}`);
    }
    if (!res.ok || j.error_code !== '0') throw new Error(`${p}: HTTP ${res.status} ${j.error_code} ${j.error_msg}`);
    return j.data;
  }
  const login = async (account: string, password: string) =>
    (await post<{ token: string }>('login', { type: 1, account, password: clientPasswordHash(password), google_code: '', phone: '', message_code: '' })).token;
  return { post, login };
}

// ------------------------------------------------------------------------------------------------

interface PhaseResult {
  phase: string;
  rate: number | 'max';
  operators: number;
  seconds: number;
  betsPerSecond: number;
  batchesBehind: number;
  hostCpu: number;
  serverCores: number;
  /** PostgreSQL's backends for this database (0 for SQLite, which runs in the server). */
  databaseCores: number;
  benchCores: number;
  kinds: KindFigures[];
  firstErrors: string[];
}

async function run(dialect: 'sqlite' | 'postgres') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const database = await freshDatabase(dialect, dir);
  const port = 18000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  // Ctrl-C: the server stopped, the database and the folder removed, then out.
  const onSignal = () => {
    server?.kill('SIGTERM');
    void database.drop().finally(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(130);
    });
  };
  process.once('SIGINT', onSignal);
  try {
    const setup0 = performance.now();
    server = startServer(database.url, dir, port);
    const exited = new Promise<never>((_, reject) => server!.once('exit', (code) => reject(new Error(`the server exited (${code}) before it answered`))));
    for (;;) {
      const up = await Promise.race([
        fetch(`${base}/healthz`).then((r) => r.ok, () => false),
        exited,
      ]);
      if (up) break;
      if (performance.now() - setup0 > 15 * 60_000) throw new Error('the server did not start in 15 minutes');
      await sleep(250);
    }
    exited.catch(() => undefined);
    const seedSeconds = (performance.now() - setup0) / 1000;
    const { post, login } = api(base);
    const adminToken = await login(DEMO_ADMIN.account, DEMO_ADMIN.password);

    // Operators: made and logged in once each through the API.
    const tokens: string[] = [];
    for (let i = 0; i < OPERATORS; i++) {
      const account = `load_op${String(i + 1).padStart(2, '0')}_${RUN_ID}`.slice(0, 32);
      await post('user/add', { account, name: `Load operator ${i + 1}`, password: clientPasswordHash('load-bench-1'), permissions: OPERATOR_PERMISSIONS }, adminToken);
      tokens.push(await login(account, 'load-bench-1'));
    }
    const lightToken = await login(DEMO_ADMIN.account, DEMO_ADMIN.password);

    // The game server: an ingest key, the players and games to bet with, a deposit each.
    const key = await post<{ app_id: string; secret: string }>('key/add', { agent_id: 0, type: 'ingest', remark: 'load bench' }, adminToken);
    const ingestHeaders = { 'content-type': 'application/json', authorization: `Bearer ${key.app_id}:${key.secret}` };
    const postIngest = async (what: 'bets' | 'transfers', records: object[]) => {
      const res = await fetch(`${base}/v1/ingest/${what}`, { method: 'POST', headers: ingestHeaders, body: JSON.stringify({ [what]: records }) });
      const j = (await res.json()) as { error_code?: string; error_msg?: string; data?: { accepted: number; duplicates: number } };
      if (!res.ok || j.error_code !== '0') throw new Error(`ingest/${what}: HTTP ${res.status} ${j.error_code} ${j.error_msg} ${JSON.stringify(j.data)}`);
      return j.data!;
    };
    const players: Array<{ account: string; agent_code: string; currency_code: string }> = [];
    for (let page = 1; players.length < FUNDED_PLAYERS; page++) {
      const got = await post<{ list: Array<{ account: string; agent_code: string; currency_code: string }> }>('player/list', { page, page_size: 500, sort_field: 'id', sort_order: 'ascend' }, adminToken);
      players.push(...got.list.map((p) => ({ account: p.account, agent_code: p.agent_code, currency_code: p.currency_code })));
      if (got.list.length < 500) break;
    }
    const games = (await post<{ list: Array<{ code: string }> }>('game/list', {}, adminToken)).list.map((g) => g.code);
    const now = new Date().toISOString();
    for (let i = 0; i < players.length; i += BATCH) {
      await postIngest(
        'transfers',
        players.slice(i, i + BATCH).map((p, j) => ({ order_id: `load-fund-${RUN_ID}-${i + j}`, agent_code: p.agent_code, player_account: p.account, currency_code: p.currency_code, direction: 'in', amount: '100000000', time: now })),
      );
    }

    const rng = prng(35);
    let seq = 0;
    /** 500 settled bets of the current time on random players, as a game server sends them. */
    const makeBatch = (): string => {
      const t = Date.now();
      const bets: ingest.IngestBet[] = Array.from({ length: BATCH }, () => {
        const p = players[Math.floor(rng.next() * players.length)]!;
        const stake = BigInt(rng.int(1, 200)) * 10_000n;
        const won = rng.next() < 0.4;
        seq++;
        return {
          bet_id: `load-${RUN_ID}-${String(seq).padStart(10, '0')}`, round_id: `r-${seq}`, agent_code: p.agent_code, player_account: p.account,
          game_code: games[seq % games.length]!, currency_code: p.currency_code, bet_amount: formatMoney(stake), valid_bet_amount: formatMoney(stake),
          payout_amount: won ? formatMoney((stake * 24n) / 10n) : '0', tax_amount: '0', bonus_amount: '0', jackpot_contribution: formatMoney(stake / 100n),
          bet_time: new Date(t - 3000 - Math.floor(rng.next() * 2000)).toISOString(), settle_time: new Date(t - Math.floor(rng.next() * 1000)).toISOString(), device: 'h5',
        };
      });
      return JSON.stringify({ bets });
    };

    // Warm-up, not counted: every operator call once, a few batches.
    for (const c of OPERATOR_CALLS) await post(c.path, c.body(), tokens[0]);
    for (let i = 0; i < 4; i++) await postIngest('bets', (JSON.parse(makeBatch()) as { bets: object[] }).bets);

    async function phase(name: string, rate: number | 'max', operators: number, seconds: number): Promise<PhaseResult> {
      const rec = new Recorder();
      const t0 = performance.now();
      const end = t0 + seconds * 1000;
      const host0 = hostTicks();
      const server0 = processSeconds(server!.pid!);
      const backends0 = backendSeconds(database.name);
      const bench0 = process.cpuUsage();

      // The game server: one batch at a time, paced to the rate's schedule or flat out.
      let accepted = 0;
      let lastDone = t0;
      let behind = 0;
      const ingestLoop = (async () => {
        if (rate === 0) return;
        const interval = rate === 'max' ? 0 : (BATCH * 1000) / rate;
        let due = t0;
        for (;;) {
          if (interval) await sleep(due - performance.now());
          if (performance.now() >= end) break;
          due += interval;
          const body = makeBatch();
          const s = performance.now();
          try {
            const res = await fetch(`${base}/v1/ingest/bets`, { method: 'POST', headers: ingestHeaders, body });
            const j = (await res.json()) as { error_code?: string; error_msg?: string; data?: { accepted: number } };
            if (!res.ok || j.error_code !== '0') throw new Error(`HTTP ${res.status} ${j.error_code} ${j.error_msg}`);
            accepted += j.data!.accepted;
            rec.ok('ingest batch (500)', performance.now() - s);
          } catch (err) {
            rec.fail('ingest batch (500)', err instanceof Error ? err.message : String(err));
          }
          lastDone = performance.now();
        }
        if (interval) behind = Math.max(0, Math.floor((Math.min(lastDone, end) - due) / interval));
      })();

      // The operators: each in turn through the calls, thinking between them.
      const operatorLoops = tokens.slice(0, operators).map(async (token, i) => {
        await sleep(rng.next() * THINK_MS);
        for (let n = i; performance.now() < end; n++) {
          const c = OPERATOR_CALLS[n % OPERATOR_CALLS.length]!;
          await rec.time(c.kind, async () => {
            await post(c.path, c.body(), token);
          });
          await sleep(Math.min(THINK_MS, end - performance.now()));
        }
      });

      // Probes on a timer: healthz and a light call, each every PROBE_MS.
      const probes: Promise<void>[] = [];
      const timer = setInterval(() => {
        if (performance.now() >= end) return;
        probes.push(
          rec.time('healthz', async () => {
            const res = await fetch(`${base}/healthz`);
            await res.arrayBuffer();
            if (!res.ok) throw new Error(`HTTP ${res.status}`);
          }),
          rec.time('user/info (light)', async () => {
            await post('user/info', {}, lightToken);
          }),
        );
      }, PROBE_MS);

      await Promise.all([ingestLoop, ...operatorLoops]);
      clearInterval(timer);
      await Promise.all(probes);
      const host1 = hostTicks();
      const bench = process.cpuUsage(bench0);
      const wall = (performance.now() - t0) / 1000;
      // Until the phase's end, or the last batch's answer if that came later (flat out).
      const ingestSeconds = (Math.max(lastDone, end) - t0) / 1000;

      const reportKinds = OPERATOR_CALLS.map((c) => c.kind).filter((k) => rec.ms.has(k) || rec.errors.has(k));
      const kinds = [
        ...reportKinds.map((k) => figures(rec, k)),
        ...(reportKinds.length
          ? [figures(rec, REPORTS_AND_LISTS, reportKinds.flatMap((k) => rec.ms.get(k) ?? []), reportKinds.reduce((a, k) => a + (rec.errors.get(k) ?? 0), 0))]
          : []),
        figures(rec, 'ingest batch (500)'),
        figures(rec, 'healthz'),
        figures(rec, 'user/info (light)'),
      ];
      return {
        phase: name, rate, operators, seconds: wall, betsPerSecond: accepted / ingestSeconds, batchesBehind: behind,
        hostCpu: (host1.busy - host0.busy) / (host1.total - host0.total),
        serverCores: (processSeconds(server!.pid!) - server0) / wall, databaseCores: backendDelta(backends0, backendSeconds(database.name)) / wall, benchCores: (bench.user + bench.system) / 1e6 / wall,
        kinds, firstErrors: rec.firstErrors,
      };
    }

    const results: PhaseResult[] = [];
    const printPhase = (r: PhaseResult) => {
      const what = r.rate === 'max' ? 'flat out' : r.rate === 0 ? 'none' : `${r.rate.toLocaleString('en')} bets/s`;
      console.log(
        `\n${dialect} ${r.phase}: ingest ${what}, ${r.operators} operators, ${r.seconds.toFixed(1)} s: ${Math.round(r.betsPerSecond).toLocaleString('en')} bets/s stored` +
          `${r.rate === 'max' || r.rate === 0 ? '' : `, ${r.batchesBehind} batches behind schedule at the end`}; CPU: host ${(100 * r.hostCpu).toFixed(0)} % of ${os.cpus().length} cores, server ${r.serverCores.toFixed(2)} cores${dialect === 'postgres' ? `, its PostgreSQL backends ${r.databaseCores.toFixed(2)} cores` : ''}, this process ${r.benchCores.toFixed(2)} cores`,
      );
      console.log(`  ${'kind'.padEnd(26)} ${'calls'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'errors'.padStart(7)}`);
      const f = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1)).padStart(8);
      for (const k of r.kinds) console.log(`  ${k.kind.padEnd(26)} ${String(k.calls).padStart(6)} ${f(k.p50)} ${f(k.p95)} ${f(k.p99)} ${f(k.max)} ${String(k.errors).padStart(7)}`);
      for (const e of r.firstErrors) console.log(`  error: ${e}`);
    };
    console.log(`\n${dialect}: server up with its demo platform in ${seedSeconds.toFixed(0)} s; ${OPERATORS} operators logged in, ${players.length.toLocaleString('en')} players funded; load average ${os.loadavg()[0]!.toFixed(2)}`);
    let idle: PhaseResult | undefined;
    if (IDLE_SECONDS > 0) {
      idle = await phase('idle', 'max', 0, IDLE_SECONDS);
      printPhase(idle);
      results.push(idle);
    }
    for (const rate of RATES) {
      const r = await phase(rate === 'max' ? 'flat out' : rate === 0 ? 'no ingest' : `rate ${rate}`, rate, OPERATORS, SECONDS);
      printPhase(r);
      results.push(r);
    }

    // The goals of issue 35, read off the phases.
    console.log(`\n${dialect} goals (${OPERATORS} operators, think ${THINK_MS} ms):`);
    const kind = (r: PhaseResult, k: string) => r.kinds.find((x) => x.kind === k)!;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    for (const r of results.filter((x) => x.phase !== 'idle')) {
      const rl = kind(r, REPORTS_AND_LISTS);
      const h = kind(r, 'healthz');
      const l = kind(r, 'user/info (light)');
      const label = r.rate === 'max' ? 'flat out' : r.rate === 0 ? 'no ingest' : `at ${r.rate.toLocaleString('en')} bets/s`;
      console.log(`  ${label}: reports + lists p95 ${rl.p95.toFixed(0)} ≤ 300 ms and p99 ${rl.p99.toFixed(0)} ≤ 600 ms: ${verdict(rl.p95 <= 300 && rl.p99 <= 600 && rl.errors === 0)}`);
      console.log(`  ${label}: healthz p95 ${h.p95.toFixed(1)} and user/info p95 ${l.p95.toFixed(1)} ≤ 20 ms: ${verdict(h.p95 <= 20 && l.p95 <= 20)}`);
      if (r.rate === 0) continue;
      if (r.rate !== 'max') console.log(`  ${label}: the ingest keeps its rate (≥ 98 %): ${Math.round(r.betsPerSecond).toLocaleString('en')} bets/s, ${verdict(r.betsPerSecond >= 0.98 * r.rate)}`);
      else if (idle) console.log(`  ${label}: ≥ 80 % of the idle rate ${Math.round(idle.betsPerSecond).toLocaleString('en')}: ${Math.round(r.betsPerSecond).toLocaleString('en')} bets/s, ${((100 * r.betsPerSecond) / idle.betsPerSecond).toFixed(0)} %, ${verdict(r.betsPerSecond >= 0.8 * idle.betsPerSecond)}`);
    }
    return { dialect, seedSeconds, results };
  } finally {
    process.off('SIGINT', onSignal);
    if (server) await stopServer(server);
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Load benchmark: the server as its own process, a demo database of ${SEED_BETS.toLocaleString('en')} bets (60 days, 5,000 players), ${OPERATORS} operators ` +
    `(think ${THINK_MS} ms), batches of ${BATCH}, phases of ${SECONDS} s (idle ${IDLE_SECONDS} s), probes every ${PROBE_MS} ms; ${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`,
);
const all = [];
for (const dialect of DBS) {
  if (dialect === 'postgres' && !(await isPgReachable())) {
    console.log(`postgres: skipped, ${PG_ADMIN_URL} not reachable`);
    continue;
  }
  all.push(await run(dialect));
}
if (values.json) fs.writeFileSync(values.json, JSON.stringify({ at: new Date().toISOString(), host: os.hostname(), cpus: os.cpus().length, loadavg: os.loadavg(), runs: all }, null, 2));
