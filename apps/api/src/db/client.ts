import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  pool?: pg.Pool;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; lockTimeoutMs?: number }
  | { kind: 'pglite'; dataDir: string | null };

// Which kind each opened database is, for code that must behave differently (db/snapshot.ts): PGlite runs one
// transaction at a time for the whole database.
const kinds = new WeakMap<object, DatabaseHandle['kind']>();
export function databaseKind(db: DbOrTx): DatabaseHandle['kind'] | null {
  return kinds.get(db) ?? null;
}
function opened(handle: DatabaseHandle): DatabaseHandle {
  kinds.set(handle.db, handle.kind);
  return handle;
}

// Each kind loads only its own driver: a PGlite start does not pay for node-postgres, nor the reverse.
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    // A statement waiting on a row lock longer than this fails (bookings answer it with a retryable 409)
    const lockTimeout = `-c lock_timeout=${Math.max(1, Math.floor(options.lockTimeoutMs ?? 5000))}`;
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20, options: lockTimeout });
    // An idle connection the server closes (restart, failover, an administrator) is dropped from the pool and
    // replaced on the next query. Without a listener, node-postgres re-emits the error and it would end the process.
    pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return opened({ db, kind: 'postgres', pool, close: () => pool.end() });
  }
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  if (options.dataDir === null) {
    const client = await PGlite.create();
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return opened({ db, kind: 'pglite', close: () => client.close() });
  }
  const pgDir = path.join(options.dataDir, 'pg');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(options.dataDir);
  try {
    const client = await PGlite.create(pgDir);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return opened({
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await client.exec('CHECKPOINT');
          await client.close();
        } finally {
          releaseLock();
        }
      },
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
}
