import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { bill, ErrorCode, exportFile, isLocalDateTime, localDateTimeText, MONEY_SCALE, report, timeBoundMs, timezoneOffsetMinutes, TIMEZONES, type CallDef, type Lang } from '@console/contract';
import type { DB } from '../../db/schema.ts';
import { ApiError, apiError } from '../../lib/api-error.ts';
import { toNumber } from '../../db/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { CallContext, FileAnswer } from '../../plugins/calls.ts';
import { agentLabel } from '../agent/public.ts';
import { billExportSource } from '../bill/public.ts';
import { currencyDecimals, currencyLabel } from '../currency/public.ts';
import { gameLabel } from '../game/public.ts';
import { platformLabel } from '../platform/public.ts';
import { exportSource, isMonthRequest, type AnyExportRequest, type Row } from '../report/public.ts';
import { billHeaderOf, billKindOf, headerOf, kindOf, label } from './columns.ts';
import {
  beatSlot,
  deleteExportParts,
  expiredExports,
  exportPart,
  failExport,
  finishExport,
  getExport,
  hasExportParts,
  insertExport,
  insertExportPart,
  listExports,
  markExpired,
  releaseSlot,
  runningSince,
  takeSlot,
} from './repository.ts';
import { streamRows, type RowQuery } from './stream.ts';
import { dataRowsThatFit, SHEET_MAX_ROWS, SheetFullError, writeWorkbook, XLSX_CONTENT_TYPE, type SheetColumn } from './workbook.ts';

type ReportDef = report.ReportDef;

/**
 * defineCall keeps `binary` as a plain boolean; this tells registerCall's handler type that the
 * call answers a FileAnswer (the contract sets binary: true on every call passed here).
 */
export const asBinary = <C extends CallDef>(call: C) => call as C & { binary: true };
type ExportInput = AnyExportRequest;
type BillExportInput = bill.BillFilter;

/** Rows handed to the sheet at a time when they are already in memory (the settlement's). */
const ROWS_PER_WRITE = 1000;

const KEEP_MS = exportFile.EXPORT_KEEP_DAYS * 86_400_000;

/** What a failed export's record says of a system fault, whose details are in the server log. */
const EXPORT_SYSTEM_FAULT = '系统错误，详情见服务器日志，请稍后重新导出 / System error (details in the server log); export again later';

/** Export management: every operator's exports, not only one's own. */
const EXPORT_MANAGEMENT = '1305';

/** Codes and names of the entities a report was filtered by (0: not filtered), for the lines written on the sheet. */
async function filterNames(db: Kysely<DB>, ids: { agentId: number; gameId: number; platformId: number; currencyId: number }) {
  const [agent, game, platform, currency] = await Promise.all([
    ids.agentId > 0 ? agentLabel(db, ids.agentId) : undefined,
    ids.gameId > 0 ? gameLabel(db, ids.gameId) : undefined,
    ids.platformId > 0 ? platformLabel(db, ids.platformId) : undefined,
    ids.currencyId > 0 ? currencyLabel(db, ids.currencyId) : undefined,
  ]);
  return { agent, game, platform, currency };
}

const zoneLabel = (id: number) => TIMEZONES.find((t) => t.id === id)?.label ?? String(id);

/** The range an export was asked for: "2025-01-01 ~ 2025-01-31", or months "2025-01 ~ 2025-03". */
const rangeOf = (input: ExportInput): [start: string, end: string] => (isMonthRequest(input) ? [input.start_month, input.end_month] : [input.start_date, input.end_date]);

