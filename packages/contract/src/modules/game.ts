import { z } from 'zod';
import { defineCall } from '../call.ts';
import { moneySchema, nonNegativeMoneySchema } from '../common/money.ts';
import { listOf, pagingSchema } from '../common/paging.ts';
import { safeText } from '../common/safe-text.ts';

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
  mount: 'both',
  summary: 'Every game with its platform, in display order, for filters and pickers',
  request: z.object({}),
  response: listOf(gameItemSchema),
});

/* ---- Game configs: 901 dealer config, 902 agent config, protection, prize pools (docs/product.md, "Game config", "Prize pools") ---- */

/** `enabled` is 1 (on) or 0 (off) in every game call. */
export const enabledSchema = z.union([z.literal(0), z.literal(1)]);
/** RTP target in whole basis points: 8000–10000 (80.00–100.00 %). */
export const RTP_MIN = 8000;
export const RTP_MAX = 10000;
/** Tax (rake) rate in whole basis points: 0–2000 (0–20 %). */
export const TAX_MAX = 2000;
export const rtpSchema = z.number().int().min(RTP_MIN).max(RTP_MAX);
export const taxSchema = z.number().int().min(0).max(TAX_MAX);
/** A bet limit: a decimal string ≥ 0 with at most 4 decimals. */
export const betLimitSchema = nonNegativeMoneySchema;

/** The values an agent config may override; each is inherited from the parent (or the dealer config) when not set. */
export const CONFIG_FIELDS = ['enabled', 'rtp_target', 'tax_rate', 'min_bet', 'max_bet'] as const;
export type ConfigField = (typeof CONFIG_FIELDS)[number];

const gameColumns = {
  game_id: z.number().int(),
  game_code: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  platform_id: z.number().int(),
  platform_code: z.string(),
  platform_name: z.string(),
  type: z.string(),
};

export const dealerItemSchema = z.object({
  ...gameColumns,
  enabled: enabledSchema,
  rtp_target: z.number().int(),
  tax_rate: z.number().int(),
  min_bet: moneySchema,
  max_bet: moneySchema,
  updated_at: z.string(),
});
export type DealerItem = z.infer<typeof dealerItemSchema>;

const gameFilter = {
  platform_id: z.number().int().min(0).optional(),
  type: z.union([z.enum(GAME_TYPES), z.literal('')]).optional(),
  /** Part of the game's code or either of its names. */
  keyword: z.string().trim().max(64).optional(),
};

export const gameDealerList = defineCall({
  path: 'game/dealer/list',
  access: { permission: '901' },
  summary: "Every game with its house-wide default: enabled, RTP target, tax rate, bet limits; filtered by platform, type and name",
  request: pagingSchema.extend(gameFilter),
  response: listOf(dealerItemSchema),
});

export const gameDealerEdit = defineCall({
  path: 'game/dealer/edit',
  access: { permission: '901' },
  audit: true,
  summary: 'Edit the house-wide default of one game (RTP 8000–10000 bp, tax 0–2000 bp, min_bet ≤ max_bet); logged with before and after',
  request: z.object({
    game_id: z.number().int().positive(),
    enabled: enabledSchema.optional(),
    rtp_target: rtpSchema.optional(),
    tax_rate: taxSchema.optional(),
    min_bet: betLimitSchema.optional(),
    max_bet: betLimitSchema.optional(),
  }),
  response: z.null(),
});

export const gameDealerEnable = defineCall({
  path: 'game/dealer/enable',
  access: { permission: '901' },
  audit: true,
  summary: 'Enable (1) or disable (0) several games at once in the dealer config; one operation-log row names each game that changed',
  request: z.object({ game_ids: z.array(z.number().int().positive()).min(1).max(500), enabled: enabledSchema }),
  response: z.object({ changed: z.number().int() }),
});

