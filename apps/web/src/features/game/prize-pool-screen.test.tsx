import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { game } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useAppStore } from '../../stores/app';
import { type AgentItem, type GameItem, useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { failed, fakeApi, ok, operatorUser, renderWithProviders } from '../../test-utils';
import PrizePoolScreen from './prize-pool-screen';

const agent = (id: number, code: string, name: string, parent_id: number | null): AgentItem => ({ id, code, name, parent_id, level: parent_id ? 2 : 1, currency_id: 1, status: 1 });
const AGENTS = [agent(11, 'CN01', '华东总代', null), agent(12, 'CN01-SH', '上海代理', 11)];
const gameItem = (id: number, code: string, name_zh: string, name_en: string): GameItem => ({ id, code, name_zh, name_en, platform_id: 1, platform_code: 'JDB', platform_name: 'JDB', type: 'fishing', status: 1, sort: id });
const GAMES = [gameItem(1, 'jdb_caishen_fishing', '财神捕鱼', 'Caishen Fishing'), gameItem(2, 'jdb_dragon_slot', '神龙电子', 'Dragon Slot')];

const pool = (fields: Partial<game.PrizePoolItem> = {}): game.PrizePoolItem => ({
  id: 7,
  agent_id: 11,
  agent_code: 'CN01',
  agent_name: '华东总代',
  game_id: 1,
  game_code: 'jdb_caishen_fishing',
  name_zh: '财神捕鱼',
  name_en: 'Caishen Fishing',
  currency_code: 'CNY',
  pool_amount: '5031.4090',
  seed_amount: '5000.0000',
  contribution_rate: 75,
  trigger_threshold: '20000.0000',
  cap_amount: '100000.0000',
  status: 1,
  updated_at: '2026-11-26T15:56:40.000Z',
  ...fields,
});

/** The server's pools; a create adds one, as game/prizepool/edit does. */
let pools: game.PrizePoolItem[] = [];
/** What game/prizepool/edit answers instead, once (a refusal). */
let editAnswer: (() => Response) | null = null;
let api: ReturnType<typeof fakeApi>;

function start(route: string) {
  api = fakeApi((path, body) => {
    if (path === 'game/prizepool/list') {
      const list = pools.filter((p) => (!body.agent_id || p.agent_id === body.agent_id) && (!body.game_id || p.game_id === body.game_id));
      return ok({ list: list.slice(0, body.page_size as number), total: list.length });
    }
    if (path === 'game/prizepool/clean/list') {
      return ok({
        list: [
          { id: 3, prize_pool_id: 7, kind: 'prize_cancel', agent_code: 'CN01', game_code: 'jdb_caishen_fishing', currency_code: 'CNY', before_amount: '4531.4090', after_amount: '5031.4090', amount: '-500.0000', operator_account: '', remark: '', created_at: '2026-11-26T16:30:00.000Z', bet_id: 'B-42', player_id: 3, player_account: 'lucky00003' },
          { id: 2, prize_pool_id: 7, kind: 'prize', agent_code: 'CN01', game_code: 'jdb_caishen_fishing', currency_code: 'CNY', before_amount: '5031.4090', after_amount: '4531.4090', amount: '500.0000', operator_account: '', remark: '', created_at: '2026-11-26T16:02:44.000Z', bet_id: 'B-42', player_id: 3, player_account: 'lucky00003' },
          { id: 1, prize_pool_id: 7, kind: 'clean', agent_code: 'CN01', game_code: 'jdb_caishen_fishing', currency_code: 'CNY', before_amount: '2000.0000', after_amount: '2000.0000', amount: '0.0000', operator_account: 'admin', remark: 'paid', created_at: '2026-11-26T16:01:44.000Z', bet_id: null, player_id: null, player_account: null },
        ],
        total: 3,
      });
    }
    if (path === 'game/prizepool/edit') {
      if (editAnswer) {
        const answer = editAnswer;
        editAnswer = null;
        return answer();
      }
      const g = GAMES.find((x) => x.id === body.game_id)!;
      const a = AGENTS.find((x) => x.id === body.agent_id)!;
      const id = 100 + pools.length;
      pools.push(pool({ id, agent_id: a.id, agent_code: a.code, agent_name: a.name, game_id: g.id, game_code: g.code, name_zh: g.name_zh, name_en: g.name_en, pool_amount: body.seed_amount as string, seed_amount: body.seed_amount as string }));
      return ok({ id });
    }
    return undefined;
  });
  renderWithProviders(<PrizePoolScreen />, { route });
}

const dialog = () => screen.getByRole('dialog');
const button = (name: RegExp, within_: HTMLElement = document.body) => within(within_).getByRole('button', { name });

/** Picks an option of an antd select inside the dialog by its visible text. */
async function pick(testId: string, option: string) {
  const select = within(dialog()).getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content, [role="combobox"]') ?? select);
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1)!);
}

