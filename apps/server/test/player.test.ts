import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ledgerProblems, loginWithPermissions, postIngest, transferRecord, walletBalance, type Dimensions } from './domain-fixtures.ts';
import { int8Text, toNumber } from '../src/db/sql.ts';
import { checkAggregates } from '../src/modules/aggregate/maintenance.ts';

interface PlayerItem {
  id: number;
  account: string;
  agent_code: string;
  currency_code: string;
  balance: string;
  status: number;
  registered_at: string;
  last_bet_at: string | null;
  bet_count: number;
  bet_amount: string;
  player_win_loss: string;
}

describeOnDatabases('players: list, detail, status and the ingest', (t) => {
  let dims: Dimensions;
  let auth: string;
  let token: string;
  const playerId = async (account: string, agent = 'A1') =>
    toNumber(
      (await t().database.db.selectFrom('player as p').innerJoin('agent as g', 'g.id', 'p.agent_id').select('p.id').where('p.account', '=', account).where('g.code', '=', agent).executeTakeFirstOrThrow()).id,
    );

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    auth = await ingestAuth(t(), token);
    await postIngest(t(), 'transfers', [
      transferRecord({ player_account: 'pl-ann', amount: '500', time: '2026-01-05T10:00:00Z' }),
      transferRecord({ player_account: 'pl-bob', amount: '300', time: '2026-01-06T10:00:00Z' }),
      transferRecord({ agent_code: 'A1-1', player_account: 'pl-cat', amount: '50', time: '2026-01-07T10:00:00Z' }),
      transferRecord({ agent_code: 'B1', currency_code: 'VND', player_account: 'pl-dan', amount: '1000', time: '2026-02-07T10:00:00Z' }),
    ], auth);
    const r = await postIngest(t(), 'bets', [
      betRecord({ player_account: 'pl-ann', bet_amount: '10', payout_amount: '25.5', tax_amount: '0.5', bonus_amount: '1', settle_time: '2026-01-10T12:00:05+08:00' }),
      betRecord({ player_account: 'pl-ann', bet_amount: '20', payout_amount: '0', bet_time: '2026-03-01T12:00:00+08:00', settle_time: '2026-03-01T12:00:05+08:00' }),
      betRecord({ player_account: 'pl-bob', bet_amount: '7.1234', payout_amount: '0' }),
    ], auth);
    expect(r.error_code).toBe('0');
  });

  it('player/list: columns, lifetime sums from the aggregates, filters, sorting and paging', async () => {
    const r = await t().call<{ list: PlayerItem[]; total: number }>('player/list', { page: 1, page_size: 20, account: 'pl-' }, { token });
    expect(r.error_code).toBe('0');
    expect(r.data.total).toBe(4);
    const ann = r.data.list.find((p) => p.account === 'pl-ann')!;
    // 500 + (25.5 − 10 − 0.5 + 1) − 20
    expect(ann).toMatchObject({ agent_code: 'A1', currency_code: 'CNY', balance: '496.0000', status: 1, bet_count: 2, bet_amount: '30.0000', player_win_loss: '-4.0000' });
    expect(ann.last_bet_at).toBe('2026-03-01T04:00:00.000Z');
    expect(r.data.list.find((p) => p.account === 'pl-dan')).toMatchObject({ currency_code: 'VND', balance: '1000.0000', bet_count: 0, bet_amount: '0.0000', last_bet_at: null });

    const sub = await t().call<{ list: PlayerItem[]; total: number }>('player/list', { agent_id: dims.agent['A1-1'], account: 'pl-' }, { token });
    expect(sub.data.list.map((p) => p.account)).toEqual(['pl-cat']);
    const top = await t().call<{ list: PlayerItem[]; total: number }>('player/list', { agent_id: dims.agent.A1, account: 'pl-', sort_field: 'account', sort_order: 'ascend' }, { token });
    expect(top.data.list.map((p) => p.account)).toEqual(['pl-ann', 'pl-bob', 'pl-cat']);
    const byBalance = await t().call<{ list: PlayerItem[] }>('player/list', { account: 'pl-', sort_field: 'balance', sort_order: 'descend', page_size: 2, page: 1 }, { token });
    expect(byBalance.data.list.map((p) => p.account)).toEqual(['pl-dan', 'pl-ann']);
    const page2 = await t().call<{ list: PlayerItem[] }>('player/list', { account: 'pl-', sort_field: 'balance', sort_order: 'descend', page_size: 2, page: 2 }, { token });
    expect(page2.data.list.map((p) => p.account)).toEqual(['pl-bob', 'pl-cat']);
    const lastBet = await t().call<{ list: PlayerItem[] }>('player/list', { account: 'pl-', sort_field: 'last_bet_at', sort_order: 'ascend' }, { token });
    expect(lastBet.data.list.map((p) => p.account)).toEqual(['pl-bob', 'pl-ann', 'pl-cat', 'pl-dan']);
    const cur = await t().call<{ total: number }>('player/list', { currency_id: dims.currency.VND }, { token });
    expect(cur.data.total).toBe(1);
    const reg = await t().call<{ list: PlayerItem[] }>('player/list', { account: 'pl-', registered_from: '2026-01-06T00:00:00Z', registered_to: '2026-01-07T23:59:59Z' }, { token });
    expect(reg.data.list.map((p) => p.account).sort()).toEqual(['pl-bob', 'pl-cat']);
    // A prefix is exact: case counts, and LIKE's wildcards are plain characters.
    expect((await t().call<{ total: number }>('player/list', { account: 'PL-' }, { token })).data.total).toBe(0);
    expect((await t().call<{ total: number }>('player/list', { account: 'pl_' }, { token })).data.total).toBe(0);
    const bad = await t().call('player/list', { sort_field: 'bet_amount' }, { token });
    expect(bad.error_code).toBe('A0400');
  });

  it('player/detail: wallets, the latest ledger entries and bets', async () => {
    const id = await playerId('pl-ann');
    const r = await t().call<{
      player: PlayerItem;
      wallets: Array<{ currency_code: string; balance: string }>;
      recent_ledger: Array<{ type: string; amount: string }>;
      recent_bets: Array<{ bet_amount: string; player_win_loss: string }>;
      control: unknown;
    }>('player/detail', { player_id: id }, { token });
    expect(r.error_code).toBe('0');
    expect(r.data.wallets).toEqual([expect.objectContaining({ currency_code: 'CNY', balance: '496.0000' })]);
    expect(r.data.recent_ledger.map((e) => [e.type, e.amount])).toEqual([
      ['bet', '-20.0000'],
      ['payout', '26.0000'],
      ['bet', '-10.0000'],
      ['transfer_in', '500.0000'],
    ]);
    expect(r.data.recent_bets.map((b) => [b.bet_amount, b.player_win_loss])).toEqual([
      ['20.0000', '-20.0000'],
      ['10.0000', '16.0000'],
    ]);
    expect(r.data.control).toBeNull();
    expect((await t().call('player/detail', { player_id: 999999 }, { token })).error_code).toBe('A0404');
  });

  it('player/status/edit: a disabled player takes no transfers in; bets and transfers out are still stored', async () => {
    const id = await playerId('pl-bob');
    const r = await t().call('player/status/edit', { player_id: id, status: 2 }, { token });
    expect(r.error_code).toBe('0');
    const log = await t().database.db.selectFrom('operation_log').select(['target', 'summary']).where('action', '=', 'player/status/edit').executeTakeFirstOrThrow();
    expect(JSON.parse(log.summary)).toEqual({ status: { before: 1, after: 2 } });
    expect(log.target).toContain('pl-bob');

    const refused = await postIngest(t(), 'transfers', [transferRecord({ player_account: 'pl-ann', amount: '1' }), transferRecord({ player_account: 'pl-bob', amount: '1' })], auth);
    expect(refused).toMatchObject({ error_code: 'A0400', data: { index: 1, field: 'player_account' } });
    expect(refused.data!.reason).toContain('disabled');
    expect(await walletBalance(t().database.db, 'pl-ann')).toBe(4_960_000n);

    const out = await postIngest(t(), 'transfers', [transferRecord({ player_account: 'pl-bob', direction: 'out', amount: '2' })], auth);
    expect(out).toMatchObject({ error_code: '0', data: { accepted: 1 } });
    const bet = await postIngest(t(), 'bets', [betRecord({ player_account: 'pl-bob', bet_amount: '1', payout_amount: '3' })], auth);
    expect(bet).toMatchObject({ error_code: '0', data: { accepted: 1 } });

    await t().call('player/status/edit', { player_id: id, status: 1 }, { token });
    expect((await postIngest(t(), 'transfers', [transferRecord({ player_account: 'pl-bob', amount: '1' })], auth)).error_code).toBe('0');
    expect((await t().call('player/status/edit', { player_id: id, status: 3 }, { token })).error_code).toBe('A0400');
  });

  it('a disabled currency takes no new transfers in; transfers out and bets in it are still stored', async () => {
    await t().database.db.updateTable('currency').set({ status: 2 }).where('id', '=', dims.currency.VND).execute();
    try {
      const r = await postIngest(t(), 'transfers', [transferRecord({ agent_code: 'B1', currency_code: 'VND', player_account: 'pl-dan', amount: '5' })], auth);
      expect(r).toMatchObject({ error_code: 'A0400', data: { index: 0, field: 'currency_code' } });
      expect(r.data!.reason).toContain('VND');
      const out = await postIngest(t(), 'transfers', [transferRecord({ agent_code: 'B1', currency_code: 'VND', player_account: 'pl-dan', direction: 'out', amount: '5' })], auth);
      expect(out.error_code).toBe('0');
      const bet = await postIngest(t(), 'bets', [betRecord({ agent_code: 'B1', currency_code: 'VND', player_account: 'pl-dan', bet_amount: '5' })], auth);
      expect(bet.error_code).toBe('0');
    } finally {
      await t().database.db.updateTable('currency').set({ status: 1 }).where('id', '=', dims.currency.VND).execute();
    }
  });

  it('the player calls check their permission codes', async () => {
    const other = await loginWithPermissions(t(), 'pl-viewer', '6');
    expect((await t().call('player/list', {}, { token: other })).error_code).toBe('A0301');
    expect((await t().call('player/wallet/adjust', { player_id: 1, currency_id: 1, direction: 'credit', amount: '1', remark: 'x', request_id: 'req-perm-0001' }, { token: other })).error_code).toBe('A0301');
    expect((await t().call('player/control/list', {}, { token: other })).error_code).toBe('A0301');
  });
});