/** Where an effective value comes from: the dealer config, an ancestor agent, or the agent itself. */
export const configSourceSchema = z.object({
  level: z.enum(['dealer', 'ancestor', 'self']),
  agent_id: z.number().int().nullable(),
  agent_code: z.string().nullable(),
});
export type ConfigSource = z.infer<typeof configSourceSchema>;

/** Why a game is off for an agent: the game itself, the dealer config, an ancestor agent or the agent's own config. */
export const offReasonSchema = z.object({
  level: z.enum(['game', 'dealer', 'ancestor', 'self']),
  agent_id: z.number().int().nullable(),
  agent_code: z.string().nullable(),
});
export type OffReason = z.infer<typeof offReasonSchema>;

/** Protection: 0 turns each setting off. */
export const GUARANTEE_RTP_MIN = 5000;
export const MAX_PROTECT_ROUNDS = 10000;
export const MAX_WIN_MULTIPLIER = 1000000;
export const protectionSchema = z.object({
  /** The floor RTP a player is guaranteed, in basis points: 0 (off) or 5000–10000, never above the RTP target. */
  guarantee_rtp: z.number().int().min(0).max(RTP_MAX),
  /** Rounds of a new player played under protection: 0–10000. */
  new_player_protect_rounds: z.number().int().min(0).max(MAX_PROTECT_ROUNDS),
  /** The largest win of a round as a multiple of its bet: 0 (no limit) to 1,000,000. */
  max_win_multiplier: z.number().int().min(0).max(MAX_WIN_MULTIPLIER),
});
export type Protection = z.infer<typeof protectionSchema>;

export const agentConfigItemSchema = z.object({
  ...gameColumns,
  agent_id: z.number().int(),
  /** Effective: on only when the game, the dealer config, every ancestor and the agent enable it. */
  enabled: enabledSchema,
  off_reason: offReasonSchema.nullable(),
  /** Whether the parent chain (dealer config and ancestors) leaves the game on, i.e. whether this agent may enable it. */
  parent_enabled: enabledSchema,
  rtp_target: z.number().int(),
  tax_rate: z.number().int(),
  min_bet: moneySchema,
  max_bet: moneySchema,
  /** The values this agent sets itself (`enabled` when it switches the game off here). */
  overrides: z.array(z.enum(CONFIG_FIELDS)),
  sources: z.object({
    enabled: configSourceSchema,
    rtp_target: configSourceSchema,
    tax_rate: configSourceSchema,
    min_bet: configSourceSchema,
    max_bet: configSourceSchema,
  }),
  guarantee_rtp: z.number().int(),
  new_player_protect_rounds: z.number().int(),
  max_win_multiplier: z.number().int(),
  /** The agent's prize pool of this game, or null. */
  prize_pool_id: z.number().int().nullable(),
});
export type AgentConfigItem = z.infer<typeof agentConfigItemSchema>;

export const gameAgentList = defineCall({
  path: 'game/agent/list',
  access: { permission: '902' },
  summary: "Every game's effective config for one agent: each value inherited (from the dealer config or an ancestor) or overridden here, and why a game is off",
  request: pagingSchema.extend({ agent_id: z.number().int().positive(), game_id: z.number().int().min(0).optional(), ...gameFilter }),
  response: listOf(agentConfigItemSchema),
});

export const gameAgentEdit = defineCall({
  path: 'game/agent/edit',
  access: { permission: '902' },
  audit: true,
  summary:
    "Override an agent's config of one game; null returns a value to inheriting. Enabling a game that the dealer config or an ancestor disables is refused, naming it",
  request: z.object({
    agent_id: z.number().int().positive(),
    game_id: z.number().int().positive(),
    enabled: enabledSchema.nullable().optional(),
    rtp_target: rtpSchema.nullable().optional(),
    tax_rate: taxSchema.nullable().optional(),
    min_bet: betLimitSchema.nullable().optional(),
    max_bet: betLimitSchema.nullable().optional(),
  }),
  response: z.null(),
});

