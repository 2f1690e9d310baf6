import type { Kysely } from 'kysely';
import { DEFAULT_PAGE_SIZE, ErrorCode, type CallParsed, type currency } from '@console/contract';
import type { DB } from '../../db/schema.ts';
import type { TransferStage } from '../../db/transfer-batch.ts';
import { isUniqueViolation } from '../user/public.ts';
import { apiError } from '../../lib/api-error.ts';
import { changedFields } from '../../lib/changes.ts';
import { nowIso } from '../../lib/time.ts';
import type { CallContext } from '../../plugins/calls.ts';
import { currencyCodeTaken, disabledCurrencyIds, findCurrency, insertCurrency, listCurrencies, updateCurrency } from './repository.ts';

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

/** The decimal string as stored: no trailing zeros past the point ("7.10000000" → "7.1"). */
export const canonicalRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

const taken = (code: string) => apiError(ErrorCode.Duplicate, `币种代码 ${code} 已存在`, `The currency code ${code} already exists`);

export async function currencyAdd(input: CallParsed<typeof currency.currencyAdd>, ctx: CallContext): Promise<{ id: number }> {
  if (await currencyCodeTaken(ctx.db, input.code)) throw taken(input.code);
  const row = { code: input.code, name: input.name, symbol: input.symbol, decimals: input.decimals, rate: canonicalRate(input.rate) };
  let id: number;
  try {
    id = await insertCurrency(ctx.db, row, nowIso());
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(input.code);
    throw err;
  }
  const { code, ...rest } = row;
  ctx.audit(`currency:${id} ${code}`, { currency: code, ...rest });
  return { id };
}

export async function currencyEdit(input: CallParsed<typeof currency.currencyEdit>, ctx: CallContext): Promise<null> {
  const before = await findCurrency(ctx.db, input.id);
  if (!before) throw apiError(ErrorCode.NotFound, '币种不存在', 'No such currency');
  const { id: _id, ...asked } = input;
  const wanted = { ...asked, ...(asked.rate !== undefined ? { rate: canonicalRate(asked.rate) } : {}) };
  const changes = changedFields(before, wanted);
  if (Object.keys(changes).length) {
    await updateCurrency(ctx.db, before.id, Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.after])), nowIso());
  }
  ctx.audit(`currency:${before.id} ${before.code}`, changes);
  return null;
}

/**
 * The transfer pipeline's currency check (db/transfer-batch.ts): a disabled currency takes no money
 * in; money going out is still stored. One look-up over the batch's transfers in.
 */
export const currencyTransferStage: TransferStage = {
  name: 'currency enabled',
  async run(batch) {
    const ins = batch.transfers.filter((t) => t.direction === 'in');
    if (ins.length === 0) return;
    const off = await disabledCurrencyIds(batch.db, ins.map((t) => t.currency_id));
    if (off.size === 0) return;
    for (const t of ins) {
      if (off.has(t.currency_id)) batch.reject(t.index, 'currency_code', `the currency "${t.currency_code}" is disabled: it takes no new transfers in`, 'currency_disabled');
    }
  },
};
