import { expect, it } from 'vitest';
import { describeOnEmptyDatabases } from './harness.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { ledgerDayCounts } from '../src/modules/wallet/repository.ts';

/** Migration 0018 on a database that already holds ledger entries and their per-day counts: the sums start out exact. */
describeOnEmptyDatabases('migration 0018-ledger-day-sums', 'mig18', (temp) => {
  it('sums the positive and the negative amounts already stored, per UTC day, agent, currency and type', async () => {
    const t = temp();
    await migrateToLatest(t.database, '0016-share-rate-history');
    const midnight = Date.UTC(2026, 2, 1);
    const entry = (id: number, type: string, amount: bigint, time: number) => ({
      id, player_id: 7, agent_id: 1, currency_id: 1, type, amount, balance_before: 0n, balance_after: 0n,
      order_id: `O-${id}`, related_bet_id: null, operator_id: null, remark: '', time, created_at: '2026-03-01T00:00:00.000Z',
    });
    // Amounts past 2^53 units: the sums are exact integers, not floats.
    const big = 9_007_199_254_740_993n;
    await t.database.db.insertInto('ledger_entry').values([
      entry(1, 'transfer_in', big, midnight - 1),
      entry(2, 'transfer_in', big, midnight),
      entry(3, 'transfer_in', 5n, midnight + 86_400_000 - 1),
      entry(4, 'payout', 0n, midnight + 5),
      entry(5, 'manual_debit', -3n, midnight + 6),
      entry(6, 'manual_debit', -4n, midnight + 7),
    ]).execute();
    // The counts as 0010 left them, with nothing else.
    await t.database.db.deleteFrom('ledger_day_count').execute();
    await t.database.db.insertInto('ledger_day_count').values({ day: 1, agent_id: 1, currency_id: 1, type: 'bet', entry_count: 1 } as never).execute();

    expect(await migrateToLatest(t.database, '0018-ledger-day-sums')).toEqual(['0018-ledger-day-sums']);
    const day = midnight / 86_400_000;
    expect(await ledgerDayCounts(t.database.db, false)).toEqual([
      { day: day - 1, agent_id: 1, currency_id: 1, type: 'transfer_in', entry_count: 1, amount_in: big, amount_out: 0n },
      { day, agent_id: 1, currency_id: 1, type: 'manual_debit', entry_count: 2, amount_in: 0n, amount_out: -7n },
      { day, agent_id: 1, currency_id: 1, type: 'payout', entry_count: 1, amount_in: 0n, amount_out: 0n },
      { day, agent_id: 1, currency_id: 1, type: 'transfer_in', entry_count: 2, amount_in: big + 5n, amount_out: 0n },
    ]);
    expect(await ledgerDayCounts(t.database.db, false)).toEqual(await ledgerDayCounts(t.database.db, true));
  }, 60_000);
});
