import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ledgerProblems, postIngest, transferRecord, walletBalance } from './domain-fixtures.ts';
import { prng } from '../src/modules/demo/generator.ts';
import { ingestBets, ingestTransfers } from '../src/modules/ingest/service.ts';
import { toNumber } from '../src/db/sql.ts';

describeOnDatabases('wallet ledger', (t) => {
  let auth: string;

  beforeAll(async () => {
    await createDimensions(t().database.db);
    auth = await ingestAuth(t());
  });

  it('keeps every wallet equal to the sum of its entries, with chained balances, over random batches', async () => {
    const rng = prng(7);
    const accounts = ['r1', 'r2', 'r3', 'r4', 'r5'];
    const money = (max: number) => `${rng.int(0, max)}.${String(rng.int(0, 9999)).padStart(4, '0')}`;
    let rejected = 0;
    for (let round = 0; round < 25; round++) {
      const transfers = Array.from({ length: rng.int(1, 6) }, () =>
        transferRecord({ player_account: rng.pick(accounts), direction: rng.next() < 0.7 ? 'in' : 'out', amount: `${rng.int(1, 300)}.${rng.int(0, 99)}` }),
      );
      try {
        await ingestTransfers(t().database, transfers);
      } catch {
        rejected++; // an overdrawing transfer out: the whole batch is refused, which is also fine here
      }
      const bets = Array.from({ length: rng.int(1, 30) }, () =>
        betRecord({ player_account: rng.pick(accounts), bet_amount: money(20), payout_amount: rng.next() < 0.4 ? money(40) : '0', tax_amount: rng.next() < 0.2 ? money(1) : '0', bonus_amount: rng.next() < 0.1 ? money(2) : '0' }),
      );
      try {
        await ingestBets(t().database, bets);
      } catch {
        rejected++;
      }
      expect(await ledgerProblems(t().database.db)).toEqual([]);
    }
    expect(rejected).toBeLessThan(50);
    const entries = toNumber((await t().database.db.selectFrom('ledger_entry').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(entries).toBeGreaterThan(50);
  });

  it('concurrent batches for the same player never overdraw and never lose an entry', async () => {
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'race', amount: '1000' })], auth);
    // 8 batches of 20 bets of 10 = 1,600 of stakes against 1,000: some batches must be refused.
    const batches = Array.from({ length: 8 }, () => Array.from({ length: 20 }, () => betRecord({ player_account: 'race', bet_amount: '10' })));
    const answers = await Promise.all(batches.map((b) => postIngest(t(), 'bets', b, auth)));
    const accepted = answers.filter((a) => a.error_code === '0');
    const refused = answers.filter((a) => a.error_code !== '0');
    expect(accepted.length).toBe(5);
    for (const a of accepted) expect(a.data).toEqual({ accepted: 20, duplicates: 0 });
    for (const r of refused) expect(r).toMatchObject({ error_code: 'A0400', data: { field: 'bet_amount' } });
    expect(await walletBalance(t().database.db, 'race')).toBe(0n);
    expect(await ledgerProblems(t().database.db)).toEqual([]);
  });

  it('concurrent transfers in for the same player all land (no lost update)', async () => {
    const batches = Array.from({ length: 10 }, (_, i) => [transferRecord({ player_account: 'many-in', amount: `${i + 1}` }), transferRecord({ player_account: 'many-in', amount: '0.5' })]);
    const answers = await Promise.all(batches.map((b) => postIngest(t(), 'transfers', b, auth)));
    for (const a of answers) expect(a.data).toEqual({ accepted: 2, duplicates: 0 });
    expect(await walletBalance(t().database.db, 'many-in')).toBe((55n + 5n) * 10_000n);
    expect(await ledgerProblems(t().database.db)).toEqual([]);
  });

  it('the same batch sent several times at once is stored exactly once', async () => {
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'echo', amount: '100' })], auth);
    const bets = Array.from({ length: 10 }, () => betRecord({ player_account: 'echo', bet_amount: '3', payout_amount: '1' }));
    const transfers = [transferRecord({ player_account: 'echo', amount: '7' })];
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => postIngest(t(), 'bets', bets, auth)),
      ...Array.from({ length: 5 }, () => postIngest(t(), 'transfers', transfers, auth)),
    ]);
    expect(answers.every((a) => a.error_code === '0')).toBe(true);
    expect(answers.slice(0, 5).reduce((s, a) => s + a.data!.accepted, 0)).toBe(10);
    expect(answers.slice(0, 5).reduce((s, a) => s + a.data!.duplicates, 0)).toBe(40);
    expect(answers.slice(5).reduce((s, a) => s + a.data!.accepted, 0)).toBe(1);
    expect(await walletBalance(t().database.db, 'echo')).toBe((100n + 7n - 20n) * 10_000n);
    expect(await ledgerProblems(t().database.db)).toEqual([]);
  });

  it('the database itself refuses a second movement of one kind for a bet or for a transfer order', async () => {
    await postIngest(t(), 'transfers', [transferRecord({ order_id: 'KEY-T1', player_account: 'keyed', amount: '50' })], auth);
    await postIngest(t(), 'bets', [betRecord({ bet_id: 'KEY-B1', player_account: 'keyed', bet_amount: '2', payout_amount: '3' })], auth);
    const db = t().database.db;
    const entryOf = async (orderId: string, type: string) =>
      db.selectFrom('ledger_entry').selectAll().where('order_id', '=', orderId).where('type', '=', type).executeTakeFirstOrThrow();
    const copy = async (orderId: string, type: string, change: Record<string, unknown> = {}) => {
      const { id: _id, ...row } = await entryOf(orderId, type);
      return db.insertInto('ledger_entry').values({ ...row, ...change }).execute();
    };
    // Keyed by (bet, type): another payout of the same bet, even under another order id text.
    await expect(copy('KEY-B1', 'payout', { order_id: 'KEY-B1-again' })).rejects.toThrow(/unique|duplicate/i);
    // Keyed by (type, order id) when no bet: the same transfer twice.
    await expect(copy('KEY-T1', 'transfer_in')).rejects.toThrow(/unique|duplicate/i);
    // The bet's own order id text is free for a transfer, and another type of the same order is allowed.
    await copy('KEY-B1', 'payout', { type: 'transfer_in', related_bet_id: null, amount: 0n, balance_before: 0n, balance_after: 0n, player_id: 0 });
    await copy('KEY-T1', 'transfer_in', { type: 'transfer_out', amount: 0n, balance_before: 0n, balance_after: 0n, player_id: 0 });
    await db.deleteFrom('ledger_entry').where('player_id', '=', 0).execute();
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('concurrent batches that create the same new player create it once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => postIngest(t(), 'transfers', [transferRecord({ agent_code: 'A1-1', player_account: 'twin', amount: '1' })], auth)));
    expect(answers.every((a) => a.error_code === '0')).toBe(true);
    const players = await t().database.db.selectFrom('player').select('id').where('account', '=', 'twin').execute();
    expect(players).toHaveLength(1);
    const wallets = await t().database.db.selectFrom('wallet').select('id').where('player_id', '=', players[0]!.id).execute();
    expect(wallets).toHaveLength(1);
    expect(await walletBalance(t().database.db, 'twin')).toBe(60_000n);
  });
});
