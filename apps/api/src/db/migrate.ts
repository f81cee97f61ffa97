import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { findUp } from '../lib/find-up.ts';
import type { DatabaseHandle } from './client.ts';

function findMigrationsFolder(): string {
  const folder = findUp(import.meta.url, 'drizzle', 'meta/_journal.json');
  if (!folder) throw new Error('Migrations folder (drizzle/) not found');
  return folder;
}

const MIGRATION_LOCK_KEY = 7_420_001;

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (handle.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!handle.pool) throw new Error('PostgreSQL handle without a pool');
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Several nodes (or test files) may start at once: one migrates, the others wait on the same session lock.
  const client = await handle.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }) as NodePgDatabase, { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
