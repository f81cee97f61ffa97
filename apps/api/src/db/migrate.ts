import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
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

// 'current': the schema was already at the journal's last migration (one query, nothing else done);
// 'migrated': drizzle's migrator ran (it applies what is missing, in one transaction, or nothing).
export type MigrationOutcome = 'current' | 'migrated';

type JournalEntry = { tag: string; when: number };

// The journal's newest migration (drizzle applies every migration newer than the database's newest, by `when`)
function newestMigration(migrationsFolder: string): { when: number; hash: string } | null {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const newest = journal.entries.reduce<JournalEntry | null>((a, b) => (a && a.when >= b.when ? a : b), null);
  if (!newest) return null;
  // the hash drizzle records: sha256 of the file's text
  const text = fs.readFileSync(path.join(migrationsFolder, `${newest.tag}.sql`)).toString();
  return { when: newest.when, hash: crypto.createHash('sha256').update(text).digest('hex') };
}

// A restart on a current schema costs one query: the database's newest recorded migration is the journal's newest,
// same time and same file hash. Anything else (no migrations table yet, an older or unknown newest row, a changed
// file) goes through drizzle's migrator as before. A start killed in the middle of migrating left no row (the
// migrator records each migration in the same transaction as its statements), so it is never taken as current.
async function schemaIsCurrent(handle: DatabaseHandle, migrationsFolder: string): Promise<boolean> {
  const newest = newestMigration(migrationsFolder);
  if (!newest) return false;
  let rows: Array<{ hash: string; created_at: string | number | bigint | null }>;
  try {
    const result = await handle.db.execute(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    rows = (result as unknown as { rows: typeof rows }).rows;
  } catch {
    // no migrations table yet: a new database
    return false;
  }
  const [row] = rows;
  return Boolean(row && Number(row.created_at) === newest.when && row.hash === newest.hash);
}

export async function runMigrations(
  handle: DatabaseHandle,
  { migrationsFolder = findMigrationsFolder() }: { migrationsFolder?: string } = {},
): Promise<MigrationOutcome> {
  if (await schemaIsCurrent(handle, migrationsFolder)) return 'current';
  if (handle.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return 'migrated';
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
  return 'migrated';
}
