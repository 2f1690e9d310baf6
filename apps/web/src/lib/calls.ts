/**
 * The contract's call definitions the start-up code uses, loaded on first use. They carry zod
 * schemas, and zod alone would otherwise be the largest library on the way to the login screen
 * (the loading budget of bench/web-budget.mjs); only the call paths are needed to send a call.
 */
export { agent, currency, game, user } from '@console/contract';
