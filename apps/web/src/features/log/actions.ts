import { agentApi, agentCalls, currencyCalls, domainCalls, gameCalls, keyCalls, platformCalls, playerCalls, userCalls } from '@console/contract';

/**
 * Every action the log can hold: logins, the change calls of the contract, the agent API's
 * refusals (`api/<path>`, the key's app id in the row's data, never as an operator), and the
 * minute's summary of the refusals past those logged one by one (`api/refusals`).
 */
export const ACTIONS: readonly string[] = [
  'login',
  ...[...userCalls, ...agentCalls, ...currencyCalls, ...keyCalls, ...domainCalls, ...playerCalls, ...gameCalls, ...platformCalls].filter((c) => c.audit).map((c) => c.path),
  ...agentApi.agentApiCalls.map((c) => `api/${c.path}`),
  'api/refusals',
];
