#!/usr/bin/env node
// The report replica and a second server, measured (docs/adr/0017): on one fresh PostgreSQL
// database with a throw-away streaming replica of the local cluster (as scripts/replica-test.mjs
// makes it), real servers as their own processes, bets posted through HTTP to /v1/ingest/bets with
// an ingest key in batches of --batch, over --players funded players.
//
//   node bench/replica.mjs [--seed 200000] [--players 3000] [--batch 1000] [--ingest-bets 60000] [--duration 35] [--rounds 2]
//
// 1. Ingest: one server against two servers on the same primary (HAProxy round robin in front of
//    both), 2 batches in flight either way, the same --ingest-bets each, the setups alternated
//    --rounds times.
// 2. Reports while ingesting: one server, the ingest running flat out through it (2 in flight), and
//    meanwhile a loop of report calls over the 31 days holding the bets (agent summary, agent daily,
//    platform summary, player summary, currency daily) timed for --duration s: on a server without
//    REPLICA_DATABASE_URL (the reports read the primary) and on one with it (the reports read the
//    replica), alternated --rounds times. p50/p95 per setup and the bets/s meanwhile. The replica
//    runs with hot_standby_feedback = on, as docs/deployment.md advises (--standby-feedback off:
//    replay conflicts then cancel report statements; the failed calls are counted).
// First --seed bets are stored through the ingest (not timed). Everything it starts (the replica,
// the servers, HAProxy, the database, temp folders) is stopped and removed at the end, also on failure.
// Runs as root beside a local PostgreSQL cluster (DATABASE_URL_TEST_PG, default
// postgres://postgres@127.0.0.1:5432/test) whose pg_hba.conf allows replication from 127.0.0.1.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureHaproxy, ensurePostgres, PG_TEST_URL } from '../scripts/lib/environment.mjs';
import { HEAP_PAD_ENV } from '../scripts/lib/heap-pad.mjs';
import { freePort, haproxyConfigText, primaryUrl, query, realParts, urlWithDb } from '../scripts/lib/real-parts.mjs';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '200000' },
    players: { type: 'string', default: '3000' },
    batch: { type: 'string', default: '1000' },
    'ingest-bets': { type: 'string', default: '60000' },
    duration: { type: 'string', default: '35' },
    rounds: { type: 'string', default: '2' },
    'standby-feedback': { type: 'string', default: 'on' },
  },
});
const SEED = Number(values.seed);
const PLAYERS = Number(values.players);
const BATCH = Number(values.batch);
const INGEST_BETS = Number(values['ingest-bets']);
const DURATION_MS = Number(values.duration) * 1000;
const ROUNDS = Number(values.rounds);
const IN_FLIGHT = 2;
/** The replica's hot_standby_feedback (docs/deployment.md): off, replay conflicts cancel report statements. */
const FEEDBACK = values['standby-feedback'] === 'off' ? 'off' : 'on';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { log, atEnd, startReplica, startProcess, waitHealthy, run } = realParts('replica-bench');
if (!['127.0.0.1', 'localhost'].includes(primaryUrl.hostname) || !fs.existsSync('/etc/postgresql') || process.getuid?.() !== 0) {
  console.error(`The replica benchmark runs as root beside a local PostgreSQL cluster (it copies it with pg_basebackup); ${PG_TEST_URL}.`);
  process.exit(1);
}

/** Nearest-rank quantile, as bench/stats.ts. */
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
};
const md5 = (s) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();
const fmt = (n) => Math.round(n).toLocaleString('en');
const DAY = 86_400_000;

