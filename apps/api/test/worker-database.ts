// API test files run two at a time. Under TEST_DATABASE_URL each worker gets a PostgreSQL database of its own
// (`<name>_w<VITEST_POOL_ID>`, made fresh by worker-databases.ts before the run), so two files never share demo
// stock, the outbox or the jobs; every suite reads TEST_DATABASE_URL as before and finds its worker's database.
// Idempotent: a worker process that runs a second file keeps the same database.
import { workerDatabaseUrl } from './worker-databases.ts';

const shared = process.env.TEST_DATABASE_SHARED_URL ?? process.env.TEST_DATABASE_URL;
const poolId = process.env.VITEST_POOL_ID;
if (shared && poolId) {
  process.env.TEST_DATABASE_SHARED_URL = shared;
  process.env.TEST_DATABASE_URL = workerDatabaseUrl(shared, Number(poolId));
}
