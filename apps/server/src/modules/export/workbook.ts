import { MONEY_SCALE } from '@console/contract';
import { basisPointDigits, excelSerial, moneyDigits, ratioDigits, type TimePrecision } from './cells.ts';
import { ZipWriter } from './zip.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * How a column's cells are written: `id` a number as it is; `count` a number with thousands
 * separators; `money` an amount (a decimal string) as a number with its row's currency decimals
 * (WorkbookSpec.decimalsOf), red below zero; `ratio` a fraction string and `bp` whole basis points,
 * both as a percentage with 2 decimals; `time` a local wall-clock text as a date cell, to the
 * month, day, minute or second as the text has it; `text` text. A value a number kind cannot read
 * is written as text.
 */
export type ColumnKind = 'id' | 'count' | 'money' | 'ratio' | 'bp' | 'time' | 'text';

export interface SheetColumn {
  key: string;
  header: string;
  kind: ColumnKind;
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
  /** The decimals of a row's currency (a totals row's too), for its money cells; 4 (all) when not given. */
  decimalsOf?(row: Record<string, unknown>): number;
  /** The most rows the sheet may have in all (SHEET_MAX_ROWS: what a spreadsheet opens). */
  maxRows: number;
}

/** The most rows a worksheet holds (Excel's and LibreOffice's limit). */
export const SHEET_MAX_ROWS = 1_048_576;

/** Thrown when the rows would not fit on the sheet; `dataRows` is how many data rows fit. */
export class SheetFullError extends Error {
  constructor(readonly dataRows: number) {
    super(`the sheet holds at most ${dataRows} rows of data`);
  }
}

/** How many data rows fit beside the title, the filter lines, a blank row, the header and the totals. */
export const dataRowsThatFit = (spec: Pick<WorkbookSpec, 'filterLines' | 'totals' | 'maxRows'>) => spec.maxRows - spec.filterLines.length - spec.totals.length - 3;

/** A1-style column letters. */
function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// The patterns are compiled once here: a regular expression literal inside a function is a new
// object on every call, and a sheet makes millions of these calls.
const ESCAPED = /[&<>"]/g;
// Characters XML 1.0 cannot carry at all are dropped.
// eslint-disable-next-line no-control-regex
const UNWRITABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F]/g;
// eslint-disable-next-line no-control-regex
const NEEDS_REWRITE = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F]/;
/** Most cells need no escaping and are written as they are, without a copy. */
const xmlText = (s: string) => (NEEDS_REWRITE.test(s) ? s.replace(ESCAPED, (c) => XML_ESCAPES[c]!).replace(UNWRITABLE, '') : s);

/**
 * Whether a text needs `xml:space="preserve"` to keep its spaces: leading or trailing white space,
 * or a run of it (a reader may collapse those otherwise). Most cells have none, and leaving the
 * attribute off them makes a million-row sheet's XML about a sixth smaller to checksum and compress.
 */
const SPACES_TO_KEEP = /^\s|\s$|\s\s|[\t\n\r]/;
const keepsSpace = (s: string) => SPACES_TO_KEEP.test(s);

/**
 * A number as text, without V8's number-to-string cache: String(n) keeps each result in that cache,
 * which holds it past the next young collections, so a sheet's million row numbers and ids were
 * promoted to the old generation and stayed there as garbage until the next full collection
 * (about 40 MB over a million-row export; bench/README.md, "Export (ADR 0008)").
 * toFixed(0) writes an integer's exact digits (below 10^21) and caches nothing.
 */
const numberText = (n: number) => (Number.isInteger(n) ? n.toFixed(0) : String(n));

const moneyFormat = (decimals: number) => {
  const n = decimals ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  return `${n};[Red]-${n}`;
};

/**
 * The number formats of the cells (built-in ids below 164), each with a plain and a bold cell
 * format: a cell's `s` is 2 × the format's index, + 1 in bold. Money shows as the console does:
 * thousands separators, its currency's decimals, red below zero; ratios and basis points as
 * percentages with 2 decimals; times as the console writes them (docs/product.md, "Timezones").
 */
const FORMATS: ReadonlyArray<{ id: number; code?: string }> = [
  { id: 0 }, // General: text and ids
  { id: 3 }, // #,##0: counts
  { id: 10 }, // 0.00%: ratios and basis points
  ...[0, 1, 2, 3, 4].map((d) => ({ id: 164 + d, code: moneyFormat(d) })),
  { id: 169, code: 'yyyy-mm-dd hh:mm:ss' },
  { id: 170, code: 'yyyy-mm-dd hh:mm' },
  { id: 171, code: 'yyyy-mm-dd' },
  { id: 172, code: 'yyyy-mm' },
];
const GENERAL = 0;
const COUNT = 1;
const PERCENT = 2;
/** Money with d decimals: MONEY + d. */
const MONEY = 3;
const TIME_FORMAT: Record<TimePrecision, number> = { second: 8, minute: 9, date: 10, month: 11 };