async function main() {
  await ensurePostgres({ required: true });
  ensureHaproxy();
  const adminUrl = urlWithDb('postgres');
  const dbName = `replica_bench_${process.pid}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replica-bench-'));
  atEnd(() => fs.rmSync(dir, { recursive: true, force: true }));
  const [{ count: hbaOk }] = await query(adminUrl, "SELECT count(*)::int AS count FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND address = '127.0.0.1'");
  if (!hbaOk) throw new Error('pg_hba.conf does not allow replication from 127.0.0.1 (scripts/replica-test.mjs adds the line)');
  await query(adminUrl, `CREATE DATABASE ${dbName}`);
  atEnd(() => query(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined));
  const replicaPort = await startReplica(adminUrl, dir, [`hot_standby_feedback = ${FEEDBACK}`]);
  const primary = urlWithDb(dbName);
  const replica = urlWithDb(dbName, replicaPort);
  log(`replica on port ${replicaPort}`);

  // Servers a and b read reports on the replica; server p has no replica (reports on the primary).
  const key = randomBytes(32).toString('hex');
  const servers = {};
  for (const name of ['a', 'b', 'p']) {
    const port = await freePort();
    const env = {
      ...process.env, ...HEAP_PAD_ENV, NODE_ENV: '', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: primary, KEY_ENCRYPTION_KEY: key,
      DATA_DIR: path.join(dir, `data-${name}`), EXPORT_DIR: path.join(dir, `exports-${name}`), DEMO_BETS: '0', WEB_DIST: '', LOG_LEVEL: 'warn',
    };
    if (name === 'p') delete env.REPLICA_DATABASE_URL;
    else env.REPLICA_DATABASE_URL = replica;
    const proc = startProcess(`server ${name}`, process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], env);
    await waitHealthy(port, proc); // one after the other: the first migrates
    servers[name] = port;
  }
  const lbPort = await freePort();
  fs.writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfigText(lbPort, [servers.a, servers.b]));
  const lb = startProcess('haproxy', 'haproxy', ['-f', path.join(dir, 'haproxy.cfg'), '-db'], process.env);
  await waitHealthy(lbPort, lb);
  log(`servers a ${servers.a}, b ${servers.b} (replica), p ${servers.p} (no replica), HAProxy ${lbPort} over a and b`);

  async function call(port, p, body, { token, prefix = '/v1/operator/', headers = {} } = {}) {
    const res = await fetch(`http://127.0.0.1:${port}${prefix}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(token ? { ...body, token } : body),
    });
    const text = await res.text();
    const json = JSON.parse(text);
    if (res.status !== 200 || json.error_code !== '0') throw new Error(`${p}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return { data: json.data, lag: res.headers.get('x-replica-lag') };
  }
  const login = await call(servers.a, 'login', { type: 1, account: 'admin', password: md5(md5('admin123')), google_code: '', phone: '', message_code: '' });
  const token = login.data.token;
  const ingestKey = (await call(servers.a, 'key/add', { agent_id: 0, type: 'ingest', remark: 'replica bench' }, { token })).data;
  const auth = { authorization: `Bearer ${ingestKey.app_id}:${ingestKey.secret}` };
  const ingest = (port, what, body) => call(port, what, body, { prefix: '/v1/ingest/', headers: auth });

  // Funded players, then the bets: a live feed over the last 31 days (settle times move forward).
  const players = Array.from({ length: PLAYERS }, (_, i) => `rb_p${String(i).padStart(5, '0')}`);
  for (let i = 0; i < players.length; i += 1000) {
    const transfers = players.slice(i, i + 1000).map((p, j) => ({
      order_id: `rb-fund-${i + j}`, agent_code: 'CN01', player_account: p, currency_code: 'CNY', direction: 'in', amount: '100000000.0000', time: new Date().toISOString(),
    }));
    await ingest(servers.a, 'transfers', { transfers });
  }
  const games = (await query(primary, "SELECT g.code FROM game g ORDER BY g.id LIMIT 20")).map((r) => r.code);
  const totalBets = SEED + ROUNDS * 2 * INGEST_BETS + ROUNDS * 2 * 400_000; // the time span's budget (the flat-out runs stop at the clock)
  const t0 = Date.now() - 31 * DAY;
  const step = (31 * DAY - 60_000) / totalBets;
  let seq = 0;
  const money = (units) => `${Math.floor(units / 10000)}.${String(units % 10000).padStart(4, '0')}`;
  const makeBody = () => {
    const bets = [];
    for (let j = 0; j < BATCH; j++) {
      seq++;
      const stake = 10_000 + ((seq * 7919) % 200) * 10_000;
      const won = seq % 5 < 2;
      const t = Math.min(t0 + Math.floor(seq * step), Date.now() - 10_000);
      bets.push({
        bet_id: `rb-${String(seq).padStart(10, '0')}`, round_id: `rb-r-${seq}`, agent_code: 'CN01', player_account: players[(seq * 7) % players.length], game_code: games[seq % games.length],
        currency_code: 'CNY', bet_amount: money(stake), valid_bet_amount: money(stake), payout_amount: won ? money((stake * 24) / 10) : '0.0000', tax_amount: '0.0000',
        bonus_amount: '0.0000', jackpot_contribution: '0.0000', bet_time: new Date(t).toISOString(), settle_time: new Date(t + 3000).toISOString(), device: 'h5',
      });
    }
    return JSON.stringify({ bets });
  };

  /** Posts batches, IN_FLIGHT at once, to `ports` in turn, until `count` bets or `until()`; bets/s. */
  async function runIngest(ports, { count = Infinity, until = () => false }) {
    let sent = 0;
    let stored = 0;
    let turn = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (sent < count && !until()) {
          sent += BATCH;
          const body = makeBody();
          await ingest(ports[turn++ % ports.length], 'bets', body);
          stored += BATCH;
        }
      }),
    );
    return { bets: stored, rate: stored / ((performance.now() - start) / 1000) };
  }

  log(`seeding ${fmt(SEED)} bets over ${PLAYERS} players and ${games.length} games`);
  const seeded = await runIngest([lbPort], { count: SEED });
  log(`seeded at ${fmt(seeded.rate)} bets/s (two servers)`);
  await runIngest([servers.a], { count: 10 * BATCH }); // server a warm alone as well
  await runIngest([servers.p], { count: 10 * BATCH });

  // 1. One server against two.
  const ingestRates = { one: [], two: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const setup of ['one', 'two']) {
      const res = await runIngest(setup === 'one' ? [servers.a] : [lbPort], { count: INGEST_BETS });
      ingestRates[setup].push(res.rate);
      log(`ingest, ${setup} server${setup === 'two' ? 's' : ''}: ${fmt(res.bets)} bets at ${fmt(res.rate)} bets/s`);
    }
  }

  // 2. Reports while ingesting, on the primary (server p) and on the replica (server a).
  const end = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10); // GMT+8 (time zone 1)
  const begin = new Date(Date.parse(`${end}T00:00:00Z`) - 30 * DAY).toISOString().slice(0, 10);
  const reportBody = { start_date: begin, end_date: end, time_zone_id: 1, page: 1, page_size: 20 };
  const reportPaths = ['agent/report/agent/summary', 'agent/report/agent/daily/summary', 'platform/report/platform/summary', 'player/report/player/summary', 'currency/report/currency/daily/summary'];
  const reportRuns = { primary: [], replica: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const setup of ['primary', 'replica']) {
      const port = setup === 'primary' ? servers.p : servers.a;
      for (const p of reportPaths) await call(port, p, reportBody, { token }); // warm
      const stopAt = performance.now() + DURATION_MS;
      const until = () => performance.now() >= stopAt;
      const times = [];
      let failures = 0;
      let maxLag = 0;
      let lagSeen = false;
      const loop = (async () => {
        for (let i = 0; !until(); i++) {
          const s = performance.now();
          let res;
          try {
            res = await call(port, reportPaths[i % reportPaths.length], reportBody, { token });
          } catch (err) {
            failures++;
            if (failures === 1) log(`a report call failed: ${String(err).slice(0, 200)}`);
            continue;
          }
          times.push(performance.now() - s);
          if (res.lag !== null) {
            lagSeen = true;
            maxLag = Math.max(maxLag, Number(res.lag));
          }
        }
      })();
      const [ing] = await Promise.all([runIngest([port], { until }), loop]);
      const run = { p50: quantile(times, 0.5), p95: quantile(times, 0.95), calls: times.length, failures, rate: ing.rate, lag: lagSeen ? maxLag : null };
      reportRuns[setup].push(run);
      log(
        `reports on the ${setup} while ingesting: ${run.calls} calls (${run.failures} failed), p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms; ingest ${fmt(run.rate)} bets/s` +
          (run.lag === null ? ' (no replica lag header: read on the primary)' : `; replica lag at most ${run.lag} s`),
      );
    }
  }
  const [{ n }] = await query(primary, 'SELECT count(*)::int AS n FROM bet');
  console.log(`\nReplica benchmark (hot_standby_feedback ${FEEDBACK}), ${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}, ${fmt(n)} bets stored at the end`);
  console.log(`ingest, batches of ${BATCH}, ${IN_FLIGHT} in flight, ${fmt(INGEST_BETS)} bets a run: one server ${ingestRates.one.map(fmt).join(', ')} bets/s; two servers ${ingestRates.two.map(fmt).join(', ')} bets/s`);
  for (const setup of ['primary', 'replica']) {
    console.log(
      `reports on the ${setup.padEnd(7)} while ingesting (${reportPaths.length} calls over ${begin} … ${end}, ${DURATION_MS / 1000} s a run): ` +
        reportRuns[setup].map((x) => `p50 ${x.p50.toFixed(1)} / p95 ${x.p95.toFixed(1)} ms (${x.calls} calls${x.failures ? `, ${x.failures} failed` : ''}), ingest ${fmt(x.rate)} bets/s`).join('; '),
    );
  }
}

await run(main);
