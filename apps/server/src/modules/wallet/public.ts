// The public surface of the wallet module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { ledgerDayCounts, listAdjustments, listWallets, lockWallets, rebuildLedgerDayCounts, storedMovements, walletKey, type AdjustmentRow, type LedgerDayCount, type StoredMovement, type WalletFilter, type WalletRow } from './repository.ts';
export { adjustWallet, betWalletEffect, walletCancelStage, walletStage, walletTransferStage } from './service.ts';
