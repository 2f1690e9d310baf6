import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { agentApi, ErrorCode, formatMoney, MAX_PAGE_SIZE, parseMoney, report, type Lang } from '@console/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import { betsHorizon } from '../../db/bets-horizon.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { apiError, ApiError } from '../../lib/api-error.ts';
import { addressOnList } from '../../lib/ip-list.ts';
import { sha256 } from '../../lib/passwords.ts';
import { keyedDigest, keyEncryptionKey, type KeySource } from '../../lib/secret-box.ts';
import { nowIso } from '../../lib/time.ts';
import { disabledAgentsOver, parseWhitelist } from '../agent/public.ts';
import { agentKeyForSigning, noteAgentKeyUse } from '../key/public.ts';
import { transferByIds, TransferRefused, type TransferByIdsRefusal, type TransferDone, type TransferRepeatField } from '../ingest/public.ts';
import { ensurePlayer } from '../player/public.ts';
import { runReport } from '../report/public.ts';
import * as repo from './repository.ts';

/** The key and agent a signed request was made with (docs/product.md, "The agent API"). */
export interface ApiCaller {
  keyId: number;
  appId: string;
  /** The key's agent, read with the key: every call is limited to its sub-tree (its tree path). */
  agent: repo.ScopedAgent;
  ip: string;
  nonce: string;
  /** Whether the nonce is recorded as used (a committed write): see `withNonce`. */
  nonceTaken: boolean;
}

export interface SignedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  ip: string;
}

/**
 * A refusal of the request itself (signing, key, address): HTTP status and code, the app id the
 * request named and, when that key exists, its agent's code ('' otherwise). The routes answer and
 * log it through the refusal gate (refusals.ts).
 */
export class ApiRefusal extends ApiError {
  constructor(
    readonly status: 401 | 403,
    code: ErrorCode,
    readonly appId: string,
    readonly agentCode = '',
  ) {
    super(code);
  }
}

/** Thrown inside a call's transaction when its nonce was used already: the transaction rolls back. */
class NonceReplayed extends Error {}

const header = (h: SignedRequest['headers'], name: string) => {
  const v = h[name];
  return typeof v === 'string' ? v.trim() : '';
};

const sameHex = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Throws the refusal of a request (logged, and limited, by the routes' refusal gate: refusals.ts). */
function refuse(appId: string, status: 401 | 403, code: ErrorCode, agentCode = ''): never {
  throw new ApiRefusal(status, code, appId, agentCode);
}

/**
 * Checks a request of the agent API: the key (known, an agent key, enabled, not expired, its agent
 * and every agent above it enabled), the timestamp (within 300 s), the signature, the address (on
 * the key's agent's whitelist; an empty whitelist admits none) and, last, the nonce (not used with
 * this key in the last 10 minutes), so a request refused for another reason does not use its nonce
 * up. Each refusal is thrown as an ApiRefusal, for the routes to log with the app id and address,
 * never the secret.
 *
 * `deferNonce`: the call takes the nonce itself, inside its own write transaction, and runs under
 * `withNonce`, which refuses a replay all the same.
 */
export async function authenticateApiRequest(database: Database, keys: KeySource, req: SignedRequest, deferNonce = false): Promise<ApiCaller> {
  const appId = header(req.headers, agentApi.AGENT_API_HEADERS.appId).slice(0, 64);
  const found = appId ? await agentKeyForSigning(database.db, appId, keys) : null;
  if (!found) return refuse(appId, 401, ErrorCode.ApiKeyInvalid);
  const { agent } = found;

  const timestamp = header(req.headers, agentApi.AGENT_API_HEADERS.timestamp);
  const nonce = header(req.headers, agentApi.AGENT_API_HEADERS.nonce);
  const signature = header(req.headers, agentApi.AGENT_API_HEADERS.signature).toLowerCase();
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > agentApi.AGENT_API_CLOCK_WINDOW_SECONDS) {
    return refuse(appId, 401, ErrorCode.ApiTimestampInvalid, agent.code);
  }
  if (!agentApi.AGENT_API_NONCE.test(nonce)) return refuse(appId, 401, ErrorCode.ApiNonceReplayed, agent.code);
  const path = agentApi.AGENT_API_PREFIX_PATH + req.path;
  const expected = createHmac('sha256', found.secret).update(agentApi.agentApiStringToSign(path, timestamp, nonce, sha256(req.rawBody))).digest('hex');
  if (!sameHex(signature, expected)) return refuse(appId, 401, ErrorCode.ApiSignatureInvalid, agent.code);
  if (!addressOnList(req.ip, parseWhitelist(agent.ipWhitelist))) return refuse(appId, 403, ErrorCode.NoPermission, agent.code);
  const caller: ApiCaller = {
    keyId: found.key.id,
    appId,
    agent,
    ip: req.ip,
    nonce,
    nonceTaken: false,
  };
  if (!deferNonce) {
    if (!(await takeNonce(database.db, caller))) return refuse(appId, 401, ErrorCode.ApiNonceReplayed, agent.code);
    caller.nonceTaken = true;
  }
  if (randomInt(100) === 0) await repo.purgeNoncesBefore(database.db, new Date(Date.now() - agentApi.AGENT_API_NONCE_TTL_SECONDS * 1000).toISOString());
  await noteAgentKeyUse(database.db, found.key, req.ip);
  return caller;
}

