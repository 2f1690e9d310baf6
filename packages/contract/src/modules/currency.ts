import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf, MAX_PAGE_SIZE } from '../common/paging.ts';
import { safeText } from '../common/safe-text.ts';

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
  mount: 'both',
  summary: 'Currencies in display order; every one unless `page` is given',
  request: z.object({
    page: z.coerce.number().int().min(1).optional(),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    status: z.union([z.literal(1), z.literal(2)]).optional(),
    keyword: z.string().trim().max(32).optional(),
  }),
  response: listOf(currencyItemSchema),
});


/* ---- Currency management (permission 1303, docs/product.md, "Currencies") ---- */

export const currencyCodeSchema = safeText(z.string().trim().regex(/^[A-Z0-9]{2,10}$/, { message: 'currency_code' }), 'identity');
/** Base-currency units per unit: a decimal string above 0 with at most 8 decimals, kept exactly as text. */
export const currencyRateSchema = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d{0,11})(\.\d{1,8})?$/, { message: 'currency_rate' })
  .refine((v) => /[1-9]/.test(v), { message: 'currency_rate' });
export const currencyDecimalsSchema = z.number().int().min(0).max(4);
const currencyNameSchema = safeText(z.string().trim().min(1).max(64), 'name');
const currencySymbolSchema = safeText(z.string().trim().max(8), 'name');
const currencyStatusSchema = z.union([z.literal(1), z.literal(2)]);

export const currencyAdd = defineCall({
  path: 'currency/add',
  access: { permission: '1303' },
  audit: true,
  summary: 'Add a currency; its code is fixed once created',
  request: z.object({
    code: currencyCodeSchema,
    name: currencyNameSchema,
    symbol: currencySymbolSchema.default(''),
    decimals: currencyDecimalsSchema,
    rate: currencyRateSchema,
  }),
  response: z.object({ id: z.number().int() }),
});

export const currencyEdit = defineCall({
  path: 'currency/edit',
  access: { permission: '1303' },
  audit: true,
  summary: 'Change name, symbol, decimals, rate or status; a disabled currency is refused for new agents and new transfers in, and stays in every report',
  request: z.object({
    id: z.number().int().positive(),
    name: currencyNameSchema.optional(),
    symbol: currencySymbolSchema.optional(),
    decimals: currencyDecimalsSchema.optional(),
    rate: currencyRateSchema.optional(),
    status: currencyStatusSchema.optional(),
  }),
  response: z.null(),
});

export const currencyCalls = [currencyList, currencyAdd, currencyEdit];
