import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';
import { writeTransaction } from '../../db/write-transaction.ts';

/**
 * SQL of the export records (table `export`, migration 0002), their files' bytes (`export_part`)
 * and the places of the exports being written on any server (`export_slot`, migration 0021).
 */

export interface NewExport {
  report: string;
  filters: string;
  requested_by: number | null;
  requested_by_account: string;
  created_at: string;
  expires_at: string;
}

export async function insertExport(db: Kysely<DB>, e: NewExport): Promise<number> {
  const r = await db
    .insertInto('export')
    .values({ ...e, status: 'running', row_count: 0, file_size: 0, file_name: '', file_path: '', error_msg: '', finished_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(r.id);
}

export async function finishExport(
  db: Kysely<DB>,
  id: number,
  done: { row_count: number; file_size: number; file_name: string; file_path: string; finished_at: string },
): Promise<void> {
  await db.updateTable('export').set({ ...done, status: 'done' }).where('id', '=', id).execute();
}

export async function failExport(db: Kysely<DB>, id: number, error: string, at: string): Promise<void> {
  await db.updateTable('export').set({ status: 'failed', error_msg: error.slice(0, 500), finished_at: at }).where('id', '=', id).execute();
}

export async function getExport(db: Kysely<DB>, id: number) {
  return db.selectFrom('export').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ExportListFilter {
  report?: string | undefined;
  status?: 'running' | 'done' | 'failed' | 'expired' | undefined;
  requested_by_account?: string | undefined;
  /** Only this operator's exports. */
  requested_by?: number | undefined;
  /** Only this agent user's exports. */
  requested_by_agent_user?: number | undefined;
  /** The time a finished export past its keep date counts as expired at (see the status filter). */
  now: string;
  limit: number;
  offset: number;
}

export async function listExports(db: Kysely<DB>, f: ExportListFilter) {
  let q = db.selectFrom('export');
  if (f.report) q = q.where('report', '=', f.report);
  // A finished export whose keep date has passed is listed as expired before the cleanup marks
  // it so: the status filter follows what the list shows.
  if (f.status === 'done') q = q.where('status', '=', 'done').where('expires_at', '>', f.now);
  else if (f.status === 'expired') q = q.where((eb) => eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'done'), eb('expires_at', '<=', f.now)])]));
  else if (f.status) q = q.where('status', '=', f.status);
  if (f.requested_by_account) q = q.where('requested_by_account', '=', f.requested_by_account);
  if (f.requested_by !== undefined) q = q.where('requested_by', '=', f.requested_by);
  if (f.requested_by_agent_user !== undefined) q = q.where('requested_by_agent_user', '=', f.requested_by_agent_user);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: toNumber(count?.n) };
}

/** Exports whose files are past their keep date and not yet cleaned up. */
export async function expiredExports(db: Kysely<DB>, now: string) {
  return db.selectFrom('export').select(['id', 'file_path']).where('expires_at', '<=', now).where('status', '!=', 'expired').execute();
}

/** Ids of exports still marked running that were started before `before`. */
export async function runningSince(db: Kysely<DB>, before: string): Promise<number[]> {
  const rows = await db.selectFrom('export').select('id').where('status', '=', 'running').where('created_at', '<', before).execute();
  return rows.map((r) => toNumber(r.id));
}

export async function markExpired(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length) await db.updateTable('export').set({ status: 'expired', file_path: '' }).where('id', 'in', ids).execute();
}

/* ---- The file's bytes (export_part) ---- */

export async function insertExportPart(db: Kysely<DB>, exportId: number, part: number, bytes: Buffer): Promise<void> {
  await db.insertInto('export_part').values({ export_id: exportId, part, bytes }).execute();
}

/** Part `part` of an export's file (0 first), or undefined past its last. */
export async function exportPart(db: Kysely<DB>, exportId: number, part: number): Promise<Buffer | undefined> {
  const r = await db.selectFrom('export_part').select('bytes').where('export_id', '=', exportId).where('part', '=', part).executeTakeFirst();
  return r ? Buffer.from(r.bytes) : undefined;
}

export async function hasExportParts(db: Kysely<DB>, exportId: number): Promise<boolean> {
  return !!(await db.selectFrom('export_part').select('part').where('export_id', '=', exportId).limit(1).executeTakeFirst());
}

export async function deleteExportParts(db: Kysely<DB>, ids: number[]): Promise<void> {
  for (let at = 0; at < ids.length; at += 500) await db.deleteFrom('export_part').where('export_id', 'in', ids.slice(at, at + 500)).execute();
}

/* ---- Places of running exports, counted across servers (export_slot) ---- */

/** Any constant: the PostgreSQL advisory lock that takers of export places queue on. */
const EXPORT_SLOT_LOCK = 7_340_021;

export interface SlotRequest {
  id: string;
  holder: string;
  perHolder: number;
  atOnce: number;
  now: string;
  /** Places whose heartbeat is older than this have lapsed (their server stopped): not counted, removed. */
  lapsedBefore: string;
}

/**
 * Takes a place for one export when the holder has fewer than `perHolder` and all servers together
 * fewer than `atOnce`; answers which cap refused it otherwise. One taker at a time: SQLite's write
 * lock (BEGIN IMMEDIATE), on PostgreSQL an advisory lock held to the transaction's end.
 */
export async function takeSlot(database: Database, r: SlotRequest): Promise<'taken' | 'holder' | 'all'> {
  return writeTransaction(database, async (db) => {
    if (database.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${EXPORT_SLOT_LOCK})`.execute(db);
    await db.deleteFrom('export_slot').where('heartbeat_at', '<', r.lapsedBefore).execute();
    const rows = await db.selectFrom('export_slot').select('holder').execute();
    if (rows.filter((x) => x.holder === r.holder).length >= r.perHolder) return 'holder';
    if (rows.length >= r.atOnce) return 'all';
    await db.insertInto('export_slot').values({ id: r.id, holder: r.holder, heartbeat_at: r.now }).execute();
    return 'taken';
  });
}

export async function beatSlot(db: Kysely<DB>, id: string, now: string): Promise<void> {
  await db.updateTable('export_slot').set({ heartbeat_at: now }).where('id', '=', id).execute();
}

export async function releaseSlot(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('export_slot').where('id', '=', id).execute();
}
