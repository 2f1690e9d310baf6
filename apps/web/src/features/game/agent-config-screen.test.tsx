import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { game } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useAppStore } from '../../stores/app';
import { type AgentItem, useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { fakeApi, ok, operatorUser, renderWithProviders } from '../../test-utils';
import AgentConfigScreen from './agent-config-screen';
import { useLastAgentStore } from './last-agent';
import ProtectScreen from './protect-screen';

const agent = (id: number, code: string, name: string, parent_id: number | null, status = 1): AgentItem => ({ id, code, name, parent_id, level: parent_id ? 2 : 1, currency_id: 1, status });
// Tree order, as agent/quick answers: each agent before its sub-tree.
const AGENTS = [agent(11, 'EAST', '华东总代', null), agent(12, 'EAST-SH', '上海代理', 11), agent(21, 'WEST', '西部总代', null, 2)];

const dealer: game.ConfigSource = { level: 'dealer', agent_id: null, agent_code: null };
const row = (agentId: number, gameId: number, code: string): game.AgentConfigItem => ({
  game_id: gameId,
  game_code: code,
  name_zh: `游戏${code}`,
  name_en: `Game ${code}`,
  platform_id: 1,
  platform_code: 'PG',
  platform_name: 'PG电子',
  type: 'slot',
  agent_id: agentId,
  enabled: 1,
  off_reason: null,
  parent_enabled: 1,
  rtp_target: 9600 + agentId,
  tax_rate: 0,
  min_bet: '1.0000',
  max_bet: '100.0000',
  overrides: [],
  sources: { enabled: dealer, rtp_target: dealer, tax_rate: dealer, min_bet: dealer, max_bet: dealer },
  guarantee_rtp: 0,
  new_player_protect_rounds: agentId,
  max_win_multiplier: 0,
  prize_pool_id: null,
});

// jsdom does not lay out, so it has no scrolling into view; the tree panel brings its agent into sight.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

let api: ReturnType<typeof fakeApi>;
function start(ui: React.ReactElement, route: string) {
  api = fakeApi((path, body) => {
    if (path !== 'game/agent/list') return undefined;
    const agentId = body.agent_id as number;
    const rows = [row(agentId, 1, 'slot_a'), row(agentId, 2, 'slot_b')].filter((r) => !body.game_id || r.game_id === body.game_id);
    return ok({ list: rows.slice(0, body.page_size as number), total: rows.length });
  });
  renderWithProviders(ui, { route });
}
const asked = () => api.sent('game/agent/list').map((b) => b.agent_id);
const treeNode = (code: string) => screen.getByTestId(`agent-node-${code}`);
const selectedNode = () => document.querySelector('.ant-tree-treenode-selected [data-testid^="agent-node-"]')?.getAttribute('data-testid');

describe('AgentConfigScreen', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState({ token: 'tok', permissions: ['9', '902'], userInfo: { ...operatorUser({ id: 1, account: 'admin' }), must_bind_google: false } });
    useDictStore.setState({ agents: AGENTS, currencies: [], games: [] });
    useLastAgentStore.setState({ agentId: 0 });
    useAppStore.setState({ device: 'desktop', language: 'zh-cn' });
  });
  afterEach(cleanup);

  it('opens on the first top agent with the agent tree beside its games, never on an empty card', async () => {
    start(<AgentConfigScreen />, '/game/manage/agent');
    await waitFor(() => expect(asked()).toEqual([11]));
    expect(await screen.findByText('游戏slot_a')).toBeTruthy();
    const tree = screen.getByRole('tree');
    for (const code of ['EAST', 'EAST-SH', 'WEST']) expect(within(tree).getByTestId(`agent-node-${code}`)).toBeTruthy();
    expect(selectedNode()).toBe('agent-node-EAST');
    // A disabled agent is marked as such in the tree.
    expect(within(treeNode('WEST')).getByText('已停用')).toBeTruthy();
    expect(screen.getByText('华东总代（EAST）的游戏')).toBeTruthy();
    expect(screen.queryByText(/请从代理树中选择/)).toBeNull();
  });

  it('opens on the agent shown last, and a pick in the tree shows that agent’s games and is remembered', async () => {
    useLastAgentStore.setState({ agentId: 12 });
    start(<AgentConfigScreen />, '/game/manage/agent');
    await waitFor(() => expect(asked()).toEqual([12]));
    expect(selectedNode()).toBe('agent-node-EAST-SH');

    fireEvent.click(treeNode('WEST'));
    await waitFor(() => expect(asked().at(-1)).toBe(21));
    expect(await screen.findByText('西部总代（WEST）的游戏')).toBeTruthy();
    expect(selectedNode()).toBe('agent-node-WEST');
    expect(useLastAgentStore.getState().agentId).toBe(21);
    expect(JSON.parse(localStorage.getItem('game-agent') ?? '{}').state).toEqual({ agentId: 21 });
    // Clicking the agent shown already keeps it.
    fireEvent.click(treeNode('WEST'));
    expect(selectedNode()).toBe('agent-node-WEST');
  });

  it('searches the tree by name or code, keeping the parents of what it finds', async () => {
    start(<AgentConfigScreen />, '/game/manage/agent');
    await waitFor(() => expect(asked()).toEqual([11]));
    fireEvent.change(screen.getByRole('textbox', { name: '搜索代理名称或编码' }), { target: { value: '上海' } });
    await waitFor(() => expect(screen.queryByTestId('agent-node-WEST')).toBeNull());
    expect(treeNode('EAST')).toBeTruthy();
    expect(treeNode('EAST-SH')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '搜索代理名称或编码' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('没有匹配的代理')).toBeTruthy();
  });

  it('opens on the agent its link names and remembers it; passes over an agent the list lacks', async () => {
    useLastAgentStore.setState({ agentId: 12 });
    start(<AgentConfigScreen />, '/game/manage/agent?agent_id=21');
    await waitFor(() => expect(asked()).toEqual([21]));
    await waitFor(() => expect(useLastAgentStore.getState().agentId).toBe(21));
    cleanup();

    start(<AgentConfigScreen />, '/game/manage/agent?agent_id=999');
    await waitFor(() => expect(asked()).toEqual([21]));
  });

  it('on a phone, picks the agent with a labelled tree select above the table', async () => {
    useAppStore.setState({ device: 'mobile' });
    start(<AgentConfigScreen />, '/game/manage/agent');
    await waitFor(() => expect(asked()).toEqual([11]));
    expect(screen.queryByRole('tree')).toBeNull();
    const picker = screen.getByLabelText('代理');
    expect(picker.getAttribute('role')).toBe('combobox');
  });

  it('labels every field of the override dialog', async () => {
    start(<AgentConfigScreen />, '/game/manage/agent');
    fireEvent.click(await screen.findByTestId('agent-edit-slot_a'));
    const dialog = await screen.findByRole('dialog');
    for (const label of ['RTP 目标', '税率', '最小投注', '最大投注']) expect(within(dialog).getByLabelText(label).tagName).toBe('INPUT');
  });

  it('says that there is no agent yet when the list holds none', async () => {
    useDictStore.setState({ agents: [], currencies: [{ id: 1 } as never], games: [] });
    start(<AgentConfigScreen />, '/game/manage/agent');
    expect(await screen.findByText('暂无代理：请先在代理管理中新增代理')).toBeTruthy();
    expect(asked()).toEqual([]);
  });
});