/** Each format's `s` attribute, plain ([0]) and bold ([1]); the plain General cell needs none. */
const STYLE_ATTRS = [0, 1].map((bold) => FORMATS.map((_, f) => (f === GENERAL && !bold ? '' : ` s="${2 * f + bold}"`)));

/** A row's cells go into `out`: a number cell with its format, or text as an inline string (no shared-string table to hold in memory). */
function pushNumber(out: string[], ref: string, row: string, digits: string, format: number, bold: number) {
  out.push('<c r="', ref, row, '"', STYLE_ATTRS[bold]![format]!, '><v>', digits, '</v></c>');
}
function pushText(out: string[], ref: string, row: string, text: string, bold: number) {
  out.push('<c r="', ref, row, '"', STYLE_ATTRS[bold]![GENERAL]!, keepsSpace(text) ? ' t="inlineStr"><is><t xml:space="preserve">' : ' t="inlineStr"><is><t>', xmlText(text), '</t></is></c>');
}

/** A column with its A1-style letters. */
interface PlacedColumn extends SheetColumn {
  letters: string;
}

/**
 * The `<row>` element of one row of the table: each column's value by its kind, `label` (a totals
 * row's) in the first column instead. Made of pieces joined once, not `+=` step by step, which
 * made a new string per step.
 */
function rowXml(rowNumber: number, values: Record<string, unknown>, columns: readonly PlacedColumn[], decimals: number, bold: number, label?: string): string {
  const row = numberText(rowNumber);
  const out = ['<row r="', row, '">'];
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i]!;
    if (i === 0 && label !== undefined) {
      pushText(out, c.letters, row, label, bold);
      continue;
    }
    const v = values[c.key];
    if (v === null || v === undefined) continue;
    switch (c.kind) {
      case 'id':
      case 'count': {
        const n = Number(v);
        if (Number.isFinite(n)) {
          pushNumber(out, c.letters, row, numberText(n), c.kind === 'id' ? GENERAL : COUNT, bold);
          continue;
        }
        break;
      }
      case 'money': {
        const digits = moneyDigits(String(v), decimals);
        if (digits !== null) {
          pushNumber(out, c.letters, row, digits, MONEY + decimals, bold);
          continue;
        }
        break;
      }
      case 'ratio':
      case 'bp': {
        const digits = c.kind === 'ratio' ? ratioDigits(String(v)) : basisPointDigits(Number(v));
        if (digits !== null) {
          pushNumber(out, c.letters, row, digits, PERCENT, bold);
          continue;
        }
        break;
      }
      case 'time': {
        const time = excelSerial(String(v));
        if (time) {
          pushNumber(out, c.letters, row, time.serial, TIME_FORMAT[time.precision], bold);
          continue;
        }
        break;
      }
      case 'text':
        break;
    }
    pushText(out, c.letters, row, String(v), bold);
  }
  out.push('</row>');
  return out.join('');
}

/** A row of text cells in the first columns (the title, a filter line, the header). */
function textRowXml(rowNumber: number, texts: readonly string[], columns: readonly PlacedColumn[], bold: number): string {
  const row = numberText(rowNumber);
  const out = ['<row r="', row, '">'];
  texts.forEach((text, i) => pushText(out, columns[i]?.letters ?? columnName(i), row, text, bold));
  out.push('</row>');
  return out.join('');
}

/** Display width of a text in character cells: East Asian wide characters take two. */
function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1;
  return w;
}

/** Digits with thousands separators as wide as they show: "-1234567.89" is "-1,234,567.89". */
function groupedWidth(digits: string): number {
  const int = digits.replace('-', '').split('.')[0]!.length;
  return digits.length + Math.floor((int - 1) / 3);
}

const TIME_WIDTH: Record<TimePrecision, number> = { second: 19, minute: 16, date: 10, month: 7 };

/** How wide a cell shows (its format applied), for the column widths. */
function shownWidth(c: SheetColumn, v: unknown, decimals: number): number {
  if (v === null || v === undefined) return 0;
  const text = String(v);
  switch (c.kind) {
    case 'count':
      return groupedWidth(text);
    case 'money':
      return groupedWidth(moneyDigits(text, decimals) ?? text);
    case 'ratio':
    case 'bp': {
      const digits = c.kind === 'ratio' ? ratioDigits(text) : basisPointDigits(Number(v));
      // A fraction as a percentage with 2 decimals is about as wide: "0.9650" is "96.50%".
      return digits === null ? displayWidth(text) : digits.length + 1;
    }
    case 'time': {
      const time = excelSerial(text);
      return time ? TIME_WIDTH[time.precision] : displayWidth(text);
    }
    default:
      return displayWidth(text);
  }
}

