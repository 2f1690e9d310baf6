// The public surface of the key module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { insertKey } from './repository.ts';
export { addKey, agentKeyForSigning, authenticateIngestKey, noteAgentKeyUse } from './service.ts';
