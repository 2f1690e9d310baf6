import type { BetBatch, BetStage, CancelBatch, CancelStage } from '../../db/bet-batch.ts';
import type { TransferBatch, TransferStage } from '../../db/transfer-batch.ts';
import { agentTransferStage } from '../agent/public.ts';
import { aggregateCancelStage, aggregateStage, aggregateTransferStage } from '../aggregate/public.ts';
import { currencyTransferStage } from '../currency/public.ts';
import { prizePoolCancelStage, prizePoolStage } from '../game/public.ts';
import { lastBetStage, playerTransferStage } from '../player/public.ts';
import { pointControlStage } from '../point-control/public.ts';
import { walletCancelStage, walletStage, walletTransferStage } from '../wallet/public.ts';

/**
 * The stages of a batch of settled bets, in the order they run inside the batch's transaction,
 * once the ingest has validated the records, found or created their players and written the bet
 * rows (docs/architecture.md, "The ingest's stages"). Each stage is its module's own; this list
 * is the one place that says which run and in what order:
 *
 * 1. wallets (wallet): stake out, net return and jackpot prize in, as ledger entries, refusing an overdraft;
 * 2. last bet (player): each player's latest bet time;
 * 3. aggregates (aggregate): every report aggregate, new players and bets;
 * 4. point controls (point-control): the progress of the players' active controls, in batch order;
 * 5. prize pools (game): the jackpot contributions into the enabled pools and the jackpot prizes
 *    out of them, refusing a prize the pool cannot pay.
 *
 * A stage may refuse the batch (BetBatch.reject): the transaction then leaves nothing behind, so
 * the order decides only which refusal a batch with several problems answers first.
 */
export const BET_STAGES: readonly BetStage[] = [walletStage, lastBetStage, aggregateStage, pointControlStage, prizePoolStage];

/** Runs every stage on the batch, in order; `lap` is told each stage's name as it ends (timings). */
export async function runBetStages(batch: BetBatch, lap: (stage: string) => void = () => undefined): Promise<void> {
  for (const stage of BET_STAGES) {
    await stage.run(batch);
    lap(stage.name);
  }
}

/**
 * The stages of a batch of bet cancellations, in order, once the ingest has found the bets and
 * marked them cancelled:
 *
 * 1. wallets (wallet): each bet's whole wallet effect (its jackpot prize too) reversed by one `bet_cancel` entry,
 *    refusing (A0420) a reversal that would take the wallet below zero;
 * 2. aggregates (aggregate): each bet taken out of every report aggregate of its settle period;
 * 3. prize pools (game): a jackpot prize returned to the pool that paid it.
 *
 * What the other bet stages did stays: a player's last bet time, a point control's progress (the
 * player did play: docs/adr/0015-bet-cancellation.md) and the pools' contributions.
 */
export const CANCEL_STAGES: readonly CancelStage[] = [walletCancelStage, aggregateCancelStage, prizePoolCancelStage];

export async function runCancelStages(batch: CancelBatch): Promise<void> {
  for (const stage of CANCEL_STAGES) await stage.run(batch);
}

/**
 * The stages of a batch of wallet transfers, in order, once the batch is resolved (service.ts): its
 * agents, players and currencies known by id, new players created, the wallets locked and repeats
 * of an order id set aside, whether the batch came from a game server's records (`ingestTransfers`)
 * or from the agent API with its ids resolved already (`transferByIds`):
 *
 * 1. agent in service (agent), 2. currency enabled (currency), 3. player enabled (player): money
 *    in is refused for an agent out of service, a disabled currency or a disabled player;
 * 4. wallets (wallet): one ledger entry per transfer, refusing money out beyond the balance;
 * 5. aggregates (aggregate): the batch's new players.
 *
 * As with bets, a refusal leaves nothing behind and the order decides only which refusal a
 * transfer with several problems answers first. A further rule on transfers (a sanction, a risk
 * rule) is one more stage here.
 */
export const TRANSFER_STAGES: readonly TransferStage[] = [agentTransferStage, currencyTransferStage, playerTransferStage, walletTransferStage, aggregateTransferStage];

export async function runTransferStages(batch: TransferBatch): Promise<void> {
  for (const stage of TRANSFER_STAGES) await stage.run(batch);
}
