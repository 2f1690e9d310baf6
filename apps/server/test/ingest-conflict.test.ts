import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ingestCounts, ledgerProblems, postIngest, transferRecord, walletBalance } from './domain-fixtures.ts';
import { checkAggregates } from '../src/modules/aggregate/maintenance.ts';
import { readAggregateRows } from '../src/modules/aggregate/repository.ts';
import { AGG_TABLES } from '../src/modules/aggregate/tables.ts';
import { int8Text } from '../src/db/sql.ts';

/**
 * A bet_id or order id sent again is a duplicate only when it repeats its record exactly (as
 * stored: amounts as exact values, times as instants). Sent again with anything changed, it is a
 * conflict: the batch is refused with the record's index and the field that differs, and nothing
 * of it is written.
 */
describeOnDatabases('ingest conflicts', (t) => {
  let auth: string;

  beforeAll(async () => {
    await createDimensions(t().database.db);
    auth = await ingestAuth(t());
  });

  const db = () => t().database.db;

  /** Everything a batch writes: rows, balances, the aggregate rows. */
  async function state() {
    const aggregates: string[] = [];
    for (const table of AGG_TABLES) {
      for (const r of await readAggregateRows(db(), table, null, null, null)) aggregates.push(`${table}:${r.key.join(',')}=${r.values.join(',')}`);
    }
    const wallets = await db().selectFrom('wallet').select(['id', int8Text(sql.ref('balance')).as('balance')]).orderBy('id').execute();
    return { counts: await ingestCounts(db()), wallets: wallets.map((w) => `${w.id}=${w.balance}`), aggregates: aggregates.sort() };
  }

  async function expectConsistent() {
    expect(await ledgerProblems(db())).toEqual([]);
    expect(await checkAggregates(t().database)).toEqual([]);
  }

  async function expectConflict(kind: 'bets' | 'transfers', records: unknown[], index: number, field: string, reason?: RegExp) {
    const before = await state();
    const r = await postIngest(t(), kind, records, auth);
    expect(r).toMatchObject({ status: 200, error_code: 'A0400', data: { index, field } });
    expect(r.data!.reason).toMatch(/differs from/);
    if (reason) expect(r.data!.reason).toMatch(reason);
    expect(r.error_msg).toBe(`${field} of record ${index}: ${r.data!.reason}`);
    expect(await state()).toEqual(before);
    return r;
  }

  async function fund(account: string, amount = '1000') {
    expect((await postIngest(t(), 'transfers', [transferRecord({ player_account: account, amount })], auth)).error_code).toBe('0');
  }

  it('an exact repeat is a duplicate: the same instant in another offset, the same amount with other decimals', async () => {
    await fund('same');
    const bet = betRecord({ player_account: 'same', bet_amount: '1.5', payout_amount: '3', bet_time: '2026-03-01T12:00:00+08:00', settle_time: '2026-03-01T12:00:05+08:00' });
    expect((await postIngest(t(), 'bets', [bet], auth)).data).toEqual({ accepted: 1, duplicates: 0 });
    const before = await state();
    const again = { ...bet, bet_amount: '1.5000', payout_amount: '3.0', bet_time: '2026-03-01T04:00:00Z', settle_time: '2026-03-01T05:30:05.000+01:30' };
    expect((await postIngest(t(), 'bets', [again, bet], auth)).data).toEqual({ accepted: 0, duplicates: 2 });
    expect(await state()).toEqual(before);

    const tr = transferRecord({ player_account: 'same', amount: '2.5', time: '2026-03-01T10:00:00+08:00' });
    expect((await postIngest(t(), 'transfers', [tr], auth)).data).toEqual({ accepted: 1, duplicates: 0 });
    const before2 = await state();
    expect((await postIngest(t(), 'transfers', [{ ...tr, amount: '2.5000', time: '2026-03-01T02:00:00.000Z' }], auth)).data).toEqual({ accepted: 0, duplicates: 1 });
    expect(await state()).toEqual(before2);
    await expectConsistent();
  });

  it('a stored bet sent again with another payout, player, settle time or any stored field is refused, the whole batch with it', async () => {
    await fund('resend');
    const bet = betRecord({ player_account: 'resend', bet_amount: '10', payout_amount: '12.5' });
    expect((await postIngest(t(), 'bets', [bet], auth)).data).toEqual({ accepted: 1, duplicates: 0 });
    const fresh = () => betRecord({ player_account: 'resend', bet_amount: '1' });

    // A fresh bet before it and one after it are not written either.
    const r = await expectConflict('bets', [fresh(), { ...bet, payout_amount: '13' }, fresh()], 1, 'payout_amount');
    // The answer docs/api.md shows.
    expect(r.data).toEqual({
      index: 1,
      field: 'payout_amount',
      reason: 'differs from the bet stored under this bet_id (stored 12.5000, sent 13.0000): a bet_id sent again must repeat its bet exactly',
    });
    await expectConflict('bets', [{ ...bet, player_account: 'someone-else' }], 0, 'player_account', /stored "resend", sent "someone-else"/);
    await expectConflict('bets', [{ ...bet, settle_time: '2026-01-10T12:00:06+08:00' }], 0, 'settle_time', /stored 2026-01-10T04:00:05\.000Z, sent 2026-01-10T04:00:06\.000Z/);
    const changed: Array<[string, Record<string, string>]> = [
      ['round_id', { round_id: 'another-round' }],
      ['agent_code', { agent_code: 'A1-1' }],
      ['game_code', { game_code: 'card1' }],
      ['currency_code', { currency_code: 'USD' }],
      ['bet_amount', { bet_amount: '10.0001' }],
      ['valid_bet_amount', { valid_bet_amount: '9' }],
      ['tax_amount', { tax_amount: '0.1' }],
      ['bonus_amount', { bonus_amount: '1' }],
      ['jackpot_contribution', { jackpot_contribution: '0.01' }],
      ['bet_time', { bet_time: '2026-01-10T12:00:01+08:00' }],
      ['device', { device: 'ios' }],
    ];
    for (const [field, change] of changed) await expectConflict('bets', [{ ...bet, ...change }], 0, field);
    // Several fields differ: the first in the record's order is named.
    await expectConflict('bets', [{ ...bet, device: 'h5', payout_amount: '0', round_id: 'r2' }], 0, 'round_id');
    expect(await walletBalance(db(), 'resend')).toBe(10_025_000n);
    await expectConsistent();
  });

  it('a stored transfer sent again with another amount, player, direction or time is refused', async () => {
    await fund('mover', '100');
    const tr = transferRecord({ player_account: 'mover', amount: '5' });
    expect((await postIngest(t(), 'transfers', [tr], auth)).data).toEqual({ accepted: 1, duplicates: 0 });
    await expectConflict('transfers', [transferRecord({ player_account: 'mover', amount: '1' }), { ...tr, amount: '5.0001' }], 1, 'amount', /stored 5\.0000, sent 5\.0001/);
    await expectConflict('transfers', [{ ...tr, player_account: 'other' }], 0, 'player_account');
    await expectConflict('transfers', [{ ...tr, agent_code: 'B1', currency_code: 'VND' }], 0, 'agent_code');
    await expectConflict('transfers', [{ ...tr, direction: 'out' }], 0, 'direction', /stored "in", sent "out"/);
    await expectConflict('transfers', [{ ...tr, time: '2026-01-10T11:00:00+09:00' }], 0, 'time');
    expect(await walletBalance(db(), 'mover')).toBe(1_050_000n);
    await expectConsistent();
  });

  it('the same id twice in one batch with different content is refused; twice the same is one record', async () => {
    await fund('twice');
    const bet = betRecord({ player_account: 'twice', bet_amount: '2' });
    const r = await expectConflict('bets', [bet, betRecord({ player_account: 'twice' }), { ...bet, payout_amount: '4' }], 2, 'payout_amount');
    expect(r.data!.reason).toBe('differs from record 0 of this batch, which has the same bet_id (0.0000 there, 4.0000 here): a bet_id names one bet');
    expect((await postIngest(t(), 'bets', [bet, { ...bet, bet_amount: '2.00' }], auth)).data).toEqual({ accepted: 1, duplicates: 1 });

    const tr = transferRecord({ player_account: 'twice', amount: '3' });
    await expectConflict('transfers', [tr, { ...tr, amount: '4' }], 1, 'amount', /record 0 of this batch/);
    await expectConflict('transfers', [tr, tr, { ...tr, direction: 'out' }], 2, 'direction');
    expect((await postIngest(t(), 'transfers', [tr, tr], auth)).data).toEqual({ accepted: 1, duplicates: 1 });
    expect(await walletBalance(db(), 'twice')).toBe(10_000_000n - 20_000n + 30_000n);
    await expectConsistent();
  });

  it('the first bad record is named, a conflict among the other faults', async () => {
    await fund('order', '1');
    const bet = betRecord({ player_account: 'order', bet_amount: '0.5' });
    expect((await postIngest(t(), 'bets', [bet], auth)).data).toEqual({ accepted: 1, duplicates: 0 });
    await expectConflict('bets', [betRecord({ player_account: 'order', bet_amount: '0.25' }), { ...bet, payout_amount: '1' }], 1, 'payout_amount');
    // An overdraft at 0 is found after the conflict at 1, and named.
    const before = await state();
    const r = await postIngest(t(), 'bets', [betRecord({ player_account: 'order', bet_amount: '0.6' }), { ...bet, payout_amount: '1' }], auth);
    expect(r).toMatchObject({ error_code: 'A0400', data: { index: 0, field: 'bet_amount' } });
    expect(await state()).toEqual(before);
  });

  it('two concurrent batches with the same bet_id and different payouts: one is stored whole, the other refused whole', async () => {
    await fund('racer', '100000');
    for (let round = 0; round < 6; round++) {
      const before = await state();
      const bet = betRecord({ player_account: 'racer', bet_amount: '1', payout_amount: '2' });
      // Other players, so that the two batches do not queue on one wallet before they meet at the bet.
      await fund(`racer-a${round}`, '10');
      await fund(`racer-b${round}`, '10');
      const withA = [betRecord({ player_account: `racer-a${round}`, bet_amount: '1' }), bet];
      const withB = [{ ...bet, payout_amount: '3' }, betRecord({ player_account: `racer-b${round}`, bet_amount: '1' })];
      const [a, b] = await Promise.all([postIngest(t(), 'bets', withA, auth), postIngest(t(), 'bets', withB, auth)]);
      const outcomes = [a, b].map((x) => (x.error_code === '0' ? 'stored' : `${x.error_code}:${x.data?.index}:${x.data?.field}`)).sort();
      expect(outcomes.filter((o) => o === 'stored')).toHaveLength(1);
      const refused = a.error_code === '0' ? b : a;
      expect(refused).toMatchObject({ error_code: 'A0400', data: { field: 'payout_amount', index: refused === a ? 1 : 0 } });

      const stored = await db().selectFrom('bet').select(int8Text(sql.ref('payout_amount')).as('payout')).where('bet_id', '=', bet.bet_id).execute();
      expect(stored).toEqual([{ payout: a.error_code === '0' ? '20000' : '30000' }]);
      const after = await ingestCounts(db());
      expect(after.bets - before.counts.bets).toBe(2);
      expect(await walletBalance(db(), `racer-a${round}`)).toBe(a.error_code === '0' ? 90_000n : 100_000n);
      expect(await walletBalance(db(), `racer-b${round}`)).toBe(b.error_code === '0' ? 90_000n : 100_000n);
    }
    await expectConsistent();
  });

  it('two concurrent batches with the same order id and different amounts or players: one is stored, the other refused', async () => {
    for (let round = 0; round < 4; round++) {
      const before = await ingestCounts(db());
      const tr = transferRecord({ player_account: `payer-${round}`, amount: '5' });
      // Even rounds: the same player (the wallet lock orders them); odd: another player (the order id's unique key does).
      const other = round % 2 === 0 ? { ...tr, amount: '6' } : { ...tr, player_account: `payer-${round}-other` };
      const [a, b] = await Promise.all([postIngest(t(), 'transfers', [tr], auth), postIngest(t(), 'transfers', [other], auth)]);
      expect([a.error_code, b.error_code].sort()).toEqual(['0', 'A0400']);
      expect((a.error_code === '0' ? b : a).data).toMatchObject({ index: 0, field: round % 2 === 0 ? 'amount' : 'player_account' });
      expect((await ingestCounts(db())).ledger - before.ledger).toBe(1);
    }
    await expectConsistent();
  });

  it('two concurrent batches with the same bet_id and the same content: stored once, counted once as a duplicate', async () => {
    await fund('twin', '100');
    const bet = betRecord({ player_account: 'twin', bet_amount: '1', payout_amount: '2' });
    const [a, b] = await Promise.all([postIngest(t(), 'bets', [bet], auth), postIngest(t(), 'bets', [{ ...bet, payout_amount: '2.0000' }], auth)]);
    expect([a.data, b.data]).toEqual(expect.arrayContaining([{ accepted: 1, duplicates: 0 }, { accepted: 0, duplicates: 1 }]));
    expect(await walletBalance(db(), 'twin')).toBe(1_010_000n);
    await expectConsistent();
  });
});
