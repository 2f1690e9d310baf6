import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';

/** SQL of agents used by the dictionaries, and by the sub-tree filters and labels of other modules. */

/** The ids of a tree path ("/1/5/12/" → [1, 5, 12]). */
const pathIds = (p: string): number[] => p.split('/').filter(Boolean).map(Number);

/**
 * Tree order: each agent right before its sub-tree, siblings by id. Ordering by the path's text
 * would put "/16/" before "/8/"; its ids are compared as numbers instead, and a path that is a
 * prefix of another (a parent's) comes first.
 */
function byTreePath(a: string, b: string): number {
  const x = pathIds(a);
  const y = pathIds(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

export async function listAgentsQuick(db: Kysely<DB>) {
  // Sorted here, not in SQL: a numeric order of the path's segments has no portable SQL spelling,
  // and the list is every agent anyway.
  const rows = await db
    .selectFrom('agent')
    .select(['id', 'code', 'name', 'parent_id', 'level', 'currency_id', 'status', 'path'])
    .execute();
  rows.sort((a, b) => byTreePath(a.path, b.path));
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

/** The agent and its whole sub-tree (its path is a prefix of theirs); null when the agent does not exist. */
export async function agentSubtree(db: Kysely<DB>, agentId: number): Promise<number[] | null> {
  const agent = await db.selectFrom('agent').select('path').where('id', '=', agentId).executeTakeFirst();
  if (!agent) return null;
  const rows = await db.selectFrom('agent').select('id').where('path', 'like', `${agent.path}%`).execute();
  return rows.map((r) => toNumber(r.id));
}

/** An agent's code and name, or undefined when there is no such agent. */
export async function agentLabel(db: Kysely<DB>, id: number) {
  return db.selectFrom('agent').select(['code', 'name']).where('id', '=', id).executeTakeFirst();
}
