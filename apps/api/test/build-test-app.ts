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
export async function buildTestApp(overrides: Partial<AppConfig> = {}, options: { poolSize?: number; databaseUrl?: string } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const url = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  const database = await openDatabase(url ? { kind: 'postgres', url, poolSize: options.poolSize ?? 10, lockTimeoutMs: 5000 } : { kind: 'pglite', dataDir: null });
  await runMigrations(database);
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir, logLevel: 'silent', rateLimitMax: 100_000, seedDemo: false, jwtSecret: 'test-secret-0123456789-abcdefghijkl', holdSweepMs: 0, ...overrides },
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
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const database = `${new URL(base).pathname.slice(1)}_${name}`.replace(/[^a-z0-9_]/gi, '_');
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}
