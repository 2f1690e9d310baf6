/**
 * The ingest on the write thread of a SQLite file (docs/adr/0018-sqlite-ingest-off-the-serving-thread.md):
 * the same answers and rows as in-process, refusals that cross the thread whole, batches in flight
 * together, the serving thread free meanwhile, the serving connection's own writes beside the
 * thread's, and a thread that dies. One server stores batches on its write thread, a second one
 * on another file in-process (SQLITE_INGEST_WORKER=0), for comparison.
 *
 * The server of the write thread follows SQLITE_INGEST_WORKER as the process has it (unset: on),
 * so that `SQLITE_INGEST_WORKER=0 npx vitest run apps/server/test/ingest-worker.test.ts` shows what
 * these tests catch without it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createAgentClient } from '@console/agent-client';
import { injectFetch, startTestApp, type TestApp } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ingestCounts, ledgerProblems, postIngest, transferRecord, walletBalance, type Dimensions, type IngestAnswer } from './domain-fixtures.ts';
import { openDatabase } from '../src/db/database.ts';
import { SERVING_THREAD } from '../src/db/sqlite-write-lock.ts';
import type { DB } from '../src/db/schema.ts';
import { toNumber } from '../src/db/sql.ts';
import { ingestCall, WORKER_ENTRY } from '../src/modules/ingest/dispatch.ts';

const ENV = 'SQLITE_INGEST_WORKER';

async function serverWith(worker: string | undefined): Promise<TestApp> {
  const before = process.env[ENV];
  if (worker === undefined) delete process.env[ENV];
  else process.env[ENV] = worker;
  try {
    return await startTestApp('sqlite');
  } finally {
    if (before === undefined) delete process.env[ENV];
    else process.env[ENV] = before;
  }
}

/** What the ingest writes, without the rows' wall-clock times, in a comparable order. */
const INGEST_TABLES = ['bet', 'ledger_entry', 'wallet', 'player', 'ledger_day_count', 'agg_agent', 'agg_agent_hour', 'agg_dim', 'agg_game', 'agg_new_player', 'agg_player', 'agg_player_game', 'point_control', 'prize_pool'];
async function ingestRows(db: Kysely<DB>) {
  const out: Record<string, string[]> = {};
  for (const table of INGEST_TABLES) {
    const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db)).rows;
    out[table] = rows.map((r) => JSON.stringify(Object.entries(r).filter(([k]) => k !== 'created_at' && k !== 'updated_at'))).sort();
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ingest on the SQLite write thread', () => {
  let threaded: TestApp;
  let inProcess: TestApp;
  const auth = new Map<TestApp, string>();
  const tokens = new Map<TestApp, string>();
  const dims = new Map<TestApp, Dimensions>();
  const both = () => [threaded, inProcess] as const;
  const post = (t: TestApp, kind: 'bets' | 'transfers' | 'cancels', records: unknown) => postIngest(t, kind, records, auth.get(t)!);
  /**
   * Asks /healthz every 5 ms until `done()`: how many answers came, and the longest time between
   * two answers (5 ms and the answer's own time when the serving thread is free; a stall of the
   * thread, wherever it falls, lengthens one of them).
   */
  const probeHealthz = async (t: TestApp, done: () => boolean) => {
    let answers = 0;
    let longest = 0;
    let last = performance.now();
    while (!done()) {
      const r = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(r.statusCode).toBe(200);
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      answers++;
      await sleep(5);
    }
    return { answers, longest: Math.max(longest, performance.now() - last) };
  };

  beforeAll(async () => {
    threaded = await serverWith(process.env[ENV]);
    inProcess = await serverWith('0');
    for (const t of both()) {
      dims.set(t, await createDimensions(t.database.db));
      tokens.set(t, await t.login());
      auth.set(t, await ingestAuth(t, tokens.get(t)));
    }
  }, 60_000);
  afterAll(async () => {
    await threaded?.drop();
    await inProcess?.drop();
  });

  it('stores the HTTP ingest’s batches on the write thread, and in-process with SQLITE_INGEST_WORKER=0, in memory and on PostgreSQL', async () => {
    expect(inProcess.database.writeThread(WORKER_ENTRY)).toBeNull();
    const thread = threaded.database.writeThread(WORKER_ENTRY);
    expect(thread).not.toBeNull();
    const first = [transferRecord({ player_account: 'w-first', amount: '1' })];
    for (const t of both()) expect(await post(t, 'transfers', first)).toMatchObject({ error_code: '0', data: { accepted: 1, duplicates: 0 } });
    expect(thread!.thread).not.toBeNull();
    const memory = openDatabase('sqlite::memory:');
    expect(memory.writeThread(WORKER_ENTRY)).toBeNull();
    await memory.destroy();
    // The pool connects at its first statement: none is made here.
    const postgres = openDatabase('postgres://nobody@127.0.0.1:1/none');
    expect(postgres.writeThread(WORKER_ENTRY)).toBeNull();
    expect(postgres.writeLock).toBeNull();
    await postgres.destroy();
  });

  it('answers and stores the same as in-process: transfers, bets, repeats within and across batches, cancels', async () => {
    const players = ['cmp-ann', 'cmp-bob', 'cmp-cid'];
    const deposits = players.map((p) => transferRecord({ player_account: p, amount: '500' }));
    const bets = Array.from({ length: 30 }, (_, i) =>
      betRecord({ player_account: players[i % 3]!, bet_amount: '10', valid_bet_amount: '9', payout_amount: i % 4 === 0 ? '25.5' : '0', jackpot_contribution: '0.1', bet_time: `2026-01-1${i % 5}T0${i % 9}:00:00Z`, settle_time: `2026-01-1${i % 5}T0${i % 9}:00:07Z` }),
    );
    const newcomer = transferRecord({ agent_code: 'B1', currency_code: 'VND', player_account: 'cmp-new', amount: '70000' });
    const steps: Array<['bets' | 'transfers' | 'cancels', unknown[]]> = [
      ['transfers', [...deposits, newcomer, newcomer]],
      ['bets', bets.slice(0, 20)],
      ['bets', [...bets.slice(10), bets[0]]],
      ['transfers', [transferRecord({ player_account: 'cmp-ann', direction: 'out', amount: '3.3333' }), deposits[1]]],
      ['cancels', [{ bet_id: bets[4]!.bet_id, reason: 'round voided', time: '2026-02-01T00:00:00Z' }, { bet_id: bets[5]!.bet_id, reason: 'round voided', time: '2026-02-01T00:00:00Z' }]],
      ['cancels', [{ bet_id: bets[4]!.bet_id, reason: 'round voided', time: '2026-02-01T00:00:00Z' }]],
      ['transfers', []],
    ];
    const answers: Record<string, IngestAnswer[]> = { threaded: [], inProcess: [] };
    for (const [kind, records] of steps) {
      answers.threaded!.push(await post(threaded, kind, records));
      answers.inProcess!.push(await post(inProcess, kind, records));
    }
    expect(answers.threaded).toEqual(answers.inProcess);
    expect(answers.threaded!.map((a) => a.data)).toEqual([
      { accepted: 4, duplicates: 1 },
      { accepted: 20, duplicates: 0 },
      { accepted: 10, duplicates: 11 },
      { accepted: 1, duplicates: 1 },
      { accepted: 2, duplicates: 0 },
      { accepted: 0, duplicates: 1 },
      { accepted: 0, duplicates: 0 },
    ]);
    expect(await ingestRows(threaded.database.db)).toEqual(await ingestRows(inProcess.database.db));
    expect(await ledgerProblems(threaded.database.db)).toEqual([]);
  });

  it('refusals cross the thread whole (A0400 and A0420 with index, field, reason, in both languages) and leave nothing', async () => {
    for (const t of both()) await post(t, 'transfers', [transferRecord({ player_account: 'ref-ann', amount: '10' })]);
    const bet = betRecord({ player_account: 'ref-ann', bet_amount: '1', payout_amount: '30' });
    for (const t of both()) expect((await post(t, 'bets', [bet])).data).toEqual({ accepted: 1, duplicates: 0 });
    for (const t of both()) await post(t, 'transfers', [transferRecord({ player_account: 'ref-ann', direction: 'out', amount: '35' })]);
    const refused: Array<['bets' | 'transfers' | 'cancels', unknown]> = [
      ['bets', 'not an array'],
      ['bets', [betRecord({ player_account: 'ref-ann' }), betRecord({ player_account: 'ref-ann', bet_amount: 'ten' })]],
      ['bets', [betRecord({ player_account: 'ref-new', game_code: 'no-such-game' })]],
      // Only the wallet stage sees it: the batch is tried again before the record named.
      ['bets', [betRecord({ player_account: 'ref-ann', bet_amount: '2' }), betRecord({ player_account: 'ref-ann', bet_amount: '50' })]],
      ['transfers', [transferRecord({ player_account: 'ref-ann', direction: 'out', amount: '1000' })]],
      ['transfers', [transferRecord({ player_account: 'ref-ann', agent_code: 'ZZ' })]],
      ['cancels', [{ bet_id: 'no-such-bet', reason: 'x', time: '2026-02-01T00:00:00Z' }]],
      // Cancelling the winning bet would take back more than the wallet holds: A0420.
      ['cancels', [{ bet_id: bet.bet_id, reason: 'voided', time: '2026-02-01T00:00:00Z' }]],
    ];
    for (const [kind, records] of refused) {
      for (const lang of ['en', 'zh-cn'] as const) {
        const answer = async (t: TestApp) => {
          const before = { counts: await ingestCounts(t.database.db), rows: await ingestRows(t.database.db) };
          const res = await t.app.inject({ method: 'POST', url: `/v1/ingest/${kind === 'cancels' ? 'bets/cancel' : kind}`, payload: { [kind]: records }, headers: { 'accept-language': lang, authorization: auth.get(t)! } });
          expect({ counts: await ingestCounts(t.database.db), rows: await ingestRows(t.database.db) }).toEqual(before);
          return { status: res.statusCode, ...(res.json() as object) } as IngestAnswer;
        };
        const [a, b] = [await answer(threaded), await answer(inProcess)];
        expect(a, `${kind} ${JSON.stringify(records).slice(0, 80)} ${lang}`).toEqual(b);
        expect(a.status).toBe(200);
        expect(a.error_code).toMatch(/^A04[02]0$/);
        expect(Object.keys(a.data!).sort()).toEqual(['field', 'index', 'reason']);
      }
    }
    const cancel = await post(threaded, 'cancels', [{ bet_id: bet.bet_id, reason: 'voided', time: '2026-02-01T00:00:00Z' }]);
    expect(cancel).toMatchObject({ error_code: 'A0420', data: { index: 0 } });
    const zh = await threaded.app.inject({ method: 'POST', url: '/v1/ingest/bets', payload: { bets: [betRecord({ bet_amount: 'ten' })] }, headers: { 'accept-language': 'zh-cn', authorization: auth.get(threaded)! } });
    expect(zh.json().error_msg).toMatch(/^第 0 条记录的 bet_amount：/);
  });

  it('passes any other error on as a 500, with the thread’s message and code, and writes nothing', async () => {
    for (const t of both()) await post(t, 'transfers', [transferRecord({ player_account: 'err-ann', amount: '10' })]);
    const records = [betRecord({ player_account: 'err-ann' })];
    const answers = [];
    for (const t of both()) {
      await sql`CREATE TRIGGER refuse_bets BEFORE INSERT ON bet BEGIN SELECT RAISE(ABORT, 'bets refused by a test trigger'); END`.execute(t.database.db);
      try {
        const before = await ingestRows(t.database.db);
        answers.push(await post(t, 'bets', records));
        await expect(ingestCall(t.database, 'bets', records)).rejects.toMatchObject({ message: 'bets refused by a test trigger', code: 'SQLITE_CONSTRAINT_TRIGGER' });
        expect(await ingestRows(t.database.db)).toEqual(before);
      } finally {
        await sql`DROP TRIGGER refuse_bets`.execute(t.database.db);
      }
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 500, code: 'B0001' });
    expect((await post(threaded, 'bets', records)).data).toEqual({ accepted: 1, duplicates: 0 });
  });

  it('stores each bet once when 8 batches with bets in common are in flight at once; wallets are the sums of their ledgers', async () => {
    const t = threaded;
    const players = Array.from({ length: 20 }, (_, i) => `conc-${i}`);
    await post(t, 'transfers', players.map((p) => transferRecord({ player_account: p, amount: '10000' })));
    const before = await ingestCounts(t.database.db);
    const pool = Array.from({ length: 1200 }, (_, i) => betRecord({ player_account: players[i % players.length]!, bet_amount: '3', payout_amount: i % 3 === 0 ? '7' : '0' }));
    // Batch i holds bets [100·i, 100·i + 400): each shares bets with the batches beside it.
    const batches = Array.from({ length: 8 }, (_, i) => pool.slice(i * 100, i * 100 + 400));
    const answers = await Promise.all(batches.map((b) => post(t, 'bets', b)));
    const distinct = new Set(batches.flat().map((b) => b.bet_id)).size;
    expect(answers.every((a) => a.error_code === '0')).toBe(true);
    expect(answers.reduce((s, a) => s + a.data!.accepted, 0)).toBe(distinct);
    expect(answers.reduce((s, a) => s + a.data!.duplicates, 0)).toBe(batches.flat().length - distinct);
    // Batches are stored in the order they arrived: the first stores all of its bets.
    expect(answers[0]!.data).toEqual({ accepted: 400, duplicates: 0 });
    const after = await ingestCounts(t.database.db);
    expect(after.bets - before.bets).toBe(distinct);
    const stored = await t.database.db.selectFrom('bet').select((eb) => eb.fn.count<number>('bet_id').distinct().as('n')).executeTakeFirstOrThrow();
    expect(toNumber(stored.n)).toBe(after.bets);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('keeps the serving thread free while a batch of 5,000 bets is stored: /healthz answers meanwhile, long before the batch', async () => {
    const t = threaded;
    const players = Array.from({ length: 100 }, (_, i) => `free-${i}`);
    await post(t, 'transfers', players.map((p) => transferRecord({ player_account: p, amount: '1000' })));
    const bets = Array.from({ length: 5000 }, (_, i) => betRecord({ player_account: players[i % players.length]!, bet_amount: '1', payout_amount: i % 2 ? '1.5' : '0' }));
    const started = performance.now();
    let answeredAt = 0;
    const batch = post(t, 'bets', bets).then((a) => ((answeredAt = performance.now()), a));
    const health = await probeHealthz(t, () => answeredAt > 0);
    expect((await batch).data).toEqual({ accepted: 5000, duplicates: 0 });
    const took = answeredAt - started;
    // Only the request's body is read and handed over on the serving thread (milliseconds). Stored
    // on this thread, the batch would stop /healthz for about its whole time.
    expect(health.answers).toBeGreaterThanOrEqual(5);
    expect(health.longest).toBeLessThan(took / 2);
  });

  it('serving-connection writes beside the thread’s batches (wallet adjustments, agent-API transfers) succeed without holding up the serving thread, and the books balance', async () => {
    const t = threaded;
    const d = dims.get(t)!;
    const op = tokens.get(t)!;
    expect((await t.call('agent/edit', { id: d.agent.A1, ip_whitelist: ['10.1.0.0/16'] }, { token: op })).error_code).toBe('0');
    const key = (await t.call<{ app_id: string; secret: string }>('key/add', { agent_id: d.agent.A1, type: 'agent', remark: 'beside' }, { token: op })).data;
    const agent = createAgentClient({ baseUrl: 'http://console.test', appId: key.app_id, secret: key.secret, fetch: injectFetch(t.app), headers: { 'x-forwarded-for': '10.1.0.5' } });
    const players = Array.from({ length: 50 }, (_, i) => `side-${i}`);
    await post(t, 'transfers', players.map((p) => transferRecord({ player_account: p, amount: '1000' })));
    const playerId = toNumber((await t.database.db.selectFrom('player').select('id').where('account', '=', 'side-0').executeTakeFirstOrThrow()).id);
    const balanceBefore = (await walletBalance(t.database.db, 'side-0'))!;

    const bets = Array.from({ length: 5000 }, (_, i) => betRecord({ player_account: players[1 + (i % 49)]!, bet_amount: '1', payout_amount: i % 2 ? '1.5' : '0' }));
    const started = performance.now();
    let answeredAt = 0;
    const stored = post(t, 'bets', bets).then((a) => ((answeredAt = performance.now()), a));
    // Once the thread is in the batch's transaction (it holds the write lock), write on the serving connection.
    while (t.database.writeLock!.holder() <= SERVING_THREAD) await sleep(1);
    const probe = probeHealthz(t, () => answeredAt > 0);
    const beside = await Promise.all([
      ...[1, 2, 3].map((i) => t.call('player/wallet/adjust', { player_id: playerId, currency_id: d.currency.CNY, direction: 'credit', amount: '2', remark: 'beside the ingest', request_id: `side-adj-${i}` }, { token: op })),
      ...[1, 2, 3].map((i) => agent.transfer({ agent_code: 'A1', account: 'side-0', order_id: `side-T-${i}`, direction: 'in', amount: '5' })),
    ]);
    expect((await stored).data).toEqual({ accepted: 5000, duplicates: 0 });
    const health = await probe;
    const took = answeredAt - started;
    expect(beside.slice(0, 3).map((r) => (r as { error_code: string }).error_code)).toEqual(['0', '0', '0']);
    expect(await walletBalance(t.database.db, 'side-0')).toBe(balanceBefore + 3n * 20_000n + 3n * 50_000n);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
    // The writes waited for the thread's transaction without blocking the serving thread: waiting
    // in SQLite's busy handler instead, one /healthz would wait for most of the batch.
    expect(health.answers).toBeGreaterThanOrEqual(5);
    expect(health.longest).toBeLessThan(took / 2);
  });

  it('a thread that dies fails the batch it was running (500, nothing stored) and is replaced for the next', async () => {
    const t = threaded;
    const thread = t.database.writeThread(WORKER_ENTRY)!;
    const players = Array.from({ length: 20 }, (_, i) => `die-${i}`);
    await post(t, 'transfers', players.map((p) => transferRecord({ player_account: p, amount: '1000' })));
    const before = await ingestCounts(t.database.db);
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const bets = Array.from({ length: 5000 }, (_, i) => betRecord({ player_account: players[i % players.length]!, bet_amount: '1' }));
      const batch = post(t, 'bets', bets);
      while (thread.pending === 0) await sleep(1);
      await sleep(20);
      await thread.thread!.terminate();
      expect(await batch).toMatchObject({ status: 500, code: 'B0001' });
      expect(report).toHaveBeenCalledWith(expect.stringMatching(/^SQLite write thread exited with code 1; the job it was running fails; the next job starts a new one/));
    } finally {
      report.mockRestore();
    }
    expect(await ingestCounts(t.database.db)).toEqual(before);
    // The write lock is free: the serving connection writes, and the next batch gets a new thread.
    expect(t.database.writeLock!.holder()).toBe(0);
    expect((await post(t, 'bets', [betRecord({ player_account: 'die-0' })])).data).toEqual({ accepted: 1, duplicates: 0 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('refuses SQLITE_INGEST_WORKER other than 0 or 1', () => {
    const before = process.env[ENV];
    process.env[ENV] = 'yes';
    try {
      expect(() => openDatabase(`sqlite:${threaded.url.slice('sqlite:'.length)}`)).toThrow(/SQLITE_INGEST_WORKER must be 0 or 1/);
    } finally {
      if (before === undefined) delete process.env[ENV];
      else process.env[ENV] = before;
    }
  });
});
