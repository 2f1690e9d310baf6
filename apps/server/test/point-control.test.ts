import { beforeAll, expect, it } from 'vitest';
import { formatMoney, parseMoney } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';
import { rng } from './report-fixtures.ts';
import { toNumber } from '../src/db/sql.ts';

interface Control {
  id: number;
  player_id: number;
  player_account: string;
  game_id: number;
  direction: 'win' | 'lose';
  target_amount: string;
  achieved_amount: string;
  status: string;
  created_at: string;
  created_by_account: string;
  cancelled_by_account: string | null;
  finished_at: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

describeOnDatabases('point control: set, cancel and progress kept by the ingest', (t) => {
  let dims: Dimensions;
  let auth: string;
  let token: string;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    auth = await ingestAuth(t(), token);
    const accounts = ['pc-a', 'pc-b', 'pc-c'];
    await postIngest(t(), 'transfers', accounts.map((a) => transferRecord({ player_account: a, amount: '1000' })), auth);
    for (const a of accounts) ids.set(a, toNumber((await t().database.db.selectFrom('player').select('id').where('account', '=', a).executeTakeFirstOrThrow()).id));
  });

  const list = async (body: Record<string, unknown> = {}) => (await t().call<{ list: Control[]; total: number }>('player/control/list', body, { token })).data;

  it('one active control per player; the list shows who set it', async () => {
    const r = await t().call<{ id: number }>('player/control/add', { player_id: ids.get('pc-a'), game_id: 0, direction: 'win', target_amount: '30', intensity: 120, remark: 'vip' }, { token });
    expect(r.error_code).toBe('0');
    const again = await t().call('player/control/add', { player_id: ids.get('pc-a'), game_id: 0, direction: 'lose', target_amount: '5', intensity: 50, remark: '' }, { token });
    expect(again.error_code).toBe('A0409');
    for (const bad of [{ target_amount: '0' }, { target_amount: '1.00001' }, { intensity: 0 }, { intensity: 201 }, { direction: 'up' }, { game_id: 99999 }, { player_id: 99999 }]) {
      const b = await t().call('player/control/add', { player_id: ids.get('pc-b'), game_id: 0, direction: 'win', target_amount: '1', intensity: 100, ...bad }, { token });
      expect(b.error_code, JSON.stringify(bad)).toBe('A0400');
    }
    const { list: items } = await list({ player_account: 'pc-a' });
    expect(items).toEqual([expect.objectContaining({ id: r.data.id, direction: 'win', target_amount: '30.0000', achieved_amount: '0.0000', status: 'active', created_by_account: 'admin', finished_at: null })]);
    const log = await t().database.db.selectFrom('operation_log').select('summary').where('action', '=', 'player/control/add').executeTakeFirstOrThrow();
    expect(JSON.parse(log.summary)).toMatchObject({ after: { player: 'pc-a', direction: 'win', target_amount: '30.0000', intensity: 120 } });
  });

  it('the ingest moves the progress and completes the control at its target, in the same transaction', async () => {
    const pid = ids.get('pc-a')!;
    const now = Date.now();
    const early = betRecord({ player_account: 'pc-a', bet_amount: '10', payout_amount: '100', bet_time: iso(now - 3_600_000), settle_time: iso(now - 3_599_000) });
    const win = betRecord({ player_account: 'pc-a', bet_amount: '10', payout_amount: '22.5', tax_amount: '0.5', bonus_amount: '1', bet_time: iso(now + 1000), settle_time: iso(now + 2000) });
    const other = betRecord({ player_account: 'pc-b', bet_amount: '10', payout_amount: '50', bet_time: iso(now + 1000), settle_time: iso(now + 2000) });
    expect((await postIngest(t(), 'bets', [early, win, other], auth)).error_code).toBe('0');
    const detail = await t().call<{ control: Control }>('player/detail', { player_id: pid }, { token });
    expect(detail.data.control).toMatchObject({ achieved_amount: '13.0000', status: 'active' });
    // A duplicate moves nothing.
    expect((await postIngest(t(), 'bets', [win], auth)).data).toMatchObject({ duplicates: 1 });
    const finishing = betRecord({ player_account: 'pc-a', bet_amount: '5', payout_amount: '25', bet_time: iso(now + 3000), settle_time: iso(now + 4000) });
    const after = betRecord({ player_account: 'pc-a', bet_amount: '5', payout_amount: '100', bet_time: iso(now + 5000), settle_time: iso(now + 6000) });
    expect((await postIngest(t(), 'bets', [finishing, after], auth)).error_code).toBe('0');
    const [c] = (await list({ player_account: 'pc-a' })).list;
    expect(c).toMatchObject({ achieved_amount: '33.0000', status: 'completed' });
    expect(c!.finished_at).not.toBeNull();
    // A new control may be set once the last completed.
    expect((await t().call('player/control/add', { player_id: pid, game_id: dims.game.card1, direction: 'lose', target_amount: '1', intensity: 10 }, { token })).error_code).toBe('0');
  });

