import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { bill, exportFile, formatMoney } from '@console/contract';
import { ingestTransfers } from '../src/modules/ingest/service.ts';
import { toNumber } from '../src/db/sql.ts';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, loginWithPermissions, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';
import { ingestScenario, rng } from './report-fixtures.ts';
import { isFile, parts, readSheet, shownAmount, wallClockDate } from './sheet-fixtures.ts';

interface Bill {
  id: number;
  player_id: number;
  player_account: string;
  agent_id: number;
  agent_code: string;
  currency_id: number;
  currency_code: string;
  type: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  order_id: string;
  bet_id: string | null;
  operator_id: number | null;
  operator_account: string | null;
  source: bill.LedgerSource;
  remark: string;
  time: string;
}
interface Summary {
  currency_id: number;
  currency_code: string;
  entry_count: number;
  amount_in: string;
  amount_out: string;
  amount_net: string;
}
interface List<T> {
  list: T[];
  total: number;
  summary: Summary[];
}

/** The per-currency totals of entries, added up here in BigInt: what `summary` must answer. */
function sumsOf(entries: ReadonlyArray<{ currency_id: number; amount: bigint }>, codes: ReadonlyMap<number, string>): Summary[] {
  const by = new Map<number, { n: number; inn: bigint; out: bigint }>();
  for (const e of entries) {
    const s = by.get(e.currency_id) ?? { n: 0, inn: 0n, out: 0n };
    s.n++;
    if (e.amount > 0n) s.inn += e.amount;
    else s.out += e.amount;
    by.set(e.currency_id, s);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a - b)
    .map(([currency_id, s]) => ({
      currency_id,
      currency_code: codes.get(currency_id)!,
      entry_count: s.n,
      amount_in: formatMoney(s.inn),
      amount_out: formatMoney(s.out),
      amount_net: formatMoney(s.inn + s.out),
    }));
}

const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bill-exports-'));

