import { describe, expect, it } from 'vitest';
import { axisTooltipFormatter, escapeHtml, type AxisTooltipItem } from './chart';

const HOSTILE = `<img src=x onerror="alert('x')">&`;
const item = (seriesIndex: number, seriesName: string, dataIndex = 0): AxisTooltipItem => ({
  dataIndex,
  seriesIndex,
  seriesName,
  marker: `<span style="background-color:#1677ff;"></span>`,
});

/** The elements the tooltip's HTML makes when the page parses it. */
const parsed = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
};

describe('chart tooltips', () => {
  it('escapes every character that HTML reads as markup', () => {
    expect(escapeHtml(HOSTILE)).toBe('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
    expect(escapeHtml('¥ 1,234.50')).toBe('¥ 1,234.50');
  });

  it('puts titles, series names and values into the HTML as text, and keeps ECharts\' marker', () => {
    const format = axisTooltipFormatter((i) => (i === 0 ? { title: `2026-01-0${HOSTILE}`, value: (s) => `${HOSTILE}${s === 0 ? '12.50' : '-3.00'}` } : undefined));
    const html = format([item(0, `Bet ${HOSTILE}`), item(1, 'Win/loss')]);
    const box = parsed(html);
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelectorAll('span').length).toBe(2);
    expect(box.querySelectorAll('b').length).toBe(2);
    expect(box.textContent).toContain(`2026-01-0${HOSTILE}`);
    expect([...box.querySelectorAll('b')].map((b) => b.textContent)).toEqual([`${HOSTILE}12.50`, `${HOSTILE}-3.00`]);
    expect(box.textContent).toContain(`Bet ${HOSTILE}`);
  });

  it('answers nothing for a category without a point', () => {
    expect(axisTooltipFormatter(() => undefined)([item(0, 'Bet', 5)])).toBe('');
    expect(axisTooltipFormatter(() => ({ title: 'x', value: () => '1' }))([])).toBe('');
  });
});