  it('a control of one game counts only that game; a lose control counts the negation', async () => {
    const now = Date.now();
    const { list: [c] } = await list({ player_account: 'pc-a', status: 'active' });
    expect(c).toMatchObject({ game_id: dims.game.card1, direction: 'lose' });
    await postIngest(t(), 'bets', [
      betRecord({ player_account: 'pc-a', game_code: 'slot1', bet_amount: '3', bet_time: iso(now + 1000), settle_time: iso(now + 2000) }),
      betRecord({ player_account: 'pc-a', game_code: 'card1', bet_amount: '0.75', bet_time: iso(now + 1000), settle_time: iso(now + 2000) }),
    ], auth);
    expect((await list({ player_account: 'pc-a', status: 'active' })).list[0]).toMatchObject({ achieved_amount: '0.7500', status: 'active' });
  });

  it('cancel: records who and when; a finished control cannot be cancelled', async () => {
    const { list: [c] } = await list({ player_account: 'pc-a', status: 'active' });
    const r = await t().call('player/control/cancel', { id: c!.id, remark: 'done' }, { token });
    expect(r.error_code).toBe('0');
    const { list: [x] } = await list({ player_account: 'pc-a', status: 'cancelled' });
    expect(x).toMatchObject({ id: c!.id, status: 'cancelled', cancelled_by_account: 'admin' });
    expect(x!.finished_at).not.toBeNull();
    expect((await t().call('player/control/cancel', { id: c!.id }, { token })).error_code).toBe('A0400');
    const completed = (await list({ player_account: 'pc-a', status: 'completed' })).list[0]!;
    expect((await t().call('player/control/cancel', { id: completed.id }, { token })).error_code).toBe('A0400');
    expect((await t().call('player/control/cancel', { id: 999999 }, { token })).error_code).toBe('A0404');
    // Bets after the cancel move nothing.
    const now = Date.now();
    await postIngest(t(), 'bets', [betRecord({ player_account: 'pc-a', game_code: 'card1', bet_amount: '2', bet_time: iso(now + 1000), settle_time: iso(now + 2000) })], auth);
    expect((await list({ player_account: 'pc-a', status: 'cancelled' })).list[0]!.achieved_amount).toBe('0.7500');
    const log = await t().database.db.selectFrom('operation_log').select('summary').where('action', '=', 'player/control/cancel').executeTakeFirstOrThrow();
    expect(JSON.parse(log.summary)).toMatchObject({ before: { status: 'active', achieved_amount: '0.7500' }, after: { status: 'cancelled' } });
  });
});

/**
 * The property: random bets ingested in random batches (with duplicates) while random controls
 * are set and cancelled between batches; every control's achieved amount and status equal a
 * direct BigInt computation over the raw bets stored while it was active.
 */
const SEED = Number(process.env.CONTROL_SEED ?? 20261125);

