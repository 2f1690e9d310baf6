import { z } from 'zod';
import { defineCall } from '../call.ts';
import { moneySchema, positiveMoneySchema } from '../common/money.ts';
import { listOf, pagingSchema, sortSchema } from '../common/paging.ts';
import { safeText } from '../common/safe-text.ts';
import { billItemSchema } from './bill.ts';

/* ---- Players: 801 list and status, 802 wallets, 803 point control (docs/product.md, "Players" to "Point control") ---- */

export const PlayerStatus = { Enabled: 1, Disabled: 2 } as const;
export const playerStatusSchema = z.union([z.literal(1), z.literal(2)]);

const instant = z.iso.datetime({ offset: true });
const optionalInstant = z.union([instant, z.literal('')]).optional();

/** A decimal string > 0 with at most 4 decimals, never a float (the common money bound, common/money.ts). */
export { positiveMoneySchema };

/** Sortable columns of player/list; the lifetime figures come from the aggregates of the page's players only. */
export const PLAYER_SORT_FIELDS = ['id', 'account', 'balance', 'registered_at', 'last_bet_at'] as const;

export const playerItemSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  agent_id: z.number().int(),
  agent_code: z.string(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  /** The balance of the wallet in the player's own currency ("0.0000" before any money moved). */
  balance: moneySchema,
  status: playerStatusSchema,
  /** ISO-8601 UTC. */
  registered_at: z.string(),
  last_bet_at: z.string().nullable(),
  /** Lifetime sums from the report aggregates, in the player's currency. */
  bet_count: z.number().int(),
  bet_amount: moneySchema,
  /** payout − bet − tax + bonus + jackpot prize (docs/product.md, "Report metrics"). */
  player_win_loss: moneySchema,
});
export type PlayerItem = z.infer<typeof playerItemSchema>;

export const playerList = defineCall({
  path: 'player/list',
  access: { permission: '801' },
  mount: 'both',
  summary: 'Players, paged and sorted on the server: agent (with its sub-tree), account prefix, status, currency and registration range; lifetime bets and win/loss from the aggregates',
  request: pagingSchema.merge(sortSchema).extend({
    agent_id: z.number().int().min(0).optional(),
    /** A prefix of the account. */
    account: z.string().trim().max(64).optional(),
    status: playerStatusSchema.optional(),
    /** 0 or -1 = all. */
    currency_id: z.number().int().min(-1).optional(),
    /** Registration range, inclusive, ISO-8601 with a zone. */
    registered_from: optionalInstant,
    registered_to: optionalInstant,
  }),
  response: listOf(playerItemSchema),
});

export const walletItemSchema = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  player_account: z.string(),
  agent_id: z.number().int(),
  agent_code: z.string(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  balance: moneySchema,
  updated_at: z.string(),
});
export type WalletItem = z.infer<typeof walletItemSchema>;

/** A ledger entry as the player's detail shows it: the bill list's fields, with the operator's account. */
export const ledgerLineSchema = billItemSchema
  .pick({ id: true, currency_code: true, type: true, amount: true, balance_before: true, balance_after: true, order_id: true, remark: true, time: true })
  .extend({ operator_account: z.string().nullable() });
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

export const betLineSchema = z.object({
  bet_id: z.string(),
  game_id: z.number().int(),
  game_code: z.string(),
  currency_code: z.string(),
  bet_amount: moneySchema,
  payout_amount: moneySchema,
  /** A jackpot prize paid on the bet from its prize pool ("0.0000": none). */
  jackpot_prize: moneySchema,
  player_win_loss: moneySchema,
  settle_time: z.string(),
  /** The game server cancelled the bet: its wallet effect was reversed and it is in no report. */
  cancelled: z.boolean(),
});
export type BetLine = z.infer<typeof betLineSchema>;

export const CONTROL_DIRECTIONS = ['win', 'lose'] as const;
export const CONTROL_STATUSES = ['active', 'completed', 'cancelled'] as const;
export type ControlStatus = (typeof CONTROL_STATUSES)[number];

export const controlItemSchema = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  player_account: z.string(),
  agent_code: z.string(),
  /** 0 = every game. */
  game_id: z.number().int(),
  game_code: z.string(),
  currency_code: z.string(),
  direction: z.enum(CONTROL_DIRECTIONS),
  target_amount: moneySchema,
  achieved_amount: moneySchema,
  intensity: z.number().int(),
  status: z.enum(CONTROL_STATUSES),
  remark: z.string(),
  created_by_account: z.string(),
  created_at: z.string(),
  cancelled_by_account: z.string().nullable(),
  /** When it completed or was cancelled; null while active. */
  finished_at: z.string().nullable(),
});
export type ControlItem = z.infer<typeof controlItemSchema>;

export const playerDetail = defineCall({
  path: 'player/detail',
  access: { permission: '801' },
  mount: 'both',
  summary: "One player: wallets and balances, the latest ledger entries and bets, and the active point control",
  request: z.object({ player_id: z.number().int().positive() }),
  response: z.object({
    player: playerItemSchema,
    wallets: z.array(walletItemSchema),
    recent_ledger: z.array(ledgerLineSchema),
    recent_bets: z.array(betLineSchema),
    control: controlItemSchema.nullable(),
  }),
});

export const playerStatusEdit = defineCall({
  path: 'player/status/edit',
  access: { permission: '801' },
  mount: 'both',
  audit: true,
  summary: "Enable (1) or disable (2) a player; a disabled player's transfers in are refused at ingest, their settled bets and transfers out are still stored",
  request: z.object({ player_id: z.number().int().positive(), status: playerStatusSchema }),
  response: z.null(),
});

