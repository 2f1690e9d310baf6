import ExcelJS from 'exceljs';

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
