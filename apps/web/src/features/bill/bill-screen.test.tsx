import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { desktopMatchMedia, fakeApi, ok, renderWithProviders } from '../../test-utils';
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
    window.matchMedia = desktopMatchMedia;
  });
  afterAll(() => {
    window.matchMedia = realMatchMedia;
  });
  beforeEach(() => {
    sessionStorage.clear();
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
    const api = fakeApi((path) => (path === 'bill/list' ? ok({ list: [row], total: 1, summary: [] }) : undefined));
    renderWithProviders(<BillScreen />, { route: `/bill/report?start_time=${encodeURIComponent('2026-11-27T00:00:00+09:00')}` });
    await waitFor(() => expect(api.sent('bill/list')[0]).toMatchObject({ start_time: '2026-11-27T00:00:00+09:00', time_zone_id: 3 }));
    await waitFor(() => expect((document.querySelector('#bill-filters_times') as HTMLInputElement | null)?.value).toBe('2026-11-27 00:00'));
  });

  it('pins the totals of every page under the rows, per currency: entries, net, money in and out', async () => {
    const summary = [
      { currency_id: 1, currency_code: 'CNY', entry_count: 1234, amount_in: '1000.5000', amount_out: '-200.2500', amount_net: '800.2500' },
      { currency_id: 2, currency_code: 'USD', entry_count: 1, amount_in: '0.0000', amount_out: '-3.0000', amount_net: '-3.0000' },
    ];
    fakeApi((path) => (path === 'bill/list' ? ok({ list: [row], total: 1235, summary }) : undefined));
    renderWithProviders(<BillScreen />, { route: '/bill/report' });
    const cny = (await screen.findByText('合计 CNY')).closest('tr')!;
    expect(cny.className).toContain('list-table-totals');
    expect(within(cny).getByText('1,234 笔')).toBeTruthy();
    const money = within(cny).getByTestId('bill-total');
    expect(within(money).getByText('+800.25')).toBeTruthy();
    expect(money.textContent).toBe('+800.25收入 +1,000.50支出 -200.25');
    const usd = screen.getByText('合计 USD').closest('tr')!;
    expect(within(usd).getByText('1 笔')).toBeTruthy();
    expect(within(usd).getByTestId('bill-total').querySelector('.num-negative')?.textContent).toBe('-3.00');
    // Under the rows, the rows' own amount column.
    const rows = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row, .ant-table-summary tr')];
    expect(rows.indexOf(cny)).toBeGreaterThan(rows.findIndex((r) => r.textContent?.includes('lucky007')));
    await i18n.changeLanguage('en');
    try {
      expect(await screen.findByText('Total CNY')).toBeTruthy();
      expect(screen.getByText('1,234 entries')).toBeTruthy();
      expect(screen.getByText('1 entry')).toBeTruthy();
      expect(within(screen.getByText('Total CNY').closest('tr')!).getByTestId('bill-total').textContent).toBe('+800.25In +1,000.50Out -200.25');
    } finally {
      await i18n.changeLanguage('zh-cn');
    }
  });

  it('asks in the list’s timezone and shows the rows in it; a search sends wall-clock times of the zone chosen and keeps it', async () => {
    const api = fakeApi((path) => (path === 'bill/list' ? ok({ list: [row], total: 1, summary: [] }) : undefined));
    // A link in GMT+10 while the persisted choice is GMT+9: the row is shown in the link's zone.
    renderWithProviders(<BillScreen />, { route: `/bill/report?time_zone_id=5&start_time=${encodeURIComponent('2026-11-27 00:00:00')}` });
    await waitFor(() => expect(api.sent('bill/list')[0]).toMatchObject({ time_zone_id: 5, start_time: '2026-11-27 00:00:00' }));
    expect(await screen.findByText('2026-11-27 01:30:00')).toBeTruthy();
    await waitFor(() => expect((document.querySelector('#bill-filters_times') as HTMLInputElement | null)?.value).toBe('2026-11-27 00:00'));
    // The zone in the bar, and in the time's tooltip.
    const zoneField = document.querySelector('#bill-filters_time_zone_id')!.closest('.ant-select')! as HTMLElement;
    expect(within(zoneField).getByTitle('GMT+10:00')).toBeTruthy();
    expect(screen.getByText('2026-11-27 01:30:00').getAttribute('title')).toBe('GMT+10:00');

    // Another zone and a search: the same wall-clock range, read in GMT+8:30, and the choice kept.
    fireEvent.mouseDown(zoneField.querySelector('.ant-select-selector, .ant-select-content, [role="combobox"]') ?? zoneField);
    fireEvent.click((await screen.findAllByTitle('GMT+8:30')).at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.sent('bill/list').at(-1)).toMatchObject({ time_zone_id: 2, start_time: '2026-11-27 00:00:00' }));
    expect(api.sent('bill/list').at(-1)!.end_time).toBeUndefined();
    expect(useDictStore.getState().timeZoneId).toBe(2);
    expect(await screen.findByText('2026-11-27 00:00:00')).toBeTruthy();
  });
});
