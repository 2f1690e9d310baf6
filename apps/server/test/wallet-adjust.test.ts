import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, ingestAuth, postIngest, transferRecord, walletBalance, type Dimensions } from './domain-fixtures.ts';
import { toNumber } from '../src/db/sql.ts';

interface Adjusted {
  ledger_id: number;
  balance_before: string;
  balance_after: string;
}

/**
 * player/wallet/adjust: a request id names one adjustment, and what a credit may move. Every
 * refusal is checked to leave nothing behind: no ledger entry, wallet, adjustment or log row.
 */
describeOnDatabases('player/wallet/adjust: one request per request_id, and what a credit may move', (t) => {
  let dims: Dimensions;
  let token: string;
  let n = 0;
  const rid = () => `adj-${process.pid}-${++n}`;
  const ids = new Map<string, number>();
  const adjust = (body: Record<string, unknown>, lang: 'en' | 'zh-cn' = 'en') =>
    t().call<Adjusted>('player/wallet/adjust', { currency_id: dims.currency.CNY, remark: 'test', ...body }, { token, lang });
  const count = async (table: 'ledger_entry' | 'wallet' | 'wallet_adjustment' | 'operation_log') =>
    toNumber((await t().database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({
    ledger: await count('ledger_entry'),
    wallets: await count('wallet'),
    adjustments: await count('wallet_adjustment'),
    logs: await count('operation_log'),
  });
  /** Runs `refused`, which must be refused, and checks it wrote nothing. */
  async function nothingWritten(refused: () => Promise<unknown>) {
    const before = await counts();
    const balances = await Promise.all(['adj-ann', 'adj-bob', 'adj-vic'].map((a) => walletBalance(t().database.db, a, a === 'adj-vic' ? 'VND' : 'CNY')));
    await refused();
    expect(await counts()).toEqual(before);
    expect(await Promise.all(['adj-ann', 'adj-bob', 'adj-vic'].map((a) => walletBalance(t().database.db, a, a === 'adj-vic' ? 'VND' : 'CNY')))).toEqual(balances);
  }

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    const auth = await ingestAuth(t(), token);
    const r = await postIngest(t(), 'transfers', [
      transferRecord({ player_account: 'adj-ann', amount: '100' }),
      transferRecord({ player_account: 'adj-bob', amount: '100' }),
      transferRecord({ agent_code: 'B1', currency_code: 'VND', player_account: 'adj-vic', amount: '1000' }),
    ], auth);
    expect(r.error_code).toBe('0');
    for (const a of ['adj-ann', 'adj-bob', 'adj-vic']) ids.set(a, toNumber((await t().database.db.selectFrom('player').select('id').where('account', '=', a).executeTakeFirstOrThrow()).id));
  });

  it('a request_id sent again with another player, currency, direction, amount or remark is refused naming the field, and writes nothing', async () => {
    const request_id = rid();
    const body = { player_id: ids.get('adj-ann'), direction: 'credit', amount: '5', remark: 'goodwill', request_id };
    const first = await adjust(body);
    expect(first).toMatchObject({ error_code: '0', data: { balance_before: '100.0000', balance_after: '105.0000' } });

    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ player_id: ids.get('adj-bob') }, 'player_id', String(ids.get('adj-ann')), String(ids.get('adj-bob'))],
      // Bob has no USD wallet: the refused repeat must not leave one behind.
      [{ currency_id: dims.currency.USD }, 'currency_id', String(dims.currency.CNY), String(dims.currency.USD)],
      [{ direction: 'debit' }, 'direction', 'credit', 'debit'],
      [{ amount: '6' }, 'amount', '5.0000', '6.0000'],
      [{ remark: 'other' }, 'remark', '"goodwill"', '"other"'],
      // The first field that differs is named.
      [{ player_id: ids.get('adj-bob'), amount: '6' }, 'player_id', String(ids.get('adj-ann')), String(ids.get('adj-bob'))],
    ];
    for (const [change, field, made, sent] of cases) {
      await nothingWritten(async () => {
        const r = await adjust({ ...body, ...change });
        expect(r, field).toMatchObject({ status: 200, error_code: 'A0400', data: { field, reason: 'request_id_reused' } });
        expect(r.error_msg).toBe(
          `${field}: differs from the adjustment made under this request_id (made ${made}, sent ${sent}): a request_id sent again must repeat its request exactly; a new adjustment takes a new request_id`,
        );
        expect((await adjust({ ...body, ...change }, 'zh-cn')).error_msg).toMatch(new RegExp(`^${field}：与此 request_id 已完成的调整不同`));
      });
    }
    expect(await walletBalance(t().database.db, 'adj-bob', 'USD')).toBeNull();
    expect(await walletBalance(t().database.db, 'adj-ann')).toBe(1_050_000n);
    expect(await walletBalance(t().database.db, 'adj-bob')).toBe(1_000_000n);
  });

  it('an identical repeat answers the first result, moves nothing and logs one row saying it was a repeat; also once the player is disabled', async () => {
    const request_id = rid();
    const body = { player_id: ids.get('adj-bob'), direction: 'credit', amount: '2.5', remark: 'refund', request_id };
    const first = await adjust(body);
    expect(first.error_code).toBe('0');
    const before = await counts();
    // The same amount written otherwise is the same amount.
    const again = await adjust({ ...body, amount: '2.5000' });
    expect(again).toMatchObject({ error_code: '0', data: first.data });
    expect(await counts()).toEqual({ ...before, logs: before.logs + 1 });
    const log = await t().database.db.selectFrom('operation_log').select(['summary', 'target']).where('action', '=', 'player/wallet/adjust').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(log.summary)).toMatchObject({ request_id, repeated: true, amount: '2.5000', ledger_id: first.data.ledger_id });
    expect(log.target).toContain('adj-bob');

    await t().call('player/status/edit', { player_id: ids.get('adj-bob'), status: 2 }, { token });
    try {
      expect(await adjust(body)).toMatchObject({ error_code: '0', data: first.data });
    } finally {
      await t().call('player/status/edit', { player_id: ids.get('adj-bob'), status: 1 }, { token });
    }
    expect(await walletBalance(t().database.db, 'adj-bob')).toBe(1_025_000n);
  });

  it('two identical adjusts at once move the money once: one ledger entry, one adjustment, the same answer', async () => {
    const request_id = rid();
    const body = { player_id: ids.get('adj-ann'), direction: 'debit', amount: '1.25', remark: 'fee', request_id };
    const balance = await walletBalance(t().database.db, 'adj-ann');
    const [a, b] = await Promise.all([adjust(body), adjust(body)]);
    expect([a.error_code, b.error_code]).toEqual(['0', '0']);
    expect(a.data).toEqual(b.data);
    const entries = await t().database.db.selectFrom('ledger_entry').select('id').where('order_id', '=', request_id).execute();
    expect(entries.map((e) => toNumber(e.id))).toEqual([a.data.ledger_id]);
    expect(await t().database.db.selectFrom('wallet_adjustment').select('id').where('request_id', '=', request_id).execute()).toHaveLength(1);
    expect(await walletBalance(t().database.db, 'adj-ann')).toBe(balance! - 12_500n);
  });

  it('two adjusts at once with one request_id and different amounts: one moves, the other is refused naming amount', async () => {
    const request_id = rid();
    const body = { player_id: ids.get('adj-ann'), direction: 'credit', remark: 'race', request_id };
    const balance = await walletBalance(t().database.db, 'adj-ann');
    const answers = await Promise.all([adjust({ ...body, amount: '3' }), adjust({ ...body, amount: '4' })]);
    const moved = answers.filter((r) => r.error_code === '0');
    const refused = answers.filter((r) => r.error_code !== '0');
    expect(moved).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ error_code: 'A0400', data: { field: 'amount', reason: 'request_id_reused' } })]);
    expect(await t().database.db.selectFrom('ledger_entry').select('id').where('order_id', '=', request_id).execute()).toHaveLength(1);
    const after = await walletBalance(t().database.db, 'adj-ann');
    expect([30_000n, 40_000n]).toContain(after! - balance!);
  });

  it("refuses a credit of a disabled player, with its own reason in both languages; a debit still takes money out", async () => {
    const pid = ids.get('adj-bob');
    await t().call('player/status/edit', { player_id: pid, status: 2 }, { token });
    try {
      await nothingWritten(async () => {
        const body = { player_id: pid, direction: 'credit', amount: '1', request_id: rid() };
        const r = await adjust(body);
        expect(r).toMatchObject({ status: 200, error_code: 'A0400', data: { field: 'player_id', reason: 'player_disabled' } });
        expect(r.error_msg).toBe('player_id: the player adj-bob is disabled and cannot be credited');
        expect((await adjust(body, 'zh-cn')).error_msg).toBe('player_id：玩家 adj-bob 已停用，不能上分');
      });
      const debit = await adjust({ player_id: pid, direction: 'debit', amount: '1', request_id: rid() });
      expect(debit).toMatchObject({ error_code: '0', data: { balance_before: '102.5000', balance_after: '101.5000' } });
    } finally {
      await t().call('player/status/edit', { player_id: pid, status: 1 }, { token });
    }
  });

  it('refuses a credit in a disabled currency, with its own reason in both languages', async () => {
    await t().database.db.updateTable('currency').set({ status: 2 }).where('id', '=', dims.currency.VND).execute();
    try {
      await nothingWritten(async () => {
        const body = { player_id: ids.get('adj-vic'), currency_id: dims.currency.VND, direction: 'credit', amount: '1', request_id: rid() };
        const r = await adjust(body);
        expect(r).toMatchObject({ status: 200, error_code: 'A0400', data: { field: 'currency_id', reason: 'currency_disabled' } });
        expect(r.error_msg).toBe('currency_id: the currency VND is disabled and takes no credits');
        expect((await adjust(body, 'zh-cn')).error_msg).toBe('currency_id：币种 VND 已停用，不能上分');
      });
    } finally {
      await t().database.db.updateTable('currency').set({ status: 1 }).where('id', '=', dims.currency.VND).execute();
    }
  });

  it("refuses a credit in a currency that is not the player's, with its own reason in both languages, and opens no wallet", async () => {
    for (const currency of ['USD', 'VND'] as const) {
      await nothingWritten(async () => {
        const body = { player_id: ids.get('adj-ann'), currency_id: dims.currency[currency], direction: 'credit', amount: '1', request_id: rid() };
        const r = await adjust(body);
        expect(r).toMatchObject({ status: 200, error_code: 'A0400', data: { field: 'currency_id', reason: 'currency_not_players' } });
        expect(r.error_msg).toBe(`currency_id: ${currency} is not the currency of the player adj-ann: a player is credited in their own currency only`);
        expect((await adjust(body, 'zh-cn')).error_msg).toBe(`currency_id：玩家 adj-ann 的币种不是 ${currency}，只能按玩家自己的币种上分`);
      });
      expect(await walletBalance(t().database.db, 'adj-ann', currency)).toBeNull();
    }
  });

  it("refuses an amount finer than the currency's decimals, either way, with its own reason in both languages", async () => {
    await t().database.db.updateTable('currency').set({ decimals: 0 }).where('id', '=', dims.currency.VND).execute();
    try {
      const vic = { player_id: ids.get('adj-vic'), currency_id: dims.currency.VND };
      for (const [direction, amount] of [['credit', '0.0001'], ['credit', '1.5'], ['debit', '0.0001']] as const) {
        await nothingWritten(async () => {
          const body = { ...vic, direction, amount, request_id: rid() };
          const r = await adjust(body);
          expect(r).toMatchObject({ status: 200, error_code: 'A0400', data: { field: 'amount', reason: 'amount_too_fine' } });
          expect(r.error_msg).toMatch(/^amount: VND has 0 decimals: .* is finer than that$/);
          expect((await adjust(body, 'zh-cn')).error_msg).toMatch(/^amount：币种 VND 最多 0 位小数/);
        });
      }
      expect(await adjust({ ...vic, direction: 'credit', amount: '2', request_id: rid() })).toMatchObject({ error_code: '0', data: { balance_after: '1002.0000' } });
      expect(await adjust({ ...vic, direction: 'credit', amount: '3.0000', request_id: rid() })).toMatchObject({ error_code: '0', data: { balance_after: '1005.0000' } });
      // Two decimals (CNY in these fixtures): cents pass, a tenth of a cent does not.
      expect((await adjust({ player_id: ids.get('adj-ann'), direction: 'credit', amount: '0.01', request_id: rid() })).error_code).toBe('0');
      expect(await adjust({ player_id: ids.get('adj-ann'), direction: 'credit', amount: '0.001', request_id: rid() })).toMatchObject({ error_code: 'A0400', data: { field: 'amount' } });
    } finally {
      await t().database.db.updateTable('currency').set({ decimals: 2 }).where('id', '=', dims.currency.VND).execute();
    }
  });
});
