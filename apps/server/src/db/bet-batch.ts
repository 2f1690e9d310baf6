import type { Kysely } from 'kysely';
import type { Dialect } from './database.ts';
import type { DB } from './schema.ts';

/**
 * What the ingest hands to the stages of a batch of settled bets (docs/architecture.md, "The
 * ingest's stages"): the bets the batch stored for the first time, inside the batch's
 * transaction. Each stage belongs to the module whose tables it writes (wallets and the ledger,
 * players, the report aggregates, point controls, prize pools); the ingest runs them in the fixed
 * order of its pipeline (modules/ingest/pipeline.ts). This file is below every module so that a
 * module can offer a stage without importing the ingest, which imports it.
 */

/**
 * The amounts of a bet, in 1/10000 units (bigint, never a JS number).
 */
export interface BetAmounts {
  bet_amount: bigint;
  valid_bet_amount: bigint;
  payout_amount: bigint;
  tax_amount: bigint;
  bonus_amount: bigint;
  jackpot_contribution: bigint;
  /** A jackpot prize paid on this bet from its agent and game's prize pool (0n: none, the common case). */
  jackpot_prize: bigint;
}

/**
 * A settled bet as the stages need it. settle_time is epoch milliseconds (UTC). The ingest
 * passes only bets it stored for the first time, so a duplicate bet_id is never counted twice.
 */
export interface SettledBet extends BetAmounts {
  id: number;
  agent_id: number;
  player_id: number;
  game_id: number;
  platform_id: number;
  currency_id: number;
  settle_time: number;
}

/** A bet of the batch as stored: its record's index in the batch, its own id and its times. */
export interface BatchBet extends SettledBet {
  /** The record's index in the batch, for a refusal that names it. */
  index: number;
  bet_id: string;
  bet_time: number;
}

/** A player created for the first time (registered_at: epoch milliseconds, UTC). */
export interface NewPlayer {
  id: number;
  agent_id: number;
  currency_id: number;
  registered_at: number;
}

export interface BetBatch {
  readonly db: Kysely<DB>;
  readonly dialect: Dialect;
  /** The batch's time stamp (ISO), for the rows' created/updated columns. */
  readonly now: string;
  /** The bets this batch stored for the first time, in batch order (repeats are not here). */
  readonly bets: readonly BatchBet[];
  /** The players this batch created. */
  readonly newPlayers: readonly NewPlayer[];
  /** Refuses the whole batch, naming the record (its index, or null for the batch), the field and why: the transaction rolls back. */
  reject(index: number | null, field: string, reason: string): never;
}

/** One stage of the batch: what a module does with the batch's new bets, inside its transaction. */
export interface BetStage {
  /** The stage's name (in the ingest benchmark's per-stage timings). */
  readonly name: string;
  run(batch: BetBatch): Promise<void>;
}

/** A settled bet being cancelled: the stored bet, the cancel's record index, time (epoch ms) and reason. */
export interface CancelledBet extends BatchBet {
  cancel_time: number;
  reason: string;
}

/** Why a cancel is refused: A0400 for a bad record, A0420 when it would take a wallet below zero. */
export type CancelRefusal = 'invalid' | 'insufficient_balance';

/**
 * What the ingest hands to the stages of a batch of bet cancellations (POST /v1/ingest/bets/cancel),
 * inside the batch's transaction: the bets cancelled for the first time, already marked cancelled.
 * Each stage undoes what its module's bet stage did for them (modules/ingest/pipeline.ts).
 */
export interface CancelBatch {
  readonly db: Kysely<DB>;
  readonly dialect: Dialect;
  readonly now: string;
  readonly bets: readonly CancelledBet[];
  /** Refuses the whole batch, naming the record, the field and why: the transaction rolls back. */
  reject(index: number | null, field: string, reason: string, refusal?: CancelRefusal): never;
}

/** One stage of a batch of cancellations: what a module undoes for the cancelled bets. */
export interface CancelStage {
  readonly name: string;
  run(batch: CancelBatch): Promise<void>;
}
