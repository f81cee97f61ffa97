import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ownPostgresDatabase } from '../../test/build-test-app.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

// Only on PostgreSQL: the embedded database has no server that could close a connection.
type PidRows = { rows: { pid: number }[] };

describe.skipIf(!process.env.TEST_DATABASE_URL)('openDatabase on PostgreSQL', () => {
  let database: DatabaseHandle | null = null;
  let own: Awaited<ReturnType<typeof ownPostgresDatabase>> | null = null;

  afterAll(async () => {
    await database?.close();
    await own?.drop();
  });

  it('survives the server closing an idle connection: the pool replaces it and the next query works', async () => {
    own = await ownPostgresDatabase('client_idle');
    database = await openDatabase({ kind: 'postgres', url: own.url, poolSize: 1 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const first = (await database.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as PidRows;
      const pid = first.rows[0]?.pid;
      expect(pid).toBeTypeOf('number');
      // another session ends it, as a restart or an administrator would
      const admin = await openDatabase({ kind: 'postgres', url: own.url, poolSize: 1 });
      await admin.db.execute(sql`SELECT pg_terminate_backend(${pid})`);
      await admin.close();
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^PostgreSQL closed an idle connection: /)),
      );
      const next = (await database.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as PidRows;
      expect(next.rows[0]?.pid).toBeTypeOf('number');
      expect(next.rows[0]?.pid).not.toBe(pid);
    } finally {
      logged.mockRestore();
    }
  });
});
