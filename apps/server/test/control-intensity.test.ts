import { beforeAll, expect, it } from 'vitest';
import { player } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, ingestAuth, postIngest, transferRecord } from './domain-fixtures.ts';
import { toNumber } from '../src/db/sql.ts';

/**
 * A point control's intensity is 1–200 (docs/product.md, "Point control"): anything outside is
 * refused naming the field, in the caller's language, and leaves no control and no log line
 * behind; the bounds themselves are stored as sent, never clamped.
 */
describeOnDatabases('point-control intensity: refused outside 1–200, never clamped', (t) => {
  let token: string;
  let playerId: number;

  beforeAll(async () => {
    await createDimensions(t().database.db);
    token = await t().login();
    const auth = await ingestAuth(t(), token);
    await postIngest(t(), 'transfers', [transferRecord({ player_account: 'pci-a', amount: '100' })], auth);
    playerId = toNumber((await t().database.db.selectFrom('player').select('id').where('account', '=', 'pci-a').executeTakeFirstOrThrow()).id);
  });

  const body = (intensity: unknown) => ({ player_id: playerId, game_id: 0, direction: 'win', target_amount: '10', intensity, remark: '' });
  const controls = async () => (await t().database.db.selectFrom('point_control').select(['id', 'intensity', 'status']).execute()).map((r) => ({ id: toNumber(r.id), intensity: toNumber(r.intensity), status: r.status }));
  const logs = async () => (await t().database.db.selectFrom('operation_log').select('id').where('action', '=', 'player/control/add').execute()).length;

  it('300 is refused with A0400 naming intensity and its bound, in both languages, and nothing is written', async () => {
    const before = await logs();
    const en = await t().call('player/control/add', body(300), { token });
    expect(en).toMatchObject({ status: 200, error_code: 'A0400' });
    expect(en.error_msg).toBe(`intensity: must be at most ${player.MAX_INTENSITY}`);
    const zh = await t().call('player/control/add', body(300), { token, lang: 'zh-cn' });
    expect(zh).toMatchObject({ status: 200, error_code: 'A0400' });
    expect(zh.error_msg).toBe(`intensity：不能大于 ${player.MAX_INTENSITY}`);
    expect(await controls()).toEqual([]);
    expect(await logs()).toBe(before);
  });

  it('0, 201, -5, 1.5, "100" and null are refused too', async () => {
    for (const bad of [0, 201, -5, 1.5, '100', null]) {
      const r = await t().call('player/control/add', body(bad), { token });
      expect(r.error_code, JSON.stringify(bad)).toBe('A0400');
      expect(r.error_msg, JSON.stringify(bad)).toMatch(/^intensity: /);
    }
    expect(await controls()).toEqual([]);
  });

  it('the bounds 1 and 200 are kept exactly as sent', async () => {
    const high = await t().call<{ id: number }>('player/control/add', body(player.MAX_INTENSITY), { token });
    expect(high.error_code).toBe('0');
    expect(await controls()).toEqual([{ id: high.data.id, intensity: 200, status: 'active' }]);
    expect((await t().call('player/control/cancel', { id: high.data.id }, { token })).error_code).toBe('0');
    const low = await t().call<{ id: number }>('player/control/add', body(1), { token });
    expect(low.error_code).toBe('0');
    const { list } = (await t().call<{ list: Array<{ id: number; intensity: number }> }>('player/control/list', { player_account: 'pci-a', status: 'active' }, { token })).data;
    expect(list).toEqual([expect.objectContaining({ id: low.data.id, intensity: 1 })]);
  });
});
