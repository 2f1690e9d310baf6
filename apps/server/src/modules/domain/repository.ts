import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';

/** SQL of the platform's domains. `agent_id` is stored null for the whole platform, answered as 0. */

export interface DomainRow {
  id: number;
  domain: string;
  type: string;
  agent_id: number;
  status: number;
  remark: string;
}

export async function findDomain(db: Kysely<DB>, id: number): Promise<DomainRow | undefined> {
  const r = await db.selectFrom('domain').select(['id', 'domain', 'type', 'agent_id', 'status', 'remark']).where('id', '=', id).executeTakeFirst();
  return r && { ...r, id: toNumber(r.id), agent_id: r.agent_id === null ? 0 : toNumber(r.agent_id), status: toNumber(r.status) };
}

export async function domainTaken(db: Kysely<DB>, domain: string): Promise<boolean> {
  return !!(await db.selectFrom('domain').select('id').where('domain', '=', domain).executeTakeFirst());
}

export async function insertDomain(db: Kysely<DB>, d: Omit<DomainRow, 'id' | 'status'>, now: string): Promise<number> {
  const r = await db
    .insertInto('domain')
    .values({ ...d, agent_id: d.agent_id || null, status: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(r.id);
}

export async function updateDomain(db: Kysely<DB>, id: number, changes: Partial<Omit<DomainRow, 'id' | 'domain'>>, now: string) {
  const { agent_id, ...rest } = changes;
  await db
    .updateTable('domain')
    .set({ ...rest, ...(agent_id !== undefined ? { agent_id: agent_id || null } : {}), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export interface DomainFilter {
  /** Matched against the stored (ASCII) name; the service adds the punycode spelling of a Unicode keyword. */
  keywords?: string[] | undefined;
  type?: string | undefined;
  agent_id?: number | undefined;
  status?: number | undefined;
}

export async function listDomains(db: Kysely<DB>, f: DomainFilter, page: number, pageSize: number) {
  let q = db.selectFrom('domain as d');
  if (f.keywords?.length) {
    const likes = f.keywords.map((k) => `%${k.toLowerCase().replace(/[%_\\]/g, '')}%`);
    q = q.where((eb) => eb.or(likes.map((l) => eb('d.domain', 'like', l))));
  }
  if (f.type) q = q.where('d.type', '=', f.type);
  if (f.agent_id === 0) q = q.where('d.agent_id', 'is', null);
  else if (f.agent_id !== undefined) q = q.where('d.agent_id', '=', f.agent_id);
  if (f.status !== undefined) q = q.where('d.status', '=', f.status);
  const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await q
    .leftJoin('agent as a', 'a.id', 'd.agent_id')
    .select(['d.id', 'd.domain', 'd.type', 'd.agent_id', 'a.code as agent_code', 'd.status', 'd.remark', 'd.created_at', 'd.updated_at'])
    .orderBy('d.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total: toNumber(total?.n),
    rows: rows.map((r) => ({ ...r, id: toNumber(r.id), agent_id: r.agent_id === null ? 0 : toNumber(r.agent_id), status: toNumber(r.status) })),
  };
}
