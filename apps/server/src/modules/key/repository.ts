import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';

/** SQL of API keys. Secrets are never selected for lists. */

export interface KeyRow {
  id: number;
  type: string;
  agent_id: number;
  app_id: string;
  secret_hash: string | null;
  secret_encrypted: string | null;
  status: number;
  expires_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  /** Ingest keys: the agent whose sub-tree the key is limited to, or null (migration 0025). */
  scope_agent_id: number | null;
  /** Ingest keys: the provider whose games the key is limited to, or null (migration 0025). */
  scope_platform_id: number | null;
}

const KEY_COLUMNS = [
  'id', 'type', 'agent_id', 'app_id', 'secret_hash', 'secret_encrypted', 'status', 'expires_at', 'last_used_at', 'last_used_ip', 'scope_agent_id', 'scope_platform_id',
] as const;

const nullableId = (v: unknown) => (v === null || v === undefined ? null : toNumber(v));

/** A key row's ids and status as numbers (PostgreSQL answers bigint columns as text). */
function withNumbers<R extends { id: unknown; agent_id: unknown; status: unknown; scope_agent_id: unknown; scope_platform_id: unknown }>(r: R) {
  return {
    ...r,
    id: toNumber(r.id),
    agent_id: toNumber(r.agent_id),
    status: toNumber(r.status),
    scope_agent_id: nullableId(r.scope_agent_id),
    scope_platform_id: nullableId(r.scope_platform_id),
  };
}

function toKeyRow(
  r: { id: unknown; agent_id: unknown; status: unknown; scope_agent_id: unknown; scope_platform_id: unknown } & Omit<KeyRow, 'id' | 'agent_id' | 'status' | 'scope_agent_id' | 'scope_platform_id'>,
): KeyRow {
  return withNumbers(r);
}

export async function findKeyByAppId(db: Kysely<DB>, appId: string): Promise<KeyRow | undefined> {
  const r = await db.selectFrom('api_key').select(KEY_COLUMNS).where('app_id', '=', appId).executeTakeFirst();
  return r && toKeyRow(r);
}

/** An agent key by its app id with its agent's code, tree path and IP whitelist (one look-up for the agent API). */
export async function findAgentKeyWithAgent(db: Kysely<DB>, appId: string) {
  const r = await db
    .selectFrom('api_key as k')
    .innerJoin('agent as a', 'a.id', 'k.agent_id')
    .innerJoin('currency as c', 'c.id', 'a.currency_id')
    .select(KEY_COLUMNS.map((c) => `k.${c}` as const))
    .select(['a.code as agent_code', 'a.path as agent_path', 'a.ip_whitelist as agent_ip_whitelist', 'a.wallet_mode as agent_wallet_mode', 'a.currency_id as agent_currency_id', 'c.code as agent_currency_code'])
    .where('k.app_id', '=', appId)
    .where('k.type', '=', 'agent')
    .executeTakeFirst();
  return (
    r && {
      key: toKeyRow(r),
      agent: {
        id: toNumber(r.agent_id),
        code: r.agent_code,
        path: r.agent_path,
        ipWhitelist: r.agent_ip_whitelist,
        wallet_mode: toNumber(r.agent_wallet_mode),
        currency_id: toNumber(r.agent_currency_id),
        currency_code: r.agent_currency_code,
      },
    }
  );
}

export async function findKeyById(db: Kysely<DB>, id: number): Promise<KeyRow | undefined> {
  const r = await db.selectFrom('api_key').select(KEY_COLUMNS).where('id', '=', id).executeTakeFirst();
  return r && toKeyRow(r);
}

export interface NewKey {
  type: string;
  agent_id: number;
  app_id: string;
  secret_hash: string | null;
  secret_encrypted: string | null;
  remark: string;
  expires_at: string | null;
  created_by: number | null;
  scope_agent_id?: number | null;
  scope_platform_id?: number | null;
}

export async function insertKey(db: Kysely<DB>, key: NewKey, now: string): Promise<number> {
  const r = await db
    .insertInto('api_key')
    .values({ ...key, status: 1, last_used_at: null, rotated_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(r.id);
}

export async function setKeyStatus(db: Kysely<DB>, id: number, status: number, now: string): Promise<boolean> {
  const r = await db.updateTable('api_key').set({ status, updated_at: now }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setKeySecret(db: Kysely<DB>, id: number, secret: { secret_hash: string | null; secret_encrypted: string | null }, now: string) {
  await db.updateTable('api_key').set({ ...secret, rotated_at: now, updated_at: now }).where('id', '=', id).execute();
}

export async function touchKey(db: Kysely<DB>, id: number, now: string, ip?: string) {
  await db.updateTable('api_key').set(ip === undefined ? { last_used_at: now } : { last_used_at: now, last_used_ip: ip }).where('id', '=', id).execute();
}

export interface KeyFilter {
  type?: string | undefined;
  agent_id?: number | undefined;
  status?: number | undefined;
}

export async function listKeys(db: Kysely<DB>, f: KeyFilter, page: number, pageSize: number) {
  let q = db
    .selectFrom('api_key as k')
    .leftJoin('agent as a', 'a.id', 'k.agent_id')
    .leftJoin('agent as sa', 'sa.id', 'k.scope_agent_id')
    .leftJoin('platform as sp', 'sp.id', 'k.scope_platform_id');
  if (f.type) q = q.where('k.type', '=', f.type);
  if (f.agent_id !== undefined) q = q.where('k.agent_id', '=', f.agent_id);
  if (f.status !== undefined) q = q.where('k.status', '=', f.status);
  const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await q
    .select([
      'k.id', 'k.type', 'k.agent_id', 'a.code as agent_code', 'a.ip_whitelist as agent_ip_whitelist', 'k.app_id', 'k.status', 'k.remark',
      'k.expires_at', 'k.last_used_at', 'k.last_used_ip', 'k.rotated_at', 'k.created_at',
      'k.scope_agent_id', 'sa.code as scope_agent_code', 'k.scope_platform_id', 'sp.code as scope_platform_code',
    ])
    .orderBy('k.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total: toNumber(total?.n),
    rows: rows.map(withNumbers),
  };
}

export async function agentExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('agent').select('id').where('id', '=', id).executeTakeFirst());
}

export async function platformExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('platform').select('id').where('id', '=', id).executeTakeFirst());
}