/** Records the caller's nonce as used: false when it was already (a replay). */
async function takeNonce(db: Kysely<DB>, caller: ApiCaller): Promise<boolean> {
  return repo.takeNonce(db, caller.keyId, caller.nonce, nowIso());
}

/** Takes the caller's nonce inside a write transaction, which a replay rolls back (see `withNonce`). */
async function takeNonceWithin(db: Kysely<DB>, caller: ApiCaller): Promise<void> {
  if (!(await takeNonce(db, caller))) throw new NonceReplayed();
}

/**
 * Runs a call whose nonce was deferred (authenticateApiRequest): the call takes the nonce in its
 * own write transaction and sets `nonceTaken` once that has committed. When it ends without that
 * (it answered from a read, or was refused, or its transaction rolled back), the nonce is taken
 * here; either way a replayed request is refused (A0235) and changes nothing.
 */
export async function withNonce<T>(database: Database, caller: ApiCaller, req: SignedRequest, call: () => Promise<T>): Promise<T> {
  const replayed = () => refuse(caller.appId, 401, ErrorCode.ApiNonceReplayed, caller.agent.code);
  let out: T;
  try {
    out = await call();
  } catch (err) {
    if (err instanceof NonceReplayed || (!caller.nonceTaken && !(await takeNonce(database.db, caller)))) return replayed();
    throw err;
  }
  if (!caller.nonceTaken && !(await takeNonce(database.db, caller))) return replayed();
  return out;
}

// ---- the calls ----

/** The agent `agent_code` names, when it lies in the key's sub-tree; otherwise A0301 (an unknown code alike). */
async function scopedAgent(database: Database, caller: ApiCaller, code: string): Promise<repo.ScopedAgent> {
  if (code.toLowerCase() === caller.agent.code.toLowerCase()) return caller.agent;
  const agent = await repo.agentByCode(database.db, code);
  if (!agent || !agent.path.startsWith(caller.agent.path)) {
    throw apiError(ErrorCode.NoPermission, `agent_code：${code} 不是本密钥的代理或其下级`, `agent_code: ${code} is not this key's agent or one below it`);
  }
  return agent;
}

const noPlayer = (account: string) =>
  apiError(ErrorCode.NotFound, `account：玩家 ${account} 不存在，请先创建`, `account: there is no player ${account}; create it first (player/create)`);

/**
 * An agent out of service (itself or an agent above it disabled) takes no new players: refused
 * naming the disabled agent, as the ingest names it for a transfer in. The key's own agent and
 * those above it were checked with the key.
 */
