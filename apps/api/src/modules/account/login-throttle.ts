import { createHash } from 'node:crypto';

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

// Whether the attempt may be checked; `isTrustedAddress` is asked only when the account is under attack.
export async function mayCheck(counts: AttemptCounts, isTrustedAddress: () => Promise<boolean>): Promise<boolean> {
  if (counts.accountIp > THROTTLE.perAccountAndIp || counts.ip > THROTTLE.perIp) return false;
  if (counts.account > THROTTLE.perAccount && counts.accountIp > THROTTLE.perAccountAndNewIpUnderAttack)
    return isTrustedAddress();
  return true;
}