async function reportLines(db: Kysely<DB>, d: ReportDef, input: ExportInput, lang: Lang): Promise<Array<[string, string]>> {
  const byDates = isMonthRequest(input) ? null : input;
  const names = await filterNames(db, { agentId: input.agent_id, gameId: byDates?.game_id ?? 0, platformId: byDates?.platform_id ?? 0, currencyId: input.currency_id });
  const all = label('all', lang);
  const [start, end] = rangeOf(input);
  const lines: Array<[string, string]> = [
    [label(byDates ? 'dates' : 'months', lang), `${start} ~ ${end}`],
    [label('time_zone', lang), zoneLabel(input.time_zone_id)],
    [label('currency', lang), names.currency?.code ?? all],
    [label('agent', lang), names.agent ? `${names.agent.code} ${names.agent.name}` : all],
  ];
  // A report asked for by months takes no game, provider or player filter.
  if (byDates) {
    lines.push(
      [label('game', lang), names.game ? `${names.game.code} ${lang === 'en' ? names.game.name_en : names.game.name_zh}` : all],
      [label('platform', lang), names.platform ? `${names.platform.code} ${names.platform.name}` : all],
      [label('player', lang), byDates.player_account || all],
    );
  }
  if (input.sort_field) lines.push([label('sort', lang), `${headerOf(input.sort_field, lang)} ${input.sort_order === 'ascend' ? '↑' : '↓'}`]);
  return lines;
}

/**
 * One end of the ledger's time range as its sheet shows it: wall-clock time in the export's
 * timezone (an instant given with another zone is shown in this one), "" when open.
 */
function boundText(bound: string | undefined, timeZoneId: number, end: boolean): string {
  if (!bound) return '';
  if (isLocalDateTime(bound)) return bound;
  return localDateTimeText(timeBoundMs(bound, timeZoneId, end), timezoneOffsetMinutes(timeZoneId));
}

async function billLines(db: Kysely<DB>, input: BillExportInput, lang: Lang): Promise<Array<[string, string]>> {
  const names = await filterNames(db, { agentId: input.agent_id, gameId: 0, platformId: 0, currencyId: input.currency_id });
  const all = label('all', lang);
  const [from, to] = [boundText(input.start_time, input.time_zone_id, false), boundText(input.end_time, input.time_zone_id, true)];
  return [
    [label('times', lang), from || to ? `${from} ~ ${to}` : all],
    [label('time_zone', lang), zoneLabel(input.time_zone_id)],
    [label('currency', lang), names.currency?.code ?? all],
    [label('agent', lang), names.agent ? `${names.agent.code} ${names.agent.name}` : all],
    [label('player', lang), input.player_account || all],
    [label('type', lang), input.type ? bill.LEDGER_TYPE_TITLES[input.type][lang] : all],
    [label('order_id', lang), input.order_id || all],
  ];
}

/** The answer to an export with more rows than one sheet holds (`rows`: how many, where known). */
function tooManyRows(rows: number | null, fit: number): ApiError {
  const n = (x: number) => x.toLocaleString('en');
  return new ApiError(ErrorCode.InvalidParameter, {
    'zh-cn': `导出的数据${rows === null ? '' : `有 ${n(rows)} 行，`}超过一张表格的上限（${n(fit)} 行），请缩短日期范围或增加筛选条件`,
    en: `This export has ${rows === null ? 'more rows than' : `${n(rows)} rows, more than`} one spreadsheet holds (${n(fit)}); shorten the dates or add a filter`,
  });
}

/** A running export says it is still being written this often ... */
const SLOT_HEARTBEAT_MS = 15_000;
/** ... and its place lapses when it has not for this long (its server stopped or lost the database). */
const SLOT_LAPSES_AFTER_MS = 60_000;

/**
 * Takes a place for one export under the caps (EXPORTS_PER_OPERATOR, EXPORTS_AT_ONCE): an export
 * reads every row of its range and writes a file, so a few at once are all two cores should run.
 * The places are rows of `export_slot`, so every server on the database counts the same exports,
 * taken one taker at a time. While held, the place is renewed every 15 s; a place not renewed for
 * a minute (its server stopped) no longer counts. Answers the function that gives it back (once,
 * however often it is called).
 */
