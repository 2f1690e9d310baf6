import type { Kysely } from 'kysely';
import { ErrorCode, formatMoney, MONEY_SCALE, MONEY_UNITS_MAX, parseMoney, player, playerWinLoss, type bill, type CallParsed } from '@console/contract';
import type { BetStage } from '../../db/bet-batch.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { TransferStage } from '../../db/transfer-batch.ts';
import { timeSpan } from '../../db/sql.ts';
import { apiError } from '../../lib/api-error.ts';
import { hhOf, monthSegmentOf, periodStarts } from '../../lib/periods.ts';
import { nowIso } from '../../lib/time.ts';
import { scopePath } from '../../plugins/agent-scope.ts';
import type { CallContext } from '../../plugins/calls.ts';
import { agentPath } from '../agent/public.ts';
import { applyNewPlayers, playerLifetimes, settleTimeSpan, type PlayerLifetime } from '../aggregate/public.ts';
import { findCurrency } from '../currency/public.ts';
import { activeControlOf } from '../point-control/public.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { adjustWallet, listAdjustments, listWallets, type AdjustmentRow, type WalletFilter, type WalletRow } from '../wallet/public.ts';
import {
  advanceLastBetAt,
  disabledPlayerIds,
  findPlayer,
  findPlayersByPrefix,
  insertPlayers,
  listPlayers,
  recentBets,
  recentLedger,
  updatePlayerStatus,
  type PlayerListFilter,
  type PlayerListRow,
  type PlayerRef,
  type PlayerSortField,
} from './repository.ts';

/**
 * Known players by (agent, account), per open database, so a batch of bets from players seen
 * before needs no look-up query. Safe because a player row is never deleted or moved to another
 * agent; entries are added only after the transaction that read or created them has committed,
 * so a rolled-back creation is never remembered. Bounded: cleared when it grows past MAX.
 */
const MAX = 500_000;
const caches = new WeakMap<Database, Map<string, PlayerRef>>();

export function playerCache(database: Database): Map<string, PlayerRef> {
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new Map()));
  return cache;
}

export function rememberPlayers(database: Database, players: Iterable<[string, PlayerRef]>) {
  const cache = playerCache(database);
  for (const [key, p] of players) cache.set(key, p);
  if (cache.size > MAX) cache.clear();
}

/* ---- Player management: player/list, detail, status, find and the wallet calls ---- */

type ListInput = CallParsed<typeof player.playerList>;

const iso = (ms: number) => new Date(ms).toISOString();
const SORTS = new Set<string>(player.PLAYER_SORT_FIELDS);

/** Player win/loss (docs/product.md, "Report metrics"), the contract's one formula. */
const winLoss = playerWinLoss;

/**
 * The page's lifetime sums, in each player's own currency, from the aggregates' month segments
 * (every one from the first settled bet to the last), never from the raw bets.
 */
async function lifetimes(db: Kysely<DB>, rows: readonly PlayerListRow[]) {
  const out = new Map<number, PlayerLifetime>();
  if (rows.length === 0) return out;
  const span = await settleTimeSpan(db);
  if (!span) return out;
  const periods = periodStarts(2, monthSegmentOf(hhOf(span.min)), hhOf(span.max) + 1);
  const own = new Map(rows.map((r) => [r.id, r.currency_id]));
  for (const l of await playerLifetimes(db, [...own.keys()], periods)) if (own.get(l.player_id) === l.currency_id) out.set(l.player_id, l);
  return out;
}

function playerItem(r: PlayerListRow, l: PlayerLifetime | undefined): player.PlayerItem {
  return {
    id: r.id,
    account: r.account,
    agent_id: r.agent_id,
    agent_code: r.agent_code,
    currency_id: r.currency_id,
    currency_code: r.currency_code,
    balance: formatMoney(r.balance),
    status: r.status === 2 ? 2 : 1,
    registered_at: iso(r.registered_at),
    last_bet_at: r.last_bet_at === null ? null : iso(r.last_bet_at),
    bet_count: l?.bet_count ?? 0,
    bet_amount: formatMoney(l?.bet_amount ?? 0n),
    player_win_loss: formatMoney(l ? winLoss(l) : 0n),
  };
}