/* ---- Wallets (802) ---- */

export const playerWalletList = defineCall({
  path: 'player/wallet/list',
  access: { permission: '802' },
  summary: 'The wallets of the players found by account prefix (and agent, with its sub-tree)',
  request: pagingSchema.extend({
    account: z.string().trim().max(64).optional(),
    agent_id: z.number().int().min(0).optional(),
    player_id: z.number().int().min(0).optional(),
  }),
  response: listOf(walletItemSchema),
});

export const ADJUST_DIRECTIONS = ['credit', 'debit'] as const;
export const adjustRemarkSchema = safeText(z.string().trim().min(1).max(255), 'name');
export const requestIdSchema = safeText(z.string().trim().min(8).max(64), 'identity');

/**
 * Why player/wallet/adjust refused a request with A0400, as `data.reason` (with `data.field`, the
 * field at fault): the request id was used before for another request; the player or the
 * currency is disabled (no credits); the currency is not the player's (no credits); the amount
 * is finer than the currency's decimals.
 */
export const ADJUST_REFUSALS = ['request_id_reused', 'player_disabled', 'currency_disabled', 'currency_not_players', 'amount_too_fine'] as const;
export type AdjustRefusal = (typeof ADJUST_REFUSALS)[number];

export const playerWalletAdjust = defineCall({
  path: 'player/wallet/adjust',
  access: { permission: '802' },
  audit: true,
  summary:
    "Credit or debit a wallet by hand: a ledger entry manual_credit / manual_debit with the operator and remark; a debit beyond the balance is refused; a credit of a disabled player, in a disabled currency or in a currency not the player's is refused, and so is an amount finer than the currency's decimals; the same request_id again with the same request answers the first result and moves nothing, with anything else changed it is refused naming the field",
  request: z.object({
    player_id: z.number().int().positive(),
    currency_id: z.number().int().positive(),
    direction: z.enum(ADJUST_DIRECTIONS),
    amount: positiveMoneySchema,
    remark: adjustRemarkSchema,
    request_id: requestIdSchema,
  }),
  response: z.object({ ledger_id: z.number().int(), balance_before: moneySchema, balance_after: moneySchema }),
});

export const adjustmentItemSchema = z.object({
  id: z.number().int(),
  request_id: z.string(),
  ledger_id: z.number().int(),
  player_id: z.number().int(),
  player_account: z.string(),
  agent_code: z.string(),
  currency_code: z.string(),
  direction: z.enum(ADJUST_DIRECTIONS),
  amount: moneySchema,
  balance_before: moneySchema,
  balance_after: moneySchema,
  remark: z.string(),
  operator_account: z.string(),
  created_at: z.string(),
});
export type AdjustmentItem = z.infer<typeof adjustmentItemSchema>;

export const playerWalletAdjustments = defineCall({
  path: 'player/wallet/adjustments',
  access: { permission: '802' },
  summary: 'Manual adjustments, newest first: who, whom, how much and why',
  request: pagingSchema.extend({
    player_id: z.number().int().min(0).optional(),
    account: z.string().trim().max(64).optional(),
  }),
  response: listOf(adjustmentItemSchema),
});

/* ---- Point control (803) ---- */

export const playerFind = defineCall({
  path: 'player/find',
  access: { permission: '803' },
  summary: 'Players whose account starts with the text, for the point-control picker (at most 20)',
  request: z.object({ account: z.string().trim().min(1).max(64) }),
  response: listOf(
    z.object({ id: z.number().int(), account: z.string(), agent_code: z.string(), currency_code: z.string(), status: playerStatusSchema }),
  ),
});

export const MAX_INTENSITY = 200;
/**
 * A control's intensity: a whole percentage 1–MAX_INTENSITY of the normal steering strength.
 * Anything outside is refused (A0400 naming the field), never clamped to the nearest bound.
 */
export const controlIntensitySchema = z.number().int().min(1).max(MAX_INTENSITY);

export const playerControlList = defineCall({
  path: 'player/control/list',
  access: { permission: '803' },
  summary: 'Point controls, newest first, with their progress (achieved of target) and who set and cancelled them',
  request: pagingSchema.extend({
    player_account: z.string().trim().max(64).optional(),
    agent_id: z.number().int().min(0).optional(),
    status: z.union([z.enum(CONTROL_STATUSES), z.literal('')]).optional(),
  }),
  response: listOf(controlItemSchema),
});

export const playerControlAdd = defineCall({
  path: 'player/control/add',
  access: { permission: '803' },
  audit: true,
  summary:
    "Steer a player towards winning or losing a target amount (game_id 0 = every game); one active control per player. The ingest adds each later-settled bet's player win/loss (its negation for lose) and completes it at the target",
  request: z.object({
    player_id: z.number().int().positive(),
    game_id: z.number().int().min(0).default(0),
    direction: z.enum(CONTROL_DIRECTIONS),
    target_amount: positiveMoneySchema,
    intensity: controlIntensitySchema,
    remark: safeText(z.string().trim().max(255), 'name').default(''),
  }),
  response: z.object({ id: z.number().int() }),
});

export const playerControlCancel = defineCall({
  path: 'player/control/cancel',
  access: { permission: '803' },
  audit: true,
  summary: 'Cancel an active point control',
  request: z.object({ id: z.number().int().positive(), remark: safeText(z.string().trim().max(255), 'name').default('') }),
  response: z.null(),
});

export const playerCalls = [
  playerList,
  playerDetail,
  playerStatusEdit,
  playerWalletList,
  playerWalletAdjust,
  playerWalletAdjustments,
  playerFind,
  playerControlList,
  playerControlAdd,
  playerControlCancel,
];
