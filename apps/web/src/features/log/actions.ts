import { agentApi, agentCalls, currencyCalls, domainCalls, gameCalls, keyCalls, platformCalls, playerCalls, userCalls } from '@console/contract';

/**
 * Every action the log can hold: logins, the change calls of the contract, and the agent API's
 * refusals (`api/<path>`, the key's app id as the operator).
 */
export const ACTIONS: readonly string[] = [
  'login',
  ...[...userCalls, ...agentCalls, ...currencyCalls, ...keyCalls, ...domainCalls, ...playerCalls, ...gameCalls, ...platformCalls].filter((c) => c.audit).map((c) => c.path),
  ...agentApi.agentApiCalls.map((c) => `api/${c.path}`),
];