export async function takeExportSlot(ctx: Pick<CallContext, 'request' | 'config' | 'user'>): Promise<() => Promise<void>> {
  const { database } = ctx.request.server;
  // Agent users' ids are counted apart from operators'.
  const holder = ctx.user?.agent ? `agent:${ctx.user.id}` : `op:${ctx.user?.id ?? 0}`;
  const id = randomBytes(12).toString('hex');
  const now = Date.now();
  const taken = await takeSlot(database, {
    id,
    holder,
    perHolder: ctx.config.exportsPerOperator,
    atOnce: ctx.config.exportsAtOnce,
    now: new Date(now).toISOString(),
    lapsedBefore: new Date(now - SLOT_LAPSES_AFTER_MS).toISOString(),
  });
  if (taken === 'holder') {
    throw apiError(ErrorCode.RateLimited, '已有导出正在进行，请在导出管理中查看', 'An export is already running; see Export management');
  }
  if (taken === 'all') {
    throw apiError(ErrorCode.RateLimited, '服务器正在处理其他导出，请稍后再试', 'The server is busy with other exports; please try again in a minute');
  }
  const timer = setInterval(() => {
    beatSlot(database.db, id, nowIso()).catch(() => undefined);
  }, SLOT_HEARTBEAT_MS);
  timer.unref();
  let given = false;
  return async () => {
    if (given) return;
    given = true;
    clearInterval(timer);
    // Should the database be unreachable now, the place lapses on its own within a minute.
    await releaseSlot(database.db, id).catch(() => undefined);
  };
}

/** What one export writes: the rows of a report or of the ledger, and how the sheet shows them. */
interface ExportJob {
  kind: exportFile.ExportKind;
  /** The filters the export ran with, as recorded (the list call's path is added). */
  filters: Record<string, unknown>;
  /** The range in the sheet's title ("2026-01-01 ~ 2026-01-31") and in the file's name ("2026-01-01_2026-01-31"). */
  range: { title: string; file: string };
  /** The filter lines between the report's name and who exported it when. */
  lines: Array<[string, string]>;
  /** The timezone of the request: its times, and when it was exported, are written in it. */
  timeZoneId: number;
  columns: SheetColumn[];
  /** Every row (null: none), each through `format`. */
  query: RowQuery | null;
  /** Or every row already in memory and formatted (the settlement's). */
  rows?: Row[] | null;
  format(raw: Row): Row;
  totals: Array<{ label: string; row: Row }>;
  /** How many rows the query answers, where the totals already tell. */
  rowCount: number | null;
}

/**
 * Runs a report over all its rows into an .xlsx under config.exportDir, records it in the export
 * list (kept 7 days) and answers the file. Invalid filters, and a bet-record list with more rows
 * than a sheet holds, fail before anything is recorded.
 */
export async function exportReport(ctx: CallContext, d: ReportDef, input: ExportInput): Promise<FileAnswer> {
  const release = await takeExportSlot(ctx);
  try {
    // The rows and totals from the report reader (the replica, when there is one), like the report call's.
    const source = await exportSource(ctx.reader, ctx.dialect, d, input, ctx.lang);
    const [start, end] = rangeOf(input);
    return await runExport(ctx, {
      kind: d,
      filters: { ...input },
      range: { title: `${start} ~ ${end}`, file: `${start}_${end}` },
      lines: await reportLines(ctx.db, d, input, ctx.lang),
      timeZoneId: input.time_zone_id,
      columns: report.reportFields(d).map((key) => ({ key, header: headerOf(key, ctx.lang, input.time_zone_id), kind: kindOf(key) })),
      query: source.query,
      rows: source.rows,
      format: source.format,
      totals: source.summary.map((s: Row) => ({ label: `${label('total', ctx.lang)} ${String(s.currency_code)}`, row: s })),
      rowCount: source.rowCount,
    });
  } finally {
    await release();
  }
}

/**
 * The account-change ledger with the list's filters, every entry, into an .xlsx like a report's:
 * times in the request's timezone, and per currency the money in, out and net (the net row names
 * how many entries) under the rows. More entries than a sheet holds fail before anything is recorded.
 */
