import { beforeAll, expect, it } from 'vitest';
import { game } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, ingestAuth, loginWithPermissions, type Dimensions } from './domain-fixtures.ts';

type AgentItem = game.AgentConfigItem;

describeOnDatabases('game configs: dealer defaults, agent inheritance and the enabled cascade, protection, what game servers read', (t) => {
  let dims: Dimensions;
  let token: string;
  let auth: string;

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    auth = await ingestAuth(t(), token);
  });

  const agentRow = async (agent: keyof Dimensions['agent'], gameCode: keyof Dimensions['game']) => {
    const r = await t().call<{ list: AgentItem[]; total: number }>('game/agent/list', { agent_id: dims.agent[agent], game_id: dims.game[gameCode] }, { token });
    expect(r.error_code, r.error_msg).toBe('0');
    return r.data.list[0]!;
  };
  const readConfig = async (body: Record<string, unknown> = {}, key = auth) => {
    const res = await t().app.inject({ method: 'POST', url: game.GAME_SERVER_CONFIG_PATH, payload: body, headers: { authorization: key, 'accept-language': 'en' } });
    return { status: res.statusCode, ...(res.json() as { error_code: string; error_msg: string; data: game.GameServerConfig; code?: string }) };
  };

  it('dealer list shows every game with defaults, filters by platform, type and name; edit checks ranges and logs before and after', async () => {
    const all = await t().call<{ list: game.DealerItem[]; total: number }>('game/dealer/list', {}, { token });
    expect(all.data.total).toBe(3);
    expect(all.data.list[0]).toMatchObject({ game_code: 'slot1', enabled: 1, rtp_target: 9600, tax_rate: 0, min_bet: '0.0000', max_bet: '0.0000' });
    expect((await t().call<{ total: number }>('game/dealer/list', { platform_id: dims.platform.JL }, { token })).data.total).toBe(2);
    expect((await t().call<{ total: number }>('game/dealer/list', { type: 'card' }, { token })).data.total).toBe(1);
    expect((await t().call<{ total: number }>('game/dealer/list', { keyword: 'GAME 2' }, { token })).data.total).toBe(1);
    // Typed wildcards match themselves (game codes hold underscores).
    expect((await t().call<{ total: number }>('game/dealer/list', { keyword: '%' }, { token })).data.total).toBe(0);
    expect((await t().call<{ total: number }>('game/dealer/list', { keyword: 'slot_' }, { token })).data.total).toBe(0);

    const ok = await t().call('game/dealer/edit', { game_id: dims.game.slot1, rtp_target: 9700, tax_rate: 100, min_bet: '1', max_bet: '500' }, { token });
    expect(ok.error_code, ok.error_msg).toBe('0');
    const log = await t().database.db.selectFrom('operation_log').select(['target', 'summary']).where('action', '=', 'game/dealer/edit').executeTakeFirstOrThrow();
    expect(log.target).toBe(`game:${dims.game.slot1} slot1`);
    expect(JSON.parse(log.summary)).toEqual({
      changes: { rtp_target: { before: 9600, after: 9700 }, tax_rate: { before: 0, after: 100 }, min_bet: { before: '0.0000', after: '1.0000' }, max_bet: { before: '0.0000', after: '500.0000' } },
    });
    for (const bad of [{ rtp_target: 7999 }, { rtp_target: 10001 }, { tax_rate: 2001 }, { tax_rate: -1 }, { min_bet: '-1' }, { min_bet: '1.00001' }, { min_bet: '600' }, { game_id: 99999 }]) {
      const r = await t().call('game/dealer/edit', { game_id: dims.game.slot1, ...bad }, { token });
      expect(r.error_code, JSON.stringify(bad)).toBe('A0400');
    }
    const refused = await t().call('game/dealer/edit', { game_id: dims.game.slot1, min_bet: '600' }, { token });
    expect(refused.error_msg).toMatch(/minimum bet \(600.0000\) must not exceed the maximum bet \(500.0000\)/);
    const row = (await t().call<{ list: game.DealerItem[] }>('game/dealer/list', { keyword: 'slot1' }, { token })).data.list[0]!;
    expect(row).toMatchObject({ rtp_target: 9700, tax_rate: 100, min_bet: '1.0000', max_bet: '500.0000' });
  });

  it('batch enable and disable; a user without 901 is refused', async () => {
    const off = await t().call<{ changed: number }>('game/dealer/enable', { game_ids: [dims.game.card1, dims.game.fish1], enabled: 0 }, { token });
    expect(off.data.changed).toBe(2);
    const on = await t().call<{ changed: number }>('game/dealer/enable', { game_ids: [dims.game.card1, dims.game.fish1, dims.game.slot1], enabled: 1 }, { token });
    expect(on.data.changed).toBe(2);
    expect((await t().call('game/dealer/enable', { game_ids: [99999], enabled: 0 }, { token })).error_code).toBe('A0400');
    const other = await loginWithPermissions(t(), 'game-viewer', '902');
    expect((await t().call('game/dealer/list', {}, { token: other })).error_code).toBe('A0301');
    expect((await t().call('game/agent/list', { agent_id: dims.agent.A1 }, { token: other })).error_code).toBe('0');
  });

  it('a user with the dealer config (901) but not the agent config (902) is refused agent config, protection and prize pools, and nothing changes', async () => {
    const dealerOnly = await loginWithPermissions(t(), 'dealer-only', '9,901');
    expect((await t().call('game/dealer/list', {}, { token: dealerOnly })).error_code).toBe('0');
    const agent_id = dims.agent.A1;
    const game_id = dims.game.slot1;
    const before = await agentRow('A1', 'slot1');
    const pools = async () => (await t().call<{ total: number }>('game/prizepool/list', {}, { token })).data.total;
    const poolsBefore = await pools();
    const refused: Array<[string, Record<string, unknown>]> = [
      ['game/agent/list', { agent_id }],
      ['game/agent/edit', { agent_id, game_id, rtp_target: 9100 }],
      ['game/protect/edit', { agent_id, game_id, guarantee_rtp: 9000, new_player_protect_rounds: 5, max_win_multiplier: 100 }],
      ['game/prizepool/list', {}],
      ['game/prizepool/edit', { agent_id, game_id, seed_amount: '100', contribution_rate: 100, trigger_threshold: '0', cap_amount: '0', status: 1 }],
      ['game/prizepool/clean', { id: 1, remark: 'refused' }],
      ['game/prizepool/clean/list', {}],
    ];
    for (const [path, body] of refused) {
      const r = await t().call(path, body, { token: dealerOnly });
      expect(r.error_code, path).toBe('A0301');
    }
    expect(await agentRow('A1', 'slot1')).toEqual(before);
    expect(await pools()).toBe(poolsBefore);
  });

  it('an agent inherits from the dealer and its ancestors; an override is marked; null returns to inheriting', async () => {
    let child = await agentRow('A1-1-1', 'slot1');
    expect(child).toMatchObject({ enabled: 1, rtp_target: 9700, overrides: [], off_reason: null });
    expect(child.sources.rtp_target).toEqual({ level: 'dealer', agent_id: null, agent_code: null });

    expect((await t().call('game/agent/edit', { agent_id: dims.agent.A1, game_id: dims.game.slot1, rtp_target: 9500, max_bet: '300' }, { token })).error_code).toBe('0');
    expect((await t().call('game/agent/edit', { agent_id: dims.agent['A1-1-1'], game_id: dims.game.slot1, tax_rate: 50 }, { token })).error_code).toBe('0');
    child = await agentRow('A1-1-1', 'slot1');
    expect(child).toMatchObject({ rtp_target: 9500, tax_rate: 50, max_bet: '300.0000', overrides: ['tax_rate'] });
    expect(child.sources.rtp_target).toEqual({ level: 'ancestor', agent_id: dims.agent.A1, agent_code: 'A1' });
    expect(child.sources.tax_rate).toEqual({ level: 'self', agent_id: dims.agent['A1-1-1'], agent_code: 'A1-1-1' });

    // min ≤ max holds on the effective values: the inherited max of 300 refuses a min of 400 here.
    const refused = await t().call('game/agent/edit', { agent_id: dims.agent['A1-1-1'], game_id: dims.game.slot1, min_bet: '400' }, { token });
    expect(refused.error_code).toBe('A0400');

    expect((await t().call('game/agent/edit', { agent_id: dims.agent['A1-1-1'], game_id: dims.game.slot1, tax_rate: null }, { token })).error_code).toBe('0');
    child = await agentRow('A1-1-1', 'slot1');
    expect(child).toMatchObject({ tax_rate: 100, overrides: [] });
    const logs = await t().database.db.selectFrom('operation_log').select(['summary']).where('action', '=', 'game/agent/edit').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(logs.summary)).toEqual({ changes: { tax_rate: { before: 50, after: null } } });
    // B1 is another tree: untouched.
    expect(await agentRow('B1', 'slot1')).toMatchObject({ rtp_target: 9700, max_bet: '500.0000' });
  });

  it('enabled cascades: off for a parent is off for the child with its reason; enabling under it is refused naming the parent', async () => {
    expect((await t().call('game/agent/edit', { agent_id: dims.agent['A1-1'], game_id: dims.game.card1, enabled: 0 }, { token })).error_code).toBe('0');
    const parent = await agentRow('A1-1', 'card1');
    expect(parent).toMatchObject({ enabled: 0, parent_enabled: 1, overrides: ['enabled'], off_reason: { level: 'self', agent_code: 'A1-1' } });
    const child = await agentRow('A1-1-1', 'card1');
    expect(child).toMatchObject({ enabled: 0, parent_enabled: 0, overrides: [], off_reason: { level: 'ancestor', agent_id: dims.agent['A1-1'], agent_code: 'A1-1' } });
    expect(await agentRow('A1', 'card1')).toMatchObject({ enabled: 1 });

    const refused = await t().call('game/agent/edit', { agent_id: dims.agent['A1-1-1'], game_id: dims.game.card1, enabled: 1 }, { token });
    expect(refused.error_code).toBe('A0400');
    expect(refused.error_msg).toContain('disabled by the parent agent A1-1');
    const zh = await t().call('game/agent/edit', { agent_id: dims.agent['A1-1-1'], game_id: dims.game.card1, enabled: 1 }, { token, lang: 'zh-cn' });
    expect(zh.error_msg).toContain('上级代理 A1-1');
    // Switching it off under a disabled parent is allowed, and stays off when the parent enables again.
    expect((await t().call('game/agent/edit', { agent_id: dims.agent['A1-1-1'], game_id: dims.game.card1, enabled: 0 }, { token })).error_code).toBe('0');
    expect((await t().call('game/agent/edit', { agent_id: dims.agent['A1-1'], game_id: dims.game.card1, enabled: null }, { token })).error_code).toBe('0');
    expect(await agentRow('A1-1-1', 'card1')).toMatchObject({ enabled: 0, off_reason: { level: 'self' } });
    expect((await t().call('game/agent/edit', { agent_id: dims.agent['A1-1-1'], game_id: dims.game.card1, enabled: 1 }, { token })).error_code).toBe('0');
    expect(await agentRow('A1-1-1', 'card1')).toMatchObject({ enabled: 1, overrides: [] });

    // The dealer config switches it off for every agent.
    await t().call('game/dealer/edit', { game_id: dims.game.fish1, enabled: 0 }, { token });
    expect(await agentRow('A1-1-1', 'fish1')).toMatchObject({ enabled: 0, off_reason: { level: 'dealer', agent_code: null } });
    const dealerOff = await t().call('game/agent/edit', { agent_id: dims.agent.A1, game_id: dims.game.fish1, enabled: 1 }, { token });
    expect(dealerOff.error_msg).toContain('disabled in the house default config');
    await t().call('game/dealer/edit', { game_id: dims.game.fish1, enabled: 1 }, { token });
  });

  it('protection: ranges checked, the guarantee never above the RTP target, listed with the config', async () => {
    const ok = await t().call('game/protect/edit', { agent_id: dims.agent['A1-1'], game_id: dims.game.slot1, guarantee_rtp: 9000, new_player_protect_rounds: 30, max_win_multiplier: 500 }, { token });
    expect(ok.error_code, ok.error_msg).toBe('0');
    expect(await agentRow('A1-1', 'slot1')).toMatchObject({ guarantee_rtp: 9000, new_player_protect_rounds: 30, max_win_multiplier: 500 });
    // Not inherited: protection is per agent and game.
    expect(await agentRow('A1-1-1', 'slot1')).toMatchObject({ guarantee_rtp: 0 });
    for (const bad of [{ guarantee_rtp: 4000 }, { guarantee_rtp: 9600 }, { guarantee_rtp: 10001 }, { new_player_protect_rounds: -1 }, { new_player_protect_rounds: 10001 }, { max_win_multiplier: 1000001 }]) {
      const r = await t().call('game/protect/edit', { agent_id: dims.agent['A1-1'], game_id: dims.game.slot1, guarantee_rtp: 0, new_player_protect_rounds: 0, max_win_multiplier: 0, ...bad }, { token });
      expect(r.error_code, JSON.stringify(bad)).toBe('A0400');
    }
  });

  it('game servers read the effective configs, protection, point controls and pools with an ingest key, and poll what changed since', async () => {
    expect((await readConfig({}, 'Bearer nope:nope')).status).toBe(401);
    expect((await readConfig({}, '')).code).toBe('A0231');
    const all = await readConfig();
    expect(all.error_code, all.error_msg).toBe('0');
    expect(game.gameServerConfigSchema.safeParse(all.data).success).toBe(true);
    expect(all.data.games).toHaveLength(4 * 3);
    const slot = all.data.games.find((g) => g.agent_code === 'A1-1' && g.game_code === 'slot1')!;
    expect(slot).toMatchObject({ enabled: 1, rtp_target: 9500, guarantee_rtp: 9000, max_win_multiplier: 500, max_bet: '300.0000' });

    const one = await readConfig({ agent_code: 'A1-1-1' });
    expect(one.data.games.map((g) => g.game_code).sort()).toEqual(['card1', 'fish1', 'slot1']);
    expect((await readConfig({ agent_code: 'nobody' })).error_code).toBe('A0400');
    expect((await readConfig({ changed_since: 'yesterday' })).error_code).toBe('A0400');

    const since = new Date(Date.now() + 1000).toISOString();
    await new Promise((r) => setTimeout(r, 1100));
    expect((await readConfig({ changed_since: since })).data).toMatchObject({ games: [], point_controls: [], prize_pools: [] });
    // A change on the top agent reaches its whole sub-tree, and nothing else.
    await t().call('game/agent/edit', { agent_id: dims.agent.A1, game_id: dims.game.card1, rtp_target: 9300 }, { token });
    const changed = await readConfig({ changed_since: since });
    expect(changed.data.games.map((g) => `${g.agent_code}/${g.game_code}`).sort()).toEqual(['A1-1-1/card1', 'A1-1/card1', 'A1/card1']);
    expect(changed.data.games.every((g) => g.rtp_target === 9300)).toBe(true);
  });
});
