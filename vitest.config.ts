import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one file at a time; a server test file mostly waits on HTTP
    // and on PostgreSQL's own processes, so two files (each with its own database) overlap well.
    maxWorkers: 2,
    projects: [
      { test: { name: 'game', root: 'packages/game', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] } },
      { test: { name: 'api', root: 'packages/api', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
        },
      },
    ],
  },
});