export async function exportBill(ctx: CallContext, input: BillExportInput): Promise<FileAnswer> {
  const release = await takeExportSlot(ctx);
  try {
    const { lang } = ctx;
    const source = await billExportSource(ctx.reader, ctx.dialect, input, lang);
    const total = label('total', lang);
    // currency_id is no column of the sheet: it gives the amounts their currency's decimals.
    const totals = source.summary.flatMap((s) => [
      { label: `${total} ${s.currency_code} ${label('amount_in', lang)}`, row: { amount: s.amount_in, currency_id: s.currency_id } },
      { label: `${total} ${s.currency_code} ${label('amount_out', lang)}`, row: { amount: s.amount_out, currency_id: s.currency_id } },
      { label: `${total} ${s.currency_code} ${label('amount_net', lang)} (${s.entry_count.toLocaleString('en')})`, row: { amount: s.amount_net, currency_id: s.currency_id } },
    ]);
    const stamp = (bound: string | undefined, end: boolean) => boundText(bound, input.time_zone_id, end).slice(0, 10);
    const [from, to] = [stamp(input.start_time, false), stamp(input.end_time, true)];
    return await runExport(ctx, {
      kind: bill.BILL_EXPORT,
      filters: { ...input },
      range: { title: from || to ? `${from} ~ ${to}` : '', file: from || to ? `${from}_${to}` : '' },
      lines: await billLines(ctx.db, input, lang),
      timeZoneId: input.time_zone_id,
      columns: bill.BILL_EXPORT_COLUMNS.map((c) => ({ key: c.key, header: billHeaderOf(c, lang, input.time_zone_id), kind: billKindOf(c) })),
      query: source.query,
      format: source.format,
      totals,
      rowCount: source.rowCount,
    });
  } finally {
    await release();
  }
}

/** Who an export is recorded for: an operator, or an agent user (named with their agent's code), whose exports only they list. */
function requester(user: CallContext['user']) {
  if (user?.agent) return { requested_by: null, requested_by_agent_user: user.id, requested_by_account: `${user.agent.agentCode}/${user.account}` };
  return { requested_by: user?.id ?? null, requested_by_agent_user: null, requested_by_account: user?.account ?? '' };
}

/**
 * The largest part of a file stored in one row. The largest export (a full sheet of the bet-record
 * list, 1,014,200 rows) is about 151 MB (bench/README.md): one value would be held whole in memory
 * by the driver on the way in and out, parts of 1 MiB keep both ends flat.
 */
export const EXPORT_PART_BYTES = 1024 * 1024;

