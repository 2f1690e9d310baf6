/**
 * The bill ledger's totals over ranges whose sums pass the signed 64-bit range: every entry, every
 * per-day row of ledger_day_count and every wallet balance stays within it, but a total over many
 * of them need not. The totals must come out exact (BigInt, decimal strings), never B0001.
 */
import { beforeAll, expect, it } from 'vitest';
import { formatMoney, MONEY_UNITS_MAX } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, ingestAuth, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';

/** The largest amount an ingested record may carry: 12 digits and 4 decimals. */
const BIG = '999999999999.9999';
const BIG_UNITS = 9_999_999_999_999_999n;
/** Transfers in (each followed by one out of the same amount) per player and day. */
const PAIRS = 600;
const DAY = 86_400_000;
const DAY1 = Date.UTC(2026, 0, 5);
const DAY2 = Date.UTC(2026, 0, 6);

interface Entry {
  agent: 'A1' | 'B1';
  account: string;
  type: 'transfer_in' | 'transfer_out';
  amount: bigint;
  time: number;
}
interface Summary {
  currency_code: string;
  entry_count: number;
  amount_in: string;
  amount_out: string;
  amount_net: string;
}

describeOnDatabases('bill/list totals past the 64-bit range', (t) => {
  let dims: Dimensions;
  let token: string;
  const entries: Entry[] = [];

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    const auth = await ingestAuth(t(), token);
    // Per player and day: PAIRS transfers of the largest ingest amount in and out again, one pair a
    // minute from midnight (ten hours). Each day's row per agent and type holds 6e18 units, within
    // the range; two agents on one day, or one agent on two days, pass it.
    const plan: Array<[agent: 'A1' | 'B1', account: string, day: number]> = [
      ['A1', 'sum-ann', DAY1],
      ['B1', 'sum-ben', DAY1],
      ['A1', 'sum-ann', DAY2],
    ];
    for (const [agent, account, day] of plan) {
      const batch = [];
      for (let i = 0; i < PAIRS; i++) {
        for (const [direction, offset] of [['in', 0], ['out', 30_000]] as const) {
          const time = day + i * 60_000 + offset;
          batch.push(transferRecord({ agent_code: agent, player_account: account, currency_code: 'CNY', direction, amount: BIG, time: new Date(time).toISOString() }));
          entries.push({ agent, account, type: direction === 'in' ? 'transfer_in' : 'transfer_out', amount: direction === 'in' ? BIG_UNITS : -BIG_UNITS, time });
        }
      }
      const r = await postIngest(t(), 'transfers', batch, auth);
      expect(r.error_code, r.error_msg).toBe('0');
    }
  }, 120_000);

  /** The totals of the matching entries, added in BigInt. */
  const expected = (match: (e: Entry) => boolean): Summary[] => {
    const hits = entries.filter(match);
    if (!hits.length) return [];
    const inn = hits.filter((e) => e.amount > 0n).reduce((s, e) => s + e.amount, 0n);
    const out = hits.filter((e) => e.amount < 0n).reduce((s, e) => s + e.amount, 0n);
    return [{ currency_code: 'CNY', entry_count: hits.length, amount_in: formatMoney(inn), amount_out: formatMoney(out), amount_net: formatMoney(inn + out) }];
  };
  const iso = (ms: number) => new Date(ms).toISOString();

  it('sums every kind of range exactly: whole days, most of a day, part of one, a player, an agent, a type', async () => {
    const cases: Array<[name: string, body: Record<string, unknown>, match: (e: Entry) => boolean]> = [
      // Whole days (the per-day rows, added per currency).
      ['both days', { start_time: iso(DAY1), end_time: iso(DAY2 + DAY - 1) }, () => true],
      ['open range', {}, () => true],
      ['one whole day, two agents', { start_time: iso(DAY1), end_time: iso(DAY1 + DAY - 1) }, (e) => e.time < DAY2],
      // Most of a day: the day's row less the rest of it.
      ['most of a day', { start_time: iso(DAY1), end_time: iso(DAY1 + 23 * 3_600_000) }, (e) => e.time < DAY2],
      // Part of a day, entry by entry.
      ['part of a day', { start_time: iso(DAY1), end_time: iso(DAY1 + 11 * 3_600_000) }, (e) => e.time <= DAY1 + 11 * 3_600_000],
      ['the end of one day and the start of the next', { start_time: iso(DAY1 + 13 * 3_600_000), end_time: iso(DAY2 + 11 * 3_600_000) }, (e) => e.time >= DAY1 + 13 * 3_600_000 && e.time <= DAY2 + 11 * 3_600_000],
      // A player's entries, found through their own key and summed entry by entry.
      ['a player', { player_account: 'sum-ann' }, (e) => e.account === 'sum-ann'],
      ['a player over part of a day', { player_account: 'sum-ann', start_time: iso(DAY2), end_time: iso(DAY2 + 11 * 3_600_000) }, (e) => e.account === 'sum-ann' && e.time >= DAY2],
      ['an agent', { agent_id: 'A1' }, (e) => e.agent === 'A1'],
      ['a type', { type: 'transfer_in' }, (e) => e.type === 'transfer_in'],
      ['a type over most of a day', { type: 'transfer_out', start_time: iso(DAY1), end_time: iso(DAY1 + 23 * 3_600_000) }, (e) => e.type === 'transfer_out' && e.time < DAY2],
    ];
    for (const [name, raw, match] of cases) {
      const body = { ...raw, ...(raw.agent_id ? { agent_id: dims.agent[raw.agent_id as 'A1'] } : {}), currency_id: -1, page: 1, page_size: 2 };
      const r = await t().call<{ total: number; summary: Summary[] }>('bill/list', body, { token });
      expect([r.error_code, r.error_msg], name).toEqual(['0', '']);
      const want = expected(match);
      expect(r.data.summary.map(({ currency_code, entry_count, amount_in, amount_out, amount_net }) => ({ currency_code, entry_count, amount_in, amount_out, amount_net })), name).toEqual(want);
      expect(r.data.total, name).toBe(want[0]?.entry_count ?? 0);
    }
    // The cases above do pass the range.
    expect(BigInt(PAIRS) * 3n * BIG_UNITS).toBeGreaterThan(MONEY_UNITS_MAX);
  }, 60_000);

  it("the ledger's export totals the same range", async () => {
    const body = { start_time: iso(DAY1), end_time: iso(DAY2 + DAY - 1), type: 'transfer_in', currency_id: -1 };
    const r = await t().call('bill/list/export', body, { token });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('spreadsheetml');
  }, 60_000);
});
