import { describe, expect, it } from 'vitest';
import type { AxisTooltipItem } from '../../components/chart';
import type { DayFigures } from './kpi';
import { trendTooltip } from './trend-chart';

const day = (date: string, bet: string, win: string): DayFigures => ({
  date,
  bet_count: 3,
  bettor_count: 2,
  bet_amount: bet,
  valid_bet_amount: bet,
  payout_amount: '0',
  bonus_amount: '0',
  jackpot_prize: '0',
  platform_win_loss: win,
  new_player_count: 1,
});
const items: AxisTooltipItem[] = [
  { dataIndex: 1, seriesIndex: 0, seriesName: 'Bet amount', marker: '<span class="m0"></span>' },
  { dataIndex: 1, seriesIndex: 1, seriesName: 'Platform win/loss', marker: '<span class="m1"></span>' },
];

describe("the dashboard trend's tooltip", () => {
  it("shows a currency's symbol as text, whatever an operator typed for it", () => {
    const symbol = '<img src=x onerror=alert(document.domain)>';
    const html = trendTooltip([day('2026-03-01', '1', '0'), day('2026-03-02', '1234.5', '-20')], 'amount', 2, symbol)(items);
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('img')).toBeNull();
    expect([...box.querySelectorAll('b')].map((b) => b.textContent)).toEqual([`${symbol}1,234.50`, `${symbol}-20.00`]);
    expect(box.textContent?.startsWith('2026-03-02')).toBe(true);
    // ECharts' own markers stay markup.
    expect(box.querySelectorAll('span.m0, span.m1').length).toBe(2);
  });

  it('shows the player counts in the people view', () => {
    const box = document.createElement('div');
    box.innerHTML = trendTooltip([day('2026-03-01', '1', '0'), day('2026-03-02', '1', '0')], 'people', 2, '¥')(items);
    expect([...box.querySelectorAll('b')].map((b) => b.textContent)).toEqual(['2', '1']);
  });
});