describeOnDatabases('bill/list', (t) => {
  let dims: Dimensions;
  let token: string;
  const bet = betRecord({ player_account: 'bob', bet_amount: '12.5', payout_amount: '20', tax_amount: '0.5', bet_time: '2026-03-02T10:00:00Z', settle_time: '2026-03-02T10:00:30Z' });

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    const auth = await ingestAuth(t(), token);
    const ok = (r: { error_code?: string; error_msg?: string }) => {
      if (r.error_code !== '0') throw new Error(r.error_msg);
    };
    ok(await postIngest(t(), 'transfers', [
      transferRecord({ order_id: 'T-1', player_account: 'bob', amount: '100', time: '2026-03-01T08:00:00Z' }),
      transferRecord({ order_id: 'T-2', agent_code: 'A1-1-1', player_account: 'carl', currency_code: 'USD', amount: '50', time: '2026-03-01T09:00:00Z' }),
      transferRecord({ order_id: 'T-3', agent_code: 'B1', player_account: 'dana', currency_code: 'VND', amount: '1000000', time: '2026-03-03T00:00:00Z' }),
    ], auth));
    ok(await postIngest(t(), 'bets', [bet], auth));
    ok(await postIngest(t(), 'transfers', [transferRecord({ order_id: 'T-4', player_account: 'bob', direction: 'out', amount: '7.5', time: '2026-03-04T00:00:00Z' })], auth));
  });

  const list = async (body: Record<string, unknown> = {}) => {
    const r = await t().call<List<Bill>>('bill/list', body, { token });
    expect(r.error_code).toBe('0');
    return r.data;
  };

  it('lists every movement newest first with joined codes and 4-decimal amounts', async () => {
    const all = await list();
    expect(all.total).toBe(6);
    expect(all.list.map((b) => b.order_id)).toEqual(['T-4', 'T-3', bet.bet_id, bet.bet_id, 'T-2', 'T-1']);
    expect(all.list.map((b) => b.type)).toEqual(['transfer_out', 'transfer_in', 'payout', 'bet', 'transfer_in', 'transfer_in']);
    const payout = all.list[2]!;
    expect(payout).toMatchObject({
      player_account: 'bob', agent_id: dims.agent.A1, agent_code: 'A1', currency_id: dims.currency.CNY, currency_code: 'CNY',
      amount: '19.5000', balance_before: '87.5000', balance_after: '107.0000', bet_id: bet.bet_id, operator_id: null, operator_account: null, time: '2026-03-02T10:00:30.000Z',
    });
    expect(all.list[3]).toMatchObject({ type: 'bet', amount: '-12.5000', balance_before: '100.0000', balance_after: '87.5000', time: '2026-03-02T10:00:00.000Z' });
    expect(all.list[0]).toMatchObject({ amount: '-7.5000', balance_after: '99.5000', bet_id: null });
    expect(all.list[1]).toMatchObject({ currency_code: 'VND', amount: '1000000.0000' });
  });

  it('filters by player account, type, order id and currency', async () => {
    expect((await list({ player_account: 'bob' })).list.map((b) => b.order_id)).toEqual(['T-4', bet.bet_id, bet.bet_id, 'T-1']);
    expect((await list({ type: 'transfer_in' })).total).toBe(3);
    expect((await list({ type: 'payout' })).list.map((b) => b.order_id)).toEqual([bet.bet_id]);
    expect((await list({ order_id: 'T-2' })).list.map((b) => b.player_account)).toEqual(['carl']);
    expect((await list({ order_id: bet.bet_id })).total).toBe(2);
    expect((await list({ order_id: bet.bet_id, type: 'bet' })).list.map((b) => [b.type, b.amount])).toEqual([['bet', '-12.5000']]);
    expect((await list({ order_id: 'T-2', type: 'transfer_out' })).total).toBe(0);
    expect((await list({ order_id: 'no-such-order' })).total).toBe(0);
    expect((await list({ currency_id: dims.currency.USD })).list.map((b) => b.order_id)).toEqual(['T-2']);
    expect((await list({ currency_id: -1 })).total).toBe(6);
    expect((await list({ player_account: 'nobody' })).total).toBe(0);
  });

  it('filters by agent with its whole sub-tree', async () => {
    expect((await list({ agent_id: dims.agent.A1 })).list.map((b) => b.order_id)).toEqual(['T-4', bet.bet_id, bet.bet_id, 'T-2', 'T-1']);
    expect((await list({ agent_id: dims.agent['A1-1'] })).list.map((b) => b.order_id)).toEqual(['T-2']);
    expect((await list({ agent_id: dims.agent.B1 })).list.map((b) => b.order_id)).toEqual(['T-3']);
    expect((await list({ agent_id: 424242 })).total).toBe(0);
  });

  it('filters by an inclusive time range given with any zone', async () => {
    const r = await list({ start_time: '2026-03-02T18:00:00+08:00', end_time: '2026-03-03T08:00:00+08:00' });
    expect(r.list.map((b) => b.order_id)).toEqual(['T-3', bet.bet_id, bet.bet_id]);
    expect((await list({ start_time: '2026-03-04T00:00:00Z' })).list.map((b) => b.order_id)).toEqual(['T-4']);
    expect((await list({ end_time: '2026-03-01T08:00:00Z' })).list.map((b) => b.order_id)).toEqual(['T-1']);
    expect((await list({ start_time: '', end_time: '' })).total).toBe(6);
    // A player's entries over any range: the days named for SQLite's by-day index are the range's
    // within the ledger's own first and last entry, edges included.
    const bobs = ['T-4', bet.bet_id, bet.bet_id, 'T-1'];
    expect((await list({ player_account: 'bob', start_time: '0001-01-01T00:00:00Z', end_time: '9999-12-31T23:59:59Z' })).list.map((b) => b.order_id)).toEqual(bobs);
    expect((await list({ player_account: 'bob', start_time: '2026-03-01T08:00:00Z', end_time: '2026-03-04T00:00:00Z' })).list.map((b) => b.order_id)).toEqual(bobs);
    expect((await list({ player_account: 'bob', start_time: '2026-03-01T08:00:00.001Z', end_time: '2026-03-03T23:59:59.999Z' })).list.map((b) => b.order_id)).toEqual([bet.bet_id, bet.bet_id]);
    expect((await list({ player_account: 'bob', start_time: '2030-01-01T00:00:00Z' })).total).toBe(0);
    expect((await list({ player_account: 'bob', end_time: '2020-01-01T00:00:00Z' })).total).toBe(0);
    // A time with neither a zone nor the console's wall-clock form, or one that does not exist, is refused.
    for (const bad of ['2026-03-01T00:00:00', '2026-03-01 24:00:00', '2026-02-30 00:00:00', '2026-03-01 00:00', 'yesterday']) {
      const r = await t().call('bill/list', { start_time: bad }, { token });
      expect(r.error_code, bad).toBe('A0400');
      expect(r.error_msg, bad).toBe('start_time: must be an ISO-8601 time with its zone, or YYYY-MM-DD HH:mm:ss in the chosen timezone');
    }
    expect((await t().call('bill/list', { time_zone_id: 6 }, { token })).error_code).toBe('A0400');
  });

  it('totals every page per currency: count, money in, money out and net', async () => {
    const all = await list({ page_size: 1 });
    expect(all.summary).toEqual([
      { currency_id: dims.currency.CNY, currency_code: 'CNY', entry_count: 4, amount_in: '119.5000', amount_out: '-20.0000', amount_net: '99.5000' },
      { currency_id: dims.currency.USD, currency_code: 'USD', entry_count: 1, amount_in: '50.0000', amount_out: '0.0000', amount_net: '50.0000' },
      { currency_id: dims.currency.VND, currency_code: 'VND', entry_count: 1, amount_in: '1000000.0000', amount_out: '0.0000', amount_net: '1000000.0000' },
    ]);
    // A player's and an order's totals come from their entries directly.
    expect((await list({ player_account: 'bob', page_size: 1 })).summary).toEqual([all.summary[0]]);
    expect((await list({ order_id: bet.bet_id })).summary).toEqual([
      { currency_id: dims.currency.CNY, currency_code: 'CNY', entry_count: 2, amount_in: '19.5000', amount_out: '-12.5000', amount_net: '7.0000' },
    ]);
    expect((await list({ currency_id: dims.currency.USD })).summary.map((s) => s.currency_code)).toEqual(['USD']);
    expect((await list({ player_account: 'nobody' })).summary).toEqual([]);
    expect((await list({ agent_id: 424242 })).summary).toEqual([]);
  });

  it('pages', async () => {
    const p1 = await list({ page: 1, page_size: 4 });
    const p2 = await list({ page: 2, page_size: 4 });
    expect(p1.list).toHaveLength(4);
    expect(p2.list.map((b) => b.order_id)).toEqual(['T-2', 'T-1']);
    expect(p2.total).toBe(6);
    expect((await t().call('bill/list', { page_size: 501 }, { token })).error_code).toBe('A0400');
  });

  it('finds a transfer whose order id is also a bet id beside that bet\'s movements', async () => {
    // A bet's movements are keyed by the bet, transfers by (type, order id): the same text may be both.
    const auth = await ingestAuth(t(), token);
    const r = await postIngest(t(), 'transfers', [transferRecord({ order_id: bet.bet_id, player_account: 'erin', amount: '5', time: '2026-03-05T00:00:00Z' })], auth);
    expect(r).toMatchObject({ error_code: '0', data: { accepted: 1, duplicates: 0 } });
    const found = await list({ order_id: bet.bet_id });
    expect(found.list.map((b) => [b.type, b.player_account, b.bet_id])).toEqual([
      ['transfer_in', 'erin', null],
      ['payout', 'bob', bet.bet_id],
      ['bet', 'bob', bet.bet_id],
    ]);
    expect(found.total).toBe(3);
    const again = await postIngest(t(), 'transfers', [transferRecord({ order_id: bet.bet_id, player_account: 'erin', amount: '5', time: '2026-03-05T00:00:00Z' })], auth);
    expect(again).toMatchObject({ error_code: '0', data: { accepted: 0, duplicates: 1 } });
  });

  it('needs permission 6, and so does its export', async () => {
    const other = await loginWithPermissions(t(), 'nobills', '1,14,1401,1305');
    expect((await t().call('bill/list', {}, { token: other })).error_code).toBe('A0301');
    expect((await t().call('bill/list/export', {}, { token: other })).error_code).toBe('A0301');
    const allowed = await loginWithPermissions(t(), 'bills', '6');
    expect((await t().call('bill/list', {}, { token: allowed })).error_code).toBe('0');
    expect(isFile(await t().call('bill/list/export', {}, { token: allowed }))).toBe(true);
  });
});

