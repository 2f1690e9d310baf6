import { z } from 'zod';
import { moneySchema, positiveMoneySchema } from '../common/money.ts';
import { safeText } from '../common/safe-text.ts';
import { TIMEZONES } from '../timezones.ts';

/**
 * The agent API (docs/product.md, "The agent API"): what an agent's own systems call with an agent
 * key, from an address on the agent's IP whitelist. Every call is `POST /v1/api/<path>` with a JSON
 * body and four headers; the signature is HMAC-SHA256 with the key's secret over
 * `agentApiStringToSign(path, timestamp, nonce, sha256hex(raw body))`. Every call is limited to the
 * key's agent and its sub-tree; `agent_code` names one of those agents.
 */
export const AGENT_API_PREFIX_PATH = '/v1/api/';

export const AGENT_API_HEADERS = {
  appId: 'x-app-id',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** A request is refused when its timestamp is further than this from the server's clock. */
export const AGENT_API_CLOCK_WINDOW_SECONDS = 300;
/** A nonce may not repeat for the same key within this time. */
export const AGENT_API_NONCE_TTL_SECONDS = 600;
export const AGENT_API_NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/** What the signature covers: the method, the path, the timestamp, the nonce and the body's SHA-256 (lower-case hex). */
export function agentApiStringToSign(path: string, timestamp: string, nonce: string, bodySha256Hex: string): string {
  return `POST\n${path}\n${timestamp}\n${nonce}\n${bodySha256Hex}`;
}

/** The bets call reads at most this many days and answers at most this many bets a page. */
export const AGENT_API_BETS_MAX_DAYS = 7;
export const AGENT_API_BETS_MAX_LIMIT = 5000;

/**
 * The identities a call names are held to the rule of the console and the ingest (`safeText`, as an
 * identity): no NUL, no half of a surrogate pair, no direction controls or marks, nothing that shows
 * as nothing or as a blank. A player created here is the same player the ingest and the console
 * show, so "pl01" and "pl" + U+200B + "01" must not become two of them.
 */
const agentCode = safeText(z.string().trim().min(1).max(32), 'identity');
const account = safeText(z.string().trim().min(1).max(64), 'identity');
/** An agent's own transfer id: unique per agent. */
const orderId = safeText(z.string().trim().regex(/^[A-Za-z0-9_.:-]{1,48}$/, { message: 'order_id' }), 'identity');
const instant = z.iso.datetime({ offset: true });
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date' });

export const playerCreateRequest = z.object({ agent_code: agentCode, account });
export const playerCreateResponse = z.object({ player_id: z.number().int(), account: z.string(), currency_code: z.string(), created: z.boolean() });

export const playerBalanceRequest = z.object({ agent_code: agentCode, account });
export const playerBalanceResponse = z.object({ account: z.string(), balance: moneySchema, currency_code: z.string() });

export const TRANSFER_DIRECTIONS = ['in', 'out'] as const;
export const transferRequest = z.object({
  agent_code: agentCode,
  account,
  order_id: orderId,
  direction: z.enum(TRANSFER_DIRECTIONS),
  amount: positiveMoneySchema,
});
export const transferResponse = z.object({
  order_id: z.string(),
  account: z.string(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  amount: moneySchema,
  currency_code: z.string(),
  balance_before: moneySchema,
  balance_after: moneySchema,
  status: z.literal('done'),
  /** ISO-8601 UTC: when the transfer was stored. */
  time: z.string(),
});
export type AgentApiTransfer = z.infer<typeof transferResponse>;

export const transferStatusRequest = z.object({ agent_code: agentCode, order_id: orderId });

export const betsRequest = z.object({
  agent_code: agentCode,
  /** Settle time, both ISO-8601 with a zone: start included, end excluded, at most 7 days apart. */
  start_time: instant,
  end_time: instant,
  /** The `next_cursor` of the previous page; absent for the first. */
  cursor: safeText(z.string().max(200), 'identity').optional(),
  limit: z.number().int().min(1).max(AGENT_API_BETS_MAX_LIMIT).default(1000),
});
export const apiBetSchema = z.object({
  bet_id: z.string(),
  round_id: z.string(),
  agent_code: z.string(),
  player_account: z.string(),
  game_code: z.string(),
  currency_code: z.string(),
  bet_amount: moneySchema,
  valid_bet_amount: moneySchema,
  payout_amount: moneySchema,
  tax_amount: moneySchema,
  bonus_amount: moneySchema,
  jackpot_contribution: moneySchema,
  jackpot_prize: moneySchema,
  bet_time: z.string(),
  settle_time: z.string(),
  device: z.string(),
  /**
   * When the game server cancelled the bet (ISO-8601), null while it stands, as of this read: a
   * cancellation does not move the bet in the cursor's order, so a bet read before it was cancelled
   * is not answered again.
   */
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});
export const betsResponse = z.object({
  list: z.array(apiBetSchema),
  /** Where this page ended: pass it back for the next page, now or later (bets stored since are found from it). */
  next_cursor: z.string(),
  /** A full page: more bets may follow at once. False when the page reached the last bet stored so far. */
  has_more: z.boolean(),
});

export const reportDailyRequest = z.object({
  agent_code: agentCode,
  start_date: date,
  end_date: date,
  time_zone_id: z.number().int().min(1).max(TIMEZONES.length).default(1),
});

/** One call of the agent API: its path under /v1/api/, request and `data` schemas. */
export interface AgentApiCall<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  summary: string;
  request: Req;
  response: Res;
}

const defineApiCall = <Req extends z.ZodType, Res extends z.ZodType>(c: AgentApiCall<Req, Res>) => c;

export const apiPlayerCreate = defineApiCall({
  path: 'player/create',
  summary: 'Create a player under one of the key\'s agents, in that agent\'s currency (idempotent: an existing player is answered as it is)',
  request: playerCreateRequest,
  response: playerCreateResponse,
});
export const apiPlayerBalance = defineApiCall({
  path: 'player/balance',
  summary: "A player's game-wallet balance in their currency",
  request: playerBalanceRequest,
  response: playerBalanceResponse,
});
export const apiTransfer = defineApiCall({
  path: 'transfer',
  summary:
    "Move money into (in) or out of (out) a player's game wallet: the same wallet, ledger and reports as an ingested transfer. order_id is unique per agent; the same request again answers the first result",
  request: transferRequest,
  response: transferResponse,
});
export const apiTransferStatus = defineApiCall({
  path: 'transfer/status',
  summary: 'A transfer stored under this order_id for this agent, or A0404',
  request: transferStatusRequest,
  response: transferResponse,
});
export const apiBets = defineApiCall({
  path: 'bets',
  summary:
    'Settled bets of the agent and its sub-tree with a settle time in the range, a page at a time: following next_cursor answers every bet exactly once, bets stored while paging included',
  request: betsRequest,
  response: betsResponse,
});
export const apiReportDaily = defineApiCall({
  path: 'report/daily',
  summary: 'The agent daily summary rows of the agent (and its sub-tree, per owning agent) for the dates, as the console\'s agent daily report',
  request: reportDailyRequest,
  response: z.object({ list: z.array(z.record(z.string(), z.unknown())), summary: z.array(z.record(z.string(), z.unknown())) }),
});

export const agentApiCalls = [apiPlayerCreate, apiPlayerBalance, apiTransfer, apiTransferStatus, apiBets, apiReportDaily];

/**
 * A worked example of signing, with a fixed key, time and nonce (docs and the API document show
 * it; a test recomputes the signature with the reference client).
 */
export const AGENT_API_SIGNING_EXAMPLE = {
  appId: 'agt_example',
  secret: '3f5a9c1e7b2d4f6a8c0e2b4d6f8a1c3e',
  path: '/v1/api/player/balance',
  timestamp: '1767225600',
  nonce: 'example-nonce-0001',
  body: '{"agent_code":"CN01","account":"player001"}',
  bodySha256: '29fb6863ca78befdfffa508f142113cbc7b1ace4e8e3eb53de2403bc57f21357',
  signature: 'fcda2a13c0e40b744159749506dfe8eed29e949ba70368822270914251eb09ed',
} as const;
