import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';

export async function listGames(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('game as g')
    .innerJoin('platform as p', 'p.id', 'g.platform_id')
    .select(['g.id', 'g.code', 'g.name_zh', 'g.name_en', 'g.platform_id', 'p.code as platform_code', 'p.name as platform_name', 'g.type', 'g.status', 'g.sort'])
    .orderBy('p.sort')
    .orderBy('g.platform_id')
    .orderBy('g.sort')
    .orderBy('g.id')
    .execute();
  return rows.map((r) => ({ ...r, id: toNumber(r.id), platform_id: toNumber(r.platform_id), status: toNumber(r.status), sort: toNumber(r.sort) }));
}

/** A game's code and names, or undefined when there is none (the filter lines of an export). */
export async function gameLabel(db: Kysely<DB>, id: number) {
  return db.selectFrom('game').select(['code', 'name_zh', 'name_en']).where('id', '=', id).executeTakeFirst();
}
