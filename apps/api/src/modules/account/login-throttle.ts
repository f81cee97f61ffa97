import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Login attempts are counted BEFORE the password is checked, in one atomic statement, so parallel guesses cannot
// all pass a count read before any of them was recorded. Per window:
// - per (account, address): 5 attempts, strictly;
// - per address: 30 attempts over all accounts (one address spraying many accounts);
// - per account: past 50 attempts the account is under attack, and an address the user never logged in from gets
//   only 2 attempts instead of 5. That slows a spread-out attack down without locking out the owner: an address
//   they logged in from before is not limited by it, and a new one still gets its own attempts.
// A successful login gives its attempt back, so an office behind one address is not counted for its good logins.
export const THROTTLE = {
  windowMinutes: 15,
  perAccountAndIp: 5,
  perIp: 30,
  perAccount: 50,
  perAccountAndNewIpUnderAttack: 2,
} as const;

export function hashIp(ip: string): string {
  return createHash('sha256').update(`login-ip:${ip}`).digest('base64url').slice(0, 22);
}

export type ThrottleKeys = { accountIp: string; ip: string; account: string };

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  const account = email.trim().toLowerCase();
  const ipHash = hashIp(ip);
  return { accountIp: `acct-ip:${account}:${ipHash}`, ip: `ip:${ipHash}`, account: `acct:${account}` };
}

export type AttemptCounts = { accountIp: number; ip: number; account: number; retryAfterSeconds: number };

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

// Whether the attempt may be checked; `isTrustedAddress` is asked only when the account is under attack.
export async function mayCheck(counts: AttemptCounts, isTrustedAddress: () => Promise<boolean>): Promise<boolean> {
  if (counts.accountIp > THROTTLE.perAccountAndIp || counts.ip > THROTTLE.perIp) return false;
  if (counts.account > THROTTLE.perAccount && counts.accountIp > THROTTLE.perAccountAndNewIpUnderAttack)
    return isTrustedAddress();
  return true;
}

// A successful login: the address starts afresh on this account, and its attempt is given back to the others.
export async function forgiveAttempt(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.execute(sql`
    WITH d AS (DELETE FROM login_throttle WHERE key = ${keys.accountIp})
    UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key IN (${keys.ip}, ${keys.account})`);
}
