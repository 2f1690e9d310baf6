import { describe, expect, it } from 'vitest';
import { bill, report } from '@console/contract';
import enBill from './en/bill.json';
import enRoute from './en/route.json';
import zhBill from './zh-cn/bill.json';
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

/**
 * The ledger's export names its types, sources and columns as the contract says (the sheet is
 * written on the server): the console's texts must be the same words, in both languages.
 */
describe('ledger titles', () => {
  const bills: Record<string, Pick<typeof enBill, 'title' | 'type' | 'source' | 'field'>> = { en: enBill, 'zh-cn': zhBill };
  const routes: Record<string, Record<string, string>> = { en: enRoute, 'zh-cn': zhRoute };
  const field: Record<string, keyof typeof enBill.field> = {
    time: 'time', player_account: 'player', currency_code: 'currency', type: 'type', source: 'source', amount: 'amount',
    balance_before: 'balanceBefore', balance_after: 'balanceAfter', order_id: 'orderId', bet_id: 'betId', operator_account: 'operator', remark: 'remark', id: 'id',
  };
  for (const lang of ['en', 'zh-cn'] as const) {
    it(`${lang}: the export's title, types, sources and column headers are the console's`, () => {
      expect(bill.BILL_EXPORT.title[lang]).toBe(routes[lang]!.billReport);
      expect(bill.BILL_EXPORT.title[lang]).toBe(bills[lang]!.title);
      for (const type of bill.LEDGER_TYPES) expect(bill.LEDGER_TYPE_TITLES[type][lang], type).toBe(bills[lang]!.type[type]);
      for (const source of bill.LEDGER_SOURCES) expect(bill.LEDGER_SOURCE_TITLES[source][lang], source).toBe(bills[lang]!.source[source]);
      for (const c of bill.BILL_EXPORT_COLUMNS) {
        if (c.key === 'agent_code') continue;
        expect(c.title[lang], c.key).toBe(bills[lang]!.field[field[c.key]!]);
      }
    });
  }
});
