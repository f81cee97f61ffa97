import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          env: { NODE_ENV: 'test' },
        },
      },
      // unit tests of pure modules: no database, no DOM
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
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
        },
      },
    ],
  },
});
