import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const api = {
  include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks',
  env: { NODE_ENV: 'test' },
} as const;

// each opens 20 to 100 PostgreSQL connections, runs server processes or the OCTO validator of its own, or times
// password hashing against a deadline (login flood)
const API_ALONE = [
  'apps/api/src/modules/bookings/concurrency.test.ts',
  'apps/api/src/modules/octo/octo-postgres.test.ts',
  'apps/api/src/modules/octo/octo-validator.test.ts',
  'apps/api/test/faults.test.ts',
  'apps/api/test/login-flood.test.ts',
  'apps/api/test/two-nodes.test.ts',
  'apps/api/test/two-node-refunds.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      // API tests two files at a time, each worker on a database of its own (apps/api/test/worker-database.ts)
      {
        test: {
          ...api,
          name: 'api',
          exclude: API_ALONE,
          maxWorkers: 2,
          globalSetup: ['apps/api/test/worker-databases.ts'],
          setupFiles: ['apps/api/test/worker-database.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      // then, one at a time on the shared database, the suites whose pools or nodes would take PostgreSQL's
      // 100 connections (or the machine) from a neighbour
      { test: { ...api, name: 'api-alone', include: API_ALONE, maxWorkers: 1, sequence: { groupOrder: 2 } } },
      // unit tests of pure modules: no database, no DOM
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits 1 s by default: too short for an image resized or a search answered on a loaded
          // machine (Playwright's own waits give 30 s)
          expect: { poll: { timeout: 15_000 } },
          // two files at a time, each with its own portal, data dir, SMTP sink and Chromium
          maxWorkers: 2,
          pool: 'forks',
          // the demo data made once, each file's portal starting on a copy (e2e/support/demo-data-dir.ts)
          globalSetup: ['e2e/support/demo-data-dir.ts'],
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
