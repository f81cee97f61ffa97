// Money, in one place: integer minor units (fils, cents) in and out, one half-up rounding, the fixed AED/USD rate
// (SPEC §9: 3.65 AED per USD) and the whole-cents check. Server, documents and the web use these; nothing else
// divides or multiplies an amount by 100 (eslint holds `/ 100` on *Minor values). Zod-free: `@portal/contract/plain`
// re-exports it for the first page.
import type { CurrencyCode } from './common.ts';
import { AED_PER_USD } from './constants.ts';

const MINOR_PER_MAJOR = 100;
// 3.65 as an integer, so that conversion never meets a binary fraction
const AED_PER_USD_HUNDREDTHS = Math.round(AED_PER_USD * MINOR_PER_MAJOR);
// How far under a half a typed half cent may land once its double is × 100: a few units in the last place, so it grows
// with the amount (1.005 → 100.49999999999999, 1234567.005 → 123456700.49999999), and stays far below the step of any
// amount typed with fewer than fifteen significant digits
const halfCentSlack = (scaled: number) => Math.max(scaled, 1) * 4 * Number.EPSILON;

// Integer division rounded half away from zero (2.5 → 3, −2.5 → −3): the one rounding of money
export function divideHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator) < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const quotient = Math.floor((2 * n + d) / (2 * d));
  // never −0, which formats as '-0.00'
  return quotient === 0 ? 0 : sign * quotient;
}

// Integer division rounded up, for non-negative amounts (a floor price: never a cent under it)
export function divideUp(numerator: number, denominator: number): number {
  return Math.ceil(numerator / denominator);
}

// An amount in major units (1,000.50) as integer minor units (100050), rounded to the cent half away from zero as the
// decimal reads: 1.005 → 101 (its double × 100 is 100.4999…), −0.125 → −13, never −0
export function toMinor(major: number): number {
  const scaled = Math.abs(major) * MINOR_PER_MAJOR;
  const whole = Math.floor(scaled);
  const minor = scaled - whole >= 0.5 - halfCentSlack(scaled) ? whole + 1 : whole;
  return minor === 0 ? 0 : Math.sign(major) * minor;
}

// Minor units as a decimal number in major units (100050 → 1000.5)
export function minorToMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

// The same, passing null through (an amount not known yet)
export function minorToMajorOrNull(minor: number | null): number | null {
  return minor === null ? null : minorToMajor(minor);
}

// A decimal amount rounded to whole cents (a typed 10.005 → 10.01)
export function roundToCents(major: number): number {
  return minorToMajor(toMinor(major));
}

// Whole cents, more than zero and at most 100,000,000: what a typed amount of money may be
export function isWholeCents(major: number): boolean {
  return (
    Number.isFinite(major) &&
    major > 0 &&
    major <= 100_000_000 &&
    Math.abs(major * MINOR_PER_MAJOR - Math.round(major * MINOR_PER_MAJOR)) < 1e-6
  );
}

// percent of an integer amount, rounded half-up, in integers only
export function percentOfMinor(amountMinor: number, percent: number): number {
  return divideHalfUp(amountMinor * percent, 100);
}

// An AED amount in the requested currency: cents = fils × 100 / 365, half-up (away from zero for refunds)
export function aedMinorToCurrencyMinor(aedMinor: number, currency: CurrencyCode): number {
  if (!Number.isSafeInteger(aedMinor)) throw new RangeError('Money must be an integer number of minor units');
  if (currency === 'aed') return aedMinor;
  return divideHalfUp(aedMinor * MINOR_PER_MAJOR, AED_PER_USD_HUNDREDTHS);
}

// An amount in one currency in another, at the same fixed rate (USD → AED: cents × 3.65, half-up to fils)
export function convertMinor(minor: number, from: CurrencyCode, to: CurrencyCode): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('Money must be a non-negative integer');
  if (from === to) return minor;
  if (from === 'aed') return aedMinorToCurrencyMinor(minor, to);
  return divideHalfUp(minor * AED_PER_USD_HUNDREDTHS, MINOR_PER_MAJOR);
}

// Major units as a decimal number, e.g. 16900 fils → 46.3 (USD)
export function aedMinorToCurrency(aedMinor: number, currency: CurrencyCode): number {
  return minorToMajor(aedMinorToCurrencyMinor(aedMinor, currency));
}
