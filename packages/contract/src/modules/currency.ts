import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf, MAX_PAGE_SIZE } from '../common/paging.ts';

export const CurrencyStatus = { Enabled: 1, Disabled: 2 } as const;

export const currencyItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** Decimals the console shows (amounts themselves always carry 4). */
  decimals: z.number().int(),
  /** Rate to the base currency, a decimal string. */
  rate: z.string(),
  status: z.number().int(),
  sort: z.number().int(),
});
export type CurrencyItem = z.infer<typeof currencyItemSchema>;

export const currencyList = defineCall({
  path: 'currency/list',
  access: 'session',
  summary: 'Currencies in display order; every one unless `page` is given',
  request: z.object({
    page: z.coerce.number().int().min(1).optional(),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    status: z.union([z.literal(1), z.literal(2)]).optional(),
    keyword: z.string().trim().max(32).optional(),
  }),
  response: listOf(currencyItemSchema),
});

export const currencyCalls = [currencyList];
