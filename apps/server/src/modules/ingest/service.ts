import type { Kysely } from 'kysely';
import { ErrorCode, ingest } from '@console/contract';
import type { BatchBet, CancelledBet, CancelRefusal, NewPlayer } from '../../db/bet-batch.ts';
import { holdBetsHorizon } from '../../db/bets-horizon.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { BatchTransfer, TransferRefusal } from '../../db/transfer-batch.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { nowIso } from '../../lib/time.ts';
import { findPlayers, insertPlayers, playerCache, playerKey, rememberPlayers, type NewPlayerRow, type PlayerRef } from '../player/public.ts';
import { lockWallets, storedMovements, walletKey, type StoredMovement } from '../wallet/public.ts';
import { betConflict, cancelConflict, conflictReason, transferConflict, type BetFacts, type CancelFacts, type Conflict, type TransferFacts } from './conflict.ts';
import {
  agentIdsByCode,
  agentIdsWithin,
  betsToCancel,
  currencyIdsByCode,
  gamesByCode,
  insertBets,
  markBetsCancelled,
  scopeAgent,
  scopePlatformCode,
  type GameRef,
  storedBets,
  type BetRow,
} from './repository.ts';
import { runBetStages, runCancelStages, runTransferStages } from './pipeline.ts';
import { validateBets, validateCancels, validateTransfers, type ParsedBet, type ParsedCancel, type ParsedTransfer, type Validated } from './validate.ts';

/**
 * The ingest (docs/product.md, "Ingest"; docs/data-model.md, "Ingest"). One batch = one transaction: validate every record first, resolve
 * dimension codes once, create unknown players, lock the wallets, store the new records (a
 * bet_id / order id seen before, stored or earlier in the batch, is a duplicate: counted, not
 * stored; sent again with anything stored in it changed, it is a conflict and a bad record, see
 * conflict.ts), move the wallets with one ledger entry per movement and update the report
 * aggregates. The first bad record, including one that would take a wallet below zero, throws
 * IngestRejected and the transaction leaves nothing behind.
 *
 * Wallet rule for a settled bet: the stake leaves the wallet (entry `bet`, −bet_amount, at
 * bet_time), then the net return arrives (entry `payout`, payout − tax + bonus, at settle_time),
 * and a jackpot prize arrives from the prize pool (entry `jackpot_prize`, at settle_time), so the
 * wallet changes by payout − bet − tax + bonus + jackpot prize = the player_win_loss (docs/product.md, "Report metrics").
 * Zero movements write no entry. Each movement, in batch order, must leave the wallet ≥ 0.
 */

export type IngestResult = ingest.IngestResult;
export type IngestRejection = ingest.IngestRejection;

/** A rejected batch: answered as error_code A0400 with data {index, field, reason}. */
export class IngestRejected extends ApiError {
  constructor(
    readonly rejection: IngestRejection,
    /**
     * A0400; A0420 for a cancellation that would take a wallet below zero; A0301 for a record
     * outside what the request's key is limited to (IngestScope).
     */
    code: typeof ErrorCode.InvalidParameter | typeof ErrorCode.InsufficientBalance | typeof ErrorCode.NoPermission = ErrorCode.InvalidParameter,
  ) {
    const where = rejection.index === null ? rejection.field : `${rejection.field} of record ${rejection.index}`;
    const whereZh = rejection.index === null ? rejection.field : `第 ${rejection.index} 条记录的 ${rejection.field}`;
    super(code, { en: `${where}: ${rejection.reason}`, 'zh-cn': `${whereZh}：${rejection.reason}` }, rejection);
  }
}

const reject = (index: number | null, field: string, reason: string): never => {
  throw new IngestRejected({ index, field, reason });
};

const TRANSFER_TYPES = ['transfer_in', 'transfer_out'];

/**
 * What the ingest key of a request is limited to (docs/product.md, "Keys"; migration 0025): one
 * agent's sub-tree, one provider's games, or both; null fields are no limit. A record outside it
 * refuses the batch with A0301 naming the record (nothing of the batch is written).
 */
export interface IngestScope {
  agentId: number | null;
  platformId: number | null;
}

