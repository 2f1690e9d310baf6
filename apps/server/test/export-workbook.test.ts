import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@console/contract';
import { basisPointDigits, excelSerial, moneyDigits, ratioDigits } from '../src/modules/export/cells.ts';
import type { WorkbookSpec } from '../src/modules/export/workbook.ts';
import { SHEET_MAX_ROWS, SheetFullError, writeWorkbook } from '../src/modules/export/workbook.ts';
import { rawCells, shownAmount, wallClockText, zipEntries } from './sheet-fixtures.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-workbook-'));

/** A sheet of one text column and its row index, `batch` rows to a batch; answers the file. */
async function textSheet(name: string, texts: string[], batch = texts.length): Promise<string> {
  const file = path.join(dir, name);
  await writeWorkbook({
    file,
    sheetName: 'Sheet',
    title: 'Title',
    filterLines: [],
    columns: [
      { key: 'text', header: 'Text', kind: 'text' },
      { key: 'n', header: 'N', kind: 'count' },
    ],
    async produce(write) {
      for (let i = 0; i < texts.length; i += batch) await write(texts.slice(i, i + batch).map((text, k) => ({ text, n: i + k })));
    },
    totals: [],
    maxRows: SHEET_MAX_ROWS,
  });
  return file;
}

it('keeps the spaces of text that has them, and marks no other text', async () => {
  const texts = ['plain', ' leading', 'trailing ', 'two  spaces', 'line\nbreak', 'tab\there', 'a & <b> "c"'];
  const file = await textSheet('spaces.xlsx', texts);

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const values: unknown[] = [];
  wb.worksheets[0]!.eachRow((row, i) => i > 3 && values.push(row.getCell(1).value));
  expect(values).toEqual(texts);

  const xml = zipEntries(file).get('xl/worksheets/sheet1.xml')!.toString();
  expect(xml).toContain('<t>plain</t>');
  expect(xml).toContain('<t>a &amp; &lt;b&gt; &quot;c&quot;</t>');
  for (const t of [' leading', 'trailing ', 'two  spaces', 'line\nbreak', 'tab\there']) expect(xml).toContain(`<t xml:space="preserve">${t}</t>`);
});

const sheetSpec = (file: string, rows: number, maxRows: number): WorkbookSpec => ({
  file,
  sheetName: 'Bets: 2026/11 [all]',
  title: '注单记录 2026-11-01 ~ 2026-11-30',
  filterLines: [['Currency', 'CNY']],
  columns: [
    { key: 'n', header: 'N', kind: 'count' },
    { key: 'name', header: '玩家登录账号', kind: 'text' },
    { key: 'amount', header: 'Amount', kind: 'money' },
  ],
  async produce(write) {
    // Batches as the export's reader hands them over.
    for (let i = 0; i < rows; i += 250) {
      await write(Array.from({ length: Math.min(250, rows - i) }, (_, k) => ({ n: i + k, name: `player-${i + k}`, amount: `${i + k}.5000` })));
    }
  },
  // The largest amount a stored integer holds: its digits are written as they are.
  totals: [{ label: 'Total CNY', row: { amount: '922337203685477.5807' } }],
  maxRows,
});