async function playerPage(db: Kysely<DB>, f: PlayerListFilter, input: Pick<ListInput, 'sort_field' | 'sort_order' | 'page' | 'page_size'>) {
  const field = input.sort_field && SORTS.has(input.sort_field) ? (input.sort_field as PlayerSortField) : 'id';
  if (input.sort_field && !SORTS.has(input.sort_field)) {
    throw apiError(ErrorCode.InvalidParameter, `sort_field：不能按 ${input.sort_field} 排序`, `sort_field: cannot sort by ${input.sort_field}`);
  }
  const { total, rows } = await listPlayers(db, f, { field, descending: input.sort_order ? input.sort_order === 'descend' : true }, input.page, input.page_size);
  const sums = await lifetimes(db, rows);
  return { total, list: rows.map((r) => playerItem(r, sums.get(r.id))) };
}

const agentFilter = async (db: Kysely<DB>, agentId: number | undefined) => (agentId ? ((await agentPath(db, agentId)) ?? '/none/') : undefined);

export async function playerList(input: ListInput, ctx: CallContext) {
  const f: PlayerListFilter = {
    agentPath: await agentFilter(ctx.db, input.agent_id),
    account: input.account || undefined,
    status: input.status,
    currencyId: input.currency_id && input.currency_id > 0 ? input.currency_id : undefined,
    registeredFrom: input.registered_from ? Date.parse(input.registered_from) : undefined,
    registeredTo: input.registered_to ? Date.parse(input.registered_to) : undefined,
  };
  return playerPage(ctx.db, f, input);
}

const noPlayer = () => apiError(ErrorCode.NotFound, '玩家不存在', 'No such player');

const RECENT = 10;
const DAY = 86_400_000;

export async function playerDetail(input: CallParsed<typeof player.playerDetail>, ctx: CallContext) {
  // An agent user finds only a player of their sub-tree (plugins/agent-scope.ts).
  const page = await playerPage(ctx.db, { id: input.player_id, agentPath: scopePath(ctx.user) }, { page: 1, page_size: 1 });
  const item = page.list[0];
  if (!item) throw noPlayer();
  const wallets = await listWallets(ctx.db, { playerId: item.id }, 1, 100);
  // The days that can hold the player's entries: those the ledger and the bets span at all.
  const ledgerSpan = await timeSpan(ctx.db, 'ledger_entry', 'time');
  const betSpan = await timeSpan(ctx.db, 'bet', 'settle_time');
  const ledger = ledgerSpan ? await recentLedger(ctx.db, ctx.dialect, item.id, ledgerSpan.min, ledgerSpan.max + 1, RECENT) : [];
  const bets = betSpan ? await recentBets(ctx.db, ctx.dialect, item.id, Math.max(betSpan.min, Date.parse(item.registered_at) - 366 * DAY), betSpan.max + 1, RECENT) : [];
  return {
    player: item,
    wallets: wallets.rows.map(walletItem),
    recent_ledger: ledger.map((e) => ({
      id: e.id,
      currency_code: e.currency_code,
      type: e.type as bill.LedgerType,
      amount: formatMoney(e.amount),
      balance_before: formatMoney(e.balance_before),
      balance_after: formatMoney(e.balance_after),
      order_id: e.order_id,
      operator_account: e.operator_account,
      remark: e.remark,
      time: iso(e.time),
    })),
    recent_bets: bets.map((b) => ({
      bet_id: b.bet_id,
      game_id: b.game_id,
      game_code: b.game_code,
      currency_code: b.currency_code,
      bet_amount: formatMoney(b.bet_amount),
      payout_amount: formatMoney(b.payout_amount),
      jackpot_prize: formatMoney(b.jackpot_prize),
      player_win_loss: formatMoney(winLoss(b)),
      settle_time: iso(b.settle_time),
      cancelled: b.cancelled,
    })),
    // Point control is the operators' alone (docs/product.md, "The agent back office"): an agent user never sees one.
    control: ctx.user?.agent ? null : await activeControlOf(ctx.db, item.id),
  };
}

export async function playerStatusEdit(input: CallParsed<typeof player.playerStatusEdit>, ctx: CallContext): Promise<null> {
  const p = await findPlayer(ctx.db, input.player_id);
  if (!p) throw noPlayer();
  // An agent user changes only a player of their sub-tree; another is as absent to them.
  if (ctx.user?.agent && !(await playerPage(ctx.db, { id: p.id, agentPath: scopePath(ctx.user) }, { page: 1, page_size: 1 })).list.length) throw noPlayer();
  if (p.status !== input.status) await updatePlayerStatus(ctx.db, p.id, input.status, nowIso());
  ctx.audit(`player:${p.id} ${p.account}`, p.status === input.status ? {} : { status: { before: p.status, after: input.status } });
  return null;
}