describeOnDatabases('bill/list totals and pages', (t) => {
  const DAY = 86_400_000;
  let token: string;
  let entries: Array<{ id: number; time: number; agent_path: string; currency_id: number; type: string; amount: bigint; player: string }>;
  let agents: Array<{ id: number; path: string }>;
  let currencies: number[];
  let codes: Map<number, string>;

  beforeAll(async () => {
    const s = await ingestScenario(t(), 9031, 400);
    // Movements on a UTC midnight and a millisecond either side of one: the edges of the per-day counts.
    const edge = Date.UTC(2025, 1, 10);
    await ingestTransfers(t().database, [edge - 1, edge, edge + 1, edge + DAY - 1].map((time, i) =>
      ({ order_id: `edge-${i}`, agent_code: 'A1', player_account: 'p10', currency_code: 'CNY', direction: 'in' as const, amount: '1.0000', time: new Date(time).toISOString() })));
    token = await t().login();
    const db = t().database.db;
    const rows = await sql<{ id: unknown; time: unknown; path: string; currency_id: unknown; type: string; amount: string; account: string }>`
      SELECT l.id, l.time, a.path, l.currency_id, l.type, CAST(l.amount AS TEXT) AS amount, p.account
      FROM ledger_entry l JOIN agent a ON a.id = l.agent_id JOIN player p ON p.id = l.player_id`.execute(db);
    entries = rows.rows
      .map((r) => ({ id: toNumber(r.id), time: toNumber(r.time), agent_path: r.path, currency_id: toNumber(r.currency_id), type: r.type, amount: BigInt(r.amount), player: r.account }))
      // The list's order: newest first, the same instant in reverse order of writing.
      .sort((a, b) => b.time - a.time || b.id - a.id);
    agents = (await db.selectFrom('agent').select(['id', 'path']).execute()).map((a) => ({ id: toNumber(a.id), path: a.path }));
    currencies = Object.values(s.dims.currency);
    codes = new Map(Object.entries(s.dims.currency).map(([code, id]) => [id, code]));
  }, 120_000);

  it('equal a count, a BigInt sum per currency and a slice of the matching entries for every range, filter and page, day edges included', async () => {
    expect(entries.length).toBeGreaterThan(500);
    const r = rng(77);
    const times = entries.map((e) => e.time);
    const lo = Math.min(...times);
    const hi = Math.max(...times);
    // An end of the range: open, an entry's own instant or a millisecond off it, a UTC midnight
    // or a millisecond off it, or any instant around the data.
    const end = (): number | undefined => {
      const at = r.chance(0.5) ? r.pick(times) : r.int(lo - 2 * DAY, hi + 2 * DAY);
      const midnight = Math.floor(at / DAY) * DAY;
      return r.pick([undefined, at, at - 1, at + 1, midnight, midnight - 1, midnight + 1]);
    };
    const types = ['', 'bet', 'payout', 'transfer_in', 'transfer_out'];
    let nonEmpty = 0;
    for (let i = 0; i < 150; i++) {
      let [from, to] = [end(), end()];
      if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
      const agent = r.chance(0.5) ? null : r.pick(agents);
      const currency = r.chance(0.5) ? null : r.pick(currencies);
      const type = r.pick(types);
      // Now and then a player: their entries are found and summed through their own index.
      const player = r.chance(0.15) ? r.pick(entries).player : null;
      const matching = entries.filter(
        (e) =>
          (from === undefined || e.time >= from) &&
          (to === undefined || e.time <= to) &&
          (!agent || e.agent_path.startsWith(agent.path)) &&
          (currency === null || e.currency_id === currency) &&
          (!type || e.type === type) &&
          (player === null || e.player === player),
      );
      const want = matching.length;
      if (want > 0) nonEmpty++;
      const pageSize = r.pick([1, 3, 20]);
      const page = r.int(1, Math.ceil(want / pageSize) + 1);
      const body = {
        start_time: from === undefined ? '' : new Date(from).toISOString(),
        end_time: to === undefined ? '' : new Date(to).toISOString(),
        agent_id: agent?.id ?? 0,
        currency_id: currency ?? 0,
        type,
        ...(player === null ? {} : { player_account: player }),
        page,
        page_size: pageSize,
      };
      const got = await t().call<List<Bill>>('bill/list', body, { token });
      expect(got.error_code).toBe('0');
      expect(got.data.total, JSON.stringify(body)).toBe(want);
      expect(got.data.summary, JSON.stringify(body)).toEqual(sumsOf(matching, codes));
      expect(got.data.list.map((b) => b.id), JSON.stringify(body)).toEqual(matching.slice((page - 1) * pageSize, page * pageSize).map((e) => e.id));
    }
    expect(nonEmpty).toBeGreaterThan(50);
  });

  it('total short ranges exactly: part of one day, most of one, and the end of a day with the start of the next', async () => {
    const r = rng(78);
    const days = [...new Set(entries.map((e) => Math.floor(e.time / DAY)))];
    for (let i = 0; i < 60; i++) {
      const day = r.pick(days) * DAY;
      // A start anywhere in the day, a length from a minute to a day and a half.
      const from = day + r.int(0, DAY - 1);
      const to = from + r.pick([60_000, DAY / 4, DAY / 2 + 1, (3 * DAY) / 4, DAY - 2, DAY + DAY / 3]);
      const type = r.pick(['', 'bet', 'transfer_in']);
      const currency = r.chance(0.5) ? null : r.pick(currencies);
      const matching = entries.filter((e) => e.time >= from && e.time <= to && (!type || e.type === type) && (currency === null || e.currency_id === currency));
      const body = { start_time: new Date(from).toISOString(), end_time: new Date(to).toISOString(), type, currency_id: currency ?? -1, page: 1, page_size: 3 };
      const got = await t().call<List<Bill>>('bill/list', body, { token });
      expect(got.data.total, JSON.stringify(body)).toBe(matching.length);
      expect(got.data.summary, JSON.stringify(body)).toEqual(sumsOf(matching, codes));
      expect(got.data.list.map((b) => b.id), JSON.stringify(body)).toEqual(matching.slice(0, 3).map((e) => e.id));
    }
  });

  it('pages one entry at a time across whole days and their midnights', async () => {
    // Every entry of four whole days, one per page: each is once the only entry of its page, the
    // one at midnight and the one a millisecond before it included.
    const from = Date.UTC(2025, 1, 8);
    const to = Date.UTC(2025, 1, 12) - 1;
    const matching = entries.filter((e) => e.time >= from && e.time <= to);
    expect(matching.map((e) => e.time)).toEqual(expect.arrayContaining([Date.UTC(2025, 1, 10) - 1, Date.UTC(2025, 1, 10)]));
    for (let page = 1; page <= matching.length + 1; page++) {
      const body = { start_time: new Date(from).toISOString(), end_time: new Date(to).toISOString(), page, page_size: 1 };
      const got = await t().call<List<Bill>>('bill/list', body, { token });
      expect(got.data.total).toBe(matching.length);
      expect(got.data.list.map((b) => b.id), `page ${page}`).toEqual(matching.slice(page - 1, page).map((e) => e.id));
    }
  });
});

