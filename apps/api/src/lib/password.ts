import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { MESSAGES } from '@portal/contract';
import { AppError } from './app-error.ts';

// OWASP ASVS 2.4: scrypt N=2^17, r=8, p=1 (128 MiB), so maxmem is raised above Node's 32 MiB default.
const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

// Each check takes a core and 128 MiB for about a third of a second, on the thread pool that also reads files.
// A flood of logins must not take the whole server: at most one check per spare core runs at once, a few wait,
// and the rest are refused at once (429 with Retry-After) before any hashing. One caller (an address) may hold
// only a couple of places, so a flood from one address cannot crowd out everyone else.
export const HASH_GATE = {
  concurrent: Math.max(1, availableParallelism() - 1),
  waiting: 16,
  perCaller: 2,
  retryAfterSeconds: 3,
} as const;

type Waiter = { start: () => void };
const gate = { active: 0, waiting: [] as Waiter[], byCaller: new Map<string, number>() };

function busy(): AppError {
  return new AppError('too_many_requests', MESSAGES.tooManyChecks, [], HASH_GATE.retryAfterSeconds);
}

// A cheap look before any other work for `caller` (a login counts its attempt in the database first): refuses at
// once when the caller could not get a place anyway.
export function assertHashCapacity(caller: string): void {
  if ((gate.byCaller.get(caller) ?? 0) >= HASH_GATE.perCaller) throw busy();
  if (gate.active >= HASH_GATE.concurrent && gate.waiting.length >= HASH_GATE.waiting) throw busy();
}

// `caller` null: the server's own work (demo seed), which waits its turn without limits
async function inHashGate<T>(caller: string | null, work: () => Promise<T>): Promise<T> {
  if (caller !== null) assertHashCapacity(caller);
  const key = caller ?? '';
  gate.byCaller.set(key, (gate.byCaller.get(key) ?? 0) + 1);
  try {
    if (gate.active >= HASH_GATE.concurrent) await new Promise<void>((start) => gate.waiting.push({ start }));
    else gate.active += 1;
    try {
      return await work();
    } finally {
      // the place passes straight to the next waiter, so a newcomer cannot jump the queue
      const next = gate.waiting.shift();
      if (next) next.start();
      else gate.active -= 1;
    }
  } finally {
    const left = (gate.byCaller.get(key) ?? 1) - 1;
    if (left > 0) gate.byCaller.set(key, left);
    else gate.byCaller.delete(key);
  }
}

function scrypt(
  password: string,
  salt: Buffer,
  logN: number,
  r: number,
  p: number,
  caller: string | null,
): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: MAXMEM };
  return inHashGate(
    caller,
    () =>
      new Promise((resolve, reject) => {
        scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

// `caller` names who asks (the client's address), null for the server's own work: see HASH_GATE
export async function hashPassword(password: string, caller: string | null = null): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, LOG_N, R, P, caller);
  return `scrypt$${LOG_N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string, caller: string | null = null): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p), caller);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
// Spend the same time when the account does not exist, so timing does not reveal which e-mails are registered.
export async function burnPasswordCheck(password: string, caller: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash, caller);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export function generateTemporaryPassword(length = 14): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}
