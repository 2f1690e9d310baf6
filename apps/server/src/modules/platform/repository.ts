import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';

export async function listPlatforms(db: Kysely<DB>) {
  const rows = await db.selectFrom('platform').select(['id', 'code', 'name', 'status', 'sort']).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: toNumber(r.id), status: toNumber(r.status), sort: toNumber(r.sort) }));
}

/** A platform's code and name, or undefined when there is none (the filter lines of an export). */
export async function platformLabel(db: Kysely<DB>, id: number) {
  return db.selectFrom('platform').select(['code', 'name']).where('id', '=', id).executeTakeFirst();
}

export interface PlatformRow {
  id: number;
  code: string;
  name: string;
  status: number;
  sort: number;
}

export async function findPlatform(db: Kysely<DB>, id: number): Promise<PlatformRow | undefined> {
  const r = await db.selectFrom('platform').select(['id', 'code', 'name', 'status', 'sort']).where('id', '=', id).executeTakeFirst();
  return r && { ...r, id: toNumber(r.id), status: toNumber(r.status), sort: toNumber(r.sort) };
}

export async function platformCodeTaken(db: Kysely<DB>, code: string): Promise<boolean> {
  return !!(await db.selectFrom('platform').select('id').where('code', '=', code).executeTakeFirst());
}

/** The next sort position of a table: after every row. */
async function nextSort(db: Kysely<DB>, table: 'platform' | 'game'): Promise<number> {
  const last = await db.selectFrom(table).select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
  return toNumber(last?.sort) + 1;
}

export async function insertPlatform(db: Kysely<DB>, p: { code: string; name: string; sort?: number | undefined }, now: string): Promise<number> {
  const r = await db
    .insertInto('platform')
    .values({ code: p.code, name: p.name, status: 1, sort: p.sort ?? (await nextSort(db, 'platform')), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(r.id);
}

export async function updatePlatform(db: Kysely<DB>, id: number, changes: Partial<Omit<PlatformRow, 'id' | 'code'>>, now: string) {
  await db.updateTable('platform').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

export interface GameRow {
  id: number;
  code: string;
  name_zh: string;
  name_en: string;
  platform_id: number;
  type: string;
  status: number;
  sort: number;
}

export async function findGame(db: Kysely<DB>, id: number): Promise<GameRow | undefined> {
  const r = await db
    .selectFrom('game')
    .select(['id', 'code', 'name_zh', 'name_en', 'platform_id', 'type', 'status', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst();
  return r && { ...r, id: toNumber(r.id), platform_id: toNumber(r.platform_id), status: toNumber(r.status), sort: toNumber(r.sort) };
}

export async function gameCodeTaken(db: Kysely<DB>, code: string): Promise<boolean> {
  return !!(await db.selectFrom('game').select('id').where('code', '=', code).executeTakeFirst());
}

export async function insertGame(db: Kysely<DB>, g: Omit<GameRow, 'id' | 'status' | 'sort'> & { sort?: number | undefined }, now: string): Promise<number> {
  const r = await db
    .insertInto('game')
    .values({ ...g, status: 1, sort: g.sort ?? (await nextSort(db, 'game')), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(r.id);
}

/** A game's provider is not among what changes: the reports group a game's rows without it (report/repository/plan.ts, groupKeys). */
export async function updateGame(db: Kysely<DB>, id: number, changes: Partial<Omit<GameRow, 'id' | 'code' | 'platform_id'>>, now: string) {
  await db.updateTable('game').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}