export async function playerFind(input: CallParsed<typeof player.playerFind>, ctx: CallContext) {
  const list = (await findPlayersByPrefix(ctx.db, input.account, 20)).map((p) => ({ ...p, status: p.status === 2 ? (2 as const) : (1 as const) }));
  return { list, total: list.length };
}

function walletItem(w: WalletRow): player.WalletItem {
  return { ...w, balance: formatMoney(w.balance) };
}

export async function walletList(input: CallParsed<typeof player.playerWalletList>, ctx: CallContext) {
  const f: WalletFilter = { playerId: input.player_id || undefined, account: input.account || undefined, agentPath: await agentFilter(ctx.db, input.agent_id) };
  const { total, rows } = await listWallets(ctx.db, f, input.page, input.page_size);
  return { total, list: rows.map(walletItem) };
}

function adjustmentItem({ currency_id: _, ...a }: AdjustmentRow): player.AdjustmentItem {
  return {
    ...a,
    direction: a.direction === 'debit' ? 'debit' : 'credit',
    amount: formatMoney(a.amount),
    balance_before: formatMoney(a.balance_before),
    balance_after: formatMoney(a.balance_after),
  };
}

export async function walletAdjustments(input: CallParsed<typeof player.playerWalletAdjustments>, ctx: CallContext) {
  const { total, rows } = await listAdjustments(ctx.db, { playerId: input.player_id || undefined, account: input.account || undefined }, input.page, input.page_size);
  return { total, list: rows.map(adjustmentItem) };
}

/** An A0400 of player/wallet/adjust naming its field, with the refusal's key in `data` for a client to tell them apart. */
const adjustRefused = (field: string, reason: player.AdjustRefusal, zh: string, en: string) =>
  apiError(ErrorCode.InvalidParameter, `${field}：${zh}`, `${field}: ${en}`, { field, reason });

/**
 * What a manual adjustment may move, checked once the request id is known to be new
 * (docs/product.md, "Wallets"). Money coming in follows the ingest's rule for transfers in: a
 * disabled player or currency takes none, and a player is credited only in their own currency.
 * A debit takes money out, which stays possible in each case, as the ingest keeps storing
 * transfers out. Either way the amount is in the currency's smallest unit: 0.0001 of a currency
 * shown with 0 decimals is money the console cannot show.
 */
async function adjustableBy(db: Kysely<DB>, input: CallParsed<typeof player.playerWalletAdjust>, amount: bigint) {
  const p = await findPlayer(db, input.player_id);
  if (!p) throw noPlayer();
  const c = await findCurrency(db, input.currency_id);
  if (!c) throw apiError(ErrorCode.InvalidParameter, 'currency_id：币种不存在', 'currency_id: no such currency');
  if (input.direction === 'credit') {
    if (p.status !== 1) {
      throw adjustRefused('player_id', 'player_disabled', `玩家 ${p.account} 已停用，不能上分`, `the player ${p.account} is disabled and cannot be credited`);
    }
    if (c.status !== 1) {
      throw adjustRefused('currency_id', 'currency_disabled', `币种 ${c.code} 已停用，不能上分`, `the currency ${c.code} is disabled and takes no credits`);
    }
    if (c.id !== p.currency_id) {
      throw adjustRefused('currency_id', 'currency_not_players', `玩家 ${p.account} 的币种不是 ${c.code}，只能按玩家自己的币种上分`, `${c.code} is not the currency of the player ${p.account}: a player is credited in their own currency only`);
    }
  }
  const step = 10n ** BigInt(MONEY_SCALE - Math.min(Math.max(c.decimals, 0), MONEY_SCALE));
  if (amount % step !== 0n) {
    throw adjustRefused(
      'amount',
      'amount_too_fine',
      `币种 ${c.code} 最多 ${c.decimals} 位小数，${formatMoney(amount)} 超出`,
      `${c.code} has ${c.decimals} decimal${c.decimals === 1 ? '' : 's'}: ${formatMoney(amount)} is finer than that`,
    );
  }
  return p;
}

/**
 * player/wallet/adjust. The same request id again answers the first result and moves nothing (its
 * operation-log row says it was a repeat) when it repeats the request exactly, and is refused
 * naming the first field that differs otherwise; a debit beyond the balance is refused (A0420)
 * and nothing changes. The log row has the balance before and after.
 */
