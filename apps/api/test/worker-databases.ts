// Global set-up of the parallel API tests (vitest.config.ts): under TEST_DATABASE_URL, one fresh PostgreSQL
// database per worker before the run, dropped after it. Without TEST_DATABASE_URL every file has its own
// in-memory PGlite and there is nothing to do. (Two runs at once on one TEST_DATABASE_URL would drop each other's.)
import type { TestProject } from 'vitest/node';
import { suffixedDatabase } from './own-postgres.ts';

// (a worker's own suites add their own suffix to it: ownPostgresDatabase)
export function workerDatabaseUrl(shared: string, poolId: number): string {
  const { name, url } = suffixedDatabase(shared, `w${poolId}`);
  if (name.length > 40) throw new Error(`TEST_DATABASE_URL's database name is too long for a worker's: ${name}`);
  return url;
}

async function eachWorkerDatabase(shared: string, workers: number, work: (name: string) => string[]) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: shared });
  await client.connect();
  try {
    for (let poolId = 1; poolId <= workers; poolId++) {
      const name = new URL(workerDatabaseUrl(shared, poolId)).pathname.slice(1);
      for (const statement of work(name)) await client.query(statement);
    }
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) return undefined;
  const workers = Number(project.config.maxWorkers) || 1;
  await eachWorkerDatabase(shared, workers, (name) => [
    `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
    `CREATE DATABASE ${name}`,
  ]);
  return () => eachWorkerDatabase(shared, workers, (name) => [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
}
