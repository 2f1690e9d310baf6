// The public surface of the aggregate module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { checkAggregates, rebuildAggregates, vacuumAggregates } from './maintenance.ts';
export { playerLifetimes, settleTimeSpan, type PlayerLifetime } from './repository.ts';
export { aggregateCancelStage, aggregateStage, aggregateTransferStage, applyNewPlayers, betWinLoss } from './service.ts';