describe('ProtectScreen', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState({ token: 'tok', permissions: ['9', '902'], userInfo: { ...operatorUser({ id: 1, account: 'admin' }), must_bind_google: false } });
    useDictStore.setState({ agents: AGENTS, currencies: [], games: [] });
    useLastAgentStore.setState({ agentId: 0 });
    useAppStore.setState({ device: 'desktop', language: 'zh-cn' });
  });
  afterEach(cleanup);

  it('opens on the agent shown last and its first game, with the agent tree to pick another', async () => {
    useLastAgentStore.setState({ agentId: 12 });
    start(<ProtectScreen />, '/game/manage/agent/protect');
    await waitFor(() => expect(api.sent('game/agent/list')[0]).toMatchObject({ agent_id: 12, page: 1, page_size: 1 }));
    expect(await screen.findByText('EAST-SH · 游戏slot_a')).toBeTruthy();
    // The form takes the loaded values a render after the title shows.
    await waitFor(() => expect((screen.getByLabelText('新手保护局数') as HTMLInputElement).value).toBe('12'));
    expect(screen.getByLabelText('游戏').getAttribute('role')).toBe('combobox');

    fireEvent.click(treeNode('EAST'));
    expect(await screen.findByText('EAST · 游戏slot_a')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('新手保护局数') as HTMLInputElement).value).toBe('11'));
    expect(useLastAgentStore.getState().agentId).toBe(11);
  });

  it('shows the game its link names', async () => {
    start(<ProtectScreen />, '/game/manage/agent/protect?agent_id=12&game_id=2');
    await waitFor(() => expect(api.sent('game/agent/list')[0]).toMatchObject({ agent_id: 12, game_id: 2 }));
    expect(await screen.findByText('EAST-SH · 游戏slot_b')).toBeTruthy();
  });
});

