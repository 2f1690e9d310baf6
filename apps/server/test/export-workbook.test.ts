import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { writeWorkbook } from '../src/modules/export/workbook.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-workbook-'));

/** The uncompressed text of one entry of a zip file (local headers only: enough for our own files). */
function zipEntry(file: string, name: string): string {
  const buf = fs.readFileSync(file);
  for (let at = buf.indexOf('PK\x03\x04'); at >= 0; at = buf.indexOf('PK\x03\x04', at + 4)) {
    const method = buf.readUInt16LE(at + 8);
    const nameLength = buf.readUInt16LE(at + 26);
    const extraLength = buf.readUInt16LE(at + 28);
    if (buf.toString('utf8', at + 30, at + 30 + nameLength) !== name) continue;
    const start = at + 30 + nameLength + extraLength;
    // Streamed entries leave their sizes for the data descriptor: inflate until the stream ends.
    const data = buf.subarray(start);
    return (method === 8 ? inflateRawSync(data, { finishFlush: 2 }) : data).toString('utf8');
  }
  throw new Error(`no ${name} in ${file}`);
}

it('keeps the spaces of text that has them, and marks no other text', async () => {
  const file = path.join(dir, 'spaces.xlsx');
  const texts = ['plain', ' leading', 'trailing ', 'two  spaces', 'line\nbreak', 'tab\there', 'a & <b> "c"'];
  await writeWorkbook({
    file,
    sheetName: 'Sheet',
    title: 'Title',
    filterLines: [],
    columns: [
      { key: 'text', header: 'Text', numeric: false },
      { key: 'n', header: 'N', numeric: true },
    ],
    async produce(write) {
      await write(texts.map((text, n) => ({ text, n })));
    },
    totals: [],
  });

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const values: unknown[] = [];
  wb.worksheets[0]!.eachRow((row, i) => i > 3 && values.push(row.getCell(1).value));
  expect(values).toEqual(texts);

  const xml = zipEntry(file, 'xl/worksheets/sheet1.xml');
  expect(xml).toContain('<t>plain</t>');
  expect(xml).toContain('<t>a &amp; &lt;b&gt; &quot;c&quot;</t>');
  for (const t of [' leading', 'trailing ', 'two  spaces', 'line\nbreak', 'tab\there']) expect(xml).toContain(`<t xml:space="preserve">${t}</t>`);
});
