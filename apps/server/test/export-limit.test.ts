import { beforeAll, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportFile, report } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { ingestScenario } from './report-fixtures.ts';

// A sheet of 40 rows instead of 1,048,576: the same rule, reached with a few hundred bets.
vi.mock('../src/modules/export/workbook.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/modules/export/workbook.ts')>()),
  SHEET_MAX_ROWS: 40,
}));

const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-export-limit-'));

describeOnDatabases(
  'exports beyond what a sheet holds',
  (t) => {
    let token = '';
    const body = { start_date: '2025-01-01', end_date: '2025-05-31', time_zone_id: 2, currency_id: -1 };
    const exportCount = async () => (await t().call<{ total: number }>('export/list', { page: 1, page_size: 1 }, { token })).data.total;
    // The directory is shared by both databases' runs: compare it with itself, before and after.
    const files = () => fs.readdirSync(exportDir).sort();
    const rowsOf = async (d: report.ReportDef) => (await t().call<{ total: number }>(d.path, { ...body, page: 1, page_size: 1 }, { token })).data.total;

    beforeAll(async () => {
      await ingestScenario(t(), 778, 400);
      token = await t().login();
    }, 120_000);

    it('refuses a bet-record list longer than a sheet before recording anything, in the request language', async () => {
      const before = await exportCount();
      const filesBefore = files();
      const en = await t().call(`${report.BETTING_REPORT.path}/export`, body, { token, lang: 'en' });
      expect(en.error_code).toBe('A0400');
      expect(en.error_msg).toMatch(/^This export has 400 rows, more than one spreadsheet holds \(\d+\); shorten the dates or add a filter$/);
      const zh = await t().call(`${report.BETTING_REPORT.path}/export`, body, { token, lang: 'zh-cn' });
      expect(zh.error_code).toBe('A0400');
      expect(zh.error_msg).toMatch(/^导出的数据有 400 行，超过一张表格的上限（\d+ 行），请缩短日期范围或增加筛选条件$/);
      expect(await exportCount()).toBe(before);
      expect(files()).toEqual(filesBefore);
    });

    it('refuses a ledger export longer than a sheet before recording anything', async () => {
      const before = await exportCount();
      const filesBefore = files();
      const entries = (await t().call<{ total: number }>('bill/list', { page: 1, page_size: 1 }, { token })).data.total;
      expect(entries).toBeGreaterThan(40);
      const en = await t().call('bill/list/export', {}, { token, lang: 'en' });
      expect(en.error_code).toBe('A0400');
      expect(en.error_msg).toBe(`This export has ${entries} rows, more than one spreadsheet holds (${40 - 10 - 3 * 3 - 3}); shorten the dates or add a filter`);
      expect(await exportCount()).toBe(before);
      expect(files()).toEqual(filesBefore);
    });

    it('fails a grouped report that outgrows the sheet, records why and keeps no file; a short one still exports', async () => {
      const counts = await Promise.all(Object.values(report.REPORT_DEFS).map(async (d) => ({ d, rows: await rowsOf(d) })));
      const long = counts.reduce((a, b) => (b.rows > a.rows ? b : a));
      const short = counts.reduce((a, b) => (b.rows < a.rows ? b : a));
      expect(long.rows).toBeGreaterThan(40);
      expect(short.rows).toBeGreaterThan(0);
      expect(short.rows).toBeLessThan(20);

      const before = await exportCount();
      const filesBefore = files();
      const res = await t().call(`${long.d.path}/export`, body, { token, lang: 'en' });
      expect(res.error_code).toBe('A0400');
      expect(res.error_msg).toMatch(/^This export has more rows than one spreadsheet holds \(\d+\); shorten the dates or add a filter$/);
      const { list } = (await t().call<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 1 }, { token })).data;
      expect(list[0]).toMatchObject({ report: long.d.name, status: 'failed', downloadable: false, error_msg: res.error_msg });
      expect(await exportCount()).toBe(before + 1);
      expect(files()).toEqual(filesBefore);

      const ok = await t().call(`${short.d.path}/export`, body, { token });
      expect(ok.status).toBe(200);
      expect(String(ok.headers['content-type'])).toContain('spreadsheetml');
    });
  },
  { exportDir },
);
