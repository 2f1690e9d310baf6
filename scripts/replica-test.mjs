#!/usr/bin/env node
// The report replica and the load balancer with real parts (docs/deployment.md, docs/adr/0017):
// a throw-away streaming replica of the local PostgreSQL cluster (pg_basebackup -R), two real
// servers on one fresh primary database with REPLICA_DATABASE_URL, and HAProxy round robin in
// front of them. Through the balancer: one login used on both servers, an ingest key, 20 ingest
// batches over both, wallet = ledger = reports, the reports answered from the replica (held back
// while its replay is paused, equal to the primary's once it has caught up, by the WAL position),
// and an export made and downloaded. Then, server by server: a player, an agent and an ingest key
// disabled through one are refused by the other at once, and the lockout counts failures on both.
// The servers take the client address from the balancer's X-Forwarded-For (TRUST_PROXY names it,
// 127.0.0.1): a client connecting from 127.0.0.5 that writes its own X-Forwarded-For is still
// recorded, and held to an agent's whitelist, as 127.0.0.5.
// Everything it starts is stopped and removed at the end.
//
// Exit 0: passed (or skipped: PostgreSQL is not local and CI is not set); 1: failed.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHaproxy, ensurePostgres, PG_TEST_URL } from './lib/environment.mjs';
import { HEAP_PAD_ENV } from './lib/heap-pad.mjs';
import { freePort, haproxyConfigText, primaryUrl, query, realParts, sleep, urlWithDb } from './lib/real-parts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const { log, atEnd, allowReplication, startReplica, startProcess, waitHealthy, run } = realParts('replica-test');

if (!['127.0.0.1', 'localhost'].includes(primaryUrl.hostname) || !fs.existsSync('/etc/postgresql')) {
  const msg = `The replica test needs a local PostgreSQL cluster (it copies it with pg_basebackup); ${PG_TEST_URL} is not local.`;
  if (ci) {
    console.error(`${msg} Failing, since CI is set.`);
    process.exit(1);
  }
  console.log(`${msg} Skipped.`);
  process.exit(0);
}
if (process.getuid?.() !== 0) {
  // Like the browser tests' Debian packages, it needs root: it starts the replica as the postgres
  // user and may add a pg_hba.conf line. CI runs as root; elsewhere it says so and stands aside.
  const msg = 'The replica test runs as root: it starts the replica as the postgres user and may add a pg_hba.conf line.';
  if (ci) {
    console.error(`${msg} Failing, since CI is set.`);
    process.exit(1);
  }
  console.log(`${msg} Skipped.`);
  process.exit(0);
}

function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
  log(`ok: ${what}`);
}

const units = (text) => {
  const [whole, frac = ''] = String(text).split('.');
  const neg = whole.startsWith('-');
  const v = BigInt(whole.replace('-', '')) * 10000n + BigInt(frac.padEnd(4, '0').slice(0, 4));
  return neg ? -v : v;
};
const md5 = (s) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

