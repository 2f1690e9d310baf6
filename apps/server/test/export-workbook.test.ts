import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { WorkbookSpec } from '../src/modules/export/workbook.ts';
import { SHEET_MAX_ROWS, SheetFullError, writeWorkbook } from '../src/modules/export/workbook.ts';

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

/** Every entry of a zip, read through its central directory, checked against its local header. */
function zipEntries(file: string): Map<string, Buffer> {
  const buf = fs.readFileSync(file);
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(buf.length - 22);
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  expect(at + buf.readUInt32LE(end + 12)).toBe(end);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const [crc, compressed, size] = [buf.readUInt32LE(at + 16), buf.readUInt32LE(at + 20), buf.readUInt32LE(at + 24)];
    const nameLength = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const local = buf.readUInt32LE(at + 42);
    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    expect(buf.toString('utf8', local + 30, local + 30 + buf.readUInt16LE(local + 26))).toBe(name);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = inflateRawSync(buf.subarray(start, start + compressed));
    expect(data.length, name).toBe(size);
    expect(crc32(data), name).toBe(crc);
    // The data descriptor after the data repeats checksum and sizes.
    expect(buf.readUInt32LE(start + compressed)).toBe(0x08074b50);
    expect([buf.readUInt32LE(start + compressed + 4), buf.readUInt32LE(start + compressed + 8), buf.readUInt32LE(start + compressed + 12)]).toEqual([crc, compressed, size]);
    entries.set(name, data);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

const sheetSpec = (file: string, rows: number, maxRows: number): WorkbookSpec => ({
  file,
  sheetName: 'Bets: 2026/11 [all]',
  title: '注单记录 2026-11-01 ~ 2026-11-30',
  filterLines: [['Currency', 'CNY']],
  columns: [
    { key: 'n', header: 'N', kind: 'count' },
    { key: 'name', header: '玩家登录账号', kind: 'text' },
    { key: 'amount', header: 'Amount', kind: 'decimal' },
  ],
  async produce(write) {
    // Batches as the export's reader hands them over.
    for (let i = 0; i < rows; i += 250) {
      await write(Array.from({ length: Math.min(250, rows - i) }, (_, k) => ({ n: i + k, name: `player-${i + k}`, amount: `${i + k}.5000` })));
    }
  },
  totals: [{ label: 'Total CNY', row: { amount: '123456789012345678.0001' } }],
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
  // Title, header and totals bold; data rows plain; decimals exact text aligned right, which
  // Excel is told not to flag.
  has('<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>注单记录 2026-11-01 ~ 2026-11-30</t></is></c></row>');
  has('<row r="4"><c r="A4" s="1" t="inlineStr"><is><t>N</t></is></c>');
  has('<row r="5"><c r="A5"><v>0</v></c><c r="B5" t="inlineStr"><is><t>player-0</t></is></c><c r="C5" s="2" t="inlineStr"><is><t>0.5000</t></is></c></row>');
  has(`<c r="C${rows + 5}" s="3" t="inlineStr"><is><t>123456789012345678.0001</t></is></c>`);
  has(`<ignoredErrors><ignoredError sqref="A1:C${rows + 5}" numberStoredAsText="1"/></ignoredErrors></worksheet>`);

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.worksheets[0]!;
  expect(sheet.rowCount).toBe(rows + 5);
  expect(sheet.getRow(rows + 4).values).toEqual([undefined, rows - 1, `player-${rows - 1}`, `${rows - 1}.5000`]);
  expect(sheet.getRow(rows + 4).getCell(3).alignment?.horizontal).toBe('right');
  expect(sheet.getRow(rows + 5).values).toEqual([undefined, 'Total CNY', undefined, '123456789012345678.0001']);
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
  expect(rows).toEqual([['注单记录 2026-11-01 ~ 2026-11-30'], ['Currency', 'CNY'], [], ['N', '玩家登录账号', 'Amount'], ['Total CNY', undefined, '123456789012345678.0001']]);
});

it('fails, rather than hangs, when the file cannot be written', async () => {
  const file = path.join(dir, 'no-such-folder', 'x.xlsx');
  await expect(writeWorkbook(sheetSpec(file, 1_000, SHEET_MAX_ROWS))).rejects.toMatchObject({ code: 'ENOENT' });
});
