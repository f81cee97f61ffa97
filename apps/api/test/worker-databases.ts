// Global set-up of the parallel API tests (vitest.config.ts): under TEST_DATABASE_URL, one fresh PostgreSQL
// database per worker before the run, dropped after it. Without TEST_DATABASE_URL every file has its own
// in-memory PGlite and there is nothing to do.
import type { TestProject } from 'vitest/node';

export function workerDatabaseUrl(shared: string, poolId: number): string {
  const url = new URL(shared);
  url.pathname = `/${url.pathname.slice(1)}_w${poolId}`;
  return url.toString();
}

async function eachWorkerDatabase(shared: string, workers: number, work: (name: string) => string[]) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: shared });
  await client.connect();
  try {
    for (let poolId = 1; poolId <= workers; poolId++) {
      const name = new URL(workerDatabaseUrl(shared, poolId)).pathname.slice(1);
      if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`TEST_DATABASE_URL names an unusual database: ${name}`);
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
