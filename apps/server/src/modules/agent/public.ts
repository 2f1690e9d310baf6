// The public surface of the agent module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { agentLabel, agentPath, agentSubtree, agentTree, disabledAgentsOver, parseWhitelist, shareRateHistory, type ShareRateEntry } from './repository.ts';
export { agentInService, agentPathInService, agentsOutOfServiceAmong, agentTransferStage } from './service.ts';