async function main() {
  await ensurePostgres({ required: true });
  ensureHaproxy();
  const adminUrl = urlWithDb('postgres');
  const dbName = `replica_test_${process.pid}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replica-test-'));
  atEnd(() => fs.rmSync(dir, { recursive: true, force: true }));

  await allowReplication(adminUrl);
  await query(adminUrl, `CREATE DATABASE ${dbName}`);
  atEnd(() => query(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined));
  const replicaPort = await startReplica(adminUrl, dir);
  const primary = urlWithDb(dbName);
  const replica = urlWithDb(dbName, replicaPort);
  const [{ in_recovery: inRecovery }] = await query(replica, 'SELECT pg_is_in_recovery() AS in_recovery');
  check(inRecovery === true, `the replica on port ${replicaPort} is a hot standby with the test database (streamed CREATE DATABASE)`);

  // Two servers as on two machines: their own DATA_DIR and EXPORT_DIR, one key-encryption key.
  const key = randomBytes(32).toString('hex');
  const ports = [await freePort(), await freePort()];
  for (const [i, port] of ports.entries()) {
    const name = 'ab'[i];
    const env = {
      ...process.env,
      ...HEAP_PAD_ENV,
      NODE_ENV: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: primary,
      REPLICA_DATABASE_URL: replica,
      KEY_ENCRYPTION_KEY: key,
      DATA_DIR: path.join(dir, `data-${name}`),
      EXPORT_DIR: path.join(dir, `exports-${name}`),
      DEMO_BETS: '0',
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      // The balancer, the only proxy in front of the servers: its X-Forwarded-For entry is believed, nothing left of it.
      TRUST_PROXY: '127.0.0.1',
    };
    const proc = startProcess(`server ${name}`, process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], env);
    // One after the other: the first migrates and seeds the dimensions, the second finds them.
    await waitHealthy(port, proc);
    log(`server ${name} serves on port ${port}`);
  }

  const lbPort = await freePort();
  const haproxyConfig = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(haproxyConfig, haproxyConfigText(lbPort, ports));
  const lb = startProcess('haproxy', 'haproxy', ['-f', haproxyConfig, '-db'], process.env);
  await waitHealthy(lbPort, lb);
  log(`HAProxy round robin on port ${lbPort}`);

  const served = new Map();
  /** A call through the balancer, or to one server (`server` 0 or 1); `raw` answers a refusal instead of throwing. */
  async function call(p, body, { token, raw = false, prefix = '/v1/operator/', headers = {}, server = null } = {}) {
    const res = await fetch(`http://127.0.0.1:${server === null ? lbPort : ports[server]}${prefix}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
      body: JSON.stringify(token ? { ...body, token } : body),
    });
    const by = res.headers.get('x-served-by') ?? '?';
    served.set(by, (served.get(by) ?? 0) + 1);
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = String(res.headers.get('content-type')).includes('json') ? JSON.parse(bytes.toString('utf8')) : null;
    if (!raw && (res.status !== 200 || json?.error_code !== '0')) throw new Error(`${p}: HTTP ${res.status} ${bytes.toString('utf8').slice(0, 300)}`);
    return { res, by, json, data: json?.data, bytes };
  }

  // One login, used on both servers.
  const login = await call('login', { type: 1, account: 'admin', password: md5(md5('admin123')), google_code: '', phone: '', message_code: '' });
  const token = login.data.token;
  const infoBy = new Set();
  for (let i = 0; i < 4; i++) infoBy.add((await call('user/info', {}, { token })).by);
  check(infoBy.has('a') && infoBy.has('b'), 'one session token is taken by both servers');

  // An ingest key, then 20 batches (transfers in, then bets) spread over both servers.
  const ingestKey = (await call('key/add', { agent_id: 0, type: 'ingest', remark: 'replica test' }, { token })).data;
  const auth = { authorization: `Bearer ${ingestKey.app_id}:${ingestKey.secret}` };
  const ingestBy = new Set();
  let expectIn = 0n;
  let expectBet = 0n;
  let expectPayout = 0n;
  let betCount = 0;
  const players = Array.from({ length: 8 }, (_, i) => `rt_p${i}`);
  async function ingestBatch(n) {
    const transfers = players.map((p, i) => ({ order_id: `rt-o-${n}-${i}`, agent_code: 'CN01', player_account: p, currency_code: 'CNY', direction: 'in', amount: '100.0000', time: '2026-11-20T10:00:00+08:00' }));
    ingestBy.add((await call('transfers', { transfers }, { prefix: '/v1/ingest/', headers: auth })).by);
    expectIn += 100_0000n * BigInt(players.length);
    const bets = [];
    for (let j = 0; j < 25; j++) {
      const bet = 1000n + BigInt(((n * 25 + j) * 7919) % 50000);
      const payout = j % 3 === 0 ? bet * 2n : 0n;
      const fmt = (v) => `${v / 10000n}.${String(v % 10000n).padStart(4, '0')}`;
      bets.push({
        bet_id: `rt-b-${n}-${j}`,
        round_id: `rt-r-${n}-${j}`,
        agent_code: 'CN01',
        player_account: players[j % players.length],
        game_code: 'pg_mahjong_ways',
        currency_code: 'CNY',
        bet_amount: fmt(bet),
        valid_bet_amount: fmt(bet),
        payout_amount: fmt(payout),
        tax_amount: '0.0000',
        bonus_amount: '0.0000',
        jackpot_contribution: '0.0000',
        bet_time: `2026-11-20T${String(11 + (j % 8)).padStart(2, '0')}:00:00+08:00`,
        settle_time: `2026-11-20T${String(11 + (j % 8)).padStart(2, '0')}:00:05+08:00`,
        device: 'web',
      });
      expectBet += bet;
      expectPayout += payout;
      betCount++;
    }
    ingestBy.add((await call('bets', { bets }, { prefix: '/v1/ingest/', headers: auth })).by);
  }
  for (let n = 0; n < 20; n++) await ingestBatch(n);
  check(ingestBy.has('a') && ingestBy.has('b'), `20 ingest batches (${betCount} bets) went to both servers`);

  // Wallet = ledger, on the primary.
  const [w] = await query(
    primary,
    `SELECT (SELECT sum(w.balance) FROM wallet w JOIN player p ON p.id = w.player_id WHERE p.account LIKE 'rt\\_%')::text AS wallets,
            (SELECT sum(l.amount) FROM ledger_entry l JOIN player p ON p.id = l.player_id WHERE p.account LIKE 'rt\\_%')::text AS ledger,
            (SELECT count(*) FROM wallet w JOIN player p ON p.id = w.player_id WHERE p.account LIKE 'rt\\_%'
               AND w.balance <> (SELECT coalesce(sum(l.amount), 0) FROM ledger_entry l WHERE l.player_id = w.player_id AND l.currency_id = w.currency_id)) AS unequal`,
  );
  const expectWallets = expectIn - expectBet + expectPayout;
  check(BigInt(w.wallets) === expectWallets && BigInt(w.ledger) === expectWallets && Number(w.unequal) === 0, `wallets = ledger = ${expectWallets} units (each wallet its entries' sum)`);

  const betSums = (url) =>
    query(url, "SELECT count(*)::int AS n, sum(bet_amount)::text AS bet, sum(payout_amount)::text AS payout FROM bet WHERE bet_id LIKE 'rt-b-%' AND cancelled_at IS NULL").then((r) => r[0]);
  const primarySums = await betSums(primary);
  check(primarySums.n === betCount && BigInt(primarySums.bet) === expectBet && BigInt(primarySums.payout) === expectPayout, 'the primary holds every bet as sent');

  /** The replica has replayed all the primary had written when asked. */
  async function replicaCaughtUp() {
    const [{ lsn }] = await query(primary, 'SELECT pg_current_wal_lsn()::text AS lsn');
    for (let i = 0; i < 600; i++) {
      const [{ done }] = await query(replica, 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn]);
      if (done) return;
      await sleep(50);
    }
    throw new Error(`the replica did not replay up to ${lsn} in 30 s`);
  }
  const reportBody = { start_date: '2026-11-20', end_date: '2026-11-20', time_zone_id: 1, page: 1, page_size: 50 };
  const summaryPath = 'agent/report/agent/summary';
  const reportTotals = async () => {
    const r = await call(summaryPath, reportBody, { token });
    const cny = r.data.summary.find((s) => s.currency_code === 'CNY') ?? {};
    return { bet: cny.bet_amount === undefined ? 0n : units(cny.bet_amount), count: Number(cny.bet_count ?? 0), lag: r.res.headers.get('x-replica-lag') };
  };

  await replicaCaughtUp();
  check(JSON.stringify(await betSums(replica)) === JSON.stringify(primarySums), 'caught up (by WAL position), the replica holds the same bets as the primary');
  for (let i = 0; i < 2; i++) {
    const t = await reportTotals();
    check(t.bet === expectBet && t.count === betCount, `report totals through the balancer (${t.bet} units, ${t.count} bets) = the direct sum on the primary`);
    check(t.lag !== null && Number(t.lag) <= 1, `the report answer tells the replica's lag (${t.lag} s)`);
  }
  const bills = await call('bill/list', { page: 1, page_size: 10, time_zone_id: 1 }, { token });
  check(bills.res.headers.get('x-replica-lag') !== null, 'the bill list is answered from the replica too (it tells its lag)');

  // Reports come from the replica: with its replay paused, a new batch is on the primary only.
  await query(replica, 'SELECT pg_wal_replay_pause()');
  try {
    await ingestBatch(20);
    const paused = await reportTotals();
    const [{ n }] = await query(primary, "SELECT count(*)::int AS n FROM bet WHERE bet_id LIKE 'rt-b-%'");
    check(n === betCount && paused.count === betCount - 25, 'with the replica paused the report lacks the newest batch, which the primary holds: reports are read on the replica');
    await sleep(2100); // the measured lag is kept 2 s
    const lagging = await reportTotals();
    check(Number(lagging.lag) >= 2, `the paused replica's lag shows in the answer (${lagging.lag} s)`);
  } finally {
    await query(replica, 'SELECT pg_wal_replay_resume()');
  }
  await replicaCaughtUp();
  const after = await reportTotals();
  check(after.bet === expectBet && after.count === betCount, 'resumed and caught up, the report equals the primary again');

  // An export made through one server, downloaded through the balancer (any server).
  const exported = await call(`${summaryPath}/export`, reportBody, { token, raw: true });
  check(exported.res.status === 200 && exported.bytes.subarray(0, 2).toString() === 'PK', `an export answered its .xlsx (${exported.bytes.length} bytes)`);
  const item = (await call('export/list', { page: 1, page_size: 1 }, { token })).data.list[0];
  const downloads = [];
  for (let i = 0; i < 2; i++) downloads.push(await call('export/download', { id: item.id }, { token, raw: true }));
  check(
    downloads.every((d) => d.bytes.equals(exported.bytes)) && new Set(downloads.map((d) => d.by)).size === 2,
    'the stored export downloads whole through both servers',
  );

  // The client address through the balancer: a client at 127.0.0.5 writing X-Forwarded-For: 203.0.113.9.
  const CLIENT = '127.0.0.5';
  const FORGED = '203.0.113.9';
  /** A POST through the balancer from the local address `CLIENT`, with the forged header (fetch cannot pick its local address). */
  const fromClient = (p, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const req = http.request(
        { host: '127.0.0.1', port: lbPort, path: p, method: 'POST', localAddress: CLIENT, headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': FORGED, ...headers } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const viaClient = await fromClient('/v1/operator/login', { type: 1, account: 'admin', password: md5(md5('admin123')), google_code: '', phone: '', message_code: '' });
  check(viaClient.json.error_code === '0' && viaClient.json.data.user_info.last_login_ip === CLIENT, `a login through the balancer from ${CLIENT} with a forged X-Forwarded-For records ${viaClient.json.data?.user_info?.last_login_ip}`);
  const [lastLogin] = await query(primary, "SELECT ip FROM operation_log WHERE action = 'login' AND operator_account = 'admin' ORDER BY id DESC LIMIT 1");
  check(lastLogin.ip === CLIENT, `the operation log holds the real address (${lastLogin.ip}), not ${FORGED}`);
  const [{ id: cn01 }] = await query(primary, "SELECT id::int AS id FROM agent WHERE code = 'CN01'");
  const apiKey = (await call('key/add', { agent_id: cn01, type: 'agent', remark: 'replica test' }, { token })).data;
  const apiCall = async () => {
    const p = '/v1/api/player/balance';
    const body = JSON.stringify({ agent_code: 'CN01', account: 'rt_p0' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signed = `POST\n${p}\n${timestamp}\n${nonce}\n${createHash('sha256').update(body).digest('hex')}`;
    const signature = createHmac('sha256', apiKey.secret).update(signed).digest('hex');
    const r = await fromClient(p, body, { 'x-app-id': apiKey.app_id, 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature });
    return r.json.code ?? r.json.error_code;
  };
  await call('agent/edit', { id: cn01, ip_whitelist: ['203.0.113.0/24'] }, { token });
  check((await apiCall()) === 'A0301', `an agent whitelisting ${FORGED}'s network refuses the client at ${CLIENT} that claims to be ${FORGED}`);
  await call('agent/edit', { id: cn01, ip_whitelist: [CLIENT] }, { token });
  check((await apiCall()) === '0', `and admits it when it whitelists ${CLIENT}, the address the balancer saw`);

  // Refusals hold across servers: what one server is told, the other obeys on the very next call.
  const refusal = async (p, body, opts) => {
    const r = await call(p, body, { ...opts, raw: true });
    // The code, with the field an ingest refusal names: "A0400 player_account".
    return [r.res.status === 401 ? r.json?.code : r.json?.error_code, r.json?.data?.field].filter(Boolean).join(' ');
  };
  const transferIn = (player, n) => ({
    transfers: [{ order_id: `rt-x-${n}`, agent_code: 'CN01', player_account: player, currency_code: 'CNY', direction: 'in', amount: '1.0000', time: '2026-11-21T10:00:00+08:00' }],
  });
  const ingestOn = { prefix: '/v1/ingest/', headers: auth };
  const [{ id: playerId }] = await query(primary, "SELECT id::int AS id FROM player WHERE account = 'rt_p0'");
  await call('player/status/edit', { player_id: playerId, status: 2 }, { token, server: 0 });
  check((await refusal('transfers', transferIn('rt_p0', 1), { ...ingestOn, server: 1 })) === 'A0400 player_account', 'a player disabled through server a: their transfer in is refused by server b at once');
  const [{ id: agentId }] = await query(primary, "SELECT id::int AS id FROM agent WHERE code = 'CN01'");
  await call('agent/edit', { id: agentId, status: 2 }, { token, server: 1 });
  check((await refusal('transfers', transferIn('rt_p1', 2), { ...ingestOn, server: 0 })) === 'A0400 agent_code', 'an agent disabled through server b: its players’ transfers in are refused by server a at once');
  await call('key/status/edit', { id: ingestKey.id, status: 2 }, { token, server: 0 });
  check((await refusal('bets', { bets: [] }, { ...ingestOn, server: 1 })) === 'A0231', 'an ingest key disabled through server a is refused by server b at once');
  // The lockout counts failures on both servers: five wrong passwords, alternating, lock the account on either.
  const attempt = (password, server) => refusal('login', { type: 1, account: 'admin', password: md5(md5(password)), google_code: '', phone: '', message_code: '' }, { server });
  for (let i = 0; i < 5; i++) check((await attempt('wrong password', i % 2)) === 'A0210', `wrong password ${i + 1} of 5, on server ${'ab'[i % 2]}`);
  check((await attempt('admin123', 0)) === 'A0212' && (await attempt('admin123', 1)) === 'A0212', 'the lockout, counted across both servers, refuses the right password on either');
  log(`requests per server: ${[...served].map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

await run(main);
