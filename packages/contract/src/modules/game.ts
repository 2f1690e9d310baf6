import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf } from '../common/paging.ts';

export const GAME_TYPES = ['card', 'slot', 'fishing', 'live'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export const gameItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  platform_id: z.number().int(),
  platform_code: z.string(),
  platform_name: z.string(),
  type: z.string(),
  status: z.number().int(),
  sort: z.number().int(),
});
export type GameItem = z.infer<typeof gameItemSchema>;

export const gameList = defineCall({
  path: 'game/list',
  access: 'session',
  summary: 'Every game with its platform, in display order, for filters and pickers',
  request: z.object({}),
  response: listOf(gameItemSchema),
});

export const gameCalls = [gameList];
