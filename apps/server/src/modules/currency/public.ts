// The public surface of the currency module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { currencyDecimals, currencyLabel, disabledCurrencyIds, findCurrency } from './repository.ts';
export { currencyTransferStage } from './service.ts';