/** Stores the finished file's bytes in the database, part by part, and answers its size. */
async function storeFile(db: Kysely<DB>, id: number, file: string): Promise<number> {
  const fh = await fs.promises.open(file, 'r');
  try {
    let size = 0;
    for (let part = 0; ; part++) {
      const buf = Buffer.alloc(EXPORT_PART_BYTES);
      let filled = 0;
      while (filled < EXPORT_PART_BYTES) {
        const { bytesRead } = await fh.read(buf, filled, EXPORT_PART_BYTES - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled === 0) return size;
      await insertExportPart(db, id, part, buf.subarray(0, filled));
      size += filled;
      if (filled < EXPORT_PART_BYTES) return size;
    }
  } finally {
    await fh.close();
  }
}

/** A stored export's file, read part by part as the client takes it (a part or two in memory at a time). */
function storedFile(db: Kysely<DB>, id: number): Readable {
  async function* parts() {
    for (let part = 0; ; part++) {
      const bytes = await exportPart(db, id, part);
      if (!bytes) return;
      yield bytes;
    }
  }
  return Readable.from(parts(), { objectMode: false, highWaterMark: EXPORT_PART_BYTES });
}

/**
 * Writes a job's sheet (the caller holds an export slot) into a temporary file under EXPORT_DIR,
 * stores its bytes in the database (any server answers its download), records it and answers it.
 */
async function runExport(ctx: CallContext, job: ExportJob): Promise<FileAnswer> {
  const { db, lang } = ctx;
  const createdAt = nowIso();
  const title = job.kind.title[lang];
  const lines: Array<[string, string]> = [
    [label('report', lang), title],
    ...job.lines,
    [`${label('exported', lang)} (${zoneLabel(job.timeZoneId)})`, localDateTimeText(Date.parse(createdAt), timezoneOffsetMinutes(job.timeZoneId))],
    [label('exported_by', lang), ctx.user?.account ?? ''],
  ];
  const fit = dataRowsThatFit({ filterLines: lines, totals: job.totals, maxRows: SHEET_MAX_ROWS });
  if (job.rowCount !== null && job.rowCount > fit) throw tooManyRows(job.rowCount, fit);
  // Money in each row's currency's decimals, as the console shows it (by id; by code where a row has no id).
  const decimals = await currencyDecimals(db);
  const decimalsOf = (row: Row) => decimals.byId.get(Number(row.currency_id)) ?? decimals.byCode.get(String(row.currency_code)) ?? MONEY_SCALE;
  const id = await insertExport(db, {
    report: job.kind.name,
    filters: JSON.stringify({ path: job.kind.path, ...job.filters }),
    ...requester(ctx.user),
    created_at: createdAt,
    expires_at: new Date(Date.parse(createdAt) + KEEP_MS).toISOString(),
  });
  const filePath = path.join(ctx.config.exportDir, `${id}-${randomBytes(6).toString('hex')}.xlsx`);
  const fileName = `${[title, job.range.file, String(id)].filter(Boolean).join('-')}.xlsx`;
  try {
    // Inside the try: an export directory that cannot be made fails the recorded export too.
    fs.mkdirSync(ctx.config.exportDir, { recursive: true });
    const { rows, bytes } = await writeWorkbook({
      file: filePath,
      sheetName: title,
      title: [title, job.range.title].filter(Boolean).join(' '),
      filterLines: lines,
      columns: job.columns,
      maxRows: SHEET_MAX_ROWS,
      async produce(write) {
        if (job.rows) {
          for (let at = 0; at < job.rows.length; at += ROWS_PER_WRITE) await write(job.rows.slice(at, at + ROWS_PER_WRITE));
          return;
        }
        if (!job.query) return;
        await streamRows(ctx.request.server.database, job.query, (batch) => write(batch.map(job.format)));
      },
      totals: job.totals,
      decimalsOf,
    });
    const stored = await storeFile(db, id, filePath);
    if (stored !== bytes) throw new Error(`export ${id}: wrote ${bytes} bytes, stored ${stored}`);
    await finishExport(db, id, { row_count: rows, file_size: bytes, file_name: fileName, file_path: '', finished_at: nowIso() });
  } catch (caught) {
    // Rows the totals did not foretell (a grouped report) that outgrow the sheet.
    const err = caught instanceof SheetFullError ? tooManyRows(null, caught.dataRows) : caught;
    // A system fault's own text (a file path, a statement) goes to the log, not to the list.
    if (!(err instanceof ApiError)) ctx.request.log.error({ err, export: id }, 'export failed');
    await failExport(db, id, err instanceof ApiError ? err.messageFor(lang) : EXPORT_SYSTEM_FAULT, nowIso()).catch(() => undefined);
    await deleteExportParts(db, [id]).catch(() => undefined);
    throw err;
  } finally {
    try {
      fs.rmSync(filePath, { force: true });
    } catch {
      // Nothing was written there (the directory itself could not be made): the fault to answer is the one thrown.
    }
  }
  return { file: storedFile(db, id), filename: fileName, contentType: XLSX_CONTENT_TYPE };
}

function itemOf(r: NonNullable<Awaited<ReturnType<typeof getExport>>>, now: string): exportFile.ExportItem {
  let filters: Record<string, unknown> = {};
  try {
    filters = JSON.parse(r.filters) as Record<string, unknown>;
  } catch {
    // An unreadable filter text still lists the export.
  }
  const expired = r.status === 'expired' || (r.status === 'done' && r.expires_at <= now);
  return {
    id: toNumber(r.id),
    report: r.report,
    report_path: typeof filters.path === 'string' ? filters.path : '',
    filters,
    requested_by: r.requested_by === null ? null : toNumber(r.requested_by),
    requested_by_account: r.requested_by_account,
    status: expired ? 'expired' : (r.status as exportFile.ExportStatus),
    row_count: toNumber(r.row_count),
    file_size: toNumber(r.file_size),
    file_name: r.file_name,
    error_msg: r.error_msg,
    created_at: r.created_at,
    finished_at: r.finished_at,
    expires_at: r.expires_at,
    downloadable: r.status === 'done' && !expired,
  };
}

/**
 * The export list: every export for holders of the export-management code (1305), otherwise the
 * caller's own, so that an export that outlasted its request can still be found and downloaded.
 */
export async function exportList(
  ctx: CallContext,
  input: { page: number; page_size: number; report?: string | undefined; status?: string | undefined; requested_by_account?: string | undefined },
) {
  const now = nowIso();
  const user = ctx.user!;
  const { rows, total } = await listExports(ctx.db, {
    report: input.report,
    status: input.status as exportFile.ExportStatus | undefined,
    requested_by_account: input.requested_by_account,
    // An agent user sees their own exports only, whatever their codes (docs/product.md, "The agent back office").
    ...(user.agent ? { requested_by_agent_user: user.id } : { requested_by: user.permissions.has(EXPORT_MANAGEMENT) ? undefined : user.id }),
    now,
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
  });
  return { list: rows.map((r) => itemOf(r, now)), total };
}

/**
 * The file of an export, for its requester or a holder of 1305, while it is kept. Either must also
 * hold the permission of the report (or the ledger) it was made from now: the file is its rows, and
 * a permission taken away takes its downloads with it. To anyone else the export does not exist.
 */
export async function exportDownload(ctx: CallContext, id: number): Promise<FileAnswer> {
  const row = await getExport(ctx.db, id);
  const user = ctx.user!;
  // Another's export that the caller may not see is answered as one that does not exist (the same
  // code and text), so that ids cannot be probed for whose exports exist. Only a caller who sees
  // every export (1305, operators) is told a refusal apart from an unknown id.
  const own = !!row && (user.agent ? toNumber(row.requested_by_agent_user) === user.id : toNumber(row.requested_by) === user.id);
  const seesOthers = !user.agent && user.permissions.has(EXPORT_MANAGEMENT);
  if (!row || (!own && !seesOthers)) throw new ApiError(ErrorCode.NotFound, { 'zh-cn': `导出记录 ${id} 不存在`, en: `There is no export ${id}` });
  const item = itemOf(row, nowIso());
  const kind = exportFile.exportKindByPath(item.report_path);
  if (!kind || !user.permissions.has(kind.permission)) throw new ApiError(ErrorCode.NoPermission);
  if (item.status === 'expired' || (item.status === 'done' && !(await hasExportParts(ctx.db, id)))) {
    throw new ApiError(ErrorCode.NotFound, {
      'zh-cn': `导出文件已过期（文件保留 ${exportFile.EXPORT_KEEP_DAYS} 天），请重新导出`,
      en: `This export has expired (files are kept ${exportFile.EXPORT_KEEP_DAYS} days); please export again`,
    });
  }
  if (item.status !== 'done') {
    throw new ApiError(ErrorCode.NotFound, {
      'zh-cn': item.status === 'failed' ? `该导出失败：${row.error_msg}` : '该导出尚未完成',
      en: item.status === 'failed' ? `This export failed: ${row.error_msg}` : 'This export has not finished yet',
    });
  }
  return { file: storedFile(ctx.db, id), filename: row.file_name, contentType: XLSX_CONTENT_TYPE };
}

/**
 * An export still running after this long was cut off (the server stopped while writing it): a
 * million rows take under a minute. Not "every running export at start", because several
 * servers may share one PostgreSQL database and another may be writing one right now.
 */
const INTERRUPTED_AFTER_MS = 60 * 60 * 1000;
const INTERRUPTED = '导出中断（服务器在写入时停止），请重新导出 / Interrupted: the server stopped while writing this export; export again';

/**
 * Deletes the stored files of exports past their keep date and marks them expired, and marks
 * exports cut off while running as failed, removing what they had written (stored parts, and a
 * temporary file left under this server's EXPORT_DIR).
 */
export async function cleanUpExports(db: Kysely<DB>, exportDir: string): Promise<number> {
  const rows = await expiredExports(db, nowIso());
  // Files of exports made before the bytes were stored in the database (migration 0021).
  for (const r of rows) if (r.file_path) fs.rmSync(r.file_path, { force: true });
  const expired = rows.map((r) => toNumber(r.id));
  await deleteExportParts(db, expired);
  await markExpired(db, expired);
  const cutOff = await runningSince(db, new Date(Date.now() - INTERRUPTED_AFTER_MS).toISOString());
  if (cutOff.length) {
    // A running export's temporary file is named "<id>-<random>.xlsx".
    const partial = new Set(cutOff.map(String));
    const files = fs.existsSync(exportDir) ? fs.readdirSync(exportDir) : [];
    for (const f of files) if (partial.has(f.split('-')[0]!)) fs.rmSync(path.join(exportDir, f), { force: true });
    await deleteExportParts(db, cutOff);
    for (const id of cutOff) await failExport(db, id, INTERRUPTED, nowIso());
  }
  return rows.length + cutOff.length;
}