describeOnDatabases('point-control progress equals a direct computation over the raw bets', (t) => {
  it('random controls, random bets', async () => {
    const r = rng(SEED);
    const db = t().database.db;
    await createDimensions(db);
    const token = await t().login();
    const auth = await ingestAuth(t(), token);
    const accounts = Array.from({ length: 8 }, (_, i) => `pp-${i}`);
    await postIngest(t(), 'transfers', accounts.map((a) => transferRecord({ player_account: a, amount: '10000000' })), auth);
    const pid = new Map<string, number>();
    for (const a of accounts) pid.set(a, toNumber((await db.selectFrom('player').select('id').where('account', '=', a).executeTakeFirstOrThrow()).id));
    const games = await db.selectFrom('game').select(['id', 'code']).execute();
    const gameId = new Map(games.map((g) => [g.code, toNumber(g.id)]));

    interface Oracle { id: number; player: string; game: number; direction: 'win' | 'lose'; target: bigint; createdMs: number; achieved: bigint; status: string }
    const controls: Oracle[] = [];
    const active = new Map<string, Oracle>();
    const sent: ReturnType<typeof betRecord>[] = [];
    const money = () => `${r.int(0, 80)}.${String(r.int(0, 9999)).padStart(4, '0')}`;

    for (let round = 0; round < 30; round++) {
      // Set and cancel between batches.
      for (const a of accounts) {
        const c = active.get(a);
        if (c && r.chance(0.15)) {
          expect((await t().call('player/control/cancel', { id: c.id }, { token })).error_code).toBe('0');
          c.status = 'cancelled';
          active.delete(a);
        } else if (!c && r.chance(0.3)) {
          const game = r.chance(0.5) ? 0 : gameId.get(r.pick(['slot1', 'card1', 'fish1']))!;
          const direction = r.pick(['win', 'lose'] as const);
          const target = `${r.int(1, 150)}.${String(r.int(0, 9999)).padStart(4, '0')}`;
          const add = await t().call<{ id: number }>('player/control/add', { player_id: pid.get(a), game_id: game, direction, target_amount: target, intensity: r.int(1, 200) }, { token });
          expect(add.error_code).toBe('0');
          const row = await db.selectFrom('point_control').select('created_at').where('id', '=', add.data.id).executeTakeFirstOrThrow();
          const o: Oracle = { id: add.data.id, player: a, game, direction, target: parseMoney(target), createdMs: Date.parse(row.created_at), achieved: 0n, status: 'active' };
          controls.push(o);
          active.set(a, o);
        }
      }
      // One batch: new bets settled around now (some before a control's creation), and repeats.
      const batch: ReturnType<typeof betRecord>[] = [];
      for (let i = r.int(1, 40); i > 0; i--) {
        if (sent.length && r.chance(0.1)) {
          batch.push(r.pick(sent));
          continue;
        }
        const settle = Date.now() + r.int(-120_000, 120_000);
        batch.push(
          betRecord({
            player_account: r.pick(accounts),
            game_code: r.pick(['slot1', 'card1', 'fish1']),
            bet_amount: money(),
            valid_bet_amount: '0',
            payout_amount: r.chance(0.5) ? '0' : money(),
            tax_amount: r.chance(0.3) ? `0.${String(r.int(0, 9999)).padStart(4, '0')}` : '0',
            bonus_amount: r.chance(0.2) ? money() : '0',
            bet_time: iso(settle - 1000),
            settle_time: iso(settle),
          }),
        );
      }
      const answer = await postIngest(t(), 'bets', batch, auth);
      expect(answer.error_code, answer.error_msg).toBe('0');
      // The oracle: the batch's new bets in batch order.
      const seen = new Set(sent.map((b) => b.bet_id));
      for (const b of batch) {
        if (seen.has(b.bet_id)) continue;
        seen.add(b.bet_id);
        sent.push(b);
        const c = active.get(b.player_account);
        if (!c) continue;
        if (Date.parse(b.settle_time) < c.createdMs || (c.game !== 0 && gameId.get(b.game_code) !== c.game)) continue;
        const wl = parseMoney(b.payout_amount) - parseMoney(b.bet_amount) - parseMoney(b.tax_amount) + parseMoney(b.bonus_amount);
        c.achieved += c.direction === 'win' ? wl : -wl;
        if (c.achieved >= c.target) {
          c.status = 'completed';
          active.delete(b.player_account);
        }
      }
    }
    expect(controls.length).toBeGreaterThan(10);
    expect(controls.some((c) => c.status === 'completed')).toBe(true);
    expect(controls.some((c) => c.status === 'cancelled')).toBe(true);
    const stored = await t().call<{ list: Control[] }>('player/control/list', { page_size: 500 }, { token });
    const byId = new Map(stored.data.list.map((c) => [c.id, c]));
    for (const c of controls) {
      expect(byId.get(c.id), `control ${c.id}`).toMatchObject({ achieved_amount: formatMoney(c.achieved), status: c.status });
    }
  }, 120_000);
});