/** A scope as a batch checks it: the limiting agent's code and tree path, the provider's code. */
interface ResolvedScope {
  agent: { id: number; code: string; path: string } | null;
  platform: { id: number; code: string } | null;
}

/** Reads what a scope names, inside the batch's transaction. An agent or provider that is gone admits nothing. */
async function resolveScope(db: Kysely<DB>, scope: IngestScope | null): Promise<ResolvedScope | null> {
  if (!scope || (scope.agentId === null && scope.platformId === null)) return null;
  const agent = scope.agentId === null ? null : ((await scopeAgent(db, scope.agentId)) ?? { id: scope.agentId, code: `#${scope.agentId}`, path: '/none/' });
  const platform = scope.platformId === null ? null : { id: scope.platformId, code: (await scopePlatformCode(db, scope.platformId)) ?? `#${scope.platformId}` };
  return { agent, platform };
}

const rejectOutOfScope = (index: number | null, field: string, reason: string): never => {
  throw new IngestRejected({ index, field, reason }, ErrorCode.NoPermission);
};

/** Why an agent's record is outside a key limited to `scope`'s agent. */
const outsideAgent = (what: string, scope: { code: string }) => `${what} is outside this key's scope: the key is limited to the agent "${scope.code}" and its sub-tree`;
/** Why a game's record is outside a key limited to `scope`'s provider. */
const outsidePlatform = (what: string, scope: { code: string }) => `${what} is outside this key's scope: the key is limited to the provider "${scope.code}"`;

/** Stores a batch of settled bets (wire records as in the contract); `scope`: the key's limits, null for none. */
export async function ingestBets(database: Database, records: unknown, scope: IngestScope | null = null): Promise<IngestResult> {
  return (await ingestBatch(database, validateBets(records), storeBets, scope)).result;
}

/**
 * Cancels settled bets (wire records as in the contract, docs/product.md, "Bet cancellation"):
 * each bet's whole wallet effect reversed and the bet taken out of every report, in one
 * transaction for the batch. A cancel of a bet cancelled already (or earlier in the batch) is a
 * duplicate when it says the same; an unknown bet, a cancel before the bet settled or one that
 * would take a wallet below zero (A0420) refuses the batch naming the record.
 */
export async function ingestCancels(database: Database, records: unknown, scope: IngestScope | null = null): Promise<IngestResult> {
  return (await ingestBatch(database, validateCancels(records), storeCancels, scope)).result;
}

/**
 * Stores a batch of wallet transfers (wire records as in the contract); `scope`: the key's limits,
 * null for none. A transfer names no game, so a key limited to a provider sends none: the whole
 * call is refused (A0301, no record named) before its records are read.
 */
export async function ingestTransfers(database: Database, records: unknown, scope: IngestScope | null = null): Promise<IngestResult> {
  if (scope?.platformId != null) {
    const platform = (await scopePlatformCode(database.db, scope.platformId)) ?? `#${scope.platformId}`;
    rejectOutOfScope(null, 'transfers', `this key is limited to the provider "${platform}": a transfer names no game, so such a key sends bets and cancellations only`);
  }
  return (await ingestBatch(database, validateTransfers(records), storeTransfers, scope)).result;
}

type Store<R> = (db: Kysely<DB>, dialect: Dialect, records: R[], known: ReadonlyMap<string, PlayerRef>, scope: IngestScope | null) => Promise<Stored>;

async function ingestBatch<R extends { index: number }>(
  database: Database,
  v: Validated<R>,
  store: Store<R>,
  scope: IngestScope | null,
): Promise<Stored> {
  const run = (db: Kysely<DB>, records: R[]) => store(db, database.dialect, records, playerCache(database), scope);
  if (!v.ok) throw await firstRejection(database, new IngestRejected(v.rejection), v.records, run);
  if (v.records.length === 0) return { result: { accepted: 0, duplicates: 0 }, players: new Map() };
  try {
    const out = await writeTransaction(database, (db) => run(db, v.records));
    rememberPlayers(database, out.players);
    return out;
  } catch (err) {
    if (err instanceof IngestRejected) throw await firstRejection(database, err, v.records, run);
    throw err;
  }
}

/** Ends a transaction that only tried a batch: whatever it wrote is rolled back. */
class TrialOver extends Error {}

/**
 * The rejection of a batch's first bad record. A batch is checked in stages — every record's
 * shape, then the codes each names, then the wallet moves in batch order — so a stage can refuse
 * a record later than one that a later stage would refuse. The records before the refused one are
 * therefore tried again, in a transaction that is always rolled back, until none of them is
 * refused. Only a refused batch pays for this.
 */
async function firstRejection<R extends { index: number }>(
  database: Database,
  rejected: IngestRejected,
  records: R[],
  run: (db: Kysely<DB>, records: R[]) => Promise<unknown>,
): Promise<IngestRejected> {
  let first = rejected;
  for (;;) {
    const at = first.rejection.index;
    if (at === null) return first;
    const before = records.filter((r) => r.index < at);
    if (before.length === 0) return first;
    // The trial always throws: TrialOver when nothing before `at` is refused.
    const earlier = await writeTransaction(database, async (db) => {
      await run(db, before);
      throw new TrialOver();
    }).catch((err: unknown) => err);
    if (!(earlier instanceof IngestRejected)) {
      if (earlier instanceof TrialOver) return first;
      throw earlier;
    }
    if (earlier.rejection.index === null || earlier.rejection.index >= at) return first;
    first = earlier;
  }
}

interface PlayerNeed {
  agent_id: number;
  account: string;
  currency_id: number;
  /** Earliest record time of this player in the batch: a new player registers then. */
  first_time: number;
}

/**
 * Finds or creates the players of a batch. New ones are answered separately for the aggregates'
 * new-player counts.
 */
async function resolvePlayers(db: Kysely<DB>, needs: Map<string, PlayerNeed>, now: string, known: ReadonlyMap<string, PlayerRef>) {
  const players = new Map<string, PlayerRef>();
  const unknown: PlayerNeed[] = [];
  for (const [key, n] of needs) {
    const p = known.get(key);
    if (p) players.set(key, p);
    else unknown.push(n);
  }
  if (unknown.length > 0) for (const [k, p] of await findPlayers(db, unknown)) players.set(k, p);
  const missing: NewPlayerRow[] = [];
  for (const [key, n] of needs) {
    if (!players.has(key)) missing.push({ agent_id: n.agent_id, account: n.account, currency_id: n.currency_id, registered_at: n.first_time });
  }
  const created: NewPlayer[] = [];
  if (missing.length > 0) {
    for (const p of await insertPlayers(db, missing, now)) {
      players.set(playerKey(p.agent_id, p.account), p);
      created.push({ id: p.id, agent_id: p.agent_id, currency_id: p.currency_id, registered_at: p.registered_at });
    }
    const raced = missing.filter((m) => !players.has(playerKey(m.agent_id, m.account)));
    if (raced.length > 0) for (const [k, p] of await findPlayers(db, raced)) players.set(k, p);
  }
  return { players, created };
}

function needPlayer(needs: Map<string, PlayerNeed>, agentId: number, account: string, currencyId: number, time: number): string {
  const key = playerKey(agentId, account);
  const n = needs.get(key);
  if (!n) needs.set(key, { agent_id: agentId, account, currency_id: currencyId, first_time: time });
  else if (time < n.first_time) n.first_time = time;
  return key;
}

const distinct = (values: Iterable<string>) => [...new Set(values)];

/** What bets and transfers both carry: their place in the batch and whose they are. */
interface BatchRecord {
  index: number;
  agent_code: string;
  player_account: string;
  currency_code: string;
}

/** A record with its codes resolved to ids and the key of its player among the batch's needs. */
type Resolved<R, Own> = Own & { record: R; agent_id: number; currency_id: number; playerKey: string };

/**
 * What resolveRecords needs of a kind of record. `F` is what the kind stores of a record, in the
 * form conflict.ts compares: a record sent again under a taken id must repeat it.
 */
interface RecordKind<R, Own, F> {
  noun: 'bet' | 'transfer';
  idField: 'bet_id' | 'order_id';
  idOf(record: R): string;
  timeOf(record: R): number;
  /** What only this kind carries (a bet's game), resolved; may reject the record. */
  resolveOwn(record: R): Own;
  /** Refuses a record that is not a repeat (a repeat of a stored record stays a harmless repeat). */
  refuseNew?(record: Resolved<R, Own>): void;
  facts(record: Resolved<R, Own>): F;
  conflict(first: F, again: F): Conflict | null;
}

interface ResolvedBatch<R, Own> {
  /** The records in batch order, without the repeats of an id within the batch. */
  unique: Resolved<R, Own>[];
  /** How many records repeated an id seen earlier in the batch. */
  duplicates: number;
  needs: Map<string, PlayerNeed>;
}

/** Refuses `record` when it says otherwise than `first`: the record stored under its id, or record `earlier` of the batch. */
function checkRepeat<R extends BatchRecord, Own, F>(kind: RecordKind<R, Own, F>, record: Resolved<R, Own>, first: F, earlier: number | null = null) {
  const c = kind.conflict(first, kind.facts(record));
  if (c) reject(record.record.index, c.field, conflictReason(c, kind.noun, kind.idField, earlier));
}

/**
 * Resolves the agent and currency codes of a batch (one look-up each for the whole batch),
 * rejecting the first record with an unknown one, skips the repeats of a record id within the
 * batch and the ids `stored` already, and collects the players the other records need: a
 * duplicate creates no player and opens no wallet. A repeat that says otherwise than the record
 * its id names (stored, or earlier in the batch) is rejected as a conflict; only repeats are
 * compared, so a batch of new records pays nothing for it. `resolveOwn` runs between the agent and
 * the currency so that a record's first unknown code is reported in the order of its fields.
 */
async function resolveRecords<R extends BatchRecord, Own extends object, F>(
  db: Kysely<DB>,
  records: R[],
  kind: RecordKind<R, Own, F>,
  stored: ReadonlyMap<string, F>,
  scope: ResolvedScope | null = null,
): Promise<ResolvedBatch<R, Own>> {
  const agents = await agentIdsByCode(db, distinct(records.map((r) => r.agent_code)));
  const currencies = await currencyIdsByCode(db, distinct(records.map((r) => r.currency_code)));
  // A key limited to an agent: the batch's agents within its sub-tree (one look-up).
  const within = scope?.agent ? await agentIdsWithin(db, [...new Set(agents.values())], scope.agent.path) : null;
  const seen = new Map<string, Resolved<R, Own>>();
  const unique: Resolved<R, Own>[] = [];
  const needs = new Map<string, PlayerNeed>();
  let duplicates = 0;
  for (const record of records) {
    const agentId = agents.get(record.agent_code.toLowerCase()) ?? reject(record.index, 'agent_code', `unknown agent "${record.agent_code}"`);
    // Every record, a repeat too: a key learns nothing of records outside its scope.
    if (within && !within.has(agentId)) rejectOutOfScope(record.index, 'agent_code', outsideAgent(`the agent "${record.agent_code}"`, scope!.agent!));
    const own = kind.resolveOwn(record);
    const currencyId = currencies.get(record.currency_code) ?? reject(record.index, 'currency_code', `unknown currency "${record.currency_code}"`);
    const id = kind.idOf(record);
    const earlier = seen.get(id);
    const storedFacts = earlier ? undefined : stored.get(id);
    if (earlier || storedFacts !== undefined) {
      const resolved: Resolved<R, Own> = { ...own, record, agent_id: agentId, currency_id: currencyId, playerKey: '' };
      if (earlier) checkRepeat(kind, resolved, kind.facts(earlier), earlier.record.index);
      else checkRepeat(kind, resolved, storedFacts!);
      duplicates++;
      continue;
    }
    const key = needPlayer(needs, agentId, record.player_account, currencyId, kind.timeOf(record));
    const resolved: Resolved<R, Own> = { ...own, record, agent_id: agentId, currency_id: currencyId, playerKey: key };
    kind.refuseNew?.(resolved);
    seen.set(id, resolved);
    unique.push(resolved);
  }
  return { unique, duplicates, needs };
}

/**
 * Milliseconds spent per stage of storing bets, summed since the process started: the ingest
 * benchmark prints them to show where a batch's time goes (our writes versus the aggregates).
 */
/**
 * Milliseconds spent in each part of storing bet batches, summed over batches (bench/ingest.ts
 * prints them): the ingest's own look-ups, players and bet rows, then each stage of pipeline.ts.
 */
export const betStageMs: Record<string, number> = {};
function stageClock() {
  let last = performance.now();
  return (stage: string) => {
    const now = performance.now();
    betStageMs[stage] = (betStageMs[stage] ?? 0) + now - last;
    last = now;
  };
}

interface Stored {
  result: IngestResult;
  /** The batch's players, remembered once the transaction has committed. */
  players: Map<string, PlayerRef>;
}

interface BetOwn {
  game_id: number;
  platform_id: number;
  /** Why the game takes no new bets (it or its provider is disabled), or null. */
  off: string | null;
}

/** Why a game takes no new bets: it is disabled, or its provider is (docs/product.md, "The catalogue"). */
function gameOff(code: string, g: GameRef): string | null {
  if (g.status !== 1) return `the game "${code}" is disabled: it takes no new bets`;
  if (g.platform_status !== 1) return `the provider "${g.platform_code}" of the game "${code}" is disabled: its games take no new bets`;
  return null;
}

/** `platform`: the provider the request's key is limited to, whose games alone its bets may be of. */
function betKind(games: ReadonlyMap<string, GameRef>, platform: ResolvedScope['platform'] = null): RecordKind<ParsedBet, BetOwn, BetFacts> {
  return {
    noun: 'bet',
    idField: 'bet_id',
    idOf: (b) => b.bet_id,
    timeOf: (b) => b.bet_time,
    resolveOwn: (b) => {
      const game = games.get(b.game_code) ?? reject(b.index, 'game_code', `unknown game "${b.game_code}"`);
      if (platform && game.platform_id !== platform.id) rejectOutOfScope(b.index, 'game_code', outsidePlatform(`the game "${b.game_code}" of the provider "${game.platform_code}"`, platform));
      return { game_id: game.id, platform_id: game.platform_id, off: gameOff(b.game_code, game) };
    },
    refuseNew: (r) => {
      if (r.off) reject(r.record.index, 'game_code', r.off);
    },
    facts: (r) => ({ ...r.record, agent_id: r.agent_id, game_id: r.game_id, currency_id: r.currency_id }),
    conflict: betConflict,
  };
}

async function storeBets(db: Kysely<DB>, dialect: Dialect, bets: ParsedBet[], known: ReadonlyMap<string, PlayerRef>, keyScope: IngestScope | null): Promise<Stored> {
  // First, so a reader of bets in id order never passes ids this transaction has yet to commit.
  await holdBetsHorizon(db, dialect);
  const lap = stageClock();
  const now = nowIso();
  const scope = await resolveScope(db, keyScope);
  const kind = betKind(await gamesByCode(db, distinct(bets.map((b) => b.game_code))), scope?.platform);
  // Bets stored by an earlier batch are skipped before their players are looked for. One that a
  // concurrent batch (PostgreSQL) stores meanwhile is still caught by the insert's conflict clause.
  const stored = await storedBets(db, distinct(bets.map((b) => b.bet_id)));
  const batch = await resolveRecords(db, bets, kind, stored, scope);
  const { unique, needs } = batch;
  let duplicates = batch.duplicates;

  lap('lookups');
  const { players, created } = await resolvePlayers(db, needs, now, known);
  lap('players');
  const playerOf = (r: { playerKey: string }): PlayerRef => players.get(r.playerKey)!;
  const rows: BetRow[] = unique.map((r) => ({
    bet_id: r.record.bet_id,
    round_id: r.record.round_id,
    agent_id: r.agent_id,
    player_id: playerOf(r).id,
    game_id: r.game_id,
    platform_id: r.platform_id,
    currency_id: r.currency_id,
    bet_amount: r.record.bet_amount,
    valid_bet_amount: r.record.valid_bet_amount,
    payout_amount: r.record.payout_amount,
    tax_amount: r.record.tax_amount,
    bonus_amount: r.record.bonus_amount,
    jackpot_contribution: r.record.jackpot_contribution,
    jackpot_prize: r.record.jackpot_prize,
    bet_time: r.record.bet_time,
    settle_time: r.record.settle_time,
    device: r.record.device,
    created_at: now,
  }));
  const ids = await insertBets(db, dialect, rows);
  if (ids.size < unique.length) {
    // A concurrent batch (PostgreSQL) stored some of these bet_ids after our look-up: its commit
    // is visible now, so they are compared like any other repeat.
    const raced = unique.filter((r) => !ids.has(r.record.bet_id));
    const current = await storedBets(db, raced.map((r) => r.record.bet_id));
    for (const r of raced) {
      const s = current.get(r.record.bet_id);
      if (s) checkRepeat(kind, r, s);
    }
    duplicates += raced.length;
  }
  const newBets: BatchBet[] = [];
  for (let i = 0; i < unique.length; i++) {
    const row = rows[i]!;
    const id = ids.get(row.bet_id);
    if (id === undefined) continue;
    // Written out field by field: every stage loops over these, and objects of one literal shape stay fast.
    newBets.push({
      index: unique[i]!.record.index,
      id,
      bet_id: row.bet_id,
      agent_id: row.agent_id,
      player_id: row.player_id,
      game_id: row.game_id,
      platform_id: row.platform_id,
      currency_id: row.currency_id,
      bet_amount: row.bet_amount,
      valid_bet_amount: row.valid_bet_amount,
      payout_amount: row.payout_amount,
      tax_amount: row.tax_amount,
      bonus_amount: row.bonus_amount,
      jackpot_contribution: row.jackpot_contribution,
      jackpot_prize: row.jackpot_prize,
      bet_time: row.bet_time,
      settle_time: row.settle_time,
    });
  }
  lap('bets');

  // The modules' stages (pipeline.ts), in their fixed order.
  await runBetStages({ db, dialect, now, bets: newBets, newPlayers: created, reject }, lap);
  return { result: { accepted: ids.size, duplicates }, players };
}

const TRANSFER_KIND: RecordKind<ParsedTransfer, object, TransferFacts> = {
  noun: 'transfer',
  idField: 'order_id',
  idOf: (t) => t.order_id,
  timeOf: (t) => t.time,
  resolveOwn: () => ({}),
  facts: (r) => ({ ...r.record, agent_id: r.agent_id, currency_id: r.currency_id }),
  conflict: transferConflict,
};

const directionOf = (m: StoredMovement): 'in' | 'out' => (m.type === 'transfer_in' ? 'in' : 'out');

const transferFacts = (m: StoredMovement): TransferFacts => ({
  agent_id: m.agent_id,
  player_account: m.player_account,
  currency_id: m.currency_id,
  direction: directionOf(m),
  amount: m.amount < 0n ? -m.amount : m.amount,
  time: m.time,
});

/** The transfers stored already among `orderIds`, as conflict.ts compares them. */
async function storedTransfers(db: Kysely<DB>, orderIds: string[]): Promise<Map<string, TransferFacts>> {
  const out = new Map<string, TransferFacts>();
  for (const [id, m] of await storedMovements(db, TRANSFER_TYPES, orderIds)) out.set(id, transferFacts(m));
  return out;
}

/**
 * A batch of transfer records: resolved here (codes to ids, players found or created, wallets
 * locked, repeats of an order id set aside), then stored by the transfer stages (pipeline.ts).
 */
async function storeTransfers(db: Kysely<DB>, dialect: Dialect, transfers: ParsedTransfer[], known: ReadonlyMap<string, PlayerRef>, keyScope: IngestScope | null): Promise<Stored> {
  const now = nowIso();
  const orderIds = distinct(transfers.map((t) => t.order_id));
  // (A key limited to a provider never gets here: ingestTransfers refuses it.)
  const batch = await resolveRecords(db, transfers, TRANSFER_KIND, await storedTransfers(db, orderIds), await resolveScope(db, keyScope));
  const { unique, needs } = batch;
  let duplicates = batch.duplicates;

  const { players, created } = await resolvePlayers(db, needs, now, known);
  const playerId = (r: { playerKey: string }) => players.get(r.playerKey)!.id;
  const wallets = await lockWallets(db, dialect, unique.map((r) => ({ player_id: playerId(r), currency_id: r.currency_id })), now);
  // Checked again under the wallet locks: a concurrent batch with the same order id for the same
  // player has committed by now. (One for another player is caught by the unique index and
  // the transaction re-runs, see writeTransaction.)
  const stored = await storedTransfers(db, unique.map((r) => r.record.order_id));

  const fresh: BatchTransfer[] = [];
  for (const r of unique) {
    const s = stored.get(r.record.order_id);
    if (s) {
      checkRepeat(TRANSFER_KIND, r, s);
      duplicates++;
      continue;
    }
    const player_id = playerId(r);
    // Written out field by field: every stage loops over these, and objects of one literal shape stay fast.
    fresh.push({
      index: r.record.index,
      order_id: r.record.order_id,
      agent_id: r.agent_id,
      player_id,
      currency_id: r.currency_id,
      wallet: wallets.get(walletKey(player_id, r.currency_id))!,
      direction: r.record.direction,
      amount: r.record.amount,
      time: r.record.time,
      agent_code: r.record.agent_code,
      player_account: r.record.player_account,
      currency_code: r.record.currency_code,
      balance_before: null,
      balance_after: null,
    });
  }

  // The modules' stages (pipeline.ts), in their fixed order.
  await runTransferStages({ db, dialect, now, transfers: fresh, newPlayers: created, reject });
  return { result: { accepted: fresh.length, duplicates }, players };
}

/**
 * A transfer whose agent, player and currency the caller has resolved (the agent API), by their
 * ids; the codes and account only name them in a refusal's reason.
 */
export interface TransferByIds {
  /** The order id as the ledger keeps it: unique per agent (the agent API prefixes its own). */
  order_id: string;
  agent_id: number;
  agent_code: string;
  player_id: number;
  player_account: string;
  currency_id: number;
  currency_code: string;
  direction: 'in' | 'out';
  /** The money to move, > 0, in 1/10000 units. */
  amount: bigint;
  /** Epoch milliseconds (UTC). */
  time: number;
}

/** A transfer by ids as stored: now, or before under its order id (`repeat`: the first result, unchanged). */
export interface TransferDone {
  repeat: boolean;
  direction: 'in' | 'out';
  amount: bigint;
  balance_before: bigint;
  balance_after: bigint;
  time: number;
}

/** What a repeat of an order id changed, against the transfer stored under it: the first that differs. */
export type TransferRepeatField = 'player' | 'direction' | 'amount';

/**
 * Why a transfer by ids is refused: a stage's refusal (db/transfer-batch.ts), an amount above what
 * one transfer may carry (as an ingest record's amount, INGEST_AMOUNT_MAX_DIGITS digits before the
 * point), or an order id the agent used for another transfer. `reason` says it for a developer.
 */
export type TransferByIdsRefusal =
  | { code: TransferRefusal | 'amount_too_large'; reason: string }
  | { code: 'order_id_reused'; field: TransferRepeatField };

/** A refused transfer by ids; thrown, so the caller's transaction leaves nothing behind. */
export class TransferRefused extends Error {
  constructor(readonly refusal: TransferByIdsRefusal) {
    super(refusal.code === 'order_id_reused' ? `order_id_reused: the ${refusal.field} differs` : `${refusal.code}: ${refusal.reason}`);
  }
}

/** The smallest amount above what one ingested transfer may carry (1/10000 units). */
const TRANSFER_AMOUNT_BOUND = 10n ** BigInt(ingest.INGEST_AMOUNT_MAX_DIGITS + 4);

/**
 * Stores one transfer through the transfer stages, inside the caller's write transaction (the
 * agent API's, which takes its request's nonce in it too), its ids resolved by the caller: no
 * code is looked up and no player created. The player's wallet is locked first, then the order
 * id is looked up once: stored before, the same player, direction and amount answer that first
 * result and write nothing; anything else differing is refused naming it. A refusal throws
 * TransferRefused with its code, and the transaction rolls back.
 */
