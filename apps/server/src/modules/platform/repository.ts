import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../lib/sql.ts';

export async function listPlatforms(db: Kysely<DB>) {
  const rows = await db.selectFrom('platform').select(['id', 'code', 'name', 'status', 'sort']).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: toNumber(r.id), status: toNumber(r.status), sort: toNumber(r.sort) }));
}
