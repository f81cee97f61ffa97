import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

// Failed logins are counted per (account, address), per address and per account. The per-account limit only
// applies to addresses the user has never logged in from, so a flood from elsewhere cannot lock out the real user.
export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  perAccountAndIp: 5,
  perIp: 30,
  perAccount: 50,
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

export async function lockedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, sql`now()`)));
  return new Set(rows.map((r) => r.key));
}

async function bump(db: Db, key: string, limit: number): Promise<void> {
  const window = `${THROTTLE.windowMinutes} minutes`;
  const lock = `${THROTTLE.lockMinutes} minutes`;
  await db.execute(sql`
    INSERT INTO login_throttle (key, failures, window_started_at, locked_until)
    VALUES (${key}, 1, now(), NULL)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.window_started_at < now() - ${window}::interval THEN 1 ELSE login_throttle.failures + 1 END,
      window_started_at = CASE WHEN login_throttle.window_started_at < now() - ${window}::interval THEN now() ELSE login_throttle.window_started_at END,
      locked_until = CASE
        WHEN login_throttle.window_started_at >= now() - ${window}::interval AND login_throttle.failures + 1 >= ${limit}
        THEN now() + ${lock}::interval ELSE login_throttle.locked_until END`);
}

export async function recordFailure(db: Db, keys: ThrottleKeys): Promise<void> {
  await bump(db, keys.accountIp, THROTTLE.perAccountAndIp);
  await bump(db, keys.ip, THROTTLE.perIp);
  await bump(db, keys.account, THROTTLE.perAccount);
}

export async function clearAccountIp(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.accountIp));
}
