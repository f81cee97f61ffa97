import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { THROTTLE, type AttemptCounts, type ThrottleKeys } from './login-throttle.ts';

// The login attempt counters (the rules are in login-throttle.ts)

// Counts this attempt on all three keys and returns the counts including it. Keys are written in a fixed (sorted)
// order so two attempts never wait on each other's rows in opposite orders.
export async function countAttempt(db: Db, keys: ThrottleKeys): Promise<AttemptCounts> {
  const window = `${THROTTLE.windowMinutes} minutes`;
  const ordered = [keys.accountIp, keys.ip, keys.account].sort();
  const values = sql.join(
    ordered.map((key) => sql`(${key}, 1, now())`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    INSERT INTO login_throttle (key, failures, window_started_at) VALUES ${values}
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.window_started_at < now() - ${window}::interval THEN 1 ELSE login_throttle.failures + 1 END,
      window_started_at = CASE WHEN login_throttle.window_started_at < now() - ${window}::interval THEN now() ELSE login_throttle.window_started_at END
    RETURNING key, failures, ceil(extract(epoch FROM window_started_at + ${window}::interval - now()))::int AS retry_after`)) as unknown as {
    rows: { key: string; failures: number; retry_after: number }[];
  };
  const count = (key: string) => Number(result.rows.find((r) => r.key === key)?.failures ?? 0);
  const retryAfterSeconds = Math.max(1, ...result.rows.map((r) => Number(r.retry_after)));
  return { accountIp: count(keys.accountIp), ip: count(keys.ip), account: count(keys.account), retryAfterSeconds };
}

// A successful login: the address starts afresh on this account, and its attempt is given back to the others.
export async function forgiveAttempt(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.execute(sql`
    WITH d AS (DELETE FROM login_throttle WHERE key = ${keys.accountIp})
    UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key IN (${keys.ip}, ${keys.account})`);
}
