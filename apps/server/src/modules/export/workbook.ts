import fs from 'node:fs';
import ExcelJS from 'exceljs';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn {
  key: string;
  header: string;
  /** Count columns are written as numbers; everything else (money included: exact) as text. */
  numeric: boolean;
}

export interface WorkbookSpec {
  file: string;
  sheetName: string;
  title: string;
  /** "label: value" lines above the table. */
  filterLines: Array<[string, string]>;
  columns: SheetColumn[];
  /** Calls `write` with every data row, in order, a batch at a time (awaiting each). */
  produce(write: (rows: Array<Record<string, unknown>>) => Promise<void>): Promise<void>;
  /** Totals rows written after the data (one per currency), labelled in the first column. */
  totals: Array<{ label: string; row: Record<string, unknown> }>;
}

/** The parts of exceljs's streaming worksheet writer used below (checked before use). */
interface SheetInternals {
  stream?: {
    write(data: string): unknown;
    pipes?: Array<{ _writableState?: { length?: number }; once(event: 'drain', cb: () => void): void }>;
  };
  _rowZero?: number;
  startedData?: boolean;
}

/** A1-style column letters. */
function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// Characters XML 1.0 cannot carry at all are dropped.
// eslint-disable-next-line no-control-regex
const xmlText = (s: string) => s.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!).replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '');

/**
 * Whether a text needs `xml:space="preserve"` to keep its spaces: leading or trailing white space,
 * or a run of it (a reader may collapse those otherwise). Most cells have none, and leaving the
 * attribute off them makes a million-row sheet's XML about a sixth smaller to checksum and compress.
 */
const keepsSpace = (s: string) => /^\s|\s$|\s\s|[\t\n\r]/.test(s);

/**
 * The `<row>` element of one data row, as exceljs would write it (numbers as values, text as
 * inline strings). Building it directly skips exceljs's per-cell objects, which were most of the
 * CPU time of a large export.
 */
function rowXml(rowNumber: number, cells: Array<string | number | null>, columns: string[]): string {
  let x = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === null || v === undefined) continue;
    const ref = `${columns[i]}${rowNumber}`;
    x += typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t${keepsSpace(v) ? ' xml:space="preserve"' : ''}>${xmlText(v)}</t></is></c>`;
  }
  return `${x}</row>`;
}

const MAX_BUFFERED = 1 << 20;

/**
 * exceljs's sheet stream writes into the zip without heeding backpressure: when compression
 * falls behind, the uncompressed XML piles up in memory (a million rows would hold hundreds of
 * MB). Between batches we wait until the zip entry has taken what is buffered.
 */
async function drained(sheet: unknown) {
  for (const pipe of (sheet as SheetInternals).stream?.pipes ?? []) {
    while ((pipe._writableState?.length ?? 0) > MAX_BUFFERED) await new Promise<void>((resolve) => pipe.once('drain', resolve));
  }
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Writes an .xlsx with exceljs's streaming writer: each row is committed (serialized and
 * compressed) as soon as it is added, so memory stays flat however many rows there are.
 */
export async function writeWorkbook(spec: WorkbookSpec): Promise<{ rows: number; bytes: number }> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: spec.file,
    // No cell styles: they double the writer's CPU time, and a million-row export has a time budget.
    useStyles: false,
    useSharedStrings: false,
    // Fast compression: an export of a million rows is CPU-bound on deflate.
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(spec.sheetName.slice(0, 31));
  sheet.addRow([spec.title]).commit();
  for (const [label, value] of spec.filterLines) sheet.addRow([label, value]).commit();
  sheet.addRow([]).commit();
  sheet.addRow(spec.columns.map((c) => c.header)).commit();

  const cellsOf = (row: Record<string, unknown>) =>
    spec.columns.map((c) => {
      const v = row[c.key];
      if (v === null || v === undefined) return null;
      return c.numeric ? Number(v) : String(v);
    });
  const internals = sheet as unknown as SheetInternals;
  // Data rows go straight into the sheet's XML stream when exceljs's writer looks as expected
  // (rows so far committed, data section open); otherwise through its row API.
  const direct = typeof internals._rowZero === 'number' && internals.startedData === true && typeof internals.stream?.write === 'function';
  const letters = spec.columns.map((_, i) => columnName(i));
  let rows = 0;
  await spec.produce(async (batch) => {
    if (direct) {
      let xml = '';
      let n = internals._rowZero!;
      for (const row of batch) xml += rowXml(n++, cellsOf(row), letters);
      internals.stream!.write(xml);
      internals._rowZero = n;
    } else {
      for (const row of batch) sheet.addRow(cellsOf(row)).commit();
    }
    rows += batch.length;
    await drained(sheet);
  });
  for (const t of spec.totals) {
    const cells = cellsOf(t.row);
    cells[0] = t.label;
    sheet.addRow(cells).commit();
  }
  sheet.commit();
  await workbook.commit();
  return { rows, bytes: fs.statSync(spec.file).size };
}
