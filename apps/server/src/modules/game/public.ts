// The public surface of the game module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { gameLabel, saveDealer } from './repository.ts';
export { prizePoolCancelStage, prizePoolStage } from './pool-service.ts';
