// The public surface of the platform module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { platformLabel } from './repository.ts';
