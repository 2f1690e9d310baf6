import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { fakeApi, ok, renderWithProviders } from '../../test-utils';
import BillScreen from './bill-screen';

const ORDER = 'adj-7d1f0c2e-5b7a-4c1e-9f0a-3e2d1c0b9a88';
const row = {
  id: 1, player_id: 7, player_account: 'lucky007', agent_id: 2, agent_code: 'CN01', currency_id: 1, currency_code: 'CNY', type: 'payout',
  amount: '8.6550', balance_before: '420.2450', balance_after: '428.9000', order_id: ORDER, source: 'ingest', bet_id: null, operator_id: null, operator_account: null, remark: '',
  time: '2026-11-26T15:30:00.000Z',
};

/** A desktop: every min-width media query matches, so antd's breakpoints are all on. */
const realMatchMedia = window.matchMedia;

describe('BillScreen', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
    window.matchMedia = (query: string) =>
      ({ matches: /min-width/.test(query), media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList;
  });
  afterAll(() => {
    window.matchMedia = realMatchMedia;
  });
  beforeEach(() => {
    useSessionStore.setState({ permissions: ['6'] });
    // GMT+9:00, a zone that is neither the browser's nor UTC.
    useDictStore.setState({ timeZoneId: 3, currencies: [{ id: 1, code: 'CNY', decimals: 2 } as never] });
  });
  afterEach(cleanup);

  it('shows amounts with the currency’s decimals and the exact value where that rounds, times in the chosen zone, long ids shortened', async () => {
    fakeApi((path) => (path === 'bill/list' ? ok({ list: [row], total: 1 }) : undefined));
    renderWithProviders(<BillScreen />, { route: '/bill/report' });
    const amount = await screen.findByText('+8.66');
    // 420.245 + 8.655 = 428.900: the rounded figures seem not to add up, so the exact ones are at hand.
    expect(amount.getAttribute('title')).toBe('+8.6550');
    expect(screen.getByText('420.25').getAttribute('title')).toBe('420.2450');
    expect(screen.getByText('428.90').getAttribute('title')).toBeNull();
    expect(screen.getByText('2026-11-27 00:30:00')).toBeTruthy();
    expect(screen.queryByText(ORDER)).toBeNull();
    expect(screen.getByText('adj-7d…b9a88')).toBeTruthy();
  });

  it('shows where each entry came from: a game server, an agent\'s own system (its own order id), an operator', async () => {
    const rows = [
      row,
      { ...row, id: 2, type: 'transfer_in', amount: '100.0000', order_id: 'SITE-000123', source: 'api' },
      { ...row, id: 3, type: 'manual_credit', amount: '5.0000', order_id: 'adj-1', source: 'manual', operator_id: 1, operator_account: 'admin' },
    ];
    fakeApi((path) => (path === 'bill/list' ? ok({ list: rows, total: 3 }) : undefined));
    renderWithProviders(<BillScreen />, { route: '/bill/report' });
    expect(await screen.findByText('代理 API')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '类型 / 来源' })).toBeTruthy();
    expect(screen.getByText('接入').getAttribute('title')).toBe('游戏服务器推送');
    expect(screen.getByText('人工调整')).toBeTruthy();
    expect(screen.getByText('SITE-000123')).toBeTruthy();
    await i18n.changeLanguage('en');
    try {
      expect(await screen.findByText('Agent API')).toBeTruthy();
      expect(screen.getByText('Ingest')).toBeTruthy();
      expect(screen.getByText('Manual')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh-cn');
    }
  });

  it('asks for a time range given in the URL as it was given, and shows it in the chosen zone', async () => {
    const api = fakeApi((path) => (path === 'bill/list' ? ok({ list: [row], total: 1 }) : undefined));
    renderWithProviders(<BillScreen />, { route: `/bill/report?start_time=${encodeURIComponent('2026-11-27T00:00:00+09:00')}` });
    await waitFor(() => expect(api.sent('bill/list')[0]).toMatchObject({ start_time: '2026-11-27T00:00:00+09:00' }));
    await waitFor(() => expect((document.querySelector('#bill-filters_times') as HTMLInputElement | null)?.value).toBe('2026-11-27 00:00'));
  });
});
