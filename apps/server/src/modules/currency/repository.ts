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
