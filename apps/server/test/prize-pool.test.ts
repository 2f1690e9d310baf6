import { beforeAll, expect, it } from 'vitest';
import { formatMoney, parseMoney, type game } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';
import { rng } from './report-fixtures.ts';

type Pool = game.PrizePoolItem;

describeOnDatabases('prize pools: edit, clean with history, and growth at ingest (exact, capped, never from duplicates or refused batches)', (t) => {
  let dims: Dimensions;
  let token: string;
  let auth: string;

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    auth = await ingestAuth(t(), token);
    const players = Array.from({ length: 6 }, (_, i) => i);
    const funds = [];
    for (const agent of ['A1', 'A1-1', 'B1'] as const) {
      const currency = agent === 'B1' ? 'VND' : 'CNY';
      for (const i of players) funds.push(transferRecord({ agent_code: agent, currency_code: currency, player_account: `pp-${agent}-${i}`, amount: '100000000' }));
    }
    expect((await postIngest(t(), 'transfers', funds, auth)).error_code).toBe('0');
  });

  const pools = async (body: Record<string, unknown> = {}) => (await t().call<{ list: Pool[]; total: number }>('game/prizepool/list', { page_size: 500, ...body }, { token })).data;
  const edit = (body: Record<string, unknown>) => t().call<{ id: number }>('game/prizepool/edit', { seed_amount: '100', contribution_rate: 100, trigger_threshold: '500', cap_amount: '0', status: 1, ...body }, { token });
  const amountOf = async (id: number) => (await pools()).list.find((p) => p.id === id)!.pool_amount;

  it('creates a pool at its seed, updates it, checks seed and threshold against the cap, and logs before and after', async () => {
    const r = await edit({ agent_id: dims.agent.A1, game_id: dims.game.card1, seed_amount: '100', cap_amount: '1000' });
    expect(r.error_code, r.error_msg).toBe('0');
    const [p] = (await pools({ agent_id: dims.agent.A1, game_id: dims.game.card1 })).list;
    expect(p).toMatchObject({ id: r.data.id, agent_code: 'A1', game_code: 'card1', currency_code: 'CNY', pool_amount: '100.0000', seed_amount: '100.0000', cap_amount: '1000.0000', status: 1 });
    expect((await edit({ agent_id: dims.agent.A1, game_id: dims.game.card1, seed_amount: '2000', cap_amount: '1000' })).error_code).toBe('A0400');
    expect((await edit({ agent_id: dims.agent.A1, game_id: dims.game.card1, trigger_threshold: '2000', cap_amount: '1000' })).error_code).toBe('A0400');
    expect((await edit({ agent_id: dims.agent.A1, game_id: dims.game.card1, contribution_rate: 10001 })).error_code).toBe('A0400');
    expect((await edit({ agent_id: 99999, game_id: dims.game.card1 })).error_code).toBe('A0400');
    const again = await edit({ agent_id: dims.agent.A1, game_id: dims.game.card1, seed_amount: '100', cap_amount: '1000', contribution_rate: 250 });
    expect(again.data.id).toBe(r.data.id);
    const log = await t().database.db.selectFrom('operation_log').select('summary').where('action', '=', 'game/prizepool/edit').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(log.summary)).toEqual({ changes: { contribution_rate: { before: 100, after: 250 } } });
  });

  it('grows by the contributions of stored bets, never past the cap; a clean goes back to the seed and is listed', async () => {
    const id = (await pools({ agent_id: dims.agent.A1, game_id: dims.game.card1 })).list[0]!.id;
    const bets = [betRecord({ player_account: 'pp-A1-0', game_code: 'card1', jackpot_contribution: '12.3456' }), betRecord({ player_account: 'pp-A1-1', game_code: 'card1', jackpot_contribution: '0.0001' })];
    expect((await postIngest(t(), 'bets', bets, auth)).data).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(await amountOf(id)).toBe('112.3457');
    // The same bets again: duplicates, nothing added.
    expect((await postIngest(t(), 'bets', bets, auth)).data).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await amountOf(id)).toBe('112.3457');
    // A refused batch adds nothing, not even its good records.
    const refused = await postIngest(t(), 'bets', [betRecord({ player_account: 'pp-A1-0', game_code: 'card1', jackpot_contribution: '50' }), betRecord({ game_code: 'nope' })], auth);
    expect(refused.error_code).toBe('A0400');
    expect(await amountOf(id)).toBe('112.3457');
    // Another agent's bets (even its child's) go to its own pool.
    await postIngest(t(), 'bets', [betRecord({ agent_code: 'A1-1', player_account: 'pp-A1-1-0', game_code: 'card1', jackpot_contribution: '50' })], auth);
    expect(await amountOf(id)).toBe('112.3457');
    await postIngest(t(), 'bets', Array.from({ length: 5 }, (_, i) => betRecord({ player_account: `pp-A1-${i}`, game_code: 'card1', jackpot_contribution: '300' })), auth);
    expect(await amountOf(id)).toBe('1000.0000');

    const clean = await t().call<{ before_amount: string; after_amount: string }>('game/prizepool/clean', { id, remark: 'paid out' }, { token });
    expect(clean.data).toEqual({ before_amount: '1000.0000', after_amount: '100.0000' });
    expect(await amountOf(id)).toBe('100.0000');
    expect((await t().call('game/prizepool/clean', { id, remark: '' }, { token })).error_code).toBe('A0400');
    expect((await t().call('game/prizepool/clean', { id: 99999, remark: 'x' }, { token })).error_code).toBe('A0404');
    const history = (await t().call<{ list: game.PrizePoolCleanItem[]; total: number }>('game/prizepool/clean/list', { prize_pool_id: id }, { token })).data;
    expect(history.list).toEqual([expect.objectContaining({ prize_pool_id: id, before_amount: '1000.0000', after_amount: '100.0000', operator_account: 'admin', remark: 'paid out', agent_code: 'A1', game_code: 'card1' })]);
    const log = await t().database.db.selectFrom('operation_log').select('summary').where('action', '=', 'game/prizepool/clean').executeTakeFirstOrThrow();
    expect(JSON.parse(log.summary)).toMatchObject({ changes: { pool_amount: { before: '1000.0000', after: '100.0000' } }, remark: 'paid out' });

    // A lower cap takes the pool down to it; a disabled pool takes nothing.
    await postIngest(t(), 'bets', [betRecord({ player_account: 'pp-A1-2', game_code: 'card1', jackpot_contribution: '400' })], auth);
    await edit({ agent_id: dims.agent.A1, game_id: dims.game.card1, seed_amount: '100', trigger_threshold: '200', cap_amount: '300', status: 2 });
    expect(await amountOf(id)).toBe('300.0000');
    await postIngest(t(), 'bets', [betRecord({ player_account: 'pp-A1-2', game_code: 'card1', jackpot_contribution: '1' })], auth);
    expect(await amountOf(id)).toBe('300.0000');
  });

  it('property: random bets, duplicates, refused batches and cleans; each pool is its seed plus the capped sum since its last clean (BigInt)', async () => {
    const { next: r, int } = rng(4242);
    const targets = [
      { agent: 'A1', currency: 'CNY', game: 'slot1' },
      { agent: 'A1', currency: 'CNY', game: 'fish1' },
      { agent: 'A1-1', currency: 'CNY', game: 'slot1' },
      { agent: 'B1', currency: 'VND', game: 'slot1' },
      { agent: 'B1', currency: 'VND', game: 'fish1' },
    ] as const;
    const model = new Map<string, { id: number; seed: bigint; cap: bigint; enabled: boolean; amount: bigint }>();
    for (const [i, x] of targets.entries()) {
      const seed = BigInt(int(0, 1_000_000));
      const cap = i % 2 === 0 ? 0n : seed + BigInt(int(1, 3_000_000));
      const enabled = i !== 4;
      const res = await edit({ agent_id: dims.agent[x.agent], game_id: dims.game[x.game], seed_amount: formatMoney(seed), cap_amount: formatMoney(cap), trigger_threshold: '0', status: enabled ? 1 : 2 });
      expect(res.error_code, res.error_msg).toBe('0');
      model.set(`${x.agent}/${x.game}`, { id: res.data.id, seed, cap, enabled, amount: seed });
    }
    const sent: ReturnType<typeof betRecord>[] = [];
    for (let round = 0; round < 25; round++) {
      const batch: ReturnType<typeof betRecord>[] = [];
      for (let k = int(1, 40); k > 0; k--) {
        if (sent.length && r() < 0.1) {
          batch.push(sent[int(0, sent.length - 1)]!);
          continue;
        }
        const x = targets[int(0, targets.length - 1)]!;
        // Contributions of every size, with all four decimals: 0 to 99.9999, now and then a large one.
        const c = r() < 0.05 ? BigInt(int(0, 2_000_000_000)) * 1000n : BigInt(int(0, 999_999));
        batch.push(betRecord({ agent_code: x.agent, currency_code: x.currency, game_code: x.game, player_account: `pp-${x.agent}-${int(0, 5)}`, bet_amount: '1', valid_bet_amount: '1', jackpot_contribution: formatMoney(c) }));
      }
      const refuse = r() < 0.15;
      if (refuse) batch.splice(int(0, batch.length), 0, betRecord({ game_code: 'nope' }));
      const answer = await postIngest(t(), 'bets', batch, auth);
      expect(answer.error_code).toBe(refuse ? 'A0400' : '0');
      if (!refuse) {
        const seen = new Set(sent.map((b) => b.bet_id));
        const add = new Map<string, bigint>();
        for (const b of batch) {
          if (seen.has(b.bet_id)) continue;
          seen.add(b.bet_id);
          sent.push(b);
          const key = `${b.agent_code}/${b.game_code}`;
          add.set(key, (add.get(key) ?? 0n) + parseMoney(b.jackpot_contribution));
        }
        for (const [key, sum] of add) {
          const m = model.get(key)!;
          if (!m.enabled) continue;
          m.amount = m.cap > 0n ? (m.amount + sum > m.cap ? (m.amount > m.cap ? m.amount : m.cap) : m.amount + sum) : m.amount + sum;
        }
      }
      if (r() < 0.1) {
        const m = [...model.values()][int(0, model.size - 1)]!;
        const c = await t().call<{ before_amount: string }>('game/prizepool/clean', { id: m.id, remark: `round ${round}` }, { token });
        expect(c.data.before_amount).toBe(formatMoney(m.amount));
        m.amount = m.seed;
      }
    }
    const stored = await pools();
    for (const [key, m] of model) expect(stored.list.find((p) => p.id === m.id)!.pool_amount, key).toBe(formatMoney(m.amount));
  });

  it('parallel batches to one pool lose nothing', async () => {
    const res = await edit({ agent_id: dims.agent['A1-1'], game_id: dims.game.card1, seed_amount: '0', cap_amount: '0' });
    const batches = Array.from({ length: 8 }, (_, b) =>
      Array.from({ length: 25 }, (_, i) => betRecord({ agent_code: 'A1-1', player_account: `pp-A1-1-${(b + i) % 6}`, game_code: 'card1', bet_amount: '1', valid_bet_amount: '1', jackpot_contribution: `${b}.${String(i + 1).padStart(4, '0')}` })),
    );
    const answers = await Promise.all(batches.map((batch) => postIngest(t(), 'bets', batch, auth)));
    expect(answers.map((a) => a.error_code)).toEqual(batches.map(() => '0'));
    const expected = batches.flat().reduce((s, b) => s + parseMoney(b.jackpot_contribution), 0n);
    expect(await amountOf(res.data.id)).toBe(formatMoney(expected));
  });

  it('create_only never replaces: an agent and game that have a pool are refused (A0409, both languages) and the pool and log stay as they were', async () => {
    const at = { agent_id: dims.agent.B1, game_id: dims.game.card1 };
    const created = await edit({ ...at, seed_amount: '5000', contribution_rate: 75, trigger_threshold: '20000', cap_amount: '100000', create_only: true });
    expect(created.error_code, created.error_msg).toBe('0');
    const before = (await pools(at)).list;
    expect(before).toEqual([expect.objectContaining({ id: created.data.id, seed_amount: '5000.0000', contribution_rate: 75, trigger_threshold: '20000.0000', cap_amount: '100000.0000' })]);
    const edits = async () =>
      (await t().database.db.selectFrom('operation_log').select('id').where('action', '=', 'game/prizepool/edit').where('result_code', '=', '0').execute()).length;
    const logged = await edits();

    const en = await edit({ ...at, seed_amount: '1000', contribution_rate: 100, trigger_threshold: '0', cap_amount: '0', create_only: true });
    expect(en.error_code).toBe('A0409');
    expect(en.error_msg).toBe('The agent B1 already has a prize pool for Game 1 (card1); edit that pool instead');
    const zh = await t().call('game/prizepool/edit', { ...at, seed_amount: '1000', contribution_rate: 100, trigger_threshold: '0', cap_amount: '0', status: 1, create_only: true }, { token, lang: 'zh-cn' });
    expect(zh.error_code).toBe('A0409');
    expect(zh.error_msg).toMatch(/^代理 B1 的游戏 游戏1（card1）已有奖池，请编辑该奖池$/);
    expect((await pools(at)).list).toEqual(before);
    expect(await edits()).toBe(logged);

    // Without create_only (and with create_only false) the same call edits the pool, as before.
    const updated = await edit({ ...at, seed_amount: '5000', contribution_rate: 80, trigger_threshold: '20000', cap_amount: '100000', create_only: false });
    expect(updated.error_code, updated.error_msg).toBe('0');
    expect(updated.data.id).toBe(created.data.id);
    expect((await pools(at)).list[0]!.contribution_rate).toBe(80);
    expect((await edit({ ...at, create_only: 'yes' })).error_code).toBe('A0400');
  });

  it('create_only: of two creates of one agent and game at once, one creates and the other is refused', async () => {
    const at = { agent_id: dims.agent['A1-1-1'], game_id: dims.game.slot1 };
    const answers = await Promise.all([
      edit({ ...at, seed_amount: '10', create_only: true }),
      edit({ ...at, seed_amount: '20', create_only: true }),
    ]);
    expect(answers.map((a) => a.error_code).sort()).toEqual(['0', 'A0409']);
    const winner = answers.findIndex((a) => a.error_code === '0');
    const list = (await pools(at)).list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: answers[winner]!.data.id, seed_amount: winner === 0 ? '10.0000' : '20.0000', pool_amount: winner === 0 ? '10.0000' : '20.0000' });
  });
});