async function requireAgentInService(database: Database, caller: ApiCaller, agent: repo.ScopedAgent): Promise<void> {
  if (agent.id === caller.agent.id) return;
  const off = (await disabledAgentsOver(database.db, [agent.id])).get(agent.id);
  if (!off) return;
  const [zh, en] =
    off.id === agent.id
      ? [`agent_code：代理 ${agent.code} 已停用，不能创建玩家`, `agent_code: the agent ${agent.code} is disabled: it takes no new players`]
      : [`agent_code：代理 ${agent.code} 的上级代理 ${off.code} 已停用，不能创建玩家`, `agent_code: the agent ${agent.code} is out of service (the agent ${off.code} above it is disabled): it takes no new players`];
  throw apiError(ErrorCode.InvalidParameter, zh, en, { field: 'agent_code', reason: 'agent_disabled' });
}

export async function playerCreate(database: Database, caller: ApiCaller, input: z.output<typeof agentApi.playerCreateRequest>) {
  const agent = await scopedAgent(database, caller, input.agent_code);
  await requireAgentInService(database, caller, agent);
  const existing = await repo.findPlayer(database.db, agent.id, input.account);
  if (existing) return { player_id: existing.id, account: existing.account, currency_code: existing.currency_code, created: false };
  const made = await ensurePlayer(database, { agentId: agent.id, account: input.account, currencyId: agent.currency_id });
  return { player_id: made.id, account: input.account, currency_code: agent.currency_code, created: made.created };
}

export async function playerBalance(database: Database, caller: ApiCaller, input: z.output<typeof agentApi.playerBalanceRequest>) {
  const agent = await scopedAgent(database, caller, input.agent_code);
  const player = await repo.findPlayer(database.db, agent.id, input.account);
  if (!player) throw noPlayer(input.account);
  const units = await repo.walletBalance(database.db, player.id, player.currency_id);
  return { account: player.account, balance: formatMoney(BigInt(units ?? 0)), currency_code: player.currency_code };
}

/**
 * The ledger order id of an agent API transfer: the agent's own order id behind a prefix with the
 * agent's id, so it is unique per agent and never meets another agent's or a game server's id in
 * the ledger's key. The bill ledger shows these with source "api" and the agent's own order id.
 */
export const apiOrderId = (agentId: number, orderId: string) => `api:${agentId}:${orderId}`;

function transferAnswer(orderId: string, t: repo.StoredTransfer): agentApi.AgentApiTransfer {
  const amount = BigInt(t.amount);
  return {
    order_id: orderId,
    account: t.account,
    direction: t.type === 'transfer_in' ? 'in' : 'out',
    amount: formatMoney(amount < 0n ? -amount : amount),
    currency_code: t.currency_code,
    balance_before: formatMoney(BigInt(t.balance_before)),
    balance_after: formatMoney(BigInt(t.balance_after)),
    status: 'done',
    time: new Date(t.time).toISOString(),
  };
}

/** An order id the agent used for another transfer: refused naming the first field that differs. */
const orderIdReused = (field: string, orderId: string) =>
  apiError(ErrorCode.InvalidParameter, `${field}：订单号 ${orderId} 已用于另一笔转账`, `${field}: the order_id ${orderId} was already used for a different transfer`, {
    field,
    reason: 'order_id_reused',
  });

/** The request's field each refusal of the transfer pipeline names. */
const REFUSAL_FIELD: Record<Exclude<TransferByIdsRefusal['code'], 'order_id_reused'>, string> = {
  agent_disabled: 'agent_code',
  currency_disabled: 'currency',
  player_disabled: 'account',
  insufficient_balance: 'amount',
  wallet_full: 'amount',
  amount_too_large: 'amount',
  ledger_total_full: 'transfers',
};
const REPEAT_FIELD: Record<TransferRepeatField, string> = { player: 'account', direction: 'direction', amount: 'amount' };

/** The answer to a refusal of the transfer pipeline: A0420 for a balance too low, A0400 naming the field otherwise. */
function transferRefusal(orderId: string, refusal: TransferByIdsRefusal): ApiError {
  if (refusal.code === 'order_id_reused') return orderIdReused(REPEAT_FIELD[refusal.field], orderId);
  const { reason } = refusal;
  if (refusal.code === 'insufficient_balance') {
    return apiError(ErrorCode.InsufficientBalance, `amount：余额不足（${reason}）`, `amount: ${reason}`, { field: 'amount', reason: 'insufficient_balance' });
  }
  const name = REFUSAL_FIELD[refusal.code];
  return apiError(ErrorCode.InvalidParameter, `${name}：${reason}`, `${name}: ${reason}`, { field: name, reason });
}

