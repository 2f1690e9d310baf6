import { describe, expect, it } from 'vitest';
import { describeExportFilters, type FilterNames } from './describe';

const names = (language: 'zh-cn' | 'en'): FilterNames => ({
  language,
  currency: (id) => (id === 1 ? 'CNY' : undefined),
  agent: (id) => (id === 7 ? 'Agent A (a01)' : undefined),
  game: () => undefined,
  platform: () => undefined,
  texts: { allCurrencies: 'All currencies', player: 'Player', sort: 'Sort', ascend: '↑', descend: '↓', orderId: 'Order ID' },
});

describe('describeExportFilters', () => {
  it('reads a report export’s dates, zone, currency, agent and sort', () => {
    expect(describeExportFilters({ path: 'x', start_date: '2026-10-01', end_date: '2026-10-31', time_zone_id: 2, agent_id: 7, currency_id: 1, sort_field: 'bet_amount', sort_order: 'descend' }, names('en'))).toEqual([
      '2026-10-01 ~ 2026-10-31', 'GMT+8:30', 'CNY', 'Agent A (a01)', 'Sort: Bet amount ↓',
    ]);
  });

  it('reads a ledger export’s time range in its zone, its type and order id', () => {
    const filters = { path: 'bill/list', time_zone_id: 3, start_time: '2026-11-01 00:00:00', end_time: '2026-11-07 23:59:59', agent_id: 0, currency_id: -1, type: 'transfer_in', player_account: 'p01', order_id: 'T-9' };
    expect(describeExportFilters(filters, names('en'))).toEqual(['2026-11-01 00:00:00 ~ 2026-11-07 23:59:59', 'GMT+9:00', 'All currencies', 'Player: p01', 'Transfer in', 'Order ID: T-9']);
    expect(describeExportFilters({ ...filters, type: 'manual_debit' }, names('zh-cn'))).toContain('人工扣款');
    // An instant given with its own zone is shown in the export's; an open end stays open.
    expect(describeExportFilters({ path: 'bill/list', time_zone_id: 1, start_time: '2026-11-01T00:00:00Z', currency_id: -1, agent_id: 0 }, names('en'))).toEqual([
      '2026-11-01 08:00:00 ~ ', 'GMT+8:00', 'All currencies',
    ]);
  });
});
