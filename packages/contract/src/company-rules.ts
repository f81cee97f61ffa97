// Checks of the company form that the web runs as the admin types and the server runs on save (zod-free).

// IBAN (ISO 13616): country code, two check digits, then the account; the whole must leave 1 modulo 97 once the
// first four characters move to the end and letters become numbers (A = 10 … Z = 35). Spaces are allowed as typed
// and dropped. A UAE IBAN is 23 characters: AE, 2 check digits, a 3-digit bank code and a 16-digit account number.
const IBAN_LENGTHS: Record<string, number> = { AE: 23, SA: 24, BH: 22, KW: 30, QA: 29, GB: 22, DE: 22, FR: 27, RU: 33 };

export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  if (iban.startsWith('AE') && !/^AE[0-9]{21}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

// A UAE Tax Registration Number: 15 digits, starting with 100 (as the Federal Tax Authority issues them)
export function isValidUaeTrn(value: string): boolean {
  return /^100[0-9]{12}$/.test(value.replace(/\s+/g, ''));
}

// SWIFT / BIC: 4 letters (bank), 2 letters (country), 2 letters or digits (place), optionally 3 more (branch)
export function isValidSwift(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.replace(/\s+/g, '').toUpperCase());
}

// A trade licence is "expiring" from this many days before its expiry date: the admins see a banner and get one
// e-mail; once the date has passed, new bookings are refused until the renewed licence is saved.
export const LICENCE_WARNING_DAYS = 30;

export type LicenceState = 'valid' | 'expiring' | 'expired';

// `today` and `expiry` are yyyy-MM-dd (Asia/Dubai); the licence is valid through its expiry day
export function licenceState(expiry: string, today: string): LicenceState {
  if (expiry < today) return 'expired';
  const warnFrom = new Date(`${expiry}T00:00:00Z`);
  warnFrom.setUTCDate(warnFrom.getUTCDate() - LICENCE_WARNING_DAYS);
  return today >= warnFrom.toISOString().slice(0, 10) ? 'expiring' : 'valid';
}

// A new agent's invitation link (set the first password) lasts this long; the admin can send a fresh one.
export const INVITE_TTL_HOURS = 72;
// invitations (new agents and invitations sent again) one admin may send in an hour; more answer 429
export const INVITATIONS_PER_ADMIN_PER_HOUR = 20;
