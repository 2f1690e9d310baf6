import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { ingestTransfers } from '../src/modules/ingest/service.ts';
import { toNumber } from '../src/db/sql.ts';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, loginWithPermissions, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';
import { ingestScenario, rng } from './report-fixtures.ts';

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
  remark: string;
  time: string;
}
interface List<T> {
  list: T[];
  total: number;
}

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
    const bad = await t().call('bill/list', { start_time: '2026-03-01 00:00:00' }, { token });
    expect(bad.error_code).toBe('A0400');
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

  it('needs permission 6', async () => {
    const other = await loginWithPermissions(t(), 'nobills', '1,14,1401');
    expect((await t().call('bill/list', {}, { token: other })).error_code).toBe('A0301');
    const allowed = await loginWithPermissions(t(), 'bills', '6');
    expect((await t().call('bill/list', {}, { token: allowed })).error_code).toBe('0');
  });
});

describeOnDatabases('bill/list totals and pages', (t) => {
  const DAY = 86_400_000;
  let token: string;
  let entries: Array<{ id: number; time: number; agent_path: string; currency_id: number; type: string }>;
  let agents: Array<{ id: number; path: string }>;
  let currencies: number[];

  beforeAll(async () => {
    const s = await ingestScenario(t(), 9031, 400);
    // Movements on a UTC midnight and a millisecond either side of one: the edges of the per-day counts.
    const edge = Date.UTC(2025, 1, 10);
    await ingestTransfers(t().database, [edge - 1, edge, edge + 1, edge + DAY - 1].map((time, i) =>
      ({ order_id: `edge-${i}`, agent_code: 'A1', player_account: 'p10', currency_code: 'CNY', direction: 'in' as const, amount: '1.0000', time: new Date(time).toISOString() })));
    token = await t().login();
    const db = t().database.db;
    const rows = await sql<{ id: unknown; time: unknown; path: string; currency_id: unknown; type: string }>`
      SELECT l.id, l.time, a.path, l.currency_id, l.type FROM ledger_entry l JOIN agent a ON a.id = l.agent_id`.execute(db);
    entries = rows.rows
      .map((r) => ({ id: toNumber(r.id), time: toNumber(r.time), agent_path: r.path, currency_id: toNumber(r.currency_id), type: r.type }))
      // The list's order: newest first, the same instant in reverse order of writing.
      .sort((a, b) => b.time - a.time || b.id - a.id);
    agents = (await db.selectFrom('agent').select(['id', 'path']).execute()).map((a) => ({ id: toNumber(a.id), path: a.path }));
    currencies = Object.values(s.dims.currency);
  }, 120_000);

  it('equal a count and a slice of the matching entries for every range, filter and page, day edges included', async () => {
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
      const matching = entries.filter(
        (e) =>
          (from === undefined || e.time >= from) &&
          (to === undefined || e.time <= to) &&
          (!agent || e.agent_path.startsWith(agent.path)) &&
          (currency === null || e.currency_id === currency) &&
          (!type || e.type === type),
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
        page,
        page_size: pageSize,
      };
      const got = await t().call<List<Bill>>('bill/list', body, { token });
      expect(got.error_code).toBe('0');
      expect(got.data.total, JSON.stringify(body)).toBe(want);
      expect(got.data.list.map((b) => b.id), JSON.stringify(body)).toEqual(matching.slice((page - 1) * pageSize, page * pageSize).map((e) => e.id));
    }
    expect(nonEmpty).toBeGreaterThan(50);
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
