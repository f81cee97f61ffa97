import { randomBytes } from 'node:crypto';
import { dubaiDate } from './dubai-time.ts';

// What agents read out on the phone: no 0/O or 1/I/L to mistake
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

// A reference an agent can read out: a prefix, the Dubai date and six random characters (32^6 a day; 256 is a
// multiple of 32, so every character is equally likely), e.g. GF261126-7KQ2MX. Unique indexes guard them: a
// caller whose draw is taken draws again.
export function dailyReference(prefix: string, now: Date): string {
  const tail = [...randomBytes(6)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${prefix}${dubaiDate(now).slice(2).replace(/-/g, '')}-${tail}`;
}
