import { defineConfig } from 'vitest/config';

// One runner for every tier. API tests start the real app on a real PostgreSQL: the embedded server
// the global setup starts once for the run, or TEST_DATABASE_URL's; each test file makes its own
// database there. e2e tests drive Debian's Chromium against the app.
export default defineConfig({
  test: {
    globalSetup: ['apps/server/test/support/embedded-test-server.ts'],
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
          // A screen waiting for its answers, as a person would, not 1 s (vitest's default): on a
          // loaded CI machine a new phone's first page took longer. A poll that holds passes at once.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