describe('AgentConfigScreen: switching a game off', () => {
  // EAST has three agents below it (two levels); EAST-SH one.
  const TREE = [agent(11, 'EAST', '华东总代', null), agent(12, 'EAST-SH', '上海代理', 11), agent(13, 'EAST-SH-PD', '浦东代理', 12), agent(14, 'EAST-HZ', '杭州代理', 11)];
  const offByParent = (r: game.AgentConfigItem): game.AgentConfigItem => ({
    ...r,
    enabled: 0,
    parent_enabled: 0,
    off_reason: { level: 'ancestor', agent_id: 11, agent_code: 'EAST' },
    sources: { ...r.sources, enabled: { level: 'ancestor', agent_id: 11, agent_code: 'EAST' } },
  });

  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState({ token: 'tok', permissions: ['9', '902'], userInfo: { ...operatorUser({ id: 1, account: 'admin' }), must_bind_google: false } });
    useDictStore.setState({ agents: TREE, currencies: [{ id: 1, code: 'CNY', name: '人民币', symbol: '¥', decimals: 2, rate: '1', status: 1, sort: 1 }], games: [] });
    useLastAgentStore.setState({ agentId: 0 });
    useAppStore.setState({ device: 'desktop', language: 'zh-cn' });
    api = fakeApi((path, body) => {
      if (path !== 'game/agent/list') return undefined;
      const agentId = body.agent_id as number;
      const rows = [row(agentId, 1, 'slot_a'), row(agentId, 2, 'slot_b')].map((r) => (agentId === 12 && r.game_id === 1 ? offByParent(r) : r));
      return ok({ list: rows, total: rows.length });
    });
  });
  afterEach(cleanup);

  const openEdit = async (route: string, code: string) => {
    renderWithProviders(<AgentConfigScreen />, { route });
    fireEvent.click(await screen.findByTestId(`agent-edit-${code}`));
    return screen.findByRole('dialog');
  };
  const switchOf = (dialog: HTMLElement) => within(dialog).getByRole('switch');

  it('asks before switching a game off, with how many sub-agents it reaches; "Keep on" sends nothing and keeps the dialog', async () => {
    const dialog = await openEdit('/game/manage/agent?agent_id=11', 'slot_a');
    expect(switchOf(dialog).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(switchOf(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    const text = await screen.findByTestId('confirm-off-text');
    expect(text.textContent).toBe('EAST 及其全部 3 个下级代理将立即停用该游戏，这些代理下的玩家将无法进入。');
    expect(screen.getAllByText('确定对 EAST 停用 游戏slot_a？').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '保持启用' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(api.sent('game/agent/edit')).toEqual([]);
    expect(dialog.isConnected).toBe(true);
    expect(switchOf(dialog).getAttribute('aria-checked')).toBe('false');

    // Asked again on the next save (a new question, whether or not the first one's closed dialog
    // is still in the page); "Switch off" in it sends it.
    const asked = new Set(screen.queryAllByTestId('confirm-off-text'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    const again = await waitFor(() => {
      const fresh = screen.getAllByTestId('confirm-off-text').find((e) => !asked.has(e));
      expect(fresh).toBeDefined();
      return fresh!;
    });
    fireEvent.click(within(again.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /^停\s*用$/ }));
    await waitFor(() => expect(api.sent('game/agent/edit')).toHaveLength(1));
    expect(api.sent('game/agent/edit')[0]).toMatchObject({ agent_id: 11, game_id: 1, enabled: 0 });
  });

  it('says when no sub-agent is reached, and asks nothing when the game stays on', async () => {
    const dialog = await openEdit('/game/manage/agent?agent_id=13', 'slot_b');
    fireEvent.click(switchOf(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect((await screen.findByTestId('confirm-off-text')).textContent).toBe('EAST-SH-PD 没有下级代理：只有其玩家将无法进入该游戏。');
    fireEvent.click(screen.getByRole('button', { name: '保持启用' }));
    await new Promise((r) => setTimeout(r, 100));
    // Back on: saved without a question.
    fireEvent.click(switchOf(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.sent('game/agent/edit')).toHaveLength(1));
    expect(api.sent('game/agent/edit')[0]).toMatchObject({ agent_id: 13, game_id: 2, enabled: null });
  });

  it('under a parent that has the game off, the switch shows off and is locked with the reason; a save leaves it as it is', async () => {
    const dialog = await openEdit('/game/manage/agent?agent_id=12', 'slot_a');
    const toggle = switchOf(dialog);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByTestId('enabled-locked').textContent).toContain('停用：上级代理 EAST 已禁用');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.sent('game/agent/edit')).toHaveLength(1));
    expect(screen.queryByTestId('confirm-off-text')).toBeNull();
    expect(api.sent('game/agent/edit')[0]).not.toHaveProperty('enabled');
  });

  it('shows bet limits in the agent currency’s format', async () => {
    renderWithProviders(<ProtectScreen />, { route: '/game/manage/agent/protect?agent_id=11&game_id=1' });
    expect(await screen.findByText('EAST · 游戏slot_a')).toBeTruthy();
    const limits = screen.getByText('投注限额').closest('.ant-descriptions-item')!;
    expect(limits.textContent).toContain('1.00 – 100.00');
    expect(limits.textContent).not.toContain('1.0000');
  });
});
