import { ZipWriter } from './zip.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** count: a number; decimal: exact text (money, ratios), aligned right; text: text. */
export type ColumnKind = 'count' | 'decimal' | 'text';

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

type Cell = string | number | null;

/**
 * A number as text, without V8's number-to-string cache: String(n) keeps each result in that cache,
 * which holds it past the next young collections, so a sheet's million row numbers and ids were
 * promoted to the old generation and stayed there as garbage until the next full collection
 * (about 40 MB over a million-row export; bench/README.md, "Export (ADR 0008)").
 * toFixed(0) writes an integer's exact digits (below 10^21) and caches nothing.
 */
const numberText = (n: number) => (Number.isInteger(n) ? n.toFixed(0) : String(n));

/**
 * The `<row>` element of one row: numbers as values, text as inline strings (no shared-string
 * table to hold in memory). `styles` holds each column's cell format attribute (see STYLES). Made
 * of pieces joined once, not `+=` step by step, which made a new string per step.
 */
function rowXml(rowNumber: number, cells: Cell[], columns: string[], styles: readonly string[]): string {
  const row = numberText(rowNumber);
  const out = ['<row r="', row, '">'];
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === null || v === undefined) continue;
    out.push('<c r="', columns[i]!, row, '"', styles[i] ?? '');
    if (typeof v === 'number') out.push('><v>', numberText(v), '</v></c>');
    else out.push(keepsSpace(v) ? ' t="inlineStr"><is><t xml:space="preserve">' : ' t="inlineStr"><is><t>', xmlText(v), '</t></is></c>');
  }
  out.push('</row>');
  return out.join('');
}

/** Display width of a text in character cells: East Asian wide characters take two. */
function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1;
  return w;
}

/** Column widths from the header and the first rows, so that a sheet opens readable. */
function colsXml(header: string[], sample: Cell[][]): string {
  const cols = header.map((h, i) => {
    const widest = Math.max(displayWidth(h), ...sample.map((cells) => displayWidth(String(cells[i] ?? ''))));
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

/** Cell formats (`s`): 0 plain, 1 bold, 2 aligned right, 3 bold and aligned right. */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment horizontal="right"/></xf>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><alignment horizontal="right"/></xf></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;

/** Each column's `s` attribute in a plain or a bold row: decimals aligned right. */
const styleAttrs = (columns: SheetColumn[], bold: boolean) =>
  columns.map((c) => {
    const style = (bold ? 1 : 0) + (c.kind === 'decimal' ? 2 : 0);
    return style ? ` s="${style}"` : '';
  });

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

    const letters = spec.columns.map((_, i) => columnName(i));
    const cellsOf = (row: Record<string, unknown>): Cell[] =>
      spec.columns.map((c) => {
        const v = row[c.key];
        if (v === null || v === undefined) return null;
        return c.kind === 'count' ? Number(v) : String(v);
      });
    const header = spec.columns.map((c) => c.header);
    const [plain, bold] = [styleAttrs(spec.columns, false), styleAttrs(spec.columns, true)];
    // The title and filter lines are text in the first columns, whatever those columns hold:
    // never aligned right as a decimal column is.
    const [plainText, boldText] = [[] as string[], spec.columns.map(() => ' s="1"')];
    const dataRowLimit = dataRowsThatFit(spec);
    let next = 1;
    let started = false;
    let rows = 0;
    // The sheet's start waits for the first rows: its column widths come from them.
    const start = (sample: Cell[][]) => {
      started = true;
      let xml = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${colsXml(header, sample)}<sheetData>`;
      xml += rowXml(next++, [spec.title], letters, boldText);
      for (const [label, value] of spec.filterLines) xml += rowXml(next++, [label, value], letters, plainText);
      xml += `<row r="${next++}"/>`;
      xml += rowXml(next++, header, letters, bold);
      sheet.append(xml);
    };

    await spec.produce(async (batch) => {
      if (rows + batch.length > dataRowLimit) throw new SheetFullError(dataRowLimit);
      const cells = batch.map(cellsOf);
      if (!started) start(cells.slice(0, 100));
      for (const c of cells) sheet.append(rowXml(next++, c, letters, plain));
      rows += batch.length;
      await sheet.room();
    });
    if (!started) start([]);
    let xml = '';
    for (const t of spec.totals) {
      const cells = cellsOf(t.row);
      cells[0] = t.label;
      xml += rowXml(next++, cells, letters, bold);
    }
    // Exact decimals are text on purpose: Excel is told not to flag them as numbers stored as text.
    const used = `A1:${letters[letters.length - 1] ?? 'A'}${next - 1}`;
    sheet.append(`${xml}</sheetData><ignoredErrors><ignoredError sqref="${used}" numberStoredAsText="1"/></ignoredErrors></worksheet>`);
    await sheet.end();
    return { rows, bytes: await zip.finish() };
  } catch (err) {
    zip.abort();
    throw err;
  }
}
