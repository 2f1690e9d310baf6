import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf } from '../common/paging.ts';

export const platformItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.number().int(),
  sort: z.number().int(),
});
export type PlatformItem = z.infer<typeof platformItemSchema>;

export const platformList = defineCall({
  path: 'platform/list',
  access: 'session',
  summary: 'Game providers (platforms) in display order, for filters and pickers',
  request: z.object({}),
  response: listOf(platformItemSchema),
});

export const platformCalls = [platformList];