describeOnDatabases('player/wallet/adjust: exact, once, never below zero', (t) => {
  let auth: string;
  let token: string;
  let cny: number;
  let pid: number;
  let n = 0;
  const rid = () => `req-${process.pid}-${Date.now()}-${++n}`;
  const adjust = (body: Record<string, unknown>) =>
    t().call<{ ledger_id: number; balance_before: string; balance_after: string }>('player/wallet/adjust', { player_id: pid, currency_id: cny, remark: 'test', ...body }, { token });

  beforeAll(async () => {
    const dims = await createDimensions(t().database.db);
    cny = dims.currency.CNY;
    // Shown with 4 decimals here, so that a single 1/10000 unit is an amount the console shows.
    await t().database.db.updateTable('currency').set({ decimals: 4 }).where('id', '=', cny).execute();
    token = await t().login();
    auth = await ingestAuth(t(), token);
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'wa-amy', amount: '100' })], auth);
    pid = toNumber((await t().database.db.selectFrom('player').select('id').where('account', '=', 'wa-amy').executeTakeFirstOrThrow()).id);
  });

  it('credits exactly, with a manual_credit entry carrying the operator and remark, shown in bill/list and the log', async () => {
    const request_id = rid();
    const r = await adjust({ direction: 'credit', amount: '0.0001', remark: '补偿 compensation', request_id });
    expect(r.error_code).toBe('0');
    expect(r.data).toMatchObject({ balance_before: '100.0000', balance_after: '100.0001' });
    expect(await walletBalance(t().database.db, 'wa-amy')).toBe(1_000_001n);
    const e = await t().database.db
      .selectFrom('ledger_entry')
      .select(['type', 'operator_id', 'remark', 'order_id', int8Text(sql.ref('amount')).as('amount')])
      .where('id', '=', r.data.ledger_id)
      .executeTakeFirstOrThrow();
    const admin = await t().database.db.selectFrom('operator_user').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
    expect(e).toMatchObject({ type: 'manual_credit', remark: '补偿 compensation', order_id: request_id, amount: '1' });
    expect(toNumber(e.operator_id)).toBe(toNumber(admin.id));

    const bill = await t().call<{ list: Array<{ id: number; type: string; amount: string; remark: string; operator_id: number }> }>('bill/list', { player_account: 'wa-amy', type: 'manual_credit' }, { token });
    expect(bill.data.list).toEqual([expect.objectContaining({ id: r.data.ledger_id, type: 'manual_credit', amount: '0.0001', remark: '补偿 compensation', operator_account: 'admin' })]);

    const log = await t().database.db.selectFrom('operation_log').select(['summary', 'result_code']).where('action', '=', 'player/wallet/adjust').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(log.summary)).toMatchObject({ request_id, direction: 'credit', amount: '0.0001', before: { balance: '100.0000' }, after: { balance: '100.0001' } });

    const list = await t().call<{ list: Array<{ request_id: string; operator_account: string; player_account: string; amount: string }> }>('player/wallet/adjustments', { account: 'wa-' }, { token });
    expect(list.data.list[0]).toMatchObject({ request_id, operator_account: 'admin', player_account: 'wa-amy', amount: '0.0001' });
  });

  it('the same request id answers the first result and moves nothing, also sent at once', async () => {
    const request_id = rid();
    const answers = await Promise.all(Array.from({ length: 8 }, () => adjust({ direction: 'credit', amount: '5', request_id })));
    expect(new Set(answers.map((a) => a.error_code))).toEqual(new Set(['0']));
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    const again = await adjust({ direction: 'credit', amount: '5', request_id });
    expect(again.data).toEqual(answers[0]!.data);
    const count = await t().database.db.selectFrom('ledger_entry').select((eb) => eb.fn.countAll().as('n')).where('order_id', '=', request_id).executeTakeFirstOrThrow();
    expect(toNumber(count.n)).toBe(1);
    expect(await walletBalance(t().database.db, 'wa-amy')).toBe(1_050_001n);
  });

  it('a debit beyond the balance is refused and nothing changes', async () => {
    const before = await t().database.db.selectFrom('ledger_entry').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const logs = await t().database.db.selectFrom('operation_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const request_id = rid();
    const r = await adjust({ direction: 'debit', amount: '105.0002', request_id });
    expect(r.error_code).toBe('A0420');
    expect(r.error_msg).toContain('105.0001');
    expect(await walletBalance(t().database.db, 'wa-amy')).toBe(1_050_001n);
    expect((await t().database.db.selectFrom('ledger_entry').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toEqual(before.n);
    expect((await t().database.db.selectFrom('operation_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toEqual(logs.n);
    expect(await t().database.db.selectFrom('wallet_adjustment').select('id').where('request_id', '=', request_id).executeTakeFirst()).toBeUndefined();
    // The whole balance can go.
    const all = await adjust({ direction: 'debit', amount: '105.0001', request_id: rid() });
    expect(all.data).toMatchObject({ balance_before: '105.0001', balance_after: '0.0000' });
    await adjust({ direction: 'credit', amount: '100', request_id: rid() });
  });

  it('amounts: at most 4 decimals, above 0, strings only; a remark and a request id of 8–64 are required', async () => {
    for (const amount of ['1.00001', '0', '0.0000', '-1', '1e3', 1.5, '']) {
      expect((await adjust({ direction: 'credit', amount, request_id: rid() })).error_code, String(amount)).toBe('A0400');
    }
    expect((await adjust({ direction: 'credit', amount: '1', remark: '', request_id: rid() })).error_code).toBe('A0400');
    expect((await adjust({ direction: 'credit', amount: '1', remark: '   ', request_id: rid() })).error_code).toBe('A0400');
    expect((await adjust({ direction: 'credit', amount: '1', request_id: 'short' })).error_code).toBe('A0400');
    expect((await adjust({ direction: 'credit', amount: '1', request_id: 'x'.repeat(65) })).error_code).toBe('A0400');
    expect((await adjust({ direction: 'sideways', amount: '1', request_id: rid() })).error_code).toBe('A0400');
    expect((await adjust({ direction: 'credit', amount: '1', request_id: rid(), player_id: 999999 })).error_code).toBe('A0404');
    expect(await walletBalance(t().database.db, 'wa-amy')).toBe(1_000_000n);
  });

  it("a credit in a currency that is not the player's opens no wallet; a debit there finds nothing to take", async () => {
    const usd = toNumber((await t().database.db.selectFrom('currency').select('id').where('code', '=', 'USD').executeTakeFirstOrThrow()).id);
    const r = await adjust({ currency_id: usd, direction: 'credit', amount: '12.34', request_id: rid() });
    expect(r).toMatchObject({ error_code: 'A0400', data: { field: 'currency_id', reason: 'currency_not_players' } });
    const debit = await adjust({ currency_id: usd, direction: 'debit', amount: '12.34', request_id: rid() });
    expect(debit).toMatchObject({ error_code: 'A0420', data: { balance: '0.0000' } });
    expect(await walletBalance(t().database.db, 'wa-amy', 'USD')).toBeNull();
  });

  it('many adjustments in parallel with ingest batches on the same wallets never overdraw nor lose an entry', async () => {
    const accounts = ['cc-1', 'cc-2', 'cc-3'];
    await postIngest(t(), 'transfers', accounts.map((a) => transferRecord({ player_account: a, amount: '50' })), auth);
    const ids = new Map<string, number>();
    for (const a of accounts) ids.set(a, toNumber((await t().database.db.selectFrom('player').select('id').where('account', '=', a).executeTakeFirstOrThrow()).id));
    const work: Array<Promise<{ kind: string; ok: boolean; code?: string; rid?: string; reason?: string }>> = [];
    const bodies: Array<Record<string, unknown>> = [];
    let seq = 0;
    for (let i = 0; i < 60; i++) {
      const account = accounts[i % 3]!;
      const direction = i % 2 === 0 ? 'debit' : 'credit';
      const amount = `${(i % 7) + 3}.${String(i % 10).padStart(4, '0')}`;
      const body = { player_id: ids.get(account), currency_id: cny, direction, amount, remark: `r${i}`, request_id: `conc-${process.pid}-${i}` };
      bodies.push(body);
      work.push(
        t()
          .call('player/wallet/adjust', body, { token })
          .then((r) => ({ kind: 'adjust', ok: r.error_code === '0', code: r.error_code, rid: body.request_id })),
      );
      if (i % 4 === 0) {
        const bets = accounts.map((a) => betRecord({ player_account: a, bet_amount: `${(seq++ % 5) + 1}`, payout_amount: `${seq % 3}.5`, settle_time: `2026-01-1${seq % 9}T12:00:05+08:00`, bet_time: `2026-01-1${seq % 9}T12:00:00+08:00` }));
        work.push(postIngest(t(), 'bets', bets, auth).then((r) => ({ kind: 'bets', ok: r.error_code === '0', code: r.error_code, reason: r.data?.reason })));
        work.push(
          postIngest(t(), 'transfers', [transferRecord({ player_account: account, direction: i % 8 === 0 ? 'out' : 'in', amount: '4' })], auth).then((r) => ({ kind: 'transfer', ok: r.error_code === '0', code: r.error_code, reason: r.data?.reason })),
        );
      }
    }
    // The same requests again, at once: each answers its first result (a repeat of a refused one
    // is a request of its own, which may find the balance it lacked).
    for (let i = 0; i < 60; i += 5) {
      work.push(
        t()
          .call('player/wallet/adjust', bodies[i], { token })
          .then((r) => ({ kind: 'repeat', ok: r.error_code === '0', code: r.error_code, rid: String(bodies[i]!.request_id) })),
      );
    }
    const results = await Promise.all(work);
    // Every refusal is a clean one (insufficient balance: A0420 for an adjustment, a bad record of
    // an ingest batch), never a failure of the server.
    for (const r of results.filter((x) => !x.ok)) {
      if (r.kind === 'adjust' || r.kind === 'repeat') expect(r.code).toBe('A0420');
      else expect([r.code, r.reason]).toEqual(['A0400', expect.stringMatching(/insufficient balance/)]);
    }
    expect(results.filter((r) => r.kind === 'adjust' && r.ok).length).toBeGreaterThan(20);
    expect(await ledgerProblems(t().database.db)).toEqual([]);
    expect(await checkAggregates(t().database)).toEqual([]);
    const moved = await t().database.db.selectFrom('wallet_adjustment').select('request_id').where('request_id', 'like', `conc-${process.pid}-%`).execute();
    const answered = new Set(results.filter((r) => (r.kind === 'adjust' || r.kind === 'repeat') && r.ok).map((r) => r.rid));
    expect(new Set(moved.map((m) => m.request_id))).toEqual(answered);
    expect(moved.length).toBe(answered.size);
    // The balance is the sum of the ledger.
    for (const id of ids.values()) {
      const sum = await t().database.db.selectFrom('ledger_entry').select(int8Text(sql`sum(amount)`).as('s')).where('player_id', '=', id).where('currency_id', '=', cny).executeTakeFirstOrThrow();
      const w = await t().database.db.selectFrom('wallet').select(int8Text(sql.ref('balance')).as('b')).where('player_id', '=', id).where('currency_id', '=', cny).executeTakeFirstOrThrow();
      expect(BigInt(w.b)).toBe(BigInt(sum.s ?? '0'));
    }
  }, 60_000);
});
