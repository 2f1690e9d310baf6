import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { fakeApi, ok, renderWithProviders } from '../../test-utils';
import BillScreen from './bill-screen';

const chips = () => within(screen.getByTestId('filter-chips')).getAllByText(/：|:/).map((e) => e.textContent);

describe('BillScreen: the filters a link brings, as chips', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });
  beforeEach(() => {
    useSessionStore.setState({ permissions: ['6'] });
    useDictStore.setState({
      timeZoneId: 1,
      agents: [{ id: 2, code: 'CN01', name: '华南', parent_id: null, level: 1, currency_id: 1, status: 1 }] as never,
      currencies: [{ id: 1, code: 'CNY', decimals: 2 } as never],
    });
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('zh-cn');
  });

  it('names an adjustment’s entry (order id, type, player, agent) and a drill-down’s time range; closing one lists without it', async () => {
    await i18n.changeLanguage('zh-cn');
    const api = fakeApi((path) => (path === 'bill/list' ? ok({ list: [], total: 0, summary: [] }) : undefined));
    renderWithProviders(<BillScreen />, { route: '/bill/report?order_id=rq-1&type=manual_credit&player_account=lucky007&agent_id=2&start_time=2026-11-01%2000%3A00%3A00&end_time=2026-11-01%2023%3A59%3A59' });
    await waitFor(() => expect(api.sent('bill/list')).toHaveLength(1));
    expect(chips()).toEqual(['玩家：lucky007', '类型：人工加款', '时间：2026-11-01 00:00 ~ 2026-11-01 23:59 · GMT+8:00', '订单号：rq-1', '代理：华南 (CN01)']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^移除筛选条件 时间/ }));
    });
    await waitFor(() => expect(api.sent('bill/list').at(-1)).toMatchObject({ order_id: 'rq-1', type: 'manual_credit', agent_id: 2 }));
    expect(api.sent('bill/list').at(-1)!.start_time).toBeUndefined();
    expect(api.sent('bill/list').at(-1)!.end_time).toBeUndefined();

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(chips()).toEqual(['Player: lucky007', 'Type: Manual credit', 'Order id: rq-1', 'Agent: 华南 (CN01)']);
  });
});
