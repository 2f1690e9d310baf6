import type { Kysely } from 'kysely';
import { DEFAULT_PAGE_SIZE } from '@console/contract';
import type { DB } from '../../db/schema.ts';
import { listCurrencies } from './repository.ts';

export interface CurrencyListInput {
  page?: number | undefined;
  page_size?: number | undefined;
  status?: number | undefined;
  keyword?: string | undefined;
}

/** The console loads every currency at start-up (no page given); the management screen pages. */
export async function currencyList(db: Kysely<DB>, input: CurrencyListInput) {
  const paging = input.page || input.page_size ? { page: input.page ?? 1, pageSize: input.page_size ?? DEFAULT_PAGE_SIZE } : undefined;
  return listCurrencies(db, { status: input.status, keyword: input.keyword }, paging);
}
