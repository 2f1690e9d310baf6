// The public surface of the demo module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { DEMO_DEFAULTS, generateDemo, hasDomainData } from './generator.ts';
export { seedDemoPlatform } from './first-start.ts';
