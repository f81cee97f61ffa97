import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMigratedDatabase } from '../../test/build-test-app.ts';
import { findUp } from '../lib/find-up.ts';
import type { DatabaseHandle } from './client.ts';
import { runMigrations } from './migrate.ts';

// A restart on a current schema skips drizzle's migrator (one query); a new migration, a changed last file or a
// migration that failed half-way still goes through it.
const shipped = findUp(import.meta.url, 'drizzle', 'meta/_journal.json') as string;

type Journal = { entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }> };

// a copy of the shipped migrations with one more (or the last one changed)
function migrationsWith(extra: { tag: string; sql: string; after: number } | null, editLast = false): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  fs.cpSync(shipped, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries[journal.entries.length - 1];
  if (!last) throw new Error('empty journal');
  if (editLast) fs.appendFileSync(path.join(folder, `${last.tag}.sql`), '\n-- edited\n');
  if (extra) {
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + extra.after, tag: extra.tag });
    fs.writeFileSync(path.join(folder, `${extra.tag}.sql`), extra.sql);
  }
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function recorded(database: DatabaseHandle): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? -1;
}

async function tableExists(database: DatabaseHandle, name: string): Promise<boolean> {
  const result = await database.db.execute(sql`select to_regclass(${name}) is not null as present`);
  return (result as unknown as { rows: Array<{ present: boolean }> }).rows[0]?.present ?? false;
}

describe('runMigrations', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  const folders: string[] = [];
  beforeAll(async () => {
    ({ database, close } = await ownMigratedDatabase('migrate_skip'));
  });
  afterAll(async () => {
    await close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('skips the migrator when the schema is at the journal’s last migration', async () => {
    const before = await recorded(database);
    expect(await runMigrations(database)).toBe('current');
    expect(await recorded(database)).toBe(before);
  });

  it('runs a new migration, then takes the new one as current', async () => {
    const folder = migrationsWith({ tag: '9990_added', sql: 'CREATE TABLE migrate_test_added (id int);', after: 1000 });
    folders.push(folder);
    const before = await recorded(database);
    expect(await runMigrations(database, { migrationsFolder: folder })).toBe('migrated');
    expect(await tableExists(database, 'migrate_test_added')).toBe(true);
    expect(await recorded(database)).toBe(before + 1);
    expect(await runMigrations(database, { migrationsFolder: folder })).toBe('current');
  });

  it('does not take a database whose last migration failed half-way as current', async () => {
    const failing = migrationsWith({
      tag: '9991_half',
      sql: 'CREATE TABLE migrate_test_half (id int);\n--> statement-breakpoint\nSELECT no_such_function();',
      after: 2000,
    });
    folders.push(failing);
    // (without 9990, which the database has: drizzle runs what is newer than the database's newest, 9991 alone)
    const before = await recorded(database);
    await expect(runMigrations(database, { migrationsFolder: failing })).rejects.toThrow();
    expect(await tableExists(database, 'migrate_test_half')).toBe(false);
    expect(await recorded(database)).toBe(before);
    // the next start (the same migration, fixed) runs it
    const fixed = migrationsWith({ tag: '9991_half', sql: 'CREATE TABLE migrate_test_half (id int);', after: 2000 });
    folders.push(fixed);
    expect(await runMigrations(database, { migrationsFolder: fixed })).toBe('migrated');
    expect(await tableExists(database, 'migrate_test_half')).toBe(true);
  });

  it('goes through the migrator when the last file changed', async () => {
    const edited = migrationsWith(null, true);
    folders.push(edited);
    const before = await recorded(database);
    expect(await runMigrations(database, { migrationsFolder: edited })).toBe('migrated');
    expect(await recorded(database)).toBe(before);
  });

  it('migrates a new database from nothing', async () => {
    const fresh = await ownMigratedDatabase('migrate_fresh');
    try {
      expect(await tableExists(fresh.database, 'users')).toBe(true);
      expect(await runMigrations(fresh.database)).toBe('current');
    } finally {
      await fresh.close();
    }
  });
});
