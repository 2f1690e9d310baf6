import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnEmptyDatabases } from './harness.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';

/** Migration 0009 on a database that already holds ledger entries: nothing lost, new keys in force. */
describeOnEmptyDatabases('migration 0009-ledger-bet-keys', 'mig9', (temp) => {
  it('keeps every entry and its id, and the ids go on from where they were', async () => {
    const t = temp();
    const dialect = t.dialect;
    await migrateToLatest(t.database, '0008-player-day-indexes');
    const db = t.database.db;
    const entry = (id: number, type: string, orderId: string, relatedBetId: number | null, before: bigint, amount: bigint) => ({
      id, player_id: 7, agent_id: 1, currency_id: 1, type, amount, balance_before: before, balance_after: before + amount,
      order_id: orderId, related_bet_id: relatedBetId, operator_id: null, remark: '', time: 1_772_000_000_000 + id, created_at: '2026-03-01T00:00:00.000Z',
    });
    const old = [entry(1, 'transfer_in', 'T-1', null, 0n, 100_0000n), entry(5, 'bet', 'B-1', 42, 100_0000n, -10_0000n), entry(9, 'payout', 'B-1', 42, 90_0000n, 25_0000n)];
    await db.insertInto('ledger_entry').values(old).execute();
    if (dialect === 'postgres') await sql`SELECT setval('ledger_entry_id_seq', 9)`.execute(db);

    expect(await migrateToLatest(t.database)).toEqual(expect.arrayContaining(['0009-ledger-bet-keys']));

    const rows = await db.selectFrom('ledger_entry').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [Number(r.id), r.type, r.order_id, r.related_bet_id === null ? null : Number(r.related_bet_id), BigInt(r.balance_after)])).toEqual(
      old.map((e) => [e.id, e.type, e.order_id, e.related_bet_id, e.balance_after]),
    );
    const { id: _id, ...next } = entry(0, 'transfer_out', 'T-2', null, 115_0000n, -15_0000n);
    const added = await db.insertInto('ledger_entry').values(next).returning('id').executeTakeFirstOrThrow();
    expect(Number(added.id)).toBe(10);

    const { id: _b, ...secondPayout } = entry(0, 'payout', 'B-1-again', 42, 0n, 0n);
    await expect(db.insertInto('ledger_entry').values(secondPayout).execute()).rejects.toThrow(/unique|duplicate/i);
    const { id: _t, ...secondTransfer } = entry(0, 'transfer_in', 'T-1', null, 0n, 0n);
    await expect(db.insertInto('ledger_entry').values(secondTransfer).execute()).rejects.toThrow(/unique|duplicate/i);

    const indexes =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ledger_entry' AND sql IS NOT NULL`.execute(db)).rows
        : (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'ledger_entry' AND indexname <> 'ledger_entry_pkey'`.execute(db)).rows;
    const expected = dialect === 'sqlite'
      ? ['ledger_entry_bet_uq', 'ledger_entry_day_player_idx', 'ledger_entry_order_uq', 'ledger_entry_time_idx']
      : ['ledger_entry_bet_uq', 'ledger_entry_order_uq', 'ledger_entry_player_idx', 'ledger_entry_time_idx'];
    expect(indexes.map((r) => r.name).sort()).toEqual(expected);
  }, 60_000);
});