describe('PrizePoolScreen', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    localStorage.clear();
    pools = [pool()];
    editAnswer = null;
    useSessionStore.setState({ token: 'tok', permissions: ['9', '902'], userInfo: { ...operatorUser({ id: 1, account: 'admin' }), must_bind_google: false } });
    useDictStore.setState({
      agents: AGENTS,
      games: GAMES,
      currencies: [{ id: 1, code: 'CNY', name: '人民币', symbol: '¥', decimals: 2, rate: '1', status: 1, sort: 1 }],
      timeZoneId: useDictStore.getState().timeZoneId,
    });
    useAppStore.setState({ device: 'desktop', language: 'zh-cn' });
  });
  afterEach(cleanup);

  it('never replaces a pool from "New pool": it says the pool is there, with its values, and sends nothing', async () => {
    start('/game/manage/agent/prize-pool?agent_id=11&game_id=1');
    await screen.findByTestId('pool-amount-7');
    fireEvent.click(button(/新建奖池/));
    const warning = await within(dialog()).findByTestId('pool-exists');
    expect(warning.textContent).toContain('CN01 · 财神捕鱼 已有奖池');
    const current = within(warning).getByTestId('pool-current');
    expect(current.textContent).toContain('5,031.41 CNY');
    expect(current.textContent).toContain('5,000.00 CNY');
    expect(current.textContent).toContain('0.75%');
    expect(current.textContent).toContain('100,000.00 CNY');

    fireEvent.change(within(dialog()).getByLabelText('初始金额'), { target: { value: '1000' } });
    fireEvent.click(button(/创建奖池/, dialog()));
    await new Promise((r) => setTimeout(r, 150));
    expect(api.sent('game/prizepool/edit')).toEqual([]);
    expect(pools).toHaveLength(1);
    expect(dialog()).toBeTruthy();
  });

  it('offers to edit the existing pool instead, showing before → after of what was typed, and saves only that on purpose', async () => {
    start('/game/manage/agent/prize-pool?agent_id=11&game_id=1');
    await screen.findByTestId('pool-amount-7');
    fireEvent.click(button(/新建奖池/));
    await within(dialog()).findByTestId('pool-exists');
    fireEvent.change(within(dialog()).getByLabelText('初始金额'), { target: { value: '1000' } });
    fireEvent.click(within(dialog()).getByTestId('pool-edit-existing'));

    // Now the edit of pool 7: its values, with the typed seed carried over and shown as a change.
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('CN01 · 财神捕鱼 的奖池'));
    expect(dialog().textContent).toContain('jdb_caishen_fishing');
    const changes = within(dialog()).getByTestId('pool-changes');
    expect((await within(changes).findByTestId('pool-change-seed_amount')).textContent).toBe('5,000.00 CNY → 1,000.00 CNY');
    expect(within(changes).queryByTestId('pool-change-rate')).toBeNull();
    expect(within(changes).queryByTestId('pool-change-cap_amount')).toBeNull();
    expect((within(dialog()).getByLabelText('封顶金额') as HTMLInputElement).value).toBe('100000');
    expect((within(dialog()).getByLabelText('触发门槛') as HTMLInputElement).value).toBe('20000');

    fireEvent.click(button(/保存修改/, dialog()));
    await waitFor(() => expect(api.sent('game/prizepool/edit')).toHaveLength(1));
    const [sent] = api.sent('game/prizepool/edit');
    expect(sent).toMatchObject({ agent_id: 11, game_id: 1, seed_amount: '1000.0000', contribution_rate: 75, trigger_threshold: '20000.0000', cap_amount: '100000.0000', status: 1 });
    expect(sent).not.toHaveProperty('create_only');
  });

  it('creates with create_only, then shows the new pool although the list was filtered to another agent and game, marked', async () => {
    start('/game/manage/agent/prize-pool?agent_id=12&game_id=1');
    await waitFor(() => expect(api.sent('game/prizepool/list').length).toBeGreaterThan(0));
    fireEvent.click(button(/新建奖池/));
    await within(dialog()).findByLabelText('初始金额');
    await pick('pool-agent', '华东总代 (CN01)');
    await pick('pool-game', '神龙电子');
    await waitFor(() => expect(api.sent('game/prizepool/list').some((b) => b.agent_id === 11 && b.game_id === 2)).toBe(true));
    expect(within(dialog()).queryByTestId('pool-exists')).toBeNull();
    fireEvent.change(within(dialog()).getByLabelText('初始金额'), { target: { value: '800' } });
    fireEvent.click(button(/创建奖池/, dialog()));
    await waitFor(() => expect(api.sent('game/prizepool/edit')).toHaveLength(1));
    expect(api.sent('game/prizepool/edit')[0]).toMatchObject({ agent_id: 11, game_id: 2, seed_amount: '800.0000', create_only: true });

    // The list now asks for the new pool's agent (the other game's filter cleared) and marks the row.
    const listAsked = () => api.sent('game/prizepool/list').filter((b) => b.page_size !== 1);
    await waitFor(() => expect(listAsked().at(-1)).toMatchObject({ agent_id: 11, page: 1 }));
    expect(listAsked().at(-1)).not.toHaveProperty('game_id');
    const row = await screen.findByTestId('pool-row-101');
    expect(row.closest('tr')!.className).toContain('game-row-fresh');
    expect(row.textContent).toContain('神龙电子');
    expect(row.textContent).toContain('jdb_dragon_slot');
  });

  it('a pool created meanwhile (refused by the server, A0409) keeps the dialog open and shows that pool', async () => {
    pools = [];
    start('/game/manage/agent/prize-pool?agent_id=11&game_id=1');
    await waitFor(() => expect(api.sent('game/prizepool/list').length).toBeGreaterThan(0));
    fireEvent.click(button(/新建奖池/));
    await waitFor(() => expect(api.sent('game/prizepool/list').filter((b) => b.page_size === 1)).toHaveLength(1));
    fireEvent.change(within(dialog()).getByLabelText('初始金额'), { target: { value: '1000' } });
    // Someone else's create lands first.
    pools = [pool()];
    editAnswer = () => failed('A0409', '代理 CN01 的游戏 财神捕鱼（jdb_caishen_fishing）已有奖池，请编辑该奖池');
    fireEvent.click(button(/创建奖池/, dialog()));
    expect(await within(dialog()).findByTestId('pool-exists')).toBeTruthy();
    expect(api.sent('game/prizepool/edit')[0]).toMatchObject({ create_only: true });
    expect(api.toast.error).toHaveBeenCalled();
  });

  it('shows game names before codes, one money format with the currency, and the pool history (prizes and cleans) in the console time format', async () => {
    start('/game/manage/agent/prize-pool');
    const amount = await screen.findByTestId('pool-amount-7');
    expect(amount.textContent).toBe('5,031.41 CNY');
    // Rounding hides digits: the exact amount is in the tooltip.
    expect(amount.querySelector('[title]')?.getAttribute('title')).toBe('5,031.4090 CNY');
    expect(screen.getByTestId('pool-row-7').textContent).toContain('财神捕鱼');
    const card = (await screen.findByText('奖池记录')).closest('.ant-card')! as HTMLElement;
    await waitFor(() => expect(card.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(3));
    const [returnRow, prizeRow, historyRow] = [...card.querySelectorAll('tbody tr.ant-table-row')] as [Element, Element, Element];
    // A prize returned by its bet's cancellation: its player, the pool growing back.
    expect(returnRow.textContent).toContain('派奖退回');
    expect(returnRow.textContent).toContain('lucky00003');
    expect(returnRow.textContent).toContain('4,531.41 → 5,031.41 CNY');
    // A prize names its player (its bet id shows on wider screens), with the pool before and after.
    expect(prizeRow.textContent).toContain('奖池派奖');
    expect(prizeRow.textContent).toContain('lucky00003');
    expect(prizeRow.textContent).toContain('5,031.41 → 4,531.41 CNY');
    expect(historyRow.textContent).toContain('清理');
    expect(historyRow.textContent).toContain('财神捕鱼');
    expect(historyRow.textContent).toContain('2,000.00 → 2,000.00 CNY');
    expect(historyRow.querySelector('time')?.textContent).toMatch(/^2026-11-2\d \d{2}:\d{2}:44$/);
    expect(historyRow.textContent).not.toMatch(/AM|PM|\//);

    fireEvent.click(screen.getByTestId('pool-clean-7'));
    const title = await within(dialog()).findByText('清理 CN01 · 财神捕鱼 的奖池');
    expect(title.parentElement!.textContent).toContain('jdb_caishen_fishing');
    expect(within(dialog()).getByTestId('clean-after').textContent).toBe('5,000.00 CNY');
    expect(within(dialog()).getByText('请输入清理后金额（5,000.00）以确认')).toBeTruthy();
  });

  it('in English too: "New pool" names the pool that is there and offers to edit it', async () => {
    await act(() => i18n.changeLanguage('en'));
    useAppStore.setState({ language: 'en' });
    try {
      start('/game/manage/agent/prize-pool?agent_id=11&game_id=1');
      await screen.findByTestId('pool-amount-7');
      expect(screen.getByTestId('pool-row-7').textContent).toContain('Caishen Fishing');
      fireEvent.click(button(/New pool/));
      const warning = await within(dialog()).findByTestId('pool-exists');
      expect(warning.textContent).toContain('CN01 · Caishen Fishing already has a prize pool');
      expect(button(/Edit that pool/, dialog())).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('zh-cn'));
    }
  });
});