/**
 * A transfer through the API runs the ingest's transfer pipeline (ingest/pipeline.ts) with its
 * agent, player and currency resolved here: the same wallet, ledger and aggregates as a game
 * server's transfer. Refused for a seamless-wallet agent (its players' money is the agent's own),
 * an unknown player, and, as at ingest, money out beyond the balance (A0420) and money in for a
 * disabled player, currency or agent. The order id is unique per agent: the same request again
 * answers the first result, one that differs is refused naming the field. The request's nonce
 * commits with the transfer, in one write transaction (the caller runs under `withNonce`); the
 * answer is what the pipeline stored, so nothing is read back.
 */
export async function transfer(database: Database, caller: ApiCaller, input: z.output<typeof agentApi.transferRequest>) {
  const agent = await scopedAgent(database, caller, input.agent_code);
  if (agent.wallet_mode !== 1) {
    throw apiError(
      ErrorCode.InvalidParameter,
      `agent_code：代理 ${agent.code} 为单一钱包模式，玩家资金在代理方，不能转账`,
      `agent_code: the agent ${agent.code} uses a seamless wallet (its players' money stays with the agent); there is nothing to transfer`,
      { field: 'agent_code', reason: 'seamless_wallet' },
    );
  }
  const ledgerId = apiOrderId(agent.id, input.order_id);
  const player = await repo.findPlayer(database.db, agent.id, input.account);
  if (!player) {
    // A transfer stored under this order id is one of the agent's players': an account the agent
    // does not know never repeats it.
    if (await repo.findTransfer(database.db, ledgerId)) throw orderIdReused('account', input.order_id);
    throw noPlayer(input.account);
  }
  let done: TransferDone;
  try {
    done = await writeTransaction(database, async (db) => {
      await takeNonceWithin(db, caller);
      return transferByIds(db, database.dialect, {
        order_id: ledgerId,
        agent_id: agent.id,
        agent_code: agent.code,
        player_id: player.id,
        player_account: player.account,
        currency_id: player.currency_id,
        currency_code: player.currency_code,
        direction: input.direction,
        amount: parseMoney(input.amount),
        time: Date.now(),
      });
    });
  } catch (err) {
    if (err instanceof TransferRefused) throw transferRefusal(input.order_id, err.refusal);
    throw err;
  }
  caller.nonceTaken = true;
  return {
    order_id: input.order_id,
    account: player.account,
    direction: done.direction,
    amount: formatMoney(done.amount),
    currency_code: player.currency_code,
    balance_before: formatMoney(done.balance_before),
    balance_after: formatMoney(done.balance_after),
    status: 'done',
    time: new Date(done.time).toISOString(),
  } satisfies agentApi.AgentApiTransfer;
}

export async function transferStatus(database: Database, caller: ApiCaller, input: z.output<typeof agentApi.transferStatusRequest>) {
  const agent = await scopedAgent(database, caller, input.agent_code);
  const stored = await repo.findTransfer(database.db, apiOrderId(agent.id, input.order_id));
  if (!stored) throw apiError(ErrorCode.NotFound, `order_id：没有订单号为 ${input.order_id} 的转账`, `order_id: there is no transfer ${input.order_id}`);
  return transferAnswer(input.order_id, stored);
}

/**
 * The signature of a bets cursor: an HMAC under the server's key-encryption key (lib/secret-box.ts)
 * of the last bet id answered, the key's app id and the query (agent and range). Only the server
 * can make one, and one made for another key, agent or range does not match: a cursor cannot be
 * forged to start anywhere, nor be used by another key.
 */
const cursorSignature = (keys: KeySource, appId: string, range: string, lastId: string) =>
  keyedDigest(keyEncryptionKey(keys), 'agent-api-bets-cursor', `${appId}\n${range}\n${lastId}`).slice(0, 32);