export const gameProtectEdit = defineCall({
  path: 'game/protect/edit',
  access: { permission: '902' },
  audit: true,
  summary: 'Set the protection of an agent and game: guarantee RTP (0 or 5000–10000 bp, not above the RTP target), new-player protection rounds, maximum win multiplier',
  request: protectionSchema.extend({ agent_id: z.number().int().positive(), game_id: z.number().int().positive() }),
  response: z.null(),
});

/* ---- Prize pools ---- */

export const poolStatusSchema = z.union([z.literal(1), z.literal(2)]);

export const prizePoolItemSchema = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent_code: z.string(),
  agent_name: z.string(),
  game_id: z.number().int(),
  game_code: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  /** The agent's currency: pool amounts are in it. */
  currency_code: z.string(),
  pool_amount: moneySchema,
  seed_amount: moneySchema,
  contribution_rate: z.number().int(),
  trigger_threshold: moneySchema,
  /** 0 = no cap. */
  cap_amount: moneySchema,
  status: poolStatusSchema,
  updated_at: z.string(),
});
export type PrizePoolItem = z.infer<typeof prizePoolItemSchema>;

export const gamePrizePoolList = defineCall({
  path: 'game/prizepool/list',
  access: { permission: '902' },
  summary: "Prize pools (of an agent, a game): amount, seed, contribution rate, trigger threshold, cap and status",
  request: pagingSchema.extend({ agent_id: z.number().int().min(0).optional(), game_id: z.number().int().min(0).optional() }),
  response: listOf(prizePoolItemSchema),
});

export const MAX_CONTRIBUTION_RATE = 10000;

export const gamePrizePoolEdit = defineCall({
  path: 'game/prizepool/edit',
  access: { permission: '902' },
  audit: true,
  summary:
    'Create the prize pool of an agent and game (starting at its seed) or update it; contribution_rate in basis points; cap 0 = none, otherwise seed and trigger threshold are at most the cap. ' +
    'With create_only true it only creates: when the agent and game already have a pool it is refused (A0409) and that pool is left as it was',
  request: z.object({
    agent_id: z.number().int().positive(),
    game_id: z.number().int().positive(),
    seed_amount: nonNegativeMoneySchema,
    contribution_rate: z.number().int().min(0).max(MAX_CONTRIBUTION_RATE),
    trigger_threshold: nonNegativeMoneySchema,
    cap_amount: nonNegativeMoneySchema,
    status: poolStatusSchema,
    /** True: create only, never replace; an agent and game that already have a pool are refused (A0409). */
    create_only: z.boolean().optional(),
  }),
  response: z.object({ id: z.number().int() }),
});

export const cleanRemarkSchema = safeText(z.string().trim().min(1).max(255), 'name');

export const gamePrizePoolClean = defineCall({
  path: 'game/prizepool/clean',
  access: { permission: '902' },
  audit: true,
  summary: 'Reset a prize pool to its seed; the clean is recorded with the amounts before and after and the remark',
  request: z.object({ id: z.number().int().positive(), remark: cleanRemarkSchema }),
  response: z.object({ before_amount: moneySchema, after_amount: moneySchema }),
});

/** What an entry of a pool's history is: an operator's clean, or a jackpot prize the ingest paid. */
export const POOL_HISTORY_KINDS = ['clean', 'prize', 'prize_cancel'] as const;

/**
 * One entry of a pool's history (docs/product.md, "Prize pools"): a clean (operator and remark), a
 * jackpot prize or a prize returned when its bet was cancelled (`prize_cancel`; both with their bet
 * and player, operator and remark empty), with the pool before and after.
 */
