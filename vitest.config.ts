import { defineConfig } from 'vitest/config';

// One runner for every tier. API tests start the real app on a real database (PGlite, or
// PostgreSQL when TEST_DATABASE_URL is set); e2e tests drive Debian's Chromium against it.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and browser; two cores run two at a time at most.
          maxWorkers: 1,
        },
      },
    ],
  },
});