it('writes a zip whose every entry matches its checksum and sizes, and a sheet a spreadsheet reads', async () => {
  const file = path.join(dir, 'large.xlsx');
  const rows = 30_000;
  expect(await writeWorkbook(sheetSpec(file, rows, SHEET_MAX_ROWS))).toEqual({ rows, bytes: fs.statSync(file).size });

  const entries = zipEntries(file);
  expect([...entries.keys()].sort()).toEqual(
    ['[Content_Types].xml', '_rels/.rels', 'docProps/core.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'].sort(),
  );
  // Characters a sheet name cannot carry are replaced.
  expect(entries.get('xl/workbook.xml')!.toString()).toContain('<sheet name="Bets  2026 11  all" sheetId="1" r:id="rId1"/>');
  const xml = entries.get('xl/worksheets/sheet1.xml')!.toString();
  // (includes, not toContain: a failure would print the whole sheet.)
  const has = (part: string) => expect(xml.includes(part), part).toBe(true);
  // Column widths from the header and the first rows; a wide (Chinese) character counts double.
  has('<col min="2" max="2" width="14" customWidth="1"/>');
  // Title, header and totals bold; data rows plain; counts and money numbers with their formats
  // (money with all 4 decimals when no currency says otherwise).
  has('<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>注单记录 2026-11-01 ~ 2026-11-30</t></is></c></row>');
  has('<row r="4"><c r="A4" s="1" t="inlineStr"><is><t>N</t></is></c>');
  has('<row r="5"><c r="A5" s="2"><v>0</v></c><c r="B5" t="inlineStr"><is><t>player-0</t></is></c><c r="C5" s="14"><v>0.5000</v></c></row>');
  has(`<c r="C${rows + 5}" s="15"><v>922337203685477.5807</v></c>`);
  has(`<ignoredErrors><ignoredError sqref="A1:C${rows + 5}" numberStoredAsText="1"/></ignoredErrors></worksheet>`);

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.worksheets[0]!;
  expect(sheet.rowCount).toBe(rows + 5);
  expect(sheet.getRow(rows + 4).values).toEqual([undefined, rows - 1, `player-${rows - 1}`, rows - 1 + 0.5]);
  expect(sheet.getRow(rows + 4).getCell(1).numFmt).toBe('#,##0');
  expect(sheet.getRow(rows + 4).getCell(3).numFmt).toBe('#,##0.0000;[Red]-#,##0.0000');
  expect(sheet.getRow(rows + 5).getCell(1).value).toBe('Total CNY');
  expect(typeof sheet.getRow(rows + 5).getCell(3).value).toBe('number');
  expect(sheet.getRow(rows + 5).getCell(1).font?.bold).toBe(true);
  expect(sheet.getRow(rows + 5).getCell(3).font?.bold).toBe(true);
});

it('carries every text whole across the byte chunks the sheet is written in, multi-byte and long ones too', async () => {
  // Rows of Chinese (3 UTF-8 bytes a character), emoji (4 bytes, two UTF-16 units) and plain text
  // of varied lengths, so that rows end at every offset of a 64 KB chunk, and cells longer than a
  // whole chunk between them.
  const texts = Array.from({ length: 6000 }, (_, i) => {
    if (i % 1000 === 999) return `长${'单元格'.repeat(25_000)}尾`;
    return `${'代理'.repeat(i % 37)}🎰${'x'.repeat(i % 53)}-${i}`;
  });
  const file = await textSheet('chunks.xlsx', texts, 250);
  zipEntries(file); // checksums and sizes
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const read: Array<[unknown, unknown]> = [];
  wb.worksheets[0]!.eachRow((row, i) => i > 3 && read.push([row.getCell(1).value, row.getCell(2).value]));
  expect(read.length).toBe(texts.length);
  // (A loop, not toEqual: a failure would print every text.)
  for (let i = 0; i < texts.length; i++) if (read[i]![0] !== texts[i] || read[i]![1] !== i) expect({ row: i, read: read[i] }).toEqual({ row: i, read: [texts[i], i] });
});

it('fails with SheetFullError when the rows outgrow the sheet, and fills it to the last row', async () => {
  // Title, one filter line, a blank row, the header and one totals row leave 5 of 10 rows for data.
  await expect(writeWorkbook(sheetSpec(path.join(dir, 'fits.xlsx'), 5, 10))).resolves.toMatchObject({ rows: 5 });
  const err = await writeWorkbook(sheetSpec(path.join(dir, 'full.xlsx'), 6, 10)).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(SheetFullError);
  expect((err as SheetFullError).dataRows).toBe(5);
});

