import { beforeAll, expect, it } from 'vitest';
import { formatMoney, MONEY_UNITS_MAX } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ingestCounts, postIngest, transferRecord, walletBalance } from './domain-fixtures.ts';

/** The largest amount one ingest record may carry (12 digits, 4 decimals): 10^16 − 1 units. */
const LARGEST = '999999999999.9999';
const LARGEST_UNITS = 9_999_999_999_999_999n;

/**
 * Amounts are signed 64-bit counts of 1/10000 (MONEY_UNITS_MAX). A wallet or an aggregate sum
 * that would pass that is refused with the batch, never rounded; SQLite would otherwise quietly
 * store such a sum as a floating-point number.
 */
describeOnDatabases('amount limits', (t) => {
  let auth: string;
  let token: string;

  beforeAll(async () => {
    await createDimensions(t().database.db);
    token = await t().login();
    auth = await ingestAuth(t(), token);
  });

  /** `n` new players funded with the largest transfer an hour before, each staking it once at `time`. */
  async function largestBets(prefix: string, n: number, time: string) {
    const players = Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
    const fundedAt = new Date(Date.parse(time) - 3_600_000).toISOString();
    const funded = await postIngest(t(), 'transfers', players.map((p) => transferRecord({ player_account: p, amount: LARGEST, time: fundedAt })), auth);
    expect(funded).toMatchObject({ error_code: '0', data: { accepted: n } });
    return postIngest(t(), 'bets', players.map((p) => betRecord({ player_account: p, bet_amount: LARGEST, valid_bet_amount: LARGEST, bet_time: time, settle_time: time })), auth);
  }

  it('refuses a transfer that would take a wallet past the largest balance, writing nothing of its batch', async () => {
    const fits = Number(MONEY_UNITS_MAX / LARGEST_UNITS); // 922 of them fit
    const before = await ingestCounts(t().database.db);
    const r = await postIngest(t(), 'transfers', Array.from({ length: fits + 1 }, () => transferRecord({ player_account: 'whale', amount: LARGEST })), auth);
    expect(r).toMatchObject({ error_code: 'A0400', data: { index: fits, field: 'amount' } });
    expect(r.error_msg).toContain(formatMoney(MONEY_UNITS_MAX));
    expect(await ingestCounts(t().database.db)).toEqual(before);
    expect(await walletBalance(t().database.db, 'whale')).toBeNull();

    const ok = await postIngest(t(), 'transfers', Array.from({ length: fits }, () => transferRecord({ player_account: 'whale', amount: LARGEST })), auth);
    expect(ok).toMatchObject({ error_code: '0', data: { accepted: fits } });
    expect(await walletBalance(t().database.db, 'whale')).toBe(LARGEST_UNITS * BigInt(fits));
  });

  it("refuses transfers that would take a day's ledger total past the 64-bit range, writing nothing of their batch", async () => {
    // 922 of the largest transfers (one per player) fit in one day's total; the 923rd does not.
    const day = '2026-04-02T10:00:00+08:00';
    const fits = Number(MONEY_UNITS_MAX / LARGEST_UNITS);
    const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => transferRecord({ player_account: `apr-${from + i}`, amount: LARGEST, time: day }));
    expect(await postIngest(t(), 'transfers', batch(0, fits), auth)).toMatchObject({ error_code: '0', data: { accepted: fits } });
    const before = await ingestCounts(t().database.db);
    const over = await postIngest(t(), 'transfers', batch(fits, 1), auth);
    expect(over).toMatchObject({ error_code: 'A0400', data: { index: null, field: 'transfers' } });
    expect(over.error_msg).toContain("day's ledger total");
    expect(await ingestCounts(t().database.db)).toEqual(before);
    // The bill list's totals of that day stay exact.
    const bills = await t().call<{ summary: Array<{ amount_in: string; entry_count: number }> }>(
      'bill/list',
      { start_time: '2026-04-02 00:00:00', end_time: '2026-04-02 23:59:59', time_zone_id: 1, page: 1, page_size: 20 },
      { token },
    );
    expect(bills.error_code, bills.error_msg).toBe('0');
    expect(bills.data.summary).toEqual([expect.objectContaining({ entry_count: fits, amount_in: formatMoney(LARGEST_UNITS * BigInt(fits)) })]);
  });

  it('refuses a bet batch that would take an aggregate sum past the 64-bit range, and the reports stay exact', async () => {
    // 500 of the largest stakes a day: one day's rows hold 5·10^18, the month's would need 10^19.
    const first = await largestBets('jan10', 500, '2026-03-10T11:00:00+08:00');
    expect(first).toMatchObject({ error_code: '0', data: { accepted: 500 } });
    const before = await ingestCounts(t().database.db);
    const second = await largestBets('jan11', 500, '2026-03-11T11:00:00+08:00');
    expect(second).toMatchObject({ error_code: 'A0400', data: { index: null, field: 'bets' } });
    expect(second.error_msg).toContain('report total');
    const after = await ingestCounts(t().database.db);
    // The refused batch's bets and ledger entries are gone; only its funding transfers stayed.
    expect({ bets: after.bets, ledger: after.ledger - 500 }).toEqual({ bets: before.bets, ledger: before.ledger });

    const month = await t().call<{ summary: Array<{ bet_amount: string; bet_count: number }> }>(
      'agent/report/agent/summary',
      { start_date: '2026-03-01', end_date: '2026-03-31', time_zone_id: 1, page: 1, page_size: 20 },
      { token },
    );
    expect(month.error_code).toBe('0');
    expect(month.data.summary).toEqual([expect.objectContaining({ bet_count: 500, bet_amount: formatMoney(LARGEST_UNITS * 500n) })]);
  });

  it('answers a report total past the 64-bit range exactly or with a clear error, never rounded', async () => {
    // Two months of 5·10^18 each: every stored row fits, their sum over both months does not.
    expect(await largestBets('may', 500, '2026-05-10T11:00:00+08:00')).toMatchObject({ error_code: '0' });
    expect(await largestBets('jun', 500, '2026-06-10T11:00:00+08:00')).toMatchObject({ error_code: '0' });
    const both = await t().call<{ summary: Array<{ bet_amount: string }> }>(
      'agent/report/agent/summary',
      { start_date: '2026-05-01', end_date: '2026-06-30', time_zone_id: 1, page: 1, page_size: 20 },
      { token },
    );
    if (both.error_code === '0') {
      // PostgreSQL sums bigint columns as numeric: the exact total.
      expect(both.data.summary[0]!.bet_amount).toBe(formatMoney(LARGEST_UNITS * 1000n));
    } else {
      // SQLite's SUM() refuses to pass 64 bits.
      expect(both).toMatchObject({ status: 200, error_code: 'B0001' });
      expect(both.error_msg).toContain(formatMoney(MONEY_UNITS_MAX));
      expect(both.error_msg).toContain('narrow the date range');
    }
    expect(t().database.dialect === 'sqlite' ? 'B0001' : '0').toBe(both.error_code);
  });
});
