import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

export const pagingSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type Paging = z.infer<typeof pagingSchema>;

/** Server-side sorting of a list or a report: a column name (each call refuses names it does not sort by) and a direction. */
export const sortSchema = z.object({
  sort_field: z.string().max(64).optional(),
  sort_order: z.enum(['ascend', 'descend']).optional(),
});

export const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });
