import type { Kysely } from 'kysely';
import type { NewPlayer } from './bet-batch.ts';
import type { Dialect } from './database.ts';
import type { DB } from './schema.ts';

/**
 * What the ingest hands to the stages of a batch of wallet transfers (docs/architecture.md, "The
 * ingest pipeline"), as db/bet-batch.ts does for bets: the transfers the batch stores for the
 * first time, resolved to ids, their wallets locked, inside the batch's transaction. Each stage
 * belongs to the module whose rule or tables it keeps (the checks of agents, currencies and
 * players, the wallets and the ledger, the report aggregates); the ingest runs them in the fixed
 * order of its pipeline (modules/ingest/pipeline.ts). A batch comes from a game server's records
 * or from the agent API's one transfer; the stages cannot tell them apart.
 */

/** A wallet as the batch locked it: its balance when locked. */
export interface BatchWallet {
  id: number;
  player_id: number;
  currency_id: number;
  balance: bigint;
}

/** A transfer of the batch, stored for the first time (repeats of an order id are not here). */
export interface BatchTransfer {
  /** The record's index in the batch, for a refusal that names it. */
  index: number;
  /** The order id as the ledger keeps it. */
  order_id: string;
  agent_id: number;
  player_id: number;
  currency_id: number;
  /** The player's wallet in the currency, locked for the transaction. */
  wallet: BatchWallet;
  direction: 'in' | 'out';
  /** The money moved, > 0, in 1/10000 units. */
  amount: bigint;
  /** Epoch milliseconds (UTC). */
  time: number;
  /** The agent, player and currency as the record named them: a refusal names them so. */
  agent_code: string;
  player_account: string;
  currency_code: string;
  /** The wallet's balance before and after this transfer: set by the wallets stage, null until then. */
  balance_before: bigint | null;
  balance_after: bigint | null;
}

/**
 * Why a stage refuses a transfer. Each caller answers it in its own terms: the ingest as A0400
 * naming the record and field, the agent API with its own codes (A0420 for a balance too low).
 */
export type TransferRefusal =
  /** Money in for a player of an agent out of service (it or an agent above it disabled). */
  | 'agent_disabled'
  /** Money in, in a disabled currency. */
  | 'currency_disabled'
  /** Money in for a disabled player. */
  | 'player_disabled'
  /** Money out beyond the wallet's balance. */
  | 'insufficient_balance'
  /** Money in past the largest balance a wallet holds. */
  | 'wallet_full'
  /** The batch would take a day's ledger total past the largest amount (no record named). */
  | 'ledger_total_full';

/** The field a refusal names: a transfer record's, or the batch's (`transfers`, with no record). */
export type TransferField = 'agent_code' | 'currency_code' | 'player_account' | 'amount' | 'transfers';

export interface TransferBatch {
  readonly db: Kysely<DB>;
  readonly dialect: Dialect;
  /** The batch's time stamp (ISO), for the rows' created/updated columns. */
  readonly now: string;
  /** The transfers this batch stores for the first time, in batch order. */
  readonly transfers: readonly BatchTransfer[];
  /** The players this batch created. */
  readonly newPlayers: readonly NewPlayer[];
  /**
   * Refuses the whole batch, naming the record (its index, or null for the batch), the field, why
   * (a reason a developer can act on) and which refusal it is: the transaction rolls back.
   */
  reject(index: number | null, field: TransferField, reason: string, refusal: TransferRefusal): never;
}

/** One stage of a batch of transfers: what a module checks or writes for them, inside its transaction. */
export interface TransferStage {
  readonly name: string;
  run(batch: TransferBatch): Promise<void>;
}
