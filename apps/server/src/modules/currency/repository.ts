import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';

export interface CurrencyFilter {
  status?: number | undefined;
  keyword?: string | undefined;
}

export async function listCurrencies(db: Kysely<DB>, f: CurrencyFilter, paging?: { page: number; pageSize: number }) {
  let q = db.selectFrom('currency');
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.keyword) {
    // Case-insensitive on both databases; wildcards typed by the user are taken literally by dropping them.
    const like = `%${f.keyword.toLowerCase().replace(/[%_\\]/g, '')}%`;
    q = q.where((eb) => eb.or([eb(eb.fn('lower', ['code']), 'like', like), eb(eb.fn('lower', ['name']), 'like', like)]));
  }
  const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  let rq = q.select(['id', 'code', 'name', 'symbol', 'decimals', 'rate', 'status', 'sort']).orderBy('sort').orderBy('id');
  if (paging) rq = rq.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  const rows = await rq.execute();
  return {
    total: toNumber(total?.n),
    list: rows.map((r) => ({ ...r, id: toNumber(r.id), decimals: toNumber(r.decimals), status: toNumber(r.status), sort: toNumber(r.sort) })),
  };
}

/** A currency's code, or undefined when there is none (the filter lines of an export). */
export async function currencyLabel(db: Kysely<DB>, id: number) {
  return db.selectFrom('currency').select(['code']).where('id', '=', id).executeTakeFirst();
}

/** Every currency's decimals (how many the console shows) by id and by code: an export writes money with them. */
export async function currencyDecimals(db: Kysely<DB>): Promise<{ byId: Map<number, number>; byCode: Map<string, number> }> {
  const rows = await db.selectFrom('currency').select(['id', 'code', 'decimals']).execute();
  return {
    byId: new Map(rows.map((r) => [toNumber(r.id), toNumber(r.decimals)])),
    byCode: new Map(rows.map((r) => [r.code, toNumber(r.decimals)])),
  };
}

export interface CurrencyRow {
  id: number;
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  rate: string;
  status: number;
}

export async function findCurrency(db: Kysely<DB>, id: number): Promise<CurrencyRow | undefined> {
  const r = await db.selectFrom('currency').select(['id', 'code', 'name', 'symbol', 'decimals', 'rate', 'status']).where('id', '=', id).executeTakeFirst();
  return r && { ...r, id: toNumber(r.id), decimals: toNumber(r.decimals), status: toNumber(r.status) };
}

/** Codes that differ only in letter case count as one. */
export async function currencyCodeTaken(db: Kysely<DB>, code: string): Promise<boolean> {
  const r = await db.selectFrom('currency').select('id').where((eb) => eb(eb.fn('upper', ['code']), '=', code.toUpperCase())).executeTakeFirst();
  return !!r;
}

export async function insertCurrency(db: Kysely<DB>, c: Omit<CurrencyRow, 'id' | 'status'>, now: string): Promise<number> {
  const last = await db.selectFrom('currency').select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
  const r = await db
    .insertInto('currency')
    .values({ ...c, status: 1, sort: toNumber(last?.sort) + 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(r.id);
}

export async function updateCurrency(db: Kysely<DB>, id: number, changes: Partial<Omit<CurrencyRow, 'id' | 'code'>>, now: string) {
  await db.updateTable('currency').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Which of these currencies are disabled. A disabled currency takes no new agents and no new
 * transfers in (docs/product.md, "Currencies"); its history stays in every report. For the ingest: one look-up per
 * batch, over the currency ids its records resolved to.
 */
export async function disabledCurrencyIds(db: Kysely<DB>, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('currency').select('id').where('id', 'in', [...new Set(ids)]).where('status', '<>', 1).execute();
  return new Set(rows.map((r) => toNumber(r.id)));
}
