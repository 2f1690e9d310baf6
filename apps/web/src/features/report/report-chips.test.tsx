import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { report } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useAppStore } from '../../stores/app';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { fakeApi, ok, operatorUser, renderWithProviders } from '../../test-utils';
import { reportScreen } from './report-screen';

const R = report.REPORT_SCREENS;
const chips = () => within(screen.getByTestId('filter-chips')).getAllByText(/：|:/).map((e) => e.textContent);

describe('a report’s filters in effect, as chips', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });
  beforeEach(() => {
    localStorage.setItem('report-chart-hidden', '1');
    useSessionStore.setState({ token: 'tok', permissions: ['2', '203'], userInfo: { ...operatorUser({ id: 1, account: 'admin' }), must_bind_google: false } });
    useDictStore.setState({
      // The persisted selection of an earlier report: one agent.
      agentId: 2,
      currencyId: -1,
      agents: [{ id: 2, code: 'CN01', name: '华南', parent_id: null, level: 1, currency_id: 1, status: 1 }] as never,
      currencies: [{ id: 1, code: 'CNY', name: '人民币', decimals: 2, status: 1 }] as never,
      games: [{ id: 5, code: 'jdb_fish', name_zh: '财神捕鱼', name_en: 'Caishen Fishing', platform_code: 'jdb', platform_name: 'JDB' }] as never,
    });
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('zh-cn');
  });

  it('names the agent carried over from the persisted selection (on a phone too), and clearing it asks for every agent and forgets it', async () => {
    await i18n.changeLanguage('zh-cn');
    useAppStore.setState({ language: 'zh-cn' });
    const api = fakeApi((path) => (path === R.playerBetting.path ? ok({ list: [], total: 0, summary: [] }) : undefined));
    const Betting = reportScreen('playerBetting');
    renderWithProviders(<Betting />, { route: `${R.playerBetting.screen}?game_id=5&player_account=lucky007` });
    await waitFor(() => expect(api.sent(R.playerBetting.path)).toHaveLength(1));
    expect(api.sent(R.playerBetting.path)[0]).toMatchObject({ agent_id: 2, game_id: 5, player_account: 'lucky007' });
    // jsdom matches no media query: the phone's layout, the fields folded in a drawer.
    expect(screen.getByTestId('filters-open')).toBeTruthy();
    expect(chips()).toEqual(['代理：华南 (CN01)', '游戏：财神捕鱼', '玩家：lucky007']);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '移除筛选条件 代理：华南 (CN01)' }));
    });
    await waitFor(() => expect(api.sent(R.playerBetting.path).at(-1)).toMatchObject({ agent_id: 0, game_id: 5 }));
    expect(useDictStore.getState().agentId).toBe(0);
    expect(chips()).toEqual(['游戏：财神捕鱼', '玩家：lucky007']);
  });

  it('clears every carried filter at once, the currency back to all, in English', async () => {
    await i18n.changeLanguage('en');
    useDictStore.setState({ currencyId: 1 });
    const api = fakeApi((path) => (path === R.playerBetting.path ? ok({ list: [], total: 0, summary: [] }) : undefined));
    const Betting = reportScreen('playerBetting');
    renderWithProviders(<Betting />, { route: `${R.playerBetting.screen}?player_account=lucky007` });
    await waitFor(() => expect(api.sent(R.playerBetting.path)).toHaveLength(1));
    expect(chips()).toEqual(['Currency: CNY', 'Agent: 华南 (CN01)', 'Player: lucky007']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    });
    await waitFor(() => expect(api.sent(R.playerBetting.path).at(-1)).toMatchObject({ agent_id: 0, currency_id: -1 }));
    expect(api.sent(R.playerBetting.path).at(-1)!.player_account).toBeUndefined();
    expect(screen.queryByTestId('filter-chips')).toBeNull();
    expect(useDictStore.getState()).toMatchObject({ agentId: 0, currencyId: -1 });
  });
});
