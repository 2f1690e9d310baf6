import { describe, expect, it } from 'vitest';
import { report } from '@console/contract';
import enRoute from './en/route.json';
import zhRoute from './zh-cn/route.json';

/**
 * A report's menu and tab title is its route title, keyed by the report's key (the contract's
 * route table sets it): each language's text must be the report's title in the contract, the
 * same one the permission tree and the spreadsheet show.
 */
describe('report route titles', () => {
  const titles: Record<string, Record<string, string>> = { en: enRoute, 'zh-cn': zhRoute };
  for (const d of Object.values(report.REPORT_SCREENS)) {
    it(`${d.key} is titled as the contract says in both languages`, () => {
      expect(titles.en![d.key]).toBe(d.title.en);
      expect(titles['zh-cn']![d.key]).toBe(d.title['zh-cn']);
    });
  }
});
