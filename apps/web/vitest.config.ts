import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: {
      '@console/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Rendering antd forms in jsdom takes seconds when the machine is busy; 5 s timed out in CI-like runs.
    testTimeout: 20_000,
    // The files share their worker's jsdom and loaded modules (antd, the contract) instead of
    // building them anew each: about a minute of the run. Each test starts clean (test-setup.ts:
    // the DOM, storage and the stores are reset after every test).
    isolate: false,
  },
});
