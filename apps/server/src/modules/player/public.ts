// The public surface of the player module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { findPlayers, insertPlayers, playerAccounts, playerKey, type NewPlayerRow, type PlayerRef } from './repository.ts';
export { ensurePlayer, lastBetStage, playerCache, playerTransferStage, rememberPlayers } from './service.ts';