describeOnDatabases('bill/list in the chosen timezone', (t) => {
  let token: string;
  let dims: Dimensions;

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    const auth = await ingestAuth(t(), token);
    // 23:59:59.5 on 10 March in GMT+8 is 00:59:59.5 on 11 March in GMT+9, and 00:29:59.5 in GMT+8:30.
    const r = await postIngest(t(), 'transfers', [
      transferRecord({ order_id: 'TZ-1', player_account: 'zoe', amount: '3', time: '2026-03-10T15:59:59.500Z' }),
      transferRecord({ order_id: 'TZ-2', player_account: 'zoe', amount: '4', time: '2026-03-10T16:00:00.000Z' }),
    ], auth);
    expect(r.error_code, r.error_msg).toBe('0');
  });

  const orders = async (body: Record<string, unknown>) => {
    const r = await t().call<List<Bill>>('bill/list', body, { token });
    expect(r.error_code, r.error_msg).toBe('0');
    return r.data.list.map((b) => b.order_id);
  };
  const day = (date: string) => ({ start_time: `${date} 00:00:00`, end_time: `${date} 23:59:59` });

  it('reads wall-clock bounds in time_zone_id: an entry at 23:59:59 GMT+8 is on the next day in GMT+9', async () => {
    expect(await orders({ ...day('2026-03-10'), time_zone_id: 1 })).toEqual(['TZ-1']);
    expect(await orders({ ...day('2026-03-11'), time_zone_id: 1 })).toEqual(['TZ-2']);
    // The default zone is GMT+8.
    expect(await orders(day('2026-03-10'))).toEqual(['TZ-1']);
    expect(await orders({ ...day('2026-03-10'), time_zone_id: 3 })).toEqual([]);
    expect(await orders({ ...day('2026-03-11'), time_zone_id: 3 })).toEqual(['TZ-2', 'TZ-1']);
    expect(await orders({ ...day('2026-03-11'), time_zone_id: 5 })).toEqual(['TZ-2', 'TZ-1']);
    // An end takes in its whole second; a start is exact.
    expect(await orders({ start_time: '2026-03-11 00:29:59', end_time: '2026-03-11 00:29:59', time_zone_id: 2 })).toEqual(['TZ-1']);
    expect(await orders({ start_time: '2026-03-11 00:30:00', time_zone_id: 2 })).toEqual(['TZ-2']);
    // An instant with its own zone means that instant, whatever time_zone_id says.
    expect(await orders({ start_time: '2026-03-11T00:00:00+08:00', time_zone_id: 3 })).toEqual(['TZ-2']);
  });

  it('totals the entries of the zone\'s day', async () => {
    const summary = async (body: Record<string, unknown>) => (await t().call<List<Bill>>('bill/list', body, { token })).data.summary;
    expect(await summary({ ...day('2026-03-10'), time_zone_id: 1 })).toEqual([
      { currency_id: dims.currency.CNY, currency_code: 'CNY', entry_count: 1, amount_in: '3.0000', amount_out: '0.0000', amount_net: '3.0000' },
    ]);
    expect((await summary({ ...day('2026-03-11'), time_zone_id: 3 }))[0]).toMatchObject({ entry_count: 2, amount_in: '7.0000', amount_net: '7.0000' });
    expect(await summary({ ...day('2026-03-10'), time_zone_id: 3 })).toEqual([]);
  });
});

