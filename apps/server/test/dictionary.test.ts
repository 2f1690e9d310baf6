import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, loginWithPermissions, type Dimensions } from './domain-fixtures.ts';
import { toNumber } from '../src/db/sql.ts';

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

describeOnDatabases('agent/quick sibling order', (t) => {
  it('orders siblings by id as a number, each agent before its sub-tree, where the paths\' text would not', async () => {
    const { db } = t().database;
    const dims = await createDimensions(db);
    const add = async (code: string, parent: { id: number; path: string } | null) => {
      const row = await db
        .insertInto('agent')
        .values({
          code, name: code, parent_id: parent?.id ?? null, level: parent ? parent.path.split('/').length - 1 : 1, path: 'tmp', currency_id: dims.currency.CNY,
          wallet_mode: 1, share_rate: 0, ip_whitelist: '', status: 1, remark: '', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = toNumber(row.id);
      const path = `${parent?.path ?? '/'}${id}/`;
      await db.updateTable('agent').set({ path }).where('id', '=', id).execute();
      return { id, path };
    };
    // Ten children of B1 cross from one digit to two, and a root created after them gets a
    // larger id than B1: both compare the other way round as text ("/4/10/" < "/4/5/", "/16/" < "/4/").
    const b1 = { id: dims.agent.B1, path: `/${dims.agent.B1}/` };
    const children = [];
    for (let i = 0; i < 10; i++) children.push(await add(`B1-${i}`, b1));
    const grandchild = await add('B1-0-0', children[0]!);
    const root = await add('C1', null);
    const all = [dims.agent.A1, dims.agent['A1-1'], dims.agent['A1-1-1'], b1, ...children, grandchild, root];
    const paths = all.map((a) => (typeof a === 'number' ? null : a.path)).filter((p) => p !== null);
    expect(paths.toSorted(), 'the ids must compare differently as text for this test to mean anything').not.toEqual(paths);

    const token = await loginWithPermissions(t(), 'plain', '');
    const r = await t().call<List<{ id: number; parent_id: number | null }>>('agent/quick', {}, { token });
    expect(r.error_code).toBe('0');
    expect(r.data.list.map((a) => a.id)).toEqual([
      dims.agent.A1, dims.agent['A1-1'], dims.agent['A1-1-1'], b1.id, children[0]!.id, grandchild.id, ...children.slice(1).map((c) => c.id), root.id,
    ]);
  });
});
