import { defineConfig } from 'vitest/config';

/** What every server test file has: its environment, time limits and the run's database templates. */
const server = {
  root: './apps/server',
  environment: 'node',
  // PostgreSQL test databases commit without waiting for their WAL to reach the disk: a test's
  // database is thrown away with its run (the server suites 121 → 115 s on a 2-core host).
  // PGOPTIONS adds to the connections' settings, as in production.
  env: { NODE_ENV: 'test', PGOPTIONS: [process.env.PGOPTIONS, '-c synchronous_commit=off'].filter(Boolean).join(' ') },
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // One migrated database of each kind per run, copied by every test file.
  globalSetup: ['./test/global-setup.ts'],
};
/** Server test files that use vi.mock. */
const MOCKING = ['test/export-limit.test.ts'];

export default defineConfig({
  test: {
    // Each server test file gets its own database. Three workers on the machine's two cores: a
    // worker that waits (on PostgreSQL, on its database's copy, on loading its next file) leaves
    // its core to another, where with two a core stood idle for about a fifth of the run.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: MOCKING,
          // The files share their worker's loaded modules instead of importing the server anew
          // each: about a minute of the run. They keep no state in modules between files.
          isolate: false,
        },
      },
      {
        // Files that replace a module with vi.mock get modules of their own.
        test: { ...server, name: 'server-mocking', include: MOCKING },
      },
      {
        test: {
          name: 'tools',
          root: './tools',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
