import { beforeAll, expect, it } from 'vitest';
import { formatMoney, MONEY_UNITS_MAX } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, ingestAuth, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';
import { toNumber } from '../src/db/sql.ts';

/** The largest amount a column holds, and one unit past it. */
const MAX = formatMoney(MONEY_UNITS_MAX);
const OVER = '922337203685477.5808';

/**
 * Every amount a console call takes has one bound, the contract's (common/money.ts): one unit
 * past it is an invalid parameter (A0400 naming the field, HTTP 200), never a failure at the
 * database, and nothing is written.
 */
describeOnDatabases('money bound of the console calls', (t) => {
  let dims: Dimensions;
  let token: string;
  let playerId: number;
  const logRows = async () => toNumber((await t().database.db.selectFrom('operation_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    const auth = await ingestAuth(t(), token);
    expect((await postIngest(t(), 'transfers', [transferRecord({ player_account: 'mb-ann', amount: '10' })], auth)).error_code).toBe('0');
    playerId = toNumber((await t().database.db.selectFrom('player').select('id').where('account', '=', 'mb-ann').executeTakeFirstOrThrow()).id);
  });

  /** Each call and amount field, with a body that is valid but for that field. */
  const FIELDS: Array<[path: string, field: string, body: () => Record<string, unknown>]> = [
    ['game/prizepool/edit', 'seed_amount', () => ({ agent_id: dims.agent.A1, game_id: dims.game.slot1, seed_amount: '0', contribution_rate: 100, trigger_threshold: '0', cap_amount: '0', status: 1 })],
    ['game/prizepool/edit', 'trigger_threshold', () => ({ agent_id: dims.agent.A1, game_id: dims.game.slot1, seed_amount: '0', contribution_rate: 100, trigger_threshold: '0', cap_amount: '0', status: 1 })],
    ['game/prizepool/edit', 'cap_amount', () => ({ agent_id: dims.agent.A1, game_id: dims.game.slot1, seed_amount: '0', contribution_rate: 100, trigger_threshold: '0', cap_amount: '0', status: 1 })],
    ['game/dealer/edit', 'min_bet', () => ({ game_id: dims.game.card1 })],
    ['game/dealer/edit', 'max_bet', () => ({ game_id: dims.game.card1 })],
    ['game/agent/edit', 'min_bet', () => ({ agent_id: dims.agent.A1, game_id: dims.game.card1 })],
    ['game/agent/edit', 'max_bet', () => ({ agent_id: dims.agent.A1, game_id: dims.game.card1 })],
    ['player/control/add', 'target_amount', () => ({ player_id: playerId, game_id: 0, direction: 'win', intensity: 50, remark: '' })],
    ['player/wallet/adjust', 'amount', () => ({ player_id: playerId, currency_id: dims.currency.CNY, direction: 'credit', remark: 'x', request_id: `mb-${Date.now()}` })],
  ];

  it('answers A0400 naming the field for one unit past the largest amount, in both languages, and writes nothing', async () => {
    for (const [path, field, body] of FIELDS) {
      for (const value of [OVER, '999999999999999.9999']) {
        const logs = await logRows();
        const en = await t().call(path, { ...body(), [field]: value }, { token });
        expect(en, `${path} ${field} ${value}`).toMatchObject({ status: 200, error_code: 'A0400' });
        expect(en.error_msg).toBe(`${field}: must be at most ${MAX}, the largest amount that can be stored`);
        const zh = await t().call(path, { ...body(), [field]: value }, { token, lang: 'zh-cn' });
        expect(zh.error_msg).toBe(`${field}：金额不能超过 ${MAX}（可保存的最大金额）`);
        expect(await logRows()).toBe(logs);
      }
    }
    expect(await t().database.db.selectFrom('prize_pool').select('id').execute()).toEqual([]);
    expect(await t().database.db.selectFrom('point_control').select('id').execute()).toEqual([]);
  });

  it('takes the largest amount itself where it makes sense, and answers it exactly', async () => {
    const pool = await t().call<{ id: number }>('game/prizepool/edit', { ...FIELDS[0]![2](), seed_amount: MAX, trigger_threshold: MAX, cap_amount: MAX }, { token });
    expect(pool.error_code).toBe('0');
    const pools = await t().call<{ list: Array<{ seed_amount: string; pool_amount: string; cap_amount: string; trigger_threshold: string }> }>('game/prizepool/list', { agent_id: dims.agent.A1 }, { token });
    expect(pools.data.list).toEqual([expect.objectContaining({ seed_amount: MAX, pool_amount: MAX, cap_amount: MAX, trigger_threshold: MAX })]);

    expect((await t().call('game/dealer/edit', { game_id: dims.game.card1, min_bet: '1', max_bet: MAX }, { token })).error_code).toBe('0');
    expect((await t().call('game/agent/edit', { agent_id: dims.agent.A1, game_id: dims.game.card1, min_bet: MAX, max_bet: MAX }, { token })).error_code).toBe('0');
    const config = await t().call<{ list: Array<{ min_bet: string; max_bet: string }> }>('game/agent/list', { agent_id: dims.agent.A1, game_id: dims.game.card1 }, { token });
    expect(config.data.list[0]).toMatchObject({ min_bet: MAX, max_bet: MAX });

    const control = await t().call<{ id: number }>('player/control/add', { player_id: playerId, game_id: 0, direction: 'lose', target_amount: MAX, intensity: 50, remark: '' }, { token });
    expect(control.error_code).toBe('0');
    const controls = await t().call<{ list: Array<{ target_amount: string }> }>('player/control/list', { player_account: 'mb-ann' }, { token });
    expect(controls.data.list[0]!.target_amount).toBe(MAX);

    // A wallet holding 10 cannot take the largest amount (in cents: CNY shows 2 decimals here) on
    // top: refused as the balance it would make.
    const adjust = await t().call('player/wallet/adjust', { player_id: playerId, currency_id: dims.currency.CNY, direction: 'credit', amount: '922337203685477.58', remark: 'x', request_id: `mb-max-${Date.now()}` }, { token });
    expect(adjust).toMatchObject({ error_code: 'A0400' });
    expect(adjust.error_msg).toBe(`amount: the wallet would hold more than ${MAX}`);
  });
});
