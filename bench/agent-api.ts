/**
 * The agent API through real HTTP with signing (docs/product.md, "The agent API"): `transfer`
 * latency and throughput for one agent and 100 players, beside a one-record ingest batch (what a
 * signed call should cost little more than), and a pull of 100,000 bets in pages of 5,000. Runs the
 * real server on a fresh database, listening on a local port; the reference client signs.
 *
 *   npx tsx bench/agent-api.ts [--only sqlite|postgres] [--transfers 2000] [--concurrency 4] [--bets 100000]
 *
 * PostgreSQL: DATABASE_URL_TEST_PG (default postgres://postgres@127.0.0.1:5432/test) must allow
 * CREATE DATABASE; the benchmark database is dropped afterwards.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { createAgentClient } from '@console/agent-client';
import { buildApp } from '../apps/server/src/app.ts';
import type { Dialect } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrations/index.ts';
import { DEMO_ADMIN, seedOperators } from '../apps/server/src/db/seed/index.ts';
import { clientPasswordHash } from '../apps/server/src/lib/passwords.ts';
import { ingestBets, ingestTransfers } from '../apps/server/src/modules/ingest/service.ts';
import { createTempDatabase, isPgReachable } from '../apps/server/test/temp-database.ts';
import { median, quantile } from './stats.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    transfers: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '4' },
    bets: { type: 'string', default: '100000' },
  },
});
const TRANSFERS = Number(values.transfers);
const CONCURRENCY = Number(values.concurrency);
const BETS = Number(values.bets);
const PLAYERS = 100;

async function run(dialect: Dialect) {
  const tdb = await createTempDatabase(dialect, 'bench_agent_api');
  try {
    await migrateToLatest(tdb.database);
    await seedOperators(tdb.database);
    const app = await buildApp({ database: tdb.database, migrate: false, config: { webDist: '', logLevel: 'silent', validateResponses: false, apiDocs: 'off' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const post = async <T>(path: string, body: object, token?: string): Promise<T> => {
      const res = await fetch(`${base}/v1/operator/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, token }) });
      const j = (await res.json()) as { error_code: string; error_msg: string; data: T };
      if (j.error_code !== '0') throw new Error(`${path}: ${j.error_code} ${j.error_msg}`);
      return j.data;
    };
    const { token } = await post<{ token: string }>('login', { type: 1, account: DEMO_ADMIN.account, password: clientPasswordHash(DEMO_ADMIN.password), google_code: '', phone: '', message_code: '' });
    const currency = await post<{ id: number }>('currency/add', { code: 'CNY', name: 'Yuan', symbol: '¥', decimals: 2, rate: '1' }, token);
    const platform = await post<{ id: number }>('platform/add', { code: 'pg', name: 'PG Soft' }, token);
    await post('game/add', { code: 'slot_bench', name_zh: '基准', name_en: 'Bench slot', platform_id: platform.id, type: 'slot' }, token);
    const agent = await post<{ id: number }>('agent/add', { code: 'benchagent', name: 'Bench', parent_id: 0, currency_id: currency.id, wallet_mode: 'transfer', share_rate: 0, ip_whitelist: ['127.0.0.1', '::1'] }, token);
    const key = await post<{ app_id: string; secret: string }>('key/add', { agent_id: agent.id, type: 'agent', remark: 'bench' }, token);
    const ingestKey = await post<{ app_id: string; secret: string }>('key/add', { agent_id: 0, type: 'ingest', remark: 'bench' }, token);
    const client = createAgentClient({ baseUrl: base, appId: key.app_id, secret: key.secret });
    const players = Array.from({ length: PLAYERS }, (_, i) => `p${String(i).padStart(3, '0')}`);
    for (const account of players) await client.playerCreate({ agent_code: 'benchagent', account });

    // Transfers: every player first gets money in, then in and out alternate.
    let n = 0;
    const latencies: number[] = [];
    const one = async () => {
      const i = n++;
      const t0 = performance.now();
      await client.transfer({ agent_code: 'benchagent', account: players[i % PLAYERS]!, order_id: `o-${i}`, direction: Math.floor(i / PLAYERS) % 2 === 0 ? 'in' : 'out', amount: '1.25' });
      latencies.push(performance.now() - t0);
    };
    // One-record ingest batches over HTTP, the same work without the signing, interleaved with
    // the transfers one at a time so both meet the same database and the same host.
    const ingestLatencies: number[] = [];
    let ing = 0;
    const ingestOne = async () => {
      const i = ing++;
      const t0 = performance.now();
      const res = await fetch(`${base}/v1/ingest/transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ingestKey.app_id}:${ingestKey.secret}` },
        body: JSON.stringify({ transfers: [{ order_id: `ing-${i}`, agent_code: 'benchagent', player_account: players[i % PLAYERS], currency_code: 'CNY', direction: 'in', amount: '1.2500', time: new Date().toISOString() }] }),
      });
      if (((await res.json()) as { error_code: string }).error_code !== '0') throw new Error('ingest failed');
      ingestLatencies.push(performance.now() - t0);
    };
    for (let i = 0; i < 50; i++) {
      await one(); // warm-up
      await ingestOne();
    }
    latencies.length = 0;
    ingestLatencies.length = 0;
    let transferMs = 0;
    for (let i = 0; i < TRANSFERS / 2; i++) {
      const t0 = performance.now();
      await one();
      transferMs += performance.now() - t0;
      await ingestOne();
    }
    const sequential = { perSecond: (TRANSFERS / 2) / (transferMs / 1000), p50: median(latencies), p95: quantile(latencies, 0.95) };
    latencies.length = 0;
    const parallelStart = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      for (let k = 0; k < TRANSFERS / 2 / CONCURRENCY; k++) await one();
    }));
    const parallel = { perSecond: (TRANSFERS / 2) / ((performance.now() - parallelStart) / 1000), p50: median(latencies), p95: quantile(latencies, 0.95) };

    // Bets: stored through the ingest, then pulled in pages of 5,000.
    const game = 'slot_bench';
    let pull: { seconds: number; pages: number; bets: number } | null = null;
    {
      const start = Date.parse('2026-06-01T00:00:00Z');
      await ingestTransfers(tdb.database, players.map((p) => ({ order_id: `fund-${p}`, agent_code: 'benchagent', player_account: p, currency_code: 'CNY', direction: 'in', amount: '1000000.0000', time: '2026-05-31T00:00:00Z' })));
      for (let b = 0; b < BETS; b += 5000) {
        await ingestBets(tdb.database, Array.from({ length: Math.min(5000, BETS - b) }, (_, k) => {
          const i = b + k;
          const at = new Date(start + Math.floor((i / BETS) * 6 * 86_400_000)).toISOString();
          return { bet_id: `b-${i}`, round_id: `r-${i}`, agent_code: 'benchagent', player_account: players[i % PLAYERS]!, game_code: game, currency_code: 'CNY', bet_amount: '1.0000', valid_bet_amount: '1.0000', payout_amount: '0.5000', tax_amount: '0.0000', bonus_amount: '0.0000', jackpot_contribution: '0.0000', bet_time: at, settle_time: at, device: 'web' };
        }));
      }
      const t0 = performance.now();
      let pages = 0;
      let got = 0;
      let cursor: string | undefined;
      for (;;) {
        const page = await client.bets({ agent_code: 'benchagent', start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-08T00:00:00Z', cursor, limit: 5000 });
        pages++;
        got += page.list.length;
        cursor = page.next_cursor;
        if (!page.has_more) break;
      }
      pull = { seconds: (performance.now() - t0) / 1000, pages, bets: got };
    }
    await app.close();
    return { sequential, parallel, ingest: { p50: median(ingestLatencies), p95: quantile(ingestLatencies, 0.95) }, pull };
  } finally {
    await tdb.drop();
  }
}

console.log(`Agent API benchmark: ${TRANSFERS} transfers (half one at a time, half ${CONCURRENCY} at once), ${PLAYERS} players, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (values.only && values.only !== dialect) continue;
  if (dialect === 'postgres' && !(await isPgReachable())) {
    console.log('postgres: not reachable, skipped');
    continue;
  }
  const r = await run(dialect);
  const f = (x: number) => x.toFixed(1);
  console.log(
    `${dialect}: transfer one at a time ${f(r.sequential.perSecond)}/s (p50 ${f(r.sequential.p50)} ms, p95 ${f(r.sequential.p95)} ms); ` +
      `${CONCURRENCY} at once ${f(r.parallel.perSecond)}/s (p50 ${f(r.parallel.p50)} ms, p95 ${f(r.parallel.p95)} ms); ` +
      `one-record ingest batch p50 ${f(r.ingest.p50)} ms, p95 ${f(r.ingest.p95)} ms`,
  );
  if (r.pull) console.log(`${dialect}: bets pull ${r.pull.bets.toLocaleString('en')} bets in ${r.pull.pages} pages of 5,000: ${r.pull.seconds.toFixed(2)} s (${Math.round(r.pull.bets / r.pull.seconds).toLocaleString('en')} bets/s)`);
}
