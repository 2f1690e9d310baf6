import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ingestCounts, loginWithPermissions, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';

interface Listed<T> {
  list: T[];
}

/**
 * The catalogue (docs/product.md, "The catalogue"): game providers and games are added and edited
 * with permission 901; codes are unique and fixed; a new game starts with the house defaults; a
 * disabled provider or game refuses new bets at the ingest, naming the record, and keeps its history.
 */
describeOnDatabases('catalogue: providers and games', (t) => {
  let dims: Dimensions;
  let token: string;
  let auth: string;
  const db = () => t().database.db;
  const lastLog = async (action: string) => {
    const [log] = await db().selectFrom('operation_log').selectAll().where('action', '=', action).orderBy('id', 'desc').limit(1).execute();
    return { target: log!.target, summary: JSON.parse(log!.summary) as unknown };
  };

  beforeAll(async () => {
    dims = await createDimensions(db());
    token = await t().login();
    auth = await ingestAuth(t(), token);
  });

  it('adds a provider and edits its name, order and status, logged with before and after; its code is unique and fixed', async () => {
    const add = await t().call<{ id: number }>('platform/add', { code: 'ace_live', name: 'Ace Live' }, { token });
    expect(add.error_code).toBe('0');
    const list = await t().call<Listed<{ id: number; code: string; name: string; status: number; sort: number }>>('platform/list', {}, { token });
    const made = list.data.list.find((p) => p.id === add.data.id)!;
    expect(made).toMatchObject({ code: 'ace_live', name: 'Ace Live', status: 1 });
    // Placed after every provider there was.
    expect(made.sort).toBe(Math.max(...list.data.list.map((p) => p.sort)));
    expect(await lastLog('platform/add')).toEqual({ target: `platform:${add.data.id} ace_live`, summary: { platform: 'ace_live', name: 'Ace Live', sort: made.sort, status: 1 } });

    const again = await t().call('platform/add', { code: 'ace_live', name: 'Other' }, { token });
    expect(again).toMatchObject({ error_code: 'A0409', error_msg: 'The provider code ace_live already exists' });
    for (const code of ['A', 'Ace', 'ace-live', 'x'.repeat(17), 'ace live']) {
      expect((await t().call('platform/add', { code, name: 'Bad' }, { token })).error_code, code).toBe('A0400');
    }

    expect((await t().call('platform/edit', { id: add.data.id, name: 'Ace Live Casino', sort: 40, status: 2 }, { token })).error_code).toBe('0');
    expect(await lastLog('platform/edit')).toEqual({
      target: `platform:${add.data.id} ace_live`,
      summary: { name: { before: 'Ace Live', after: 'Ace Live Casino' }, sort: { before: made.sort, after: 40 }, status: { before: 1, after: 2 } },
    });
    // The code is not a field of edit: it stays.
    await t().call('platform/edit', { id: add.data.id, code: 'other' }, { token });
    expect((await db().selectFrom('platform').select('code').where('id', '=', add.data.id).executeTakeFirstOrThrow()).code).toBe('ace_live');
    expect((await t().call('platform/edit', { id: 999_999, name: 'x' }, { token })).error_code).toBe('A0404');
  });

  it('adds a game with the house defaults in its dealer config; both names, the type and the order change, the code and the provider do not', async () => {
    const add = await t().call<{ id: number }>('game/add', { code: 'lucky_tiger', name_zh: '幸运虎', name_en: 'Lucky Tiger', platform_id: dims.platform.PG, type: 'slot' }, { token });
    expect(add.error_code, JSON.stringify(add)).toBe('0');
    const games = await t().call<Listed<{ id: number; code: string; name_zh: string; platform_code: string; type: string; status: number }>>('game/list', {}, { token });
    expect(games.data.list.find((g) => g.id === add.data.id)).toMatchObject({ code: 'lucky_tiger', name_zh: '幸运虎', platform_code: 'PG', type: 'slot', status: 1 });
    const dealer = await t().call<Listed<{ game_id: number; enabled: number; rtp_target: number; tax_rate: number; min_bet: string; max_bet: string }>>(
      'game/dealer/list',
      { page: 1, page_size: 100, keyword: 'lucky_tiger' },
      { token },
    );
    expect(dealer.data.list.find((d) => d.game_id === add.data.id)).toMatchObject({ enabled: 1, rtp_target: 9650, tax_rate: 0, min_bet: '0.1000', max_bet: '10000.0000' });

    expect((await t().call('game/add', { code: 'lucky_tiger', name_zh: '又一个', name_en: 'Again', platform_id: dims.platform.JL, type: 'card' }, { token })).error_msg).toBe(
      'The game code lucky_tiger already exists',
    );
    expect((await t().call('game/add', { code: 'no_provider', name_zh: '无', name_en: 'None', platform_id: 999_999, type: 'slot' }, { token })).error_code).toBe('A0404');
    expect((await t().call('game/add', { code: 'bad_type', name_zh: '坏', name_en: 'Bad', platform_id: dims.platform.PG, type: 'lottery' }, { token })).error_code).toBe('A0400');
    expect((await t().call('game/add', { code: 'Bad-Code', name_zh: '坏', name_en: 'Bad', platform_id: dims.platform.PG, type: 'slot' }, { token })).error_code).toBe('A0400');

    expect((await t().call('game/edit', { id: add.data.id, name_en: 'Lucky Tiger Deluxe', type: 'fishing', sort: 7 }, { token })).error_code).toBe('0');
    expect(await lastLog('game/edit')).toEqual({
      target: `game:${add.data.id} lucky_tiger`,
      summary: { name_en: { before: 'Lucky Tiger', after: 'Lucky Tiger Deluxe' }, type: { before: 'slot', after: 'fishing' }, sort: { before: 3, after: 7 } },
    });
    await t().call('game/edit', { id: add.data.id, code: 'other_code', platform_id: dims.platform.JL }, { token });
    expect(await db().selectFrom('game').select(['code', 'platform_id']).where('id', '=', add.data.id).executeTakeFirstOrThrow()).toMatchObject({ code: 'lucky_tiger' });
    expect(Number((await db().selectFrom('game').select('platform_id').where('id', '=', add.data.id).executeTakeFirstOrThrow()).platform_id)).toBe(dims.platform.PG);
  });

  it('two adds of one code at once: one game, the other told the code exists', async () => {
    const body = { code: 'race_game', name_zh: '竞速', name_en: 'Race', platform_id: dims.platform.JL, type: 'card' };
    const answers = await Promise.all([t().call('game/add', body, { token }), t().call('game/add', body, { token })]);
    expect(answers.map((a) => a.error_code).sort()).toEqual(['0', 'A0409']);
    expect(await db().selectFrom('game').select('id').where('code', '=', 'race_game').execute()).toHaveLength(1);
    expect(await db().selectFrom('dealer_game_config as d').innerJoin('game as g', 'g.id', 'd.game_id').select('d.id').where('g.code', '=', 'race_game').execute()).toHaveLength(1);
  });

  it('needs 901 to add or edit; the lists stay open to every session', async () => {
    const reader = await loginWithPermissions(t(), 'catalogue_reader', '9,902');
    for (const [path, body] of [
      ['platform/add', { code: 'nope', name: 'Nope' }],
      ['platform/edit', { id: dims.platform.PG, name: 'Nope' }],
      ['game/add', { code: 'nope', name_zh: '无', name_en: 'Nope', platform_id: dims.platform.PG, type: 'slot' }],
      ['game/edit', { id: dims.game.slot1, name_en: 'Nope' }],
    ] as const) {
      expect((await t().call(path, body, { token: reader })).error_code, path).toBe('A0301');
    }
    expect((await t().call('platform/list', {}, { token: reader })).error_code).toBe('0');
    expect((await t().call('game/list', {}, { token: reader })).error_code).toBe('0');
    expect(await db().selectFrom('platform').select('id').where('code', '=', 'nope').execute()).toHaveLength(0);
  });

  it('a disabled game, or a game of a disabled provider, refuses new bets naming the record; a repeat of a stored bet stays a repeat; the history stays', async () => {
    const player = { agent_code: 'A1', player_account: 'cat-player' };
    expect((await postIngest(t(), 'transfers', [transferRecord({ ...player, amount: '100' })], auth)).error_code).toBe('0');
    const stored = betRecord({ ...player, game_code: 'card1', bet_amount: '5', payout_amount: '0' });
    expect(await postIngest(t(), 'bets', [stored], auth)).toMatchObject({ error_code: '0', data: { accepted: 1 } });
    const refused = async (records: unknown[], index: number, reason: string) => {
      const before = await ingestCounts(db());
      const r = await postIngest(t(), 'bets', records, auth);
      expect(r).toMatchObject({ status: 200, error_code: 'A0400', data: { index, field: 'game_code', reason } });
      expect(await ingestCounts(db())).toEqual(before);
    };

    expect((await t().call('game/edit', { id: dims.game.card1, status: 2 }, { token })).error_code).toBe('0');
    try {
      await refused([betRecord({ ...player, game_code: 'slot1' }), betRecord({ ...player, game_code: 'card1' })], 1, 'the game "card1" is disabled: it takes no new bets');
      expect(await postIngest(t(), 'bets', [stored], auth)).toMatchObject({ error_code: '0', data: { accepted: 0, duplicates: 1 } });
    } finally {
      expect((await t().call('game/edit', { id: dims.game.card1, status: 1 }, { token })).error_code).toBe('0');
    }

    expect((await t().call('platform/edit', { id: dims.platform.JL, status: 2 }, { token })).error_code).toBe('0');
    try {
      await refused([betRecord({ ...player, game_code: 'fish1' })], 0, 'the provider "JL" of the game "fish1" is disabled: its games take no new bets');
      // Another provider's games go on.
      expect(await postIngest(t(), 'bets', [betRecord({ ...player, game_code: 'slot1' })], auth)).toMatchObject({ error_code: '0', data: { accepted: 1 } });
      // The history stays: the stored bet of the disabled provider's game is still reported.
      const report = await t().call<{ list: { game_code: string; bet_count: number }[] }>(
        'game/report/game/summary',
        { page: 1, page_size: 50, start_date: '2025-01-01', end_date: '2027-01-01', time_zone_id: 1, currency_id: -1 },
        { token },
      );
      expect(report.error_code, report.error_msg).toBe('0');
      expect(report.data.list.some((r) => r.game_code === 'card1')).toBe(true);
    } finally {
      expect((await t().call('platform/edit', { id: dims.platform.JL, status: 1 }, { token })).error_code).toBe('0');
    }
    expect(await postIngest(t(), 'bets', [betRecord({ ...player, game_code: 'fish1' })], auth)).toMatchObject({ error_code: '0', data: { accepted: 1 } });
  });
});
