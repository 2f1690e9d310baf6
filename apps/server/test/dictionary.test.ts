import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, loginWithPermissions, type Dimensions } from './domain-fixtures.ts';

interface List<T> {
  list: T[];
  total: number;
}

describeOnDatabases('dictionaries', (t) => {
  let dims: Dimensions;
  let token: string;

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    // Any logged-in user may read them: an operator with no permission at all.
    token = await loginWithPermissions(t(), 'plain', '');
  });

  it('agent/quick lists every agent in tree order with parent, level and currency', async () => {
    const r = await t().call<List<Record<string, unknown>>>('agent/quick', {}, { token });
    expect(r.error_code).toBe('0');
    expect(r.data.total).toBe(4);
    expect(r.data.list.map((a) => a.code)).toEqual(['A1', 'A1-1', 'A1-1-1', 'B1']);
    expect(r.data.list[0]).toEqual({ id: dims.agent.A1, code: 'A1', name: 'Agent A1', parent_id: null, level: 1, currency_id: dims.currency.CNY, status: 1 });
    expect(r.data.list[2]).toMatchObject({ parent_id: dims.agent['A1-1'], level: 3, currency_id: dims.currency.USD });
  });

  it('currency/list answers every currency, or a page of them, with rate as a decimal string', async () => {
    const all = await t().call<List<Record<string, unknown>>>('currency/list', {}, { token });
    expect(all.error_code).toBe('0');
    expect(all.data.list.map((c) => c.code)).toEqual(['CNY', 'USD', 'VND']);
    expect(all.data.total).toBe(3);
    expect(all.data.list[2]).toMatchObject({ id: dims.currency.VND, symbol: '₫', rate: '0.00029', decimals: 2, status: 1 });
    const page = await t().call<List<Record<string, unknown>>>('currency/list', { page: 2, page_size: 2 }, { token });
    expect(page.data.list.map((c) => c.code)).toEqual(['VND']);
    expect(page.data.total).toBe(3);
    const search = await t().call<List<Record<string, unknown>>>('currency/list', { keyword: 'us' }, { token });
    expect(search.data.list.map((c) => c.code)).toEqual(['USD']);
  });

  it('game/list lists games with their platform; platform/list the platforms', async () => {
    const games = await t().call<List<Record<string, unknown>>>('game/list', {}, { token });
    expect(games.error_code).toBe('0');
    expect(games.data.total).toBe(3);
    expect(games.data.list.find((g) => g.code === 'card1')).toMatchObject({
      id: dims.game.card1, name_zh: '游戏1', name_en: 'Game 1', type: 'card', platform_id: dims.platform.JL, platform_code: 'JL', platform_name: 'JL Games',
    });
    const platforms = await t().call<List<Record<string, unknown>>>('platform/list', {}, { token });
    expect(platforms.data.list.map((p) => p.code)).toEqual(['PG', 'JL']);
  });

  it('needs a session', async () => {
    for (const path of ['agent/quick', 'currency/list', 'game/list', 'platform/list']) {
      const r = await t().call(path, {});
      expect(r.status).toBe(401);
      expect(r.code).toBe('A0230');
    }
  });
});
