import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../lib/sql.ts';

/** SQL of agents used by the dictionaries and by sub-tree filters. */

export async function listAgentsQuick(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('agent')
    .select(['id', 'code', 'name', 'parent_id', 'level', 'currency_id', 'status'])
    .orderBy('path')
    .execute();
  return rows.map((r) => ({
    id: toNumber(r.id),
    code: r.code,
    name: r.name,
    parent_id: r.parent_id === null ? null : toNumber(r.parent_id),
    level: toNumber(r.level),
    currency_id: toNumber(r.currency_id),
    status: toNumber(r.status),
  }));
}

/** The tree path of an agent ("/1/5/"), or undefined when there is no such agent. */
export async function agentPath(db: Kysely<DB>, id: number): Promise<string | undefined> {
  const r = await db.selectFrom('agent').select('path').where('id', '=', id).executeTakeFirst();
  return r?.path;
}
