import type { BetBatch, BetStage } from '../../db/bet-batch.ts';
import { aggregateStage } from '../aggregate/public.ts';
import { prizePoolStage } from '../game/public.ts';
import { lastBetStage } from '../player/public.ts';
import { pointControlStage } from '../point-control/public.ts';
import { walletStage } from '../wallet/public.ts';

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