it('writes the header and totals of an export without rows', async () => {
  const file = path.join(dir, 'empty.xlsx');
  expect(await writeWorkbook(sheetSpec(file, 0, SHEET_MAX_ROWS))).toMatchObject({ rows: 0 });
  expect([...zipEntries(file).keys()]).toContain('xl/worksheets/sheet1.xml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows).toEqual([['注单记录 2026-11-01 ~ 2026-11-30'], ['Currency', 'CNY'], [], ['N', '玩家登录账号', 'Amount'], ['Total CNY', undefined, Number('922337203685477.5807')]]);
});

it('fails, rather than hangs, when the file cannot be written', async () => {
  const file = path.join(dir, 'no-such-folder', 'x.xlsx');
  await expect(writeWorkbook(sheetSpec(file, 1_000, SHEET_MAX_ROWS))).rejects.toMatchObject({ code: 'ENOENT' });
});

describe('number cells from exact values', () => {
  it('writes an amount with its currency decimals, rounded half away from zero as the console shows it', () => {
    const cases: Array<[string, number, string]> = [
      ['12345678901234.5678', 4, '12345678901234.5678'],
      ['922337203685477.5807', 4, '922337203685477.5807'],
      ['922337203685477.5807', 2, '922337203685477.58'],
      ['-922337203685477.5808', 3, '-922337203685477.581'],
      ['1234.5650', 2, '1234.57'],
      ['1234.5649', 2, '1234.56'],
      ['-1234.5650', 2, '-1234.57'],
      ['-1234.5649', 2, '-1234.56'],
      ['9.9950', 2, '10.00'],
      ['-999.5000', 0, '-1000'],
      ['0.4999', 0, '0'],
      ['-0.0049', 2, '0.00'],
      ['-0.0050', 2, '-0.01'],
      ['0.0000', 2, '0.00'],
      ['12.5', 4, '12.5000'],
      ['7', 1, '7.0'],
      ['0.0005', 3, '0.001'],
      ['007.5000', 2, '7.50'],
      ['-0099.9950', 2, '-100.00'],
      ['-0.5', 0, '-1'],
      ['-0.4999', 0, '0'],
      ['-0', 2, '0.00'],
      ['999999999999999.9999', 0, '1000000000000000'],
      ['12', 0, '12'],
    ];
    for (const [amount, decimals, digits] of cases) expect(moneyDigits(amount, decimals), `${amount} ${decimals}`).toBe(digits);
    for (const bad of ['', '-', '.5', '5.', '-.5', '1e5', '1.23456', '--1', '1.2.3', 'NaN', '1,000.00', ' 1', '1<']) expect(moneyDigits(bad, 2), bad).toBeNull();
  });

  it('agrees with a bigint rounding of random amounts, in every number of decimals', () => {
    // A seeded generator (a linear congruential one): the same amounts on every run.
    let seed = 20260101n;
    const next = (below: number) => {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      return Number((seed >> 33n) % BigInt(below));
    };
    for (let i = 0; i < 5000; i++) {
      const units = BigInt(next(1_000_000)) * 10n ** BigInt(next(13)) + BigInt(next(10_000));
      const amount = formatMoney(next(2) ? -units : units);
      for (let decimals = 0; decimals <= 4; decimals++) {
        if (moneyDigits(amount, decimals) !== shownAmount(amount, decimals)) expect([amount, decimals, moneyDigits(amount, decimals)]).toEqual([amount, decimals, shownAmount(amount, decimals)]);
      }
    }
  });

  it('writes ratios and basis points as the fraction a percentage format shows', () => {
    expect(ratioDigits('0.9650')).toBe('0.9650');
    expect(ratioDigits('12.0000')).toBe('12.0000');
    expect(ratioDigits('-')).toBeNull();
    expect([3500, 0, 10_000, 1, -250].map(basisPointDigits)).toEqual(['0.3500', '0.0000', '1.0000', '0.0001', '-0.0250']);
    expect(basisPointDigits(Number.NaN)).toBeNull();
    expect(basisPointDigits(1.5)).toBeNull();
  });

  it('writes a local wall-clock time as the serial of its day and second', () => {
    expect(excelSerial('2026-01-02 00:30:00')).toEqual({ serial: '46024.020833333333', precision: 'second' });
    expect(excelSerial('2026-01-02 00:00:00')).toEqual({ serial: '46024', precision: 'second' });
    expect(excelSerial('2026-01-02 12:00')).toEqual({ serial: '46024.5', precision: 'minute' });
    expect(excelSerial('2026-01-02')).toEqual({ serial: '46024', precision: 'date' });
    expect(excelSerial('2026-01')).toEqual({ serial: '46023', precision: 'month' });
    expect(excelSerial('1970-01-01 23:59:59')).toEqual({ serial: '25569.999988425926', precision: 'second' });
    expect(excelSerial('2024-02-29 06:00:00')?.serial).toBe('45351.25');
    for (const bad of ['2025-02-29', '2026-13', '2026-01-02 24:00:00', '2026-01-02T00:30:00Z', '1900-01-01', 'soon']) expect(excelSerial(bad), bad).toBeNull();
  });
});

it('writes money in each row’s currency decimals, ratios and basis points as percentages and times as date cells', async () => {
  const file = path.join(dir, 'formats.xlsx');
  const decimals: Record<string, number> = { USDT: 4, CNY: 2, VND: 0 };
  await writeWorkbook({
    file,
    sheetName: 'Formats',
    title: 'Formats',
    filterLines: [],
    columns: [
      { key: 'currency_code', header: 'Currency', kind: 'text' },
      { key: 'amount', header: 'Amount', kind: 'money' },
      { key: 'rtp', header: 'RTP', kind: 'ratio' },
      { key: 'share_rate', header: 'Share rate', kind: 'bp' },
      { key: 'settle_time', header: 'Settle time', kind: 'time' },
      { key: 'hour', header: 'Hour', kind: 'time' },
      { key: 'date', header: 'Date', kind: 'time' },
      { key: 'month', header: 'Month', kind: 'time' },
      { key: 'bets', header: 'Bets', kind: 'count' },
      { key: 'id', header: 'ID', kind: 'id' },
    ],
    decimalsOf: (row) => decimals[String(row.currency_code)] ?? 4,
    async produce(write) {
      await write([
        { currency_code: 'USDT', amount: '12345678901234.5678', rtp: '0.9650', share_rate: 3500, settle_time: '2026-01-02 00:30:00', hour: '2026-01-02 13:00', date: '2026-01-02', month: '2026-01', bets: 1234567, id: 1234567 },
        { currency_code: 'CNY', amount: '-1234.5650', rtp: null, share_rate: 0, settle_time: 'not a time', bets: 0, id: 7 },
        { currency_code: 'VND', amount: '1999999.5000' },
      ]);
    },
    totals: [{ label: 'Total CNY', row: { currency_code: 'CNY', amount: '0.0050' } }],
    maxRows: SHEET_MAX_ROWS,
  });

  const cells = rawCells(file);
  const money = (decimals: number) => {
    const n = decimals ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
    return `${n};[Red]-${n}`;
  };
  // The digits in the file are exact: a 4-decimal currency keeps all of them, a 2-decimal one shows 2.
  expect(cells.get('B4')).toEqual({ value: '12345678901234.5678', number: true, format: money(4) });
  expect(cells.get('B5')).toEqual({ value: '-1234.57', number: true, format: money(2) });
  expect(cells.get('B6')).toEqual({ value: '2000000', number: true, format: money(0) });
  expect(cells.get('B7')).toEqual({ value: '0.01', number: true, format: money(2) });
  expect(cells.get('C4')).toEqual({ value: '0.9650', number: true, format: '0.00%' });
  expect(cells.has('C5')).toBe(false);
  expect(cells.get('D4')).toEqual({ value: '0.3500', number: true, format: '0.00%' });
  expect(cells.get('E4')).toEqual({ value: '46024.020833333333', number: true, format: 'yyyy-mm-dd hh:mm:ss' });
  expect(cells.get('E5')).toEqual({ value: 'not a time', number: false, format: 'General' });
  expect(cells.get('F4')).toMatchObject({ number: true, format: 'yyyy-mm-dd hh:mm' });
  expect(cells.get('G4')).toEqual({ value: '46024', number: true, format: 'yyyy-mm-dd' });
  expect(cells.get('H4')).toEqual({ value: '46023', number: true, format: 'yyyy-mm' });
  expect(cells.get('I4')).toEqual({ value: '1234567', number: true, format: '#,##0' });
  expect(cells.get('J4')).toEqual({ value: '1234567', number: true, format: 'General' });

  // What a spreadsheet reads: numbers, percentages of them, and dates (title, blank row, header, then the rows).
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.worksheets[0]!;
  const row = sheet.getRow(4);
  // A reader's float of those digits (the file has them all, above).
  expect(row.getCell(2).value).toBe(Number('12345678901234.5678'));
  expect(sheet.getRow(5).getCell(2).value).toBe(-1234.57);
  expect(row.getCell(3).value).toBe(0.965);
  expect(row.getCell(4).value).toBe(0.35);
  expect(row.getCell(4).numFmt).toBe('0.00%');
  expect(wallClockText(row.getCell(5).value as Date)).toBe('2026-01-02 00:30:00');
  expect(wallClockText(row.getCell(6).value as Date)).toBe('2026-01-02 13:00:00');
  expect(wallClockText(row.getCell(7).value as Date)).toBe('2026-01-02 00:00:00');
  expect(wallClockText(row.getCell(8).value as Date)).toBe('2026-01-01 00:00:00');
  expect(sheet.getRow(7).getCell(2).value).toBe(0.01);
  expect(sheet.getRow(7).getCell(2).font?.bold).toBe(true);
});
