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