/** The last bet id a cursor names; refused (A0400, field cursor) unless this server signed it for this key and query. */
function readCursor(cursor: string | undefined, keys: KeySource, appId: string, range: string): number {
  if (!cursor) return 0;
  const m = /^(\d{1,19})\.([0-9a-f]{32})$/.exec(cursor);
  if (!m || !sameHex(m[2]!, cursorSignature(keys, appId, range, m[1]!))) {
    throw apiError(ErrorCode.InvalidParameter, 'cursor：无效，请使用上一页返回的 next_cursor', 'cursor: invalid; pass the next_cursor of the previous page', { field: 'cursor', reason: 'invalid' });
  }
  return Number(m[1]);
}
const writeCursor = (lastId: number, keys: KeySource, appId: string, range: string) => `${lastId}.${cursorSignature(keys, appId, range, String(lastId))}`;

/**
 * Settled bets of the sub-tree in the settle-time range, in the order they were stored (by id), a
 * page at a time. Each page reads only bets below the horizon (db/bets-horizon.ts), so bets
 * still being stored appear on a later page: following next_cursor answers every bet of the range
 * exactly once. next_cursor is null when the page reached the last bet stored.
 */
export async function bets(database: Database, caller: ApiCaller, input: z.output<typeof agentApi.betsRequest>, keys: KeySource) {
  const agent = await scopedAgent(database, caller, input.agent_code);
  const startMs = Date.parse(input.start_time);
  const endMs = Date.parse(input.end_time);
  if (!(endMs > startMs) || endMs - startMs > agentApi.AGENT_API_BETS_MAX_DAYS * 86_400_000) {
    throw apiError(
      ErrorCode.InvalidParameter,
      `end_time：须晚于 start_time，且相隔不超过 ${agentApi.AGENT_API_BETS_MAX_DAYS} 天`,
      `end_time: must be after start_time and at most ${agentApi.AGENT_API_BETS_MAX_DAYS} days from it`,
    );
  }
  const range = `${agent.id}:${startMs}:${endMs}`;
  const afterId = readCursor(input.cursor, keys, caller.appId, range);
  const horizon = await betsHorizon(database);
  const rows = await repo.pageBets(database.freshReader, { agentPath: agent.path, startMs, endMs, afterId, horizon, limit: input.limit });
  const iso = (ms: number) => new Date(ms).toISOString();
  const list = rows.map(({ id: _id, ...r }) => ({
    ...r,
    bet_amount: formatMoney(BigInt(r.bet_amount)),
    valid_bet_amount: formatMoney(BigInt(r.valid_bet_amount)),
    payout_amount: formatMoney(BigInt(r.payout_amount)),
    tax_amount: formatMoney(BigInt(r.tax_amount)),
    bonus_amount: formatMoney(BigInt(r.bonus_amount)),
    jackpot_contribution: formatMoney(BigInt(r.jackpot_contribution)),
    jackpot_prize: formatMoney(BigInt(r.jackpot_prize)),
    bet_time: iso(r.bet_time),
    settle_time: iso(r.settle_time),
    cancelled_at: r.cancelled_at === null ? null : iso(r.cancelled_at),
  }));
  // A short page reached the horizon; its cursor still moves on from what it answered, so bets
  // stored later are found from there.
  return { list, next_cursor: writeCursor(rows.at(-1)?.id ?? afterId, keys, caller.appId, range), has_more: rows.length === input.limit };
}

export async function reportDaily(database: Database, caller: ApiCaller, input: z.output<typeof agentApi.reportDailyRequest>, lang: Lang) {
  const agent = await scopedAgent(database, caller, input.agent_code);
  const d = report.REPORT_DEFS.agentDaily;
  const list: Array<Record<string, unknown>> = [];
  let summary: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const out = await runReport(
      database.freshReader,
      database.dialect,
      d,
      report.reportListRequestSchema.parse({ start_date: input.start_date, end_date: input.end_date, time_zone_id: input.time_zone_id, agent_id: agent.id, page, page_size: MAX_PAGE_SIZE }),
      lang,
      database.readParallelism,
    );
    list.push(...(out.list as Array<Record<string, unknown>>));
    summary = out.summary as Array<Record<string, unknown>>;
    if (list.length >= out.total || out.list.length === 0) break;
  }
  return { list, summary };
}
