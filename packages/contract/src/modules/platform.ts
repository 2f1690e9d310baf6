import { z } from 'zod';
import { defineCall } from '../call.ts';
import { listOf } from '../common/paging.ts';
import { safeText } from '../common/safe-text.ts';
import { GAME_TYPES } from './game.ts';

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
  mount: 'both',
  summary: 'Game providers (platforms) in display order, for filters and pickers',
  request: z.object({}),
  response: listOf(platformItemSchema),
});

/* ---- The catalogue: game providers and games (permission 901, docs/product.md, "The catalogue") ---- */

/** 1 enabled, 2 disabled: a disabled provider or game refuses new bets at the ingest and stays in every report. */
export const CatalogueStatus = { Enabled: 1, Disabled: 2 } as const;
const catalogueStatusSchema = z.union([z.literal(1), z.literal(2)]);
/** A provider's code: 2–16 lower-case letters, digits or `_`, unique, fixed once created. */
export const platformCodeSchema = safeText(z.string().trim().regex(/^[a-z0-9_]{2,16}$/, { message: 'platform_code' }), 'identity');
/** A game's code: 2–32 lower-case letters, digits or `_`, unique, fixed once created (the ingest's `game_code`). */
export const gameCodeSchema = safeText(z.string().trim().regex(/^[a-z0-9_]{2,32}$/, { message: 'game_code' }), 'identity');
const catalogueNameSchema = safeText(z.string().trim().min(1).max(64), 'name');
const sortSchema = z.number().int().min(0).max(9999);

export const platformAdd = defineCall({
  path: 'platform/add',
  access: { permission: '901' },
  audit: true,
  summary: 'Add a game provider; its code is unique and fixed once created',
  request: z.object({ code: platformCodeSchema, name: catalogueNameSchema, sort: sortSchema.optional() }),
  response: z.object({ id: z.number().int() }),
});

export const platformEdit = defineCall({
  path: 'platform/edit',
  access: { permission: '901' },
  audit: true,
  summary: "Change a provider's name, sort order or status; a disabled provider's games refuse new bets at the ingest",
  request: z.object({ id: z.number().int().positive(), name: catalogueNameSchema.optional(), sort: sortSchema.optional(), status: catalogueStatusSchema.optional() }),
  response: z.null(),
});

export const gameAdd = defineCall({
  path: 'game/add',
  access: { permission: '901' },
  audit: true,
  summary: 'Add a game of a provider; it starts with the house defaults (enabled, RTP 9650 bp, tax 0, bets 0.1–10000), editable in the dealer config',
  request: z.object({
    code: gameCodeSchema,
    name_zh: catalogueNameSchema,
    name_en: catalogueNameSchema,
    platform_id: z.number().int().positive(),
    type: z.enum(GAME_TYPES),
    sort: sortSchema.optional(),
  }),
  response: z.object({ id: z.number().int() }),
});

export const gameEdit = defineCall({
  path: 'game/edit',
  access: { permission: '901' },
  audit: true,
  summary: "Change a game's names, type, sort order or status; a disabled game refuses new bets at the ingest",
  request: z.object({
    id: z.number().int().positive(),
    name_zh: catalogueNameSchema.optional(),
    name_en: catalogueNameSchema.optional(),
    type: z.enum(GAME_TYPES).optional(),
    sort: sortSchema.optional(),
    status: catalogueStatusSchema.optional(),
  }),
  response: z.null(),
});

export const platformCalls = [platformList, platformAdd, platformEdit, gameAdd, gameEdit];
