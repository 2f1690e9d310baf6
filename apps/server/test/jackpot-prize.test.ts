import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formatMoney, type game } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ingestCounts, ledgerProblems, postIngest, transferRecord, walletBalance, type Dimensions } from './domain-fixtures.ts';
import { int8Text } from '../src/db/sql.ts';
import { checkAggregates } from '../src/modules/aggregate/maintenance.ts';

type Pool = game.PrizePoolItem;
type HistoryItem = game.PrizePoolCleanItem;

describeOnDatabases('jackpot prizes: paid from the enabled pool into the wallet, refused when the pool cannot pay, listed in the pool history', (t) => {
  let dims: Dimensions;
  let token: string;
  let auth: string;

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    auth = await ingestAuth(t(), token);
    const funds = [];
    for (const agent of ['A1', 'A1-1'] as const) {
      for (let i = 0; i < 6; i++) funds.push(transferRecord({ agent_code: agent, player_account: `jp-${agent}-${i}`, amount: '1000' }));
    }
    expect((await postIngest(t(), 'transfers', funds, auth)).error_code).toBe('0');
  });

  const pools = async (body: Record<string, unknown> = {}) => (await t().call<{ list: Pool[]; total: number }>('game/prizepool/list', { page_size: 500, ...body }, { token })).data;
  const edit = (body: Record<string, unknown>) =>
    t().call<{ id: number }>('game/prizepool/edit', { seed_amount: '100', contribution_rate: 100, trigger_threshold: '0', cap_amount: '0', status: 1, ...body }, { token });
  const amountOf = async (id: number) => (await pools()).list.find((p) => p.id === id)!.pool_amount;
  const history = async (id: number) => (await t().call<{ list: HistoryItem[]; total: number }>('game/prizepool/clean/list', { prize_pool_id: id, page_size: 100 }, { token })).data;
  const entriesOf = (betId: string) =>
    t()
      .database.db.selectFrom('ledger_entry')
      .select(['type', int8Text(sql.ref('amount')).as('amount'), int8Text(sql.ref('balance_before')).as('before'), int8Text(sql.ref('balance_after')).as('after'), 'time'])
      .where('order_id', '=', betId)
      .orderBy('id')
      .execute();

  it('pays a prize into the wallet as its own entry at the settle time, after the bet adds its contribution; the pool drops by the prize and its history lists it', async () => {
    const r = await edit({ agent_id: dims.agent.A1, game_id: dims.game.slot1, seed_amount: '100' });
    expect(r.error_code, r.error_msg).toBe('0');
    const id = r.data.id;
    const before = (await walletBalance(t().database.db, 'jp-A1-0'))!;
    // The prize is exactly what the pool holds once this bet's own contribution is in: 100 + 5.
    const bet = betRecord({ player_account: 'jp-A1-0', bet_amount: '10', valid_bet_amount: '10', payout_amount: '3', tax_amount: '0.5', bonus_amount: '1', jackpot_contribution: '5', jackpot_prize: '105' });
    const answer = await postIngest(t(), 'bets', [bet], auth);
    expect(answer.error_code, JSON.stringify(answer.data)).toBe('0');
    expect(await amountOf(id)).toBe('0.0000');
    // payout − bet − tax + bonus + prize = 3 − 10 − 0.5 + 1 + 105 = 98.5
    expect((await walletBalance(t().database.db, 'jp-A1-0'))! - before).toBe(985_000n);
    const entries = await entriesOf(bet.bet_id);
    expect(entries.map((e) => [e.type, e.amount])).toEqual([
      ['bet', '-100000'],
      ['payout', '35000'],
      ['jackpot_prize', '1050000'],
    ]);
    expect(Number(entries[2]!.time)).toBe(Date.parse(bet.settle_time));
    expect(entries[2]!.before).toBe(entries[1]!.after);
    expect(await ledgerProblems(t().database.db)).toEqual([]);

    // The bill ledger shows it by its type.
    const bills = await t().call<{ list: Array<{ type: string; amount: string }> }>('bill/list', { type: 'jackpot_prize', page_size: 100 }, { token });
    expect(bills.error_code, bills.error_msg).toBe('0');
    expect(bills.data.list.map((b) => [b.type, b.amount])).toContainEqual(['jackpot_prize', '105.0000']);

    // The history lists the clean and the prize alike, newest first.
    await edit({ agent_id: dims.agent.A1, game_id: dims.game.slot1, seed_amount: '50' });
    await t().call('game/prizepool/clean', { id, remark: 'reseed' }, { token });
    const h = await history(id);
    expect(h.total).toBe(2);
    expect(h.list[0]).toMatchObject({ kind: 'clean', before_amount: '0.0000', after_amount: '50.0000', amount: '-50.0000', operator_account: 'admin', remark: 'reseed', bet_id: null, player_account: null });
    expect(h.list[1]).toMatchObject({
      kind: 'prize',
      prize_pool_id: id,
      agent_code: 'A1',
      game_code: 'slot1',
      currency_code: 'CNY',
      bet_id: bet.bet_id,
      player_account: 'jp-A1-0',
      amount: '105.0000',
      before_amount: '105.0000',
      after_amount: '0.0000',
      operator_account: '',
      remark: '',
    });
    expect(h.list[1]!.player_id).toBeGreaterThan(0);
    // A prize's time is when it was won: its bet's settle time.
    expect(h.list[1]!.created_at).toBe(new Date(bet.settle_time).toISOString());

    // The bet-record list and the reports carry the prize.
    const query = { time_zone_id: 1, start_date: '2026-01-10', end_date: '2026-01-10', page_size: 500 };
    const betting = await t().call<{ list: Array<Record<string, string>> }>('player/report/player/betting', query, { token });
    expect(betting.error_code, betting.error_msg).toBe('0');
    expect(betting.data.list.find((b) => b.bet_id === bet.bet_id)).toMatchObject({ jackpot_prize: '105.0000', player_win_loss: '98.5000' });
  });

  it('refuses a prize above what the pool holds, naming the record, and leaves nothing behind', async () => {
    const r = await edit({ agent_id: dims.agent.A1, game_id: dims.game.fish1, seed_amount: '100' });
    const id = r.data.id;
    const counts = await ingestCounts(t().database.db);
    const histories = (await history(id)).total;
    // Pools are consumed in batch order: the first prize takes 60 of 100 (+1 contribution), the second asks 50 of 41.
    const batch = [
      betRecord({ player_account: 'jp-A1-1', game_code: 'fish1', jackpot_contribution: '1', jackpot_prize: '60' }),
      betRecord({ player_account: 'jp-A1-2', game_code: 'card1' }),
      betRecord({ player_account: 'jp-A1-2', game_code: 'fish1', jackpot_prize: '50' }),
    ];
    const answer = await postIngest(t(), 'bets', batch, auth);
    expect(answer.error_code).toBe('A0400');
    expect(answer.data).toMatchObject({ index: 2, field: 'jackpot_prize' });
    expect(answer.data!.reason).toMatch(/exceeds what the prize pool holds.*41\.0000/);
    expect(await amountOf(id)).toBe('100.0000');
    expect(await ingestCounts(t().database.db)).toEqual(counts);
    expect((await history(id)).total).toBe(histories);

    // Within the pool it is paid.
    const ok = await postIngest(t(), 'bets', batch.slice(0, 2), auth);
    expect(ok.error_code, JSON.stringify(ok.data)).toBe('0');
    expect(await amountOf(id)).toBe('41.0000');
  });

  it('refuses a prize on a bet whose agent and game has no enabled pool', async () => {
    const counts = await ingestCounts(t().database.db);
    // No pool at all for A1-1 / card1.
    const none = await postIngest(t(), 'bets', [betRecord({ agent_code: 'A1-1', player_account: 'jp-A1-1-0' }), betRecord({ agent_code: 'A1-1', player_account: 'jp-A1-1-0', game_code: 'card1', jackpot_prize: '1' })], auth);
    expect(none.error_code).toBe('A0400');
    expect(none.data).toMatchObject({ index: 1, field: 'jackpot_prize' });
    expect(none.data!.reason).toMatch(/no enabled prize pool/);
    // A disabled pool pays nothing either.
    const r = await edit({ agent_id: dims.agent['A1-1'], game_id: dims.game.fish1, seed_amount: '1000', status: 2 });
    const off = await postIngest(t(), 'bets', [betRecord({ agent_code: 'A1-1', player_account: 'jp-A1-1-0', game_code: 'fish1', jackpot_prize: '1' })], auth);
    expect(off.data).toMatchObject({ index: 0, field: 'jackpot_prize' });
    expect(await amountOf(r.data.id)).toBe('1000.0000');
    expect(await ingestCounts(t().database.db)).toEqual(counts);
    // The player's own agent decides, not an ancestor's pool (A1 has a slot1 pool).
    const child = await postIngest(t(), 'bets', [betRecord({ agent_code: 'A1-1', player_account: 'jp-A1-1-0', game_code: 'slot1', jackpot_prize: '1' })], auth);
    expect(child.data).toMatchObject({ index: 0, field: 'jackpot_prize' });
  });

  it('two batches at once draining one pool never take it below zero', async () => {
    const r = await edit({ agent_id: dims.agent['A1-1'], game_id: dims.game.slot1, seed_amount: '100' });
    const id = r.data.id;
    // Eight batches each asking 30 of a pool of 100: exactly three are paid, whatever the order.
    const batches = Array.from({ length: 8 }, (_, b) => [betRecord({ agent_code: 'A1-1', player_account: `jp-A1-1-${b % 6}`, jackpot_prize: '30' })]);
    const answers = await Promise.all(batches.map((batch) => postIngest(t(), 'bets', batch, auth)));
    const paid = answers.filter((a) => a.error_code === '0').length;
    expect(paid).toBe(3);
    expect(answers.filter((a) => a.error_code !== '0').every((a) => a.data?.field === 'jackpot_prize')).toBe(true);
    expect(await amountOf(id)).toBe('10.0000');
    const h = (await history(id)).list;
    expect(h.map((x) => [x.kind, x.before_amount, x.after_amount]).reverse()).toEqual([
      ['prize', '100.0000', '70.0000'],
      ['prize', '70.0000', '40.0000'],
      ['prize', '40.0000', '10.0000'],
    ]);
    expect(await ledgerProblems(t().database.db)).toEqual([]);
  });

  it('a bet sent again with another prize is a conflict; with the same prize a duplicate that pays nothing again', async () => {
    const r = await edit({ agent_id: dims.agent.A1, game_id: dims.game.card1, seed_amount: '500' });
    const bet = betRecord({ player_account: 'jp-A1-3', game_code: 'card1', jackpot_prize: '20' });
    expect((await postIngest(t(), 'bets', [bet], auth)).error_code).toBe('0');
    expect((await postIngest(t(), 'bets', [bet], auth)).data).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await amountOf(r.data.id)).toBe('480.0000');
    const again = await postIngest(t(), 'bets', [{ ...bet, jackpot_prize: '21' }], auth);
    expect(again.data).toMatchObject({ index: 0, field: 'jackpot_prize' });
    // A record without the field is one without a prize; a negative prize is refused.
    const neg = await postIngest(t(), 'bets', [betRecord({ player_account: 'jp-A1-3', game_code: 'card1', jackpot_prize: '-1' })], auth);
    expect(neg.data).toMatchObject({ index: 0, field: 'jackpot_prize', reason: 'must not be negative' });
    expect(formatMoney(0n)).toBe('0.0000');
    expect(await checkAggregates(t().database)).toEqual([]);
  });
});
