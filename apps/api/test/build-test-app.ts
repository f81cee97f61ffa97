import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { buildApp } from '../src/app.ts';
import { ownPostgresDatabase } from './own-postgres.ts';

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; dataDir: string; close: () => Promise<void> };

// One database per test file: real PostgreSQL when TEST_DATABASE_URL is set (CI), else in-memory PGlite.
// Suites isolate themselves with fresh agencies, never by wiping tables.
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: { poolSize?: number; databaseUrl?: string } = {},
): Promise<TestApp> {
  const url = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  const database = await openDatabase(
    url
      ? { kind: 'postgres', url, poolSize: options.poolSize ?? 10, lockTimeoutMs: 5000 }
      : { kind: 'pglite', dataDir: null },
  );
  await runMigrations(database);
  // (made once the database answers: a suite whose database is missing leaves nothing behind)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir,
      logLevel: 'silent',
      rateLimitMax: 100_000,
      seedDemo: false,
      jwtSecret: 'test-secret-0123456789-abcdefghijkl',
      holdSweepMs: 0,
      accountJobsMs: 0,
      balanceAlertMs: 0,
      stockWatchPollMs: 0,
      resetRequestPollMs: 0,
      retentionJobMs: 0,
      // never a real DNS look-up from a test: the domain tests point DNS_SERVERS at a stand-in and check by hand
      domainCheckMs: 0,
      dnsServers: ['127.0.0.1:9'],
      ...overrides,
    },
  );
  // the data dir goes whatever fails: an app that does not start, or one whose close throws (a leftover
  // portal-test-* with its secrets.json was seen after a passing run)
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, database });
    await app.ready();
  } catch (error) {
    removeDataDir();
    await database.close().catch(() => undefined);
    throw error;
  }
  return {
    app,
    database,
    dataDir,
    close: async () => {
      try {
        await app.close();
        await database.close();
      } finally {
        removeDataDir();
      }
    },
  };
}

// An app on a database of its own, for a suite whose jobs read every agency's rows or the whole outbox, so other
// suites' rows do not meddle: a PostgreSQL database of its own under TEST_DATABASE_URL (dropped on close), else
// in-memory PGlite as for every suite.
export async function buildOwnTestApp(name: string, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  if (!process.env.TEST_DATABASE_URL) return buildTestApp(overrides);
  const own = await ownPostgresDatabase(name);
  const built = await buildTestApp(overrides, { databaseUrl: own.url });
  return {
    ...built,
    close: async () => {
      await built.close();
      await own.drop();
    },
  };
}

// One app for a test file: built before its tests (filled into the object returned here, so a file reads it as
// `const t = useTestApp()`), closed after them; `ownDatabase` names the database of its own (buildOwnTestApp).
export function useTestApp(overrides: Partial<AppConfig> = {}, options: { ownDatabase?: string } = {}): TestApp {
  const t = {} as TestApp;
  let isMade = false;
  beforeAll(async () => {
    Object.assign(
      t,
      options.ownDatabase ? await buildOwnTestApp(options.ownDatabase, overrides) : await buildTestApp(overrides),
    );
    isMade = true;
  });
  afterAll(async () => {
    if (isMade) await t.close();
  });
  return t;
}

// A migrated database for a suite whose rows are global (the mail outbox, the jobs), so other suites' rows do not
// meddle: a PostgreSQL database of its own under TEST_DATABASE_URL, else in-memory PGlite.
export async function ownMigratedDatabase(
  name: string,
  poolSize = 4,
): Promise<{ database: DatabaseHandle; close: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await runMigrations(database);
    return { database, close: () => database.close() };
  }
  const own = await ownPostgresDatabase(name);
  const database = await openDatabase({ kind: 'postgres', url: own.url, poolSize });
  await runMigrations(database);
  return {
    database,
    close: async () => {
      await database.close();
      await own.drop();
    },
  };
}

// a suite that needs a database of its own imports it from here, with the rest of its set-up
export { ownPostgresDatabase };
