import { afterAll, beforeAll } from 'vitest';
import type pg from 'pg';
import { ownPostgresDatabase } from '../../apps/api/test/own-postgres.ts';
import { startPortal, type Portal } from './portal.ts';

// A demo portal on a PostgreSQL database of its own (TEST_DATABASE_URL, as in CI), for a suite that must also change
// the database behind the app's back — move dates, stage a provider's state. Without PostgreSQL there is no way to,
// and the suite is skipped (describe.skipIf(!hasPostgres)).
export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

export function portalOnOwnPostgres(name: string) {
  let portal: Portal | undefined;
  let database: Awaited<ReturnType<typeof ownPostgresDatabase>> | undefined;
  beforeAll(async () => {
    if (!hasPostgres) return;
    database = await ownPostgresDatabase(name);
    portal = await startPortal({ DATABASE_URL: database.url, SEED_DEMO: 'true' });
  });
  afterAll(async () => {
    await portal?.stop();
    await database?.drop();
  });
  return {
    portal: (): Portal => {
      if (!portal) throw new Error('the portal runs only with TEST_DATABASE_URL');
      return portal;
    },
    // one connection of the test's own, for statements that belong together (a session setting, then updates)
    withClient: async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
      const { default: Pg } = await import('pg');
      const client = new Pg.Client({ connectionString: database?.url });
      await client.connect();
      try {
        return await fn(client);
      } finally {
        await client.end();
      }
    },
  };
}
