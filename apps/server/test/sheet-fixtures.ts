import fs from 'node:fs';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { parseMoney, report } from '@console/contract';

/** Every row of an export's first sheet, as cell values (empty cells undefined). */
export async function readSheet(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Splits a sheet into filter lines, header, data rows and totals rows. */
export function parts(rows: unknown[][], totalLabel: RegExp) {
  const headerAt = rows.findIndex((r, i) => i > 0 && r.length === 0) + 1;
  const header = rows[headerAt] as string[];
  const body = rows.slice(headerAt + 1);
  const firstTotal = body.findIndex((r) => totalLabel.test(String(r[0] ?? '')));
  const data = firstTotal < 0 ? body : body.slice(0, firstTotal);
  const totals = firstTotal < 0 ? [] : body.slice(firstTotal);
  const filters = Object.fromEntries(rows.slice(1, headerAt - 1).map((r) => [String(r[0]), String(r[1] ?? '')]));
  return { title: String(rows[0]?.[0]), filters, header, data, totals };
}

/** An export answered as a file (a refusal is a JSON answer with HTTP 200 too). */
export const isFile = (res: { status: number; headers: Record<string, unknown> }) => res.status === 200 && String(res.headers['content-type']).includes('spreadsheetml');

/** Every entry of a zip (a file's path or its bytes), read through its central directory, checked against its local header. */
export function zipEntries(file: string | Buffer): Map<string, Buffer> {
  const buf = typeof file === 'string' ? fs.readFileSync(file) : file;
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

/** A cell as the file holds it: a number's digits as written (not a float read from them) or a text, and its number format. */
export interface RawCell {
  value: string;
  number: boolean;
  format: string;
}

/** The built-in number formats the sheets use. */
const BUILT_IN_FORMATS: Record<string, string> = { '0': 'General', '3': '#,##0', '10': '0.00%' };
const unescapeXml = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Every cell of an export's first sheet by its reference ("C5"), straight from the file's XML. */
export function rawCells(file: string | Buffer): Map<string, RawCell> {
  const entries = zipEntries(file);
  const styles = entries.get('xl/styles.xml')!.toString();
  const custom = new Map([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)].map((m) => [m[1]!, unescapeXml(m[2]!)]));
  const xfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)![1]!;
  const formats = [...xfs.matchAll(/<xf numFmtId="(\d+)"/g)].map((m) => custom.get(m[1]!) ?? BUILT_IN_FORMATS[m[1]!] ?? `builtin ${m[1]}`);
  const sheet = entries.get('xl/worksheets/sheet1.xml')!.toString();
  const cells = new Map<string, RawCell>();
  for (const m of sheet.matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?( t="inlineStr")?>(?:<v>([^<]*)<\/v>|<is><t[^>]*>([^<]*)<\/t><\/is>)<\/c>/gs)) {
    cells.set(m[1]!, { value: m[3] ? unescapeXml(m[5]!) : m[4]!, number: !m[3], format: formats[Number(m[2] ?? 0)]! });
  }
  return cells;
}

/** The reference of the cell in column `column` (0-based) of sheet row `row` (1-based). */
export function cellRef(column: number, row: number): string {
  let s = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return `${s}${row}`;
}

/**
 * An amount ("-1234.5650") with `decimals`, rounded half away from zero as the console shows it
 * ("-1234.57"), worked out here on its own with bigint arithmetic.
 */
export function shownAmount(amount: string, decimals: number): string {
  const v = parseMoney(amount);
  const abs = v < 0n ? -v : v;
  const scale = 10n ** BigInt(4 - decimals);
  const rounded = (abs + scale / 2n) / scale;
  const unit = 10n ** BigInt(decimals);
  const text = decimals ? `${rounded / unit}.${(rounded % unit).toString().padStart(decimals, '0')}` : `${rounded}`;
  return v < 0n && rounded !== 0n ? `-${text}` : text;
}

/** A wall-clock text of a report ("2026-01-02 00:30:00", "2026-01-02 13:00", "2026-01-02", "2026-01") as the date a sheet reader answers for its cell. */
export function wallClockDate(text: string): Date {
  const full = text.length === 7 ? `${text}-01 00:00:00` : text.length === 10 ? `${text} 00:00:00` : text.length === 16 ? `${text}:00` : text;
  return new Date(`${full.replace(' ', 'T')}Z`);
}

/** A date a sheet reader answered for a time cell as the wall-clock text it shows: "2026-01-02 00:30:00". */
export const wallClockText = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/**
 * A value of a report row as a sheet reader (exceljs) reads its cell back: money a number with
 * its currency's decimals, ratios and basis points as the fraction under a percentage, periods
 * and times as dates, null as nothing.
 */
export function asSheetValue(field: string, value: unknown, decimals: number): unknown {
  if (value === null || value === undefined) return undefined;
  switch (report.REPORT_COLUMNS[field]?.kind) {
    case 'money':
      return Number(shownAmount(String(value), decimals));
    case 'rate':
      return Number(value);
    case 'bp':
      return Number(value) / 10_000;
    case 'date':
      return wallClockDate(String(value));
    default:
      return value;
  }
}