describeOnDatabases(
  'bill/list/export',
  (t) => {
    let token = '';
    let agentA1 = 0;

    beforeAll(async () => {
      const s = await ingestScenario(t(), 4242, 150);
      agentA1 = s.dims.agent.A1;
      // A manual adjustment: an operator and a remark on its row.
      token = await t().login();
      const player = await t().database.db.selectFrom('player').select('id').where('account', '=', 'p02').executeTakeFirstOrThrow();
      const adj = await t().call('player/wallet/adjust', {
        player_id: toNumber(player.id), currency_id: s.dims.currency.CNY, direction: 'debit', amount: '1.25', remark: 'a  remark', request_id: 'bill-export-adj-1',
      }, { token });
      expect(adj.error_code, adj.error_msg).toBe('0');
    }, 120_000);

    /** Every row of the list for a filter, all pages. */
    const listAll = async (body: Record<string, unknown>) => {
      const rows: Bill[] = [];
      let summary: Summary[] = [];
      for (let page = 1; ; page++) {
        const r = await t().call<List<Bill>>('bill/list', { ...body, page, page_size: 500 }, { token });
        expect(r.error_code, r.error_msg).toBe('0');
        rows.push(...r.data.list);
        summary = r.data.summary;
        if (r.data.list.length < 500) return { rows, summary };
      }
    };
    const localTime = (iso: string, offsetMinutes: number) => new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    /** An amount as its cell reads back: a number with the currency's 2 decimals (every currency of the fixtures shows 2). */
    const shown = (amount: string) => Number(shownAmount(amount, 2));
    /** A list row as the sheet writes it (empty text read back as nothing; the time a date cell of the wall-clock time). */
    const asCells = (b: Bill, offsetMinutes: number, lang: 'en' | 'zh-cn') =>
      [
        b.id, wallClockDate(localTime(b.time, offsetMinutes)), b.player_account, b.agent_code, b.currency_code, bill.LEDGER_TYPE_TITLES[b.type as bill.LedgerType][lang],
        bill.LEDGER_SOURCE_TITLES[b.source][lang], shown(b.amount), shown(b.balance_before), shown(b.balance_after), b.order_id, b.bet_id, b.operator_account, b.remark,
      ].map((v) => (v === null || v === '' ? undefined : v));
    const trim = (cells: unknown[]) => {
      const out = cells.map((v) => (v === '' ? undefined : v));
      while (out.length && out[out.length - 1] === undefined) out.pop();
      return out;
    };

    it('writes the rows and totals the list answers for the same filters, times in the chosen timezone', async () => {
      const body = { start_time: '2025-02-01 00:00:00', end_time: '2025-03-31 23:59:59', time_zone_id: 3, currency_id: -1, agent_id: agentA1 };
      const res = await t().call('bill/list/export', body, { token });
      expect(isFile(res), res.raw.toString().slice(0, 300)).toBe(true);
      expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('Account-change ledger-2025-02-01_2025-03-31-'));
      const sheet = parts(await readSheet(res.raw), /^Total /);
      const want = await listAll(body);
      expect(want.rows.length).toBeGreaterThan(20);
      expect(sheet.title).toBe('Account-change ledger 2025-02-01 ~ 2025-03-31');
      // The time's header names the timezone it is written in.
      expect(sheet.header).toEqual(bill.BILL_EXPORT_COLUMNS.map((c) => (c.key === 'time' ? `${c.title.en} (GMT+9:00)` : c.title.en)));
      expect(sheet.data.map(trim)).toEqual(want.rows.map((b) => trim(asCells(b, 540, 'en'))));
      expect(sheet.filters).toMatchObject({
        Report: 'Account-change ledger', 'Time range': '2025-02-01 00:00:00 ~ 2025-03-31 23:59:59', Timezone: 'GMT+9:00', Currency: 'All',
        'Agent (with sub-agents)': 'A1 Agent A1', 'Player account': 'All', Type: 'All', 'Order ID': 'All', 'Exported by': 'admin',
      });
      expect(sheet.filters['Exported at (GMT+9:00)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      // Per currency: money in, money out, and the net with the number of entries, under the amount column.
      const amountAt = bill.BILL_EXPORT_COLUMNS.findIndex((c) => c.key === 'amount');
      expect(sheet.totals.map((r) => [r[0], r[amountAt]])).toEqual(
        want.summary.flatMap((s) => [
          [`Total ${s.currency_code} in`, shown(s.amount_in)],
          [`Total ${s.currency_code} out`, shown(s.amount_out)],
          [`Total ${s.currency_code} net (${s.entry_count.toLocaleString('en')})`, shown(s.amount_net)],
        ]),
      );
    });

    it('writes a player\'s, an order\'s and a manual entry\'s rows, in Chinese too', async () => {
      for (const body of [{ player_account: 'p02', type: 'manual_debit' as const }, { player_account: 'p04', time_zone_id: 5 }, { order_id: 'fund-4242-3-USD' }]) {
        const res = await t().call('bill/list/export', body, { token, lang: 'zh-cn' });
        expect(isFile(res)).toBe(true);
        const sheet = parts(await readSheet(res.raw), /^合计 /);
        const want = await listAll(body);
        expect(want.rows.length, JSON.stringify(body)).toBeGreaterThan(0);
        expect(sheet.header[0]).toBe('ID');
        expect(sheet.header[1]).toBe(`时间 (${'time_zone_id' in body ? 'GMT+10:00' : 'GMT+8:00'})`);
        expect(sheet.data.map(trim), JSON.stringify(body)).toEqual(want.rows.map((b) => trim(asCells(b, ('time_zone_id' in body ? 600 : 480), 'zh-cn'))));
        expect(sheet.totals.length).toBe(want.summary.length * 3);
        expect(sheet.filters['时间范围']).toBe('全部');
      }
      const manual = parts(await readSheet((await t().call('bill/list/export', { player_account: 'p02', type: 'manual_debit' }, { token, lang: 'zh-cn' })).raw), /^合计 /);
      expect(manual.data[0]).toContain('人工扣款');
      expect(manual.data[0]).toContain('a  remark');
      expect(manual.data[0]).toContain(-1.25);
      expect(manual.filters['类型']).toBe('人工扣款');
    });

    it('shows instants given with their own zone in the chosen one; an empty ledger is a sheet with no rows', async () => {
      const res = await t().call('bill/list/export', { start_time: '2025-02-01T00:00:00Z', end_time: '2025-02-01T23:59:59.999Z', time_zone_id: 1 }, { token });
      expect(parts(await readSheet(res.raw), /^Total /).filters['Time range']).toBe('2025-02-01 08:00:00 ~ 2025-02-02 07:59:59');
      const none = await t().call('bill/list/export', { player_account: 'nobody' }, { token });
      expect(isFile(none)).toBe(true);
      const sheet = parts(await readSheet(none.raw), /^Total /);
      expect(sheet.data).toEqual([]);
      expect(sheet.totals).toEqual([]);
    });

    it('is recorded in the export list as the ledger and downloads again for holders of 6', async () => {
      const body = { currency_id: -1, type: 'transfer_in' as const, time_zone_id: 2 };
      expect(isFile(await t().call('bill/list/export', body, { token }))).toBe(true);
      const list = await t().call<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 5, report: 'bill' }, { token });
      const item = list.data.list[0]!;
      expect(item).toMatchObject({ report: 'bill', report_path: 'bill/list', status: 'done', downloadable: true });
      expect(item.filters).toMatchObject(body);
      expect(item.row_count).toBe((await listAll(body)).rows.length);
      expect(isFile(await t().call('export/download', { id: item.id }, { token }))).toBe(true);
      // Export management without the ledger's code: listed, not downloadable.
      const manager = await loginWithPermissions(t(), 'exportsonly', '13,1305');
      expect((await t().call('export/download', { id: item.id }, { token: manager })).error_code).toBe('A0301');
    });
  },
  { exportDir },
);