export const prizePoolCleanItemSchema = z.object({
  id: z.number().int(),
  prize_pool_id: z.number().int(),
  kind: z.enum(POOL_HISTORY_KINDS),
  agent_code: z.string(),
  game_code: z.string(),
  currency_code: z.string(),
  before_amount: moneySchema,
  after_amount: moneySchema,
  /** before − after: a prize's amount; for a clean, what it took away (negative when the pool was below its seed); negative for a prize returned. */
  amount: moneySchema,
  operator_account: z.string(),
  remark: z.string(),
  /** A clean's time; a prize's is its bet's settle time; a returned prize's, the cancellation's. */
  created_at: z.string(),
  /** A prize's bet id (as the game server sent it), else null. */
  bet_id: z.string().nullable(),
  player_id: z.number().int().nullable(),
  player_account: z.string().nullable(),
});
export type PrizePoolCleanItem = z.infer<typeof prizePoolCleanItemSchema>;

export const gamePrizePoolCleanList = defineCall({
  path: 'game/prizepool/clean/list',
  access: { permission: '902' },
  summary: 'The history of a pool, newest first: cleans and jackpot prizes (of one pool, or of an agent and game)',
  request: pagingSchema.extend({
    prize_pool_id: z.number().int().min(0).optional(),
    agent_id: z.number().int().min(0).optional(),
    game_id: z.number().int().min(0).optional(),
  }),
  response: listOf(prizePoolCleanItemSchema),
});

export const gameCalls = [
  gameList,
  gameDealerList,
  gameDealerEdit,
  gameDealerEnable,
  gameAgentList,
  gameAgentEdit,
  gameProtectEdit,
  gamePrizePoolList,
  gamePrizePoolEdit,
  gamePrizePoolClean,
  gamePrizePoolCleanList,
];

/* ---- What game servers read (an ingest key, outside /v1/operator) ---- */

export const GAME_SERVER_CONFIG_PATH = '/v1/gameserver/config';

export const gameServerConfigRequestSchema = z.object({
  /** One agent by code; absent or empty = every agent. */
  agent_code: z.string().trim().max(64).optional(),
  /**
   * The `next_since` of the previous answer: only what changed since then is answered (point
   * controls that stopped included, with their status). Absent = everything.
   */
  changed_since: z.iso.datetime({ offset: true }).optional(),
});

export const gameServerGameSchema = z.object({
  agent_id: z.number().int(),
  agent_code: z.string(),
  game_id: z.number().int(),
  game_code: z.string(),
  enabled: enabledSchema,
  off_reason: offReasonSchema.nullable(),
  rtp_target: z.number().int(),
  tax_rate: z.number().int(),
  min_bet: moneySchema,
  max_bet: moneySchema,
  guarantee_rtp: z.number().int(),
  new_player_protect_rounds: z.number().int(),
  max_win_multiplier: z.number().int(),
  updated_at: z.string(),
});

export const gameServerControlSchema = z.object({
  id: z.number().int(),
  agent_code: z.string(),
  player_account: z.string(),
  /** null = every game. */
  game_code: z.string().nullable(),
  direction: z.enum(['win', 'lose']),
  target_amount: moneySchema,
  achieved_amount: moneySchema,
  intensity: z.number().int(),
  /** "active", or (answering changed_since) "completed" / "cancelled": stop steering. */
  status: z.string(),
  updated_at: z.string(),
});

export const gameServerPoolSchema = z.object({
  id: z.number().int(),
  agent_code: z.string(),
  game_code: z.string(),
  currency_code: z.string(),
  pool_amount: moneySchema,
  seed_amount: moneySchema,
  contribution_rate: z.number().int(),
  trigger_threshold: moneySchema,
  cap_amount: moneySchema,
  status: poolStatusSchema,
  updated_at: z.string(),
});

export const gameServerConfigSchema = z.object({
  /** Pass as `changed_since` next time; it overlaps the previous answer a little so no commit in flight is missed. */
  next_since: z.string(),
  games: z.array(gameServerGameSchema),
  point_controls: z.array(gameServerControlSchema),
  prize_pools: z.array(gameServerPoolSchema),
});
export type GameServerConfig = z.infer<typeof gameServerConfigSchema>;
