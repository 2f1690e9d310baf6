import { beforeAll, expect, it } from 'vitest';
import type { game } from '@console/contract';
import { sql } from 'kysely';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ingestCounts, postIngest, transferRecord, walletBalance } from './domain-fixtures.ts';
import { int8Text, toNumber } from '../src/db/sql.ts';
import { checkAggregates } from '../src/modules/aggregate/maintenance.ts';
import { cancelledBetsCount, countCancelledBets } from '../src/modules/report/repository/betting.ts';

/** Bet cancellation (POST /v1/ingest/bets/cancel, docs/product.md "Bet cancellation"). */
describeOnDatabases('bet cancellation', (t) => {
  let auth: string;
  let token: string;
  let dims: Awaited<ReturnType<typeof createDimensions>>;

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    auth = await ingestAuth(t(), token);
  });

  const cancel = (bet_id: string, reason = 'round voided by the provider', time = '2026-01-11T10:00:00+08:00') => ({ bet_id, reason, time });

  const entriesOf = (betId: string) =>
    t()
      .database.db.selectFrom('ledger_entry')
      .select(['type', int8Text(sql.ref('amount')).as('amount'), int8Text(sql.ref('balance_after')).as('after'), 'time'])
      .where('order_id', '=', betId)
      .orderBy('id')
      .execute();

  /** The platform summary's totals of one day and currency, from the report call. */
  const dayTotals = async (date: string) => {
    const r = await t().call<{ summary: Array<Record<string, unknown>> }>(
      'platform/report/platform/summary',
      { start_date: date, end_date: date, time_zone_id: 1, page: 1, page_size: 20, currency_id: 0, platform_id: 0 },
      { token },
    );
    expect(r.error_code).toBe('0');
    return r.data.summary.find((s) => s.currency_code === 'CNY') ?? null;
  };

  const fund = (player: string, amount = '100') => postIngest(t(), 'transfers', [transferRecord({ player_account: player, amount })], auth);

  it('reverses the whole wallet effect with one bet_cancel entry, marks the bet and takes it out of every report', async () => {
    await fund('cx1');
    const bet = betRecord({ player_account: 'cx1', bet_amount: '10', payout_amount: '25.25', tax_amount: '1.25', bonus_amount: '2', jackpot_contribution: '0.1', settle_time: '2026-03-02T12:00:05+08:00', bet_time: '2026-03-02T12:00:00+08:00' });
    expect((await postIngest(t(), 'bets', [bet], auth)).data).toMatchObject({ accepted: 1 });
    expect(await walletBalance(t().database.db, 'cx1')).toBe(1_160_000n);
    const before = await dayTotals('2026-03-02');
    expect(before).toMatchObject({ bet_count: 1, bettor_count: 1, bet_amount: '10.0000', player_win_loss: '16.0000' });

    const r = await postIngest(t(), 'cancels', [cancel(bet.bet_id, 'round voided', '2026-03-03T09:00:00+08:00')], auth);
    expect(r).toMatchObject({ status: 200, error_code: '0', data: { accepted: 1, duplicates: 0 } });
    expect(await walletBalance(t().database.db, 'cx1')).toBe(1_000_000n);
    const entries = await entriesOf(bet.bet_id);
    expect(entries.map((e) => [e.type, e.amount, e.after])).toEqual([
      ['bet', '-100000', '900000'],
      ['payout', '260000', '1160000'],
      ['bet_cancel', '-160000', '1000000'],
    ]);
    expect(toNumber(entries[2]!.time)).toBe(Date.parse('2026-03-03T09:00:00+08:00'));
    const row = await t().database.db.selectFrom('bet').select(['cancelled_at', 'cancel_reason']).where('bet_id', '=', bet.bet_id).executeTakeFirstOrThrow();
    expect(toNumber(row.cancelled_at)).toBe(Date.parse('2026-03-03T09:00:00+08:00'));
    expect(row.cancel_reason).toBe('round voided');
    // Its only bet cancelled, the player is no longer a bettor of the day: no row is left.
    expect(await dayTotals('2026-03-02')).toBeNull();
    expect(await checkAggregates(t().database)).toEqual([]);

    // The bet-record list still shows it, marked, and counts it in its paging total.
    const list = await t().call<{ list: Array<Record<string, unknown>>; total: number; summary: unknown[] }>(
      'player/report/player/betting',
      { start_date: '2026-03-02', end_date: '2026-03-02', time_zone_id: 1, page: 1, page_size: 20, player_account: 'cx1' },
      { token },
    );
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ bet_id: bet.bet_id, cancelled_at: '2026-03-03 09:00:00', cancel_reason: 'round voided' });
    expect(list.data.summary).toEqual([]);
    // The player's detail marks it among the recent bets.
    const player = await t().database.db.selectFrom('player').select('id').where('account', '=', 'cx1').executeTakeFirstOrThrow();
    const detail = await t().call<{ recent_bets: Array<{ bet_id: string; cancelled: boolean }> }>('player/detail', { player_id: toNumber(player.id) }, { token });
    expect(detail.data.recent_bets.map((b) => [b.bet_id, b.cancelled])).toEqual([[bet.bet_id, true]]);
  });

  it('a repeat is a duplicate; a repeat that says otherwise is refused naming the field', async () => {
    await fund('cx2');
    const bet = betRecord({ player_account: 'cx2', bet_amount: '5', payout_amount: '0' });
    await postIngest(t(), 'bets', [bet], auth);
    const c = cancel(bet.bet_id);
    expect((await postIngest(t(), 'cancels', [c, c], auth)).data).toEqual({ accepted: 1, duplicates: 1 });
    expect((await postIngest(t(), 'cancels', [c], auth)).data).toEqual({ accepted: 0, duplicates: 1 });
    expect(await walletBalance(t().database.db, 'cx2')).toBe(1_000_000n);
    expect((await entriesOf(bet.bet_id)).filter((e) => e.type === 'bet_cancel')).toHaveLength(1);

    const other = await postIngest(t(), 'cancels', [{ ...c, reason: 'another reason' }], auth);
    expect(other).toMatchObject({ error_code: 'A0400', data: { index: 0, field: 'reason' } });
    expect(other.data!.reason).toContain('stored "round voided by the provider", sent "another reason"');
    const later = await postIngest(t(), 'cancels', [{ ...c, time: '2026-01-12T10:00:00+08:00' }], auth);
    expect(later).toMatchObject({ error_code: 'A0400', data: { index: 0, field: 'time' } });
  });

  it('an unknown bet, a bad record or a cancel before the bet settled refuses the batch and changes nothing', async () => {
    await fund('cx3');
    const bet = betRecord({ player_account: 'cx3', bet_amount: '5', payout_amount: '20' });
    await postIngest(t(), 'bets', [bet], auth);
    const counts = await ingestCounts(t().database.db);
    const unknown = await postIngest(t(), 'cancels', [cancel(bet.bet_id), cancel('no-such-bet')], auth);
    expect(unknown).toMatchObject({ error_code: 'A0400', data: { index: 1, field: 'bet_id', reason: 'unknown bet "no-such-bet"' } });
    const early = await postIngest(t(), 'cancels', [cancel(bet.bet_id, 'x', '2026-01-10T12:00:04+08:00')], auth);
    expect(early).toMatchObject({ error_code: 'A0400', data: { index: 0, field: 'time' } });
    expect(await postIngest(t(), 'cancels', [{ bet_id: bet.bet_id, reason: '  ', time: '2026-01-11T10:00:00Z' }], auth)).toMatchObject({ error_code: 'A0400', data: { index: 0, field: 'reason' } });
    expect(await postIngest(t(), 'cancels', [{ bet_id: bet.bet_id, reason: 'a\u202Eb', time: '2026-01-11T10:00:00Z' }], auth)).toMatchObject({ error_code: 'A0400', data: { index: 0, field: 'reason' } });
    expect(await postIngest(t(), 'cancels', 'nope', auth)).toMatchObject({ error_code: 'A0400', data: { index: null, field: 'cancels' } });
    expect(await postIngest(t(), 'cancels', [cancel(bet.bet_id)], null)).toMatchObject({ status: 401, code: 'A0231' });
    expect(await ingestCounts(t().database.db)).toEqual(counts);
    expect(await walletBalance(t().database.db, 'cx3')).toBe(1_150_000n);
    const row = await t().database.db.selectFrom('bet').select(['cancelled_at']).where('bet_id', '=', bet.bet_id).executeTakeFirstOrThrow();
    expect(row.cancelled_at).toBeNull();
  });

  it('a cancel that would take the wallet below zero is refused with A0420 naming the bet', async () => {
    await fund('cx4', '10');
    const won = betRecord({ player_account: 'cx4', bet_amount: '10', payout_amount: '50' });
    await postIngest(t(), 'bets', [won], auth);
    // The player takes the winnings out: reversing the win would leave the wallet at −40.
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'cx4', direction: 'out', amount: '45', time: '2026-01-10T13:00:00+08:00' })], auth);
    const counts = await ingestCounts(t().database.db);
    const r = await postIngest(t(), 'cancels', [cancel(won.bet_id)], auth);
    expect(r).toMatchObject({ status: 200, error_code: 'A0420', data: { index: 0, field: 'bet_id' } });
    expect(r.data!.reason).toContain(`"${won.bet_id}"`);
    expect(r.error_msg).toContain('record 0');
    expect(await ingestCounts(t().database.db)).toEqual(counts);
    expect(await walletBalance(t().database.db, 'cx4')).toBe(50_000n);
    expect(await checkAggregates(t().database)).toEqual([]);
  });

  it("a cancelled bet's jackpot prize leaves the wallet with the rest and goes back to the pool that paid it", async () => {
    const pool = await t().call<{ id: number }>(
      'game/prizepool/edit',
      { agent_id: dims.agent.A1, game_id: dims.game.card1, seed_amount: '50', contribution_rate: 100, trigger_threshold: '0', cap_amount: '0', status: 1 },
      { token },
    );
    expect(pool.error_code, pool.error_msg).toBe('0');
    await fund('cx6');
    const bet = betRecord({ player_account: 'cx6', game_code: 'card1', bet_amount: '10', payout_amount: '4', jackpot_contribution: '2', jackpot_prize: '30' });
    expect((await postIngest(t(), 'bets', [bet], auth)).error_code).toBe('0');
    expect(await walletBalance(t().database.db, 'cx6')).toBe(1_240_000n); // 100 − 10 + 4 + 30
    const r = await postIngest(t(), 'cancels', [cancel(bet.bet_id, 'prize voided', '2026-01-10T13:00:00+08:00')], auth);
    expect(r.error_code, r.error_msg).toBe('0');
    expect(await walletBalance(t().database.db, 'cx6')).toBe(1_000_000n);
    expect((await entriesOf(bet.bet_id)).map((e) => [e.type, e.amount])).toEqual([
      ['bet', '-100000'],
      ['payout', '40000'],
      ['jackpot_prize', '300000'],
      ['bet_cancel', '-240000'],
    ]);
    // 50 + 2 − 30 = 22, then the prize back: 52 (the contribution stays).
    const pools = await t().call<{ list: game.PrizePoolItem[] }>('game/prizepool/list', { page_size: 100 }, { token });
    expect(pools.data.list.find((p) => p.id === pool.data.id)!.pool_amount).toBe('52.0000');
    const history = await t().call<{ list: game.PrizePoolCleanItem[] }>('game/prizepool/clean/list', { prize_pool_id: pool.data.id, page_size: 10 }, { token });
    expect(history.data.list.map((h) => [h.kind, h.bet_id, h.player_account, h.before_amount, h.after_amount, h.amount]).sort()).toEqual([
      ['prize', bet.bet_id, 'cx6', '52.0000', '22.0000', '30.0000'],
      ['prize_cancel', bet.bet_id, 'cx6', '22.0000', '52.0000', '-30.0000'],
    ]);
    expect(await checkAggregates(t().database)).toEqual([]);
  });

  it('two identical cancel batches at once reverse the bet once', async () => {
    await fund('cx5');
    const bets = Array.from({ length: 4 }, () => betRecord({ player_account: 'cx5', bet_amount: '3', payout_amount: '1' }));
    await postIngest(t(), 'bets', bets, auth);
    expect(await walletBalance(t().database.db, 'cx5')).toBe(920_000n);
    const batch = bets.map((b) => cancel(b.bet_id));
    const answers = await Promise.all([postIngest(t(), 'cancels', batch, auth), postIngest(t(), 'cancels', [...batch].reverse(), auth)]);
    expect(answers.map((a) => a.error_code)).toEqual(['0', '0']);
    expect(answers.reduce((n, a) => n + a.data!.accepted, 0)).toBe(4);
    expect(answers.reduce((n, a) => n + a.data!.duplicates, 0)).toBe(4);
    expect(await walletBalance(t().database.db, 'cx5')).toBe(1_000_000n);
    expect(await checkAggregates(t().database)).toEqual([]);
  });

  it('the bet-record list counts the cancelled bets of an agent sub-tree through the index of cancelled bets', async () => {
    const f = { dialect: t().dialect, from: 0, to: 2_000_000, offsetMinutes: 480, currencyId: null, agentIds: [dims.agent.A1, dims.agent['A1-1']], gameId: null, platformId: null, playerIds: null, playerSlices: null };
    const { rows } = await sql<Record<string, unknown>>`EXPLAIN ${t().dialect === 'sqlite' ? sql`QUERY PLAN ` : sql``}${cancelledBetsCount(f)}`.execute(t().database.db);
    const plan = rows.map((r) => Object.values(r).join(' ')).join('\n');
    if (t().dialect === 'sqlite') expect(plan).toMatch(/bet_cancelled_idx/);
    expect(await countCancelledBets(t().database.db, f)).toBeGreaterThan(0);
  });
});

