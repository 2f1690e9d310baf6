import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ingestCounts, postIngest, transferRecord, walletBalance, type Dimensions } from './domain-fixtures.ts';
import { int8Text, toNumber } from '../src/db/sql.ts';

describeOnDatabases('ingest', (t) => {
  let dims: Dimensions;
  let auth: string;
  let token: string;

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    auth = await ingestAuth(t(), token);
  });

  it('stores transfers and moves the wallet with one ledger entry each', async () => {
    const r = await postIngest(t(), 'transfers', [
      transferRecord({ player_account: 'tom', amount: '100.5' }),
      transferRecord({ player_account: 'tom', direction: 'out', amount: '0.5', time: '2026-01-10T12:00:00Z' }),
    ], auth);
    expect(r).toMatchObject({ status: 200, error_code: '0', data: { accepted: 2, duplicates: 0 } });
    expect(await walletBalance(t().database.db, 'tom')).toBe(1_000_000n);
    const entries = await t().database.db
      .selectFrom('ledger_entry as l')
      .innerJoin('player as p', 'p.id', 'l.player_id')
      .select(['l.type', int8Text(sql.ref('l.amount')).as('amount'), int8Text(sql.ref('l.balance_before')).as('before'), int8Text(sql.ref('l.balance_after')).as('after'), 'l.time'])
      .where('p.account', '=', 'tom')
      .orderBy('l.id')
      .execute();
    expect(entries.map((e) => [e.type, e.amount, e.before, e.after])).toEqual([
      ['transfer_in', '1005000', '0', '1005000'],
      ['transfer_out', '-5000', '1005000', '1000000'],
    ]);
    expect(toNumber(entries[1]!.time)).toBe(Date.parse('2026-01-10T12:00:00Z'));
  });

  it('stores a settled bet: the wallet changes by payout − bet − tax + bonus', async () => {
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'ann', amount: '100' })], auth);
    const bet = betRecord({ player_account: 'ann', bet_amount: '10', valid_bet_amount: '9.5', payout_amount: '25.25', tax_amount: '1.25', bonus_amount: '2', jackpot_contribution: '0.1', device: 'ios' });
    const r = await postIngest(t(), 'bets', [bet], auth);
    expect(r).toMatchObject({ status: 200, error_code: '0', data: { accepted: 1, duplicates: 0 } });
    expect(await walletBalance(t().database.db, 'ann')).toBe(1_160_000n); // 100 + 25.25 − 10 − 1.25 + 2

    const row = await t().database.db
      .selectFrom('bet')
      .select(['id', 'bet_id', 'round_id', 'agent_id', 'game_id', 'platform_id', 'currency_id', 'bet_time', 'settle_time', 'device', int8Text(sql.ref('payout_amount')).as('payout'), int8Text(sql.ref('valid_bet_amount')).as('valid'), int8Text(sql.ref('jackpot_contribution')).as('jp')])
      .where('bet_id', '=', bet.bet_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ round_id: bet.round_id, device: 'ios', payout: '252500', valid: '95000', jp: '1000' });
    expect(toNumber(row.agent_id)).toBe(dims.agent.A1);
    expect(toNumber(row.game_id)).toBe(dims.game.slot1);
    expect(toNumber(row.platform_id)).toBe(dims.platform.PG);
    expect(toNumber(row.currency_id)).toBe(dims.currency.CNY);
    expect(toNumber(row.bet_time)).toBe(Date.parse('2026-01-10T04:00:00Z'));
    expect(toNumber(row.settle_time)).toBe(Date.parse('2026-01-10T04:00:05Z'));

    const entries = await t().database.db
      .selectFrom('ledger_entry')
      .select(['type', 'order_id', 'related_bet_id', 'time', int8Text(sql.ref('amount')).as('amount')])
      .where('order_id', '=', bet.bet_id)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.type, e.amount, toNumber(e.related_bet_id)])).toEqual([
      ['bet', '-100000', toNumber(row.id)],
      ['payout', '260000', toNumber(row.id)],
    ]);
    expect(entries.map((e) => toNumber(e.time))).toEqual([toNumber(row.bet_time), toNumber(row.settle_time)]);
  });

  it('creates an unknown player under its agent with the record currency, registered at its first record', async () => {
    const r = await postIngest(t(), 'transfers', [
      transferRecord({ agent_code: 'A1-1-1', player_account: 'newbie', currency_code: 'USD', amount: '5', time: '2026-02-01T10:00:00Z' }),
      transferRecord({ agent_code: 'A1-1-1', player_account: 'newbie', currency_code: 'USD', amount: '5', time: '2026-02-01T09:00:00Z' }),
    ], auth);
    expect(r.data).toMatchObject({ accepted: 2 });
    const p = await t().database.db.selectFrom('player').selectAll().where('account', '=', 'newbie').executeTakeFirstOrThrow();
    expect(toNumber(p.agent_id)).toBe(dims.agent['A1-1-1']);
    expect(toNumber(p.currency_id)).toBe(dims.currency.USD);
    expect(toNumber(p.registered_at)).toBe(Date.parse('2026-02-01T09:00:00Z'));
    expect(p.last_bet_at).toBeNull();
    await postIngest(t(), 'bets', [betRecord({ agent_code: 'A1-1-1', player_account: 'newbie', currency_code: 'USD', bet_amount: '1', bet_time: '2026-02-02T00:00:00Z', settle_time: '2026-02-02T00:00:01Z' })], auth);
    const after = await t().database.db.selectFrom('player').select('last_bet_at').where('account', '=', 'newbie').executeTakeFirstOrThrow();
    expect(toNumber(after.last_bet_at)).toBe(Date.parse('2026-02-02T00:00:00Z'));
  });

  it('the same account under another agent is another player', async () => {
    await postIngest(t(), 'transfers', [transferRecord({ agent_code: 'B1', player_account: 'tom', currency_code: 'VND', amount: '50000' })], auth);
    const rows = await t().database.db.selectFrom('player').select(['agent_id']).where('account', '=', 'tom').execute();
    expect(rows.map((r) => toNumber(r.agent_id)).sort((a, b) => a - b)).toEqual([dims.agent.A1, dims.agent.B1].sort((a, b) => a - b));
  });

  it('is idempotent: a bet_id or order id seen before is counted as a duplicate and stored once', async () => {
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'dup', amount: '100' })], auth);
    const bets = [betRecord({ player_account: 'dup' }), betRecord({ player_account: 'dup' })];
    expect((await postIngest(t(), 'bets', bets, auth)).data).toEqual({ accepted: 2, duplicates: 0 });
    const before = await ingestCounts(t().database.db);
    const again = await postIngest(t(), 'bets', [...bets, bets[0], betRecord({ player_account: 'dup' })], auth);
    expect(again.data).toEqual({ accepted: 1, duplicates: 3 });
    const after = await ingestCounts(t().database.db);
    expect(after.bets - before.bets).toBe(1);
    expect(after.ledger - before.ledger).toBe(1); // a losing bet: the stake entry only
    expect(await walletBalance(t().database.db, 'dup')).toBe(700_000n);

    const tr = transferRecord({ player_account: 'dup', amount: '1' });
    expect((await postIngest(t(), 'transfers', [tr, tr], auth)).data).toEqual({ accepted: 1, duplicates: 1 });
    // The same order id again is the same order: with another direction it is a conflict (ingest-conflict.test.ts).
    expect((await postIngest(t(), 'transfers', [{ ...tr, amount: '1.0000' }], auth)).data).toEqual({ accepted: 0, duplicates: 1 });
    expect(await postIngest(t(), 'transfers', [{ ...tr, direction: 'out' }], auth)).toMatchObject({ error_code: 'A0400', data: { index: 0, field: 'direction' } });
    expect(await walletBalance(t().database.db, 'dup')).toBe(710_000n);
  });

  async function expectRejected(kind: 'bets' | 'transfers', records: unknown, index: number | null, field: string, reason?: RegExp) {
    const before = await ingestCounts(t().database.db);
    const r = await postIngest(t(), kind, records, auth);
    expect(r.status).toBe(200);
    expect(r.error_code).toBe('A0400');
    expect(r.data).toMatchObject({ index, field });
    if (reason) expect(r.data!.reason).toMatch(reason);
    expect(r.error_msg).toContain(field);
    expect(await ingestCounts(t().database.db)).toEqual(before); // nothing written
    return r;
  }

  it('rejects malformed amounts with the record index and field, writing nothing', async () => {
    // Earlier records must be good in every stage (a stake needs a funded wallet): the first bad one is named.
    const ok = () => betRecord({ player_account: 'bad-amounts-new', bet_amount: '0' });
    await expectRejected('bets', [ok(), betRecord({ bet_amount: '1.00001' })], 1, 'bet_amount', /4 decimals/);
    await expectRejected('bets', [ok(), ok(), betRecord({ bet_amount: '-5' })], 2, 'bet_amount', /negative/);
    await expectRejected('bets', [betRecord({ payout_amount: 'abc' })], 0, 'payout_amount', /decimal/);
    await expectRejected('bets', [betRecord({ tax_amount: '1e5' })], 0, 'tax_amount', /decimal/);
    await expectRejected('bets', [betRecord({ bonus_amount: 12 as unknown as string })], 0, 'bonus_amount', /string/);
    await expectRejected('bets', [betRecord({ bet_amount: '1234567890123' })], 0, 'bet_amount', /digits/);
    await expectRejected('transfers', [transferRecord({ amount: '-1' })], 0, 'amount', /negative/);
    await expectRejected('transfers', [transferRecord({ amount: '0.0000' })], 0, 'amount', /greater than 0/);
  });

  it('rejects unknown agents, games and currencies', async () => {
    await expectRejected('bets', [betRecord({ player_account: 'fresh-1', bet_amount: '0' }), betRecord({ agent_code: 'NOPE' })], 1, 'agent_code', /unknown agent/);
    await expectRejected('bets', [betRecord({ game_code: 'nogame' })], 0, 'game_code', /unknown game/);
    await expectRejected('bets', [betRecord({ currency_code: 'XXX' })], 0, 'currency_code', /unknown currency/);
    await expectRejected('transfers', [transferRecord({ agent_code: 'NOPE' })], 0, 'agent_code');
    await expectRejected('transfers', [transferRecord({ currency_code: 'EUR' })], 0, 'currency_code');
  });

  it('rejects missing fields, bad times, bad devices and bad directions', async () => {
    const { round_id: _r, ...noRound } = betRecord();
    await expectRejected('bets', [betRecord({ bet_amount: '0' }), noRound], 1, 'round_id', /required/);
    await expectRejected('bets', [betRecord({ settle_time: '2026-01-10 12:00:00' })], 0, 'settle_time', /zone/);
    await expectRejected('bets', [betRecord({ bet_time: '2026-01-10T12:00:00' })], 0, 'bet_time', /zone/);
    await expectRejected('bets', [betRecord({ device: 'fax' as 'web' })], 0, 'device');
    await expectRejected('bets', [betRecord({ bet_id: '' })], 0, 'bet_id');
    await expectRejected('bets', ['not a record'], 0, 'record');
    await expectRejected('transfers', [transferRecord({ direction: 'sideways' as 'in' })], 0, 'direction');
    const { time: _t, ...noTime } = transferRecord();
    await expectRejected('transfers', [noTime], 0, 'time', /required/);
  });

  it('rejects times outside 2000–2099 and a bet settled before it was placed', async () => {
    // Go's zero time: before, it was stored and filed under a 1901 report month.
    await expectRejected('bets', [betRecord({ bet_time: '0001-01-01T00:00:00Z', settle_time: '0001-01-15T00:00:00Z' })], 0, 'bet_time', /2000-01-01 and 2099-12-31/);
    await expectRejected('bets', [betRecord({ settle_time: '2100-01-01T00:00:00Z' })], 0, 'settle_time', /2099-12-31/);
    await expectRejected('transfers', [transferRecord({ time: '1999-12-31T23:59:59.999Z' })], 0, 'time', /2000-01-01/);
    await expectRejected('bets', [betRecord({ bet_time: '2026-01-10T12:00:00Z', settle_time: '2026-01-10T11:59:59.999Z' })], 0, 'settle_time', /not be before bet_time/);
    // The edges themselves, and a bet settled the instant it is placed, are fine.
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'edges', amount: '10', time: '2000-01-01T00:00:00Z' })], auth);
    const edge = betRecord({ player_account: 'edges', bet_amount: '1', bet_time: '2099-12-31T23:59:59.999Z', settle_time: '2099-12-31T23:59:59.999Z' });
    expect((await postIngest(t(), 'bets', [edge], auth)).data).toEqual({ accepted: 1, duplicates: 0 });
  });

  it('rejects ids and codes that a database cannot keep exactly: NUL, half a surrogate pair', async () => {
    // A lone surrogate was stored as U+FFFD: the stored bet_id no longer matched, so the bet was
    // kept without its ledger entries or aggregates; as a player account it was a 500.
    await expectRejected('bets', [betRecord({ bet_id: 'sur\ud800' })], 0, 'bet_id', /Unicode/);
    await expectRejected('bets', [betRecord({ player_account: 'acct\udc00' })], 0, 'player_account', /Unicode/);
    await expectRejected('transfers', [transferRecord({ player_account: 'x\udc00\ud800' })], 0, 'player_account', /Unicode/);
    // PostgreSQL text cannot hold NUL: this was a 500 there.
    await expectRejected('bets', [betRecord({ bet_id: 'nul\u0000id' })], 0, 'bet_id', /NUL/);
    await expectRejected('transfers', [transferRecord({ order_id: 'o\u0000' })], 0, 'order_id', /NUL/);
    // A character outside the basic plane (a proper pair) is text like any other.
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'emoji-😀', amount: '1' })], auth);
    expect(await walletBalance(t().database.db, 'emoji-😀')).toBe(10_000n);
  });

  it('names the first bad record, whichever stage finds it', async () => {
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'first-bad', amount: '5' })], auth);
    // A shape fault at 1 is found before an unknown code at 0.
    await expectRejected('bets', [betRecord({ agent_code: 'NOPE' }), betRecord({ bet_amount: '1e3' })], 0, 'agent_code', /unknown agent/);
    // An unknown game at 1 is found before the overdraft at 0.
    await expectRejected('bets', [betRecord({ player_account: 'first-bad', bet_amount: '6' }), betRecord({ game_code: 'nogame' })], 0, 'bet_amount', /insufficient/);
    // Three stages: a shape fault at 3, an unknown currency at 2, an overdraft at 1.
    await expectRejected(
      'bets',
      [
        betRecord({ player_account: 'first-bad', bet_amount: '1' }),
        betRecord({ player_account: 'first-bad', bet_amount: '4.0001' }),
        betRecord({ currency_code: 'XXX' }),
        betRecord({ device: 'fax' as 'web' }),
      ],
      1,
      'bet_amount',
      /insufficient/,
    );
    await expectRejected('transfers', [transferRecord({ player_account: 'first-bad', direction: 'out', amount: '6' }), transferRecord({ amount: '-1' })], 0, 'amount', /insufficient/);
    // With nothing wrong before it, the later stage's record stands.
    await expectRejected('bets', [betRecord({ player_account: 'first-bad', bet_amount: '1' }), betRecord({ game_code: 'nogame' })], 1, 'game_code');
    expect(await walletBalance(t().database.db, 'first-bad')).toBe(50_000n);
  });

  it('a duplicate of an earlier batch creates no player and opens no wallet; one naming another player or currency is refused', async () => {
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'orig', amount: '10' })], auth);
    const bet = betRecord({ player_account: 'orig', bet_amount: '1' });
    const tr = transferRecord({ player_account: 'orig', amount: '1' });
    expect((await postIngest(t(), 'bets', [bet], auth)).data).toEqual({ accepted: 1, duplicates: 0 });
    expect((await postIngest(t(), 'transfers', [tr], auth)).data).toEqual({ accepted: 1, duplicates: 0 });
    const before = await ingestCounts(t().database.db);
    const newPlayersBefore = await t().database.db.selectFrom('agg_new_player' as 'player').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect((await postIngest(t(), 'bets', [bet, { ...bet, bet_time: '2026-01-10T04:00:00Z' }], auth)).data).toEqual({ accepted: 0, duplicates: 2 });
    expect((await postIngest(t(), 'transfers', [tr, tr], auth)).data).toEqual({ accepted: 0, duplicates: 2 });
    await expectRejected('bets', [{ ...bet, player_account: 'ghost-bet' }], 0, 'player_account', /stored "orig", sent "ghost-bet"/);
    await expectRejected('bets', [bet, { ...bet, currency_code: 'USD' }], 1, 'currency_code');
    await expectRejected('transfers', [{ ...tr, player_account: 'ghost-transfer' }], 0, 'player_account');
    await expectRejected('transfers', [{ ...tr, currency_code: 'USD' }], 0, 'currency_code');
    expect(await ingestCounts(t().database.db)).toEqual(before);
    expect(await t().database.db.selectFrom('agg_new_player' as 'player').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(newPlayersBefore);
    expect(await walletBalance(t().database.db, 'orig', 'USD')).toBeNull();
  });

  it('rejects a batch over 5000 records and a body without the array', async () => {
    const many = Array.from({ length: 5001 }, () => betRecord({ player_account: 'bulk' }));
    await expectRejected('bets', many, null, 'bets', /5000/);
    await expectRejected('bets', 'nope', null, 'bets');
    const res = await t().app.inject({ method: 'POST', url: '/v1/ingest/transfers', payload: { bets: [] }, headers: { authorization: auth } });
    expect(res.json()).toMatchObject({ error_code: 'A0400', data: { index: null, field: 'transfers' } });
  });

  it('accepts exactly 5000 records', async () => {
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'whale', amount: '100000' })], auth);
    const many = Array.from({ length: 5000 }, () => betRecord({ player_account: 'whale', bet_amount: '1', payout_amount: '0.5' }));
    const r = await postIngest(t(), 'bets', many, auth);
    expect(r.data).toEqual({ accepted: 5000, duplicates: 0 });
    expect(await walletBalance(t().database.db, 'whale')).toBe(1_000_000_000n - 5000n * 5000n);
  });

  it('rejects a bet or transfer that would take a wallet below zero, and the whole batch with it', async () => {
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'poor', amount: '20' })], auth);
    const r = await expectRejected(
      'bets',
      [
        betRecord({ player_account: 'poor', bet_amount: '10' }),
        betRecord({ player_account: 'someone-new', bet_amount: '0', bonus_amount: '1' }),
        betRecord({ player_account: 'poor', bet_amount: '5', payout_amount: '6' }),
        betRecord({ player_account: 'poor', bet_amount: '11.0001' }),
      ],
      3,
      'bet_amount',
      /insufficient balance: the wallet holds 11\.0000/,
    );
    expect(r.error_msg).toMatch(/record 3/);
    expect(await walletBalance(t().database.db, 'poor')).toBe(200_000n);
    expect(await walletBalance(t().database.db, 'someone-new')).toBeNull();
    // A bet by a player never funded.
    await expectRejected('bets', [betRecord({ player_account: 'nobody' })], 0, 'bet_amount', /insufficient/);
    // Tax beyond payout + bonus + balance.
    await expectRejected('bets', [betRecord({ player_account: 'poor', bet_amount: '1', payout_amount: '2', tax_amount: '30' })], 0, 'tax_amount');
    // Transfers out: in batch order, after the ins before them.
    await expectRejected('transfers', [transferRecord({ player_account: 'poor', direction: 'in', amount: '5' }), transferRecord({ player_account: 'poor', direction: 'out', amount: '25.0001' })], 1, 'amount', /insufficient/);
    expect((await postIngest(t(), 'transfers', [transferRecord({ player_account: 'poor', direction: 'in', amount: '5' }), transferRecord({ player_account: 'poor', direction: 'out', amount: '25' })], auth)).data).toEqual({ accepted: 2, duplicates: 0 });
    expect(await walletBalance(t().database.db, 'poor')).toBe(0n);
  });

  it('answers HTTP 401 A0231 without a valid, active, unexpired ingest key', async () => {
    const records = [transferRecord({ player_account: 'keyless' })];
    const expect401 = async (header: string | null) => {
      const r = await postIngest(t(), 'transfers', records, header);
      expect(r.status).toBe(401);
      expect(r.code).toBe('A0231');
      expect(r.msg).toBeTruthy();
    };
    await expect401(null);
    await expect401('Bearer nonsense');
    const [appId] = auth.slice('Bearer '.length).split(':');
    await expect401(`Bearer ${appId}:wrong-secret`);
    await expect401(`Basic ${Buffer.from(auth.slice(7)).toString('base64')}`);

    // Revoked.
    const revoked = await ingestAuth(t(), token);
    const revokedId = (await t().database.db.selectFrom('api_key').select('id').where('app_id', '=', revoked.slice(7).split(':')[0]!).executeTakeFirstOrThrow()).id;
    expect((await t().call('key/status/edit', { id: toNumber(revokedId), status: 2 }, { token })).error_code).toBe('0');
    await expect401(revoked);
    expect((await t().call('key/status/edit', { id: toNumber(revokedId), status: 1 }, { token })).error_code).toBe('0');
    expect((await postIngest(t(), 'transfers', records, revoked)).status).toBe(200);

    // Expired.
    const expired = await ingestAuth(t(), token);
    await t().database.db.updateTable('api_key').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('app_id', '=', expired.slice(7).split(':')[0]!).execute();
    await expect401(expired);

    // An agent key is not an ingest key.
    const agentKey = await t().call<{ app_id: string; secret: string }>('key/add', { agent_id: dims.agent.A1, type: 'agent', remark: '' }, { token });
    await expect401(`Bearer ${agentKey.data.app_id}:${agentKey.data.secret}`);
    expect(await walletBalance(t().database.db, 'keyless')).toBe(1_000_000n); // only the one accepted call
  });
});