export async function transferByIds(db: Kysely<DB>, dialect: Dialect, t: TransferByIds): Promise<TransferDone> {
  if (t.amount >= TRANSFER_AMOUNT_BOUND) {
    throw new TransferRefused({ code: 'amount_too_large', reason: `must have at most ${ingest.INGEST_AMOUNT_MAX_DIGITS} digits before the point` });
  }
  const now = nowIso();
  const wallet = (await lockWallets(db, dialect, [t], now)).get(walletKey(t.player_id, t.currency_id))!;
  // Under the wallet's lock: a concurrent transfer of this order id for this player has committed by now.
  const first = (await storedMovements(db, TRANSFER_TYPES, [t.order_id])).get(t.order_id);
  if (first) {
    const direction = directionOf(first);
    const amount = first.amount < 0n ? -first.amount : first.amount;
    const differs: TransferRepeatField | null = first.player_id !== t.player_id ? 'player' : direction !== t.direction ? 'direction' : amount !== t.amount ? 'amount' : null;
    if (differs) throw new TransferRefused({ code: 'order_id_reused', field: differs });
    return { repeat: true, direction, amount, balance_before: first.balance_before, balance_after: first.balance_after, time: first.time };
  }
  const transfer: BatchTransfer = { ...t, index: 0, wallet, balance_before: null, balance_after: null };
  await runTransferStages({
    db,
    dialect,
    now,
    transfers: [transfer],
    newPlayers: [],
    reject: (_index, _field, reason, code) => {
      throw new TransferRefused({ code, reason });
    },
  });
  return { repeat: false, direction: t.direction, amount: t.amount, balance_before: transfer.balance_before!, balance_after: transfer.balance_after!, time: t.time };
}

const rejectCancel = (index: number | null, field: string, reason: string, refusal: CancelRefusal = 'invalid'): never => {
  throw new IngestRejected({ index, field, reason }, refusal === 'insufficient_balance' ? ErrorCode.InsufficientBalance : ErrorCode.InvalidParameter);
};

async function storeCancels(db: Kysely<DB>, dialect: Dialect, cancels: ParsedCancel[], _known: ReadonlyMap<string, PlayerRef>, keyScope: IngestScope | null): Promise<Stored> {
  const now = nowIso();
  const scope = await resolveScope(db, keyScope);
  const targets = await betsToCancel(db, dialect, distinct(cancels.map((c) => c.bet_id)));
  // A key limited to an agent: the agents of the bets within its sub-tree (one look-up).
  const within = scope?.agent ? await agentIdsWithin(db, [...new Set([...targets.values()].map((b) => b.agent_id))], scope.agent.path) : null;
  const seen = new Map<string, ParsedCancel>();
  const bets: CancelledBet[] = [];
  let duplicates = 0;
  for (const c of cancels) {
    const bet = targets.get(c.bet_id) ?? reject(c.index, 'bet_id', `unknown bet "${c.bet_id}"`);
    // Every cancel, a repeat too, by the stored bet's agent and provider.
    if (within && !within.has(bet.agent_id)) rejectOutOfScope(c.index, 'bet_id', outsideAgent(`the bet "${c.bet_id}"`, scope!.agent!));
    if (scope?.platform && bet.platform_id !== scope.platform.id) rejectOutOfScope(c.index, 'bet_id', outsidePlatform(`the bet "${c.bet_id}"`, scope.platform));
    const earlier = seen.get(c.bet_id);
    const first: CancelFacts | null = earlier ?? (bet.cancelled_at === null ? null : { reason: bet.cancel_reason ?? '', time: bet.cancelled_at });
    if (first) {
      // A repeat: harmless when it says the same, a conflict otherwise.
      const conflict = cancelConflict(first, c);
      if (conflict) reject(c.index, conflict.field, conflictReason(conflict, 'cancellation', 'bet_id', earlier ? earlier.index : null));
      duplicates++;
      continue;
    }
    if (c.time < bet.settle_time) reject(c.index, 'time', `must not be before the bet's settle_time (${new Date(bet.settle_time).toISOString()}): a bet is cancelled after it settles`);
    seen.set(c.bet_id, c);
    bets.push({ ...bet, index: c.index, cancel_time: c.time, reason: c.reason });
  }
  await markBetsCancelled(db, bets.map((b) => ({ id: b.id, time: b.cancel_time, reason: b.reason })));
  // The modules' stages (pipeline.ts), each undoing what its bet stage did.
  await runCancelStages({ db, dialect, now, bets, reject: rejectCancel });
  return { result: { accepted: bets.length, duplicates }, players: new Map() };
}
