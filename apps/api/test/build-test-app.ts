import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { buildApp } from '../src/app.ts';

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; dataDir: string; close: () => Promise<void> };

// One database per test file: real PostgreSQL when TEST_DATABASE_URL is set (CI), else in-memory PGlite.
// Suites isolate themselves with fresh agencies, never by wiping tables.
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: { poolSize?: number; databaseUrl?: string } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const url = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  const database = await openDatabase(
    url
      ? { kind: 'postgres', url, poolSize: options.poolSize ?? 10, lockTimeoutMs: 5000 }
      : { kind: 'pglite', dataDir: null },
  );
  await runMigrations(database);
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
      // never a real DNS look-up from a test: the domain tests point DNS_SERVERS at a stand-in and check by hand
      domainCheckMs: 0,
      dnsServers: ['127.0.0.1:9'],
      ...overrides,
    },
  );
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// A PostgreSQL database of its own, on the server of TEST_DATABASE_URL, for a suite whose load would disturb the
// others (a thousand bookings leave a thousand mails in the shared outbox). Created fresh; dropped by `drop`.
export async function ownPostgresDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const { default: pg } = await import('pg');
  const withAdmin = async <T>(work: (client: InstanceType<typeof pg.Client>) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const database = `${new URL(base).pathname.slice(1)}_${name}`.replace(/[^a-z0-9_]/gi, '_');
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  });
  const url = new URL(base);
  url.pathname = `/${database}`;
  const drop = () =>
    withAdmin(async (client) => {
      // the suite's pools have said goodbye, but their connections may still be closing: forcing them out then
      // would hit a client mid-close. Wait (up to 5 s) until the server has seen them go.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [database],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    });
  return { url: url.toString(), drop };
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
