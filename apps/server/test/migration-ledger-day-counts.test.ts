import { expect, it } from 'vitest';
import { describeOnEmptyDatabases } from './harness.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { ledgerDayCounts } from '../src/modules/wallet/repository.ts';

/** Migration 0010 on a database that already holds ledger entries: the per-day counts start out exact. */
describeOnEmptyDatabases('migration 0010-ledger-day-counts', 'mig10', (temp) => {
  it('counts the entries already stored, per UTC day, agent, currency and type', async () => {
    const t = temp();
    await migrateToLatest(t.database, '0009-ledger-bet-keys');
    const midnight = Date.UTC(2026, 2, 1);
    const entry = (id: number, type: string, agentId: number, time: number) => ({
      id, player_id: 7, agent_id: agentId, currency_id: 1, type, amount: 1n, balance_before: 0n, balance_after: 1n,
      order_id: `O-${id}`, related_bet_id: null, operator_id: null, remark: '', time, created_at: '2026-03-01T00:00:00.000Z',
    });
    await t.database.db.insertInto('ledger_entry').values([
      entry(1, 'transfer_in', 1, midnight - 1),
      entry(2, 'transfer_in', 1, midnight),
      entry(3, 'transfer_in', 1, midnight + 86_400_000 - 1),
      entry(4, 'transfer_out', 1, midnight + 5),
      entry(5, 'transfer_in', 2, midnight + 6),
    ]).execute();

    expect(await migrateToLatest(t.database)).toEqual(expect.arrayContaining(['0010-ledger-day-counts']));
    const day = midnight / 86_400_000;
    // Migration 0018, run with it, sums their amounts (1 unit each) beside the counts.
    expect(await ledgerDayCounts(t.database.db, false)).toEqual([
      { day: day - 1, agent_id: 1, currency_id: 1, type: 'transfer_in', entry_count: 1, amount_in: 1n, amount_out: 0n },
      { day, agent_id: 1, currency_id: 1, type: 'transfer_in', entry_count: 2, amount_in: 2n, amount_out: 0n },
      { day, agent_id: 1, currency_id: 1, type: 'transfer_out', entry_count: 1, amount_in: 1n, amount_out: 0n },
      { day, agent_id: 2, currency_id: 1, type: 'transfer_in', entry_count: 1, amount_in: 1n, amount_out: 0n },
    ]);
  }, 60_000);
});