export async function walletAdjust(input: CallParsed<typeof player.playerWalletAdjust>, ctx: CallContext) {
  const amount = parseMoney(input.amount);
  const now = nowIso();
  const out = await adjustWallet(
    ctx.db,
    ctx.dialect,
    {
      player_id: input.player_id,
      owner: async () => (await adjustableBy(ctx.db, input, amount)).agent_id,
      currency_id: input.currency_id,
      direction: input.direction,
      amount,
      remark: input.remark,
      request_id: input.request_id,
      operator: { id: ctx.user?.id ?? null, account: ctx.user?.account ?? '' },
    },
    now,
  );
  if (out.kind === 'conflict') {
    const { field, made, sent } = out.conflict;
    throw adjustRefused(
      field,
      'request_id_reused',
      `与此 request_id 已完成的调整不同（已完成 ${made}，本次 ${sent}）：重复发送的 request_id 必须与原请求完全相同，新的调整请使用新的 request_id`,
      `differs from the adjustment made under this request_id (made ${made}, sent ${sent}): a request_id sent again must repeat its request exactly; a new adjustment takes a new request_id`,
    );
  }
  if (out.kind === 'refused') {
    const held = formatMoney(out.balance);
    if (out.refusal === 'below_zero') {
      throw apiError(ErrorCode.InsufficientBalance, `余额不足：钱包余额 ${held}，不能扣减 ${formatMoney(amount)}`, `Insufficient balance: the wallet holds ${held} and cannot be debited ${formatMoney(amount)}`, { balance: held });
    }
    throw apiError(ErrorCode.InvalidParameter, `amount：钱包余额将超过上限 ${formatMoney(MONEY_UNITS_MAX)}`, `amount: the wallet would hold more than ${formatMoney(MONEY_UNITS_MAX)}`);
  }
  const a = out.adjustment;
  ctx.audit(`player:${a.player_id} ${a.player_account} wallet:${a.currency_code}`, {
    request_id: a.request_id,
    repeated: out.kind === 'repeated',
    direction: a.direction,
    amount: formatMoney(a.amount),
    remark: a.remark,
    ledger_id: a.ledger_id,
    before: { balance: formatMoney(a.balance_before) },
    after: { balance: formatMoney(a.balance_after) },
  });
  return { ledger_id: a.ledger_id, balance_before: formatMoney(a.balance_before), balance_after: formatMoney(a.balance_after) };
}

/**
 * A player of an agent, created when there is none yet (the agent API's player/create): registered
 * now, and counted among the new players of the reports as a player the ingest creates is.
 */
export async function ensurePlayer(database: Database, p: { agentId: number; account: string; currencyId: number }): Promise<{ id: number; created: boolean }> {
  return writeTransaction(database, async (db) => {
    const now = Date.now();
    const [made] = await insertPlayers(db, [{ agent_id: p.agentId, account: p.account, currency_id: p.currencyId, registered_at: now }], nowIso());
    if (made) {
      await applyNewPlayers(db, database.dialect, [{ id: made.id, agent_id: made.agent_id, currency_id: made.currency_id, registered_at: made.registered_at }]);
      return { id: made.id, created: true };
    }
    const found = await db.selectFrom('player').select('id').where('agent_id', '=', p.agentId).where('account', '=', p.account).executeTakeFirstOrThrow();
    return { id: Number(found.id), created: false };
  });
}

/**
 * The transfer pipeline's player check (db/transfer-batch.ts): a disabled player takes no money
 * in; money going out is still stored. One look-up over the batch's transfers in.
 */
export const playerTransferStage: TransferStage = {
  name: 'player enabled',
  async run(batch) {
    const ins = batch.transfers.filter((t) => t.direction === 'in');
    if (ins.length === 0) return;
    const off = await disabledPlayerIds(batch.db, ins.map((t) => t.player_id));
    if (off.size === 0) return;
    for (const t of ins) {
      if (off.has(t.player_id)) batch.reject(t.index, 'player_account', `the player "${t.player_account}" is disabled: their transfers in are refused`, 'player_disabled');
    }
  },
};

/** The ingest's last-bet stage (db/bet-batch.ts): each player's latest bet time moves forward to their newest bet of the batch. */
export const lastBetStage: BetStage = {
  name: 'last bet',
  async run({ db, dialect, now, bets }) {
    const last = new Map<number, number>();
    for (const b of bets) {
      const prev = last.get(b.player_id);
      if (prev === undefined || b.bet_time > prev) last.set(b.player_id, b.bet_time);
    }
    if (last.size > 0) await advanceLastBetAt(db, dialect, [...last].map(([id, value]) => ({ id, value })), now);
  },
};
