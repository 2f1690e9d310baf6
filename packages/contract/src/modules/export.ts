import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf, pagingSchema } from '../common/paging.ts';
import { REPORT_SCREENS } from '../report-defs.ts';
import { BILL_EXPORT } from './bill.ts';

/** Export files are kept this long, then deleted; the record stays, marked expired. */
export const EXPORT_KEEP_DAYS = 7;

/**
 * What can be exported: every report and the account-change ledger. `name` is an export's
 * `report` in the list, `path` the list call (its export is `<path>/export`), `permission` what
 * running and downloading it needs, `title` its name in the list and on the sheet.
 */
export interface ExportKind {
  name: string;
  path: string;
  permission: string;
  title: { 'zh-cn': string; en: string };
}
export const EXPORT_KINDS: readonly ExportKind[] = [...Object.values(REPORT_SCREENS), BILL_EXPORT];
export const exportKindByName = (name: string): ExportKind | undefined => EXPORT_KINDS.find((k) => k.name === name);
export const exportKindByPath = (path: string): ExportKind | undefined => EXPORT_KINDS.find((k) => k.path === path);

export const EXPORT_STATUSES = ['running', 'done', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const exportItemSchema = z.object({
  id: z.number().int(),
  /** What was exported (EXPORT_KINDS[…].name): a report's name, e.g. "agent-daily", or "bill" for the ledger. */
  report: z.string(),
  /** The list call it was exported from, e.g. "agent/report/agent/daily/summary" or "bill/list". */
  report_path: z.string(),
  /** The filters and sort the export ran with. */
  filters: z.record(z.string(), z.unknown()),
  requested_by: z.number().int().nullable(),
  requested_by_account: z.string(),
  status: z.enum(EXPORT_STATUSES),
  row_count: z.number().int(),
  file_size: z.number().int(),
  file_name: z.string(),
  error_msg: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
  /** True while the file can still be downloaded. */
  downloadable: z.boolean(),
});
export type ExportItem = z.infer<typeof exportItemSchema>;

export const exportList = defineCall({
  path: 'export/list',
  // Holders of the export-management code (1305) see every export; anyone else their own.
  access: 'session',
  mount: 'both',
  summary: "Spreadsheet exports, newest first, filtered by report, status and requester (every operator's with 1305, else the caller's own)",
  request: pagingSchema.extend({
    report: z.string().trim().max(64).optional(),
    status: z.enum(EXPORT_STATUSES).optional(),
    requested_by_account: z.string().trim().max(64).optional(),
  }),
  response: listOf(exportItemSchema),
});

export const exportDownload = defineCall({
  path: 'export/download',
  // Its requester may download it again; anyone else needs the export-management code (1305).
  // Either also needs the permission of the report it was made from.
  access: 'session',
  mount: 'both',
  binary: true,
  summary: "Download an export file again (its requester, or holders of 1305, holding the report's permission) while it is kept",
  request: z.object({ id: z.coerce.number().int().positive() }),
  response: z.null(),
});

export const exportCalls = [exportList, exportDownload];
