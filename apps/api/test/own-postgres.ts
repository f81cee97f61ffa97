// The database `<base's database>_<suffix>` on the server of `base`: its name and a URL naming it. Lower case and only
// [a-z0-9_]: PostgreSQL folds an unquoted name to lower case, and the URL must name what was made.
export function suffixedDatabase(base: string, suffix: string): { name: string; url: string } {
  const url = new URL(base);
  const name = `${decodeURIComponent(url.pathname.slice(1))}_${suffix}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
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
  const { name: database, url } = suffixedDatabase(base, name);
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  });
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
  return { url, drop };
}