/** Column widths from the header and the first rows, so that a sheet opens readable. */
function colsXml(columns: readonly SheetColumn[], sample: ReadonlyArray<Record<string, unknown>>, decimalsOf: (row: Record<string, unknown>) => number): string {
  const decimals = sample.map(decimalsOf);
  const cols = columns.map((c, i) => {
    const widest = Math.max(displayWidth(c.header), ...sample.map((row, k) => shownWidth(c, row[c.key], decimals[k]!)));
    const width = Math.min(Math.max(widest + 2, 8), 60);
    return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
  });
  return `<cols>${cols.join('')}</cols>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
</Types>`;

const PACKAGE_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>\
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>\
</Relationships>`;

const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>\
</Relationships>`;

/** The style sheet: two fonts (plain, bold) and a plain and a bold cell format for each of FORMATS. */
const STYLES = (() => {
  const custom = FORMATS.filter((f) => f.code !== undefined);
  const numFmts = custom.map((f) => `<numFmt numFmtId="${f.id}" formatCode="${xmlText(f.code!)}"/>`).join('');
  const xfs = FORMATS.flatMap((f) => {
    const format = f.id ? ` applyNumberFormat="1"` : '';
    return [
      `<xf numFmtId="${f.id}" fontId="0" fillId="0" borderId="0" xfId="0"${format}/>`,
      `<xf numFmtId="${f.id}" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"${format}/>`,
    ];
  });
  return `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">\
<numFmts count="${custom.length}">${numFmts}</numFmts>\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;
})();

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ], not blank. */
const sheetNameOf = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Sheet1';

const workbookXml = (sheetName: string) =>
  `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const coreXml = (title: string, at: Date) =>
  `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\
<dc:title>${xmlText(title)}</dc:title><dcterms:created xsi:type="dcterms:W3CDTF">${at.toISOString().slice(0, 19)}Z</dcterms:created></cp:coreProperties>`;

/**
 * Writes an .xlsx (one sheet: title, filter lines, a blank row, the header, the data, the totals)
 * straight into a zip: each batch of rows is made into XML and handed to the compressor as soon as
 * it comes, and the next batch is asked for once the compressor has room, so memory stays flat
 * however many rows there are. Rows beyond what a sheet holds fail the export (SheetFullError)
 * rather than leave a file that a spreadsheet would open cut short.
 */
export async function writeWorkbook(spec: WorkbookSpec): Promise<{ rows: number; bytes: number }> {
  const zip = new ZipWriter(spec.file);
  try {
    await zip.add('[Content_Types].xml', CONTENT_TYPES);
    await zip.add('_rels/.rels', PACKAGE_RELS);
    await zip.add('docProps/core.xml', coreXml(spec.title, new Date()));
    await zip.add('xl/workbook.xml', workbookXml(sheetNameOf(spec.sheetName)));
    await zip.add('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    await zip.add('xl/styles.xml', STYLES);
    const sheet = zip.entry('xl/worksheets/sheet1.xml');

    const columns: PlacedColumn[] = spec.columns.map((c, i) => ({ ...c, letters: columnName(i) }));
    // Whole decimals 0–4 (a currency's are), all 4 for a row whose currency tells none.
    const decimalsOf = (row: Record<string, unknown>) => {
      const d = spec.decimalsOf ? spec.decimalsOf(row) : MONEY_SCALE;
      return Number.isInteger(d) ? Math.min(MONEY_SCALE, Math.max(0, d)) : MONEY_SCALE;
    };
    const dataRowLimit = dataRowsThatFit(spec);
    let next = 1;
    let started = false;
    let rows = 0;
    // The sheet's start waits for the first rows: its column widths come from them. The title and
    // filter lines are text in the first columns, whatever those columns hold.
    const start = (sample: ReadonlyArray<Record<string, unknown>>) => {
      started = true;
      let xml = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${colsXml(columns, sample, decimalsOf)}<sheetData>`;
      xml += textRowXml(next++, [spec.title], columns, 1);
      for (const [label, value] of spec.filterLines) xml += textRowXml(next++, [label, value], columns, 0);
      xml += `<row r="${next++}"/>`;
      xml += textRowXml(next++, columns.map((c) => c.header), columns, 1);
      sheet.append(xml);
    };

    await spec.produce(async (batch) => {
      if (rows + batch.length > dataRowLimit) throw new SheetFullError(dataRowLimit);
      if (!started) start(batch.slice(0, 100));
      for (const row of batch) sheet.append(rowXml(next++, row, columns, decimalsOf(row), 0));
      rows += batch.length;
      await sheet.room();
    });
    if (!started) start([]);
    let xml = '';
    for (const t of spec.totals) xml += rowXml(next++, t.row, columns, decimalsOf(t.row), 1, t.label);
    // Ids, accounts and order numbers made of digits are text on purpose: Excel is told not to flag them.
    const used = `A1:${columns[columns.length - 1]?.letters ?? 'A'}${next - 1}`;
    sheet.append(`${xml}</sheetData><ignoredErrors><ignoredError sqref="${used}" numberStoredAsText="1"/></ignoredErrors></worksheet>`);
    await sheet.end();
    return { rows, bytes: await zip.finish() };
  } catch (err) {
    zip.abort();
    throw err;
  }
}
