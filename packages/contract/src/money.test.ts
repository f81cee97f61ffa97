import { describe, expect, it } from 'vitest';
import {
  aedMinorToCurrency,
  aedMinorToCurrencyMinor,
  convertMinor,
  divideHalfUp,
  divideUp,
  isWholeCents,
  minorToMajor,
  minorToMajorOrNull,
  percentOfMinor,
  roundToCents,
  toMinor,
} from './money.ts';

describe('divideHalfUp: the one rounding of money', () => {
  it('rounds a half away from zero, whatever the signs', () => {
    expect(divideHalfUp(5, 2)).toBe(3);
    expect(divideHalfUp(-5, 2)).toBe(-3);
    expect(divideHalfUp(5, -2)).toBe(-3);
    expect(divideHalfUp(-5, -2)).toBe(3);
  });

  it('rounds below a half down and above it up', () => {
    expect(divideHalfUp(7, 3)).toBe(2);
    expect(divideHalfUp(8, 3)).toBe(3);
    expect(divideHalfUp(-7, 3)).toBe(-2);
    expect(divideHalfUp(-8, 3)).toBe(-3);
  });

  it('never answers −0', () => {
    expect(Object.is(divideHalfUp(-1, 3), 0)).toBe(true);
    expect(Object.is(divideHalfUp(0, -7), 0)).toBe(true);
  });
});

describe('divideUp', () => {
  it('rounds any remainder up', () => {
    expect(divideUp(15_120, 100)).toBe(152);
    expect(divideUp(15_101, 100)).toBe(152);
    expect(divideUp(15_100, 100)).toBe(151);
    expect(divideUp(0, 100)).toBe(0);
  });
});

describe('toMinor and minorToMajor', () => {
  it('converts major units to minor units and back', () => {
    expect(toMinor(1000.5)).toBe(100_050);
    expect(minorToMajor(100_050)).toBe(1000.5);
    expect(toMinor(0)).toBe(0);
    expect(minorToMajor(1)).toBe(0.01);
    expect(toMinor(100_000_000)).toBe(10_000_000_000);
  });

  it('gives whole cents exactly where × 100 meets a binary fraction', () => {
    // 1.15 × 100 = 114.99999999999999, 0.29 × 100 = 28.999999999999996
    expect(toMinor(1.15)).toBe(115);
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor(4.35)).toBe(435);
    expect(toMinor(-1.15)).toBe(-115);
  });

  it('rounds half a cent up as the decimal reads, not as its double does', () => {
    // 1.005 × 100 = 100.49999999999999 and 0.145 × 100 = 14.499999999999998 in binary
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(0.145)).toBe(15);
    expect(toMinor(10.005)).toBe(1001);
    expect(toMinor(0.125)).toBe(13);
    expect(toMinor(1.004)).toBe(100);
    // past a million the double's error outgrows a fixed slack: the allowance grows with the amount
    expect(toMinor(1234567.005)).toBe(123456701);
    expect(toMinor(1234567.004)).toBe(123456700);
  });

  it('rounds a negative half cent away from zero and never answers −0', () => {
    expect(toMinor(-0.125)).toBe(-13);
    expect(toMinor(-1.005)).toBe(-101);
    expect(toMinor(-1.004)).toBe(-100);
    expect(Object.is(toMinor(-0.001), 0)).toBe(true);
  });

  it('keeps NaN as NaN, for the callers that check it', () => {
    expect(toMinor(Number.NaN)).toBeNaN();
  });

  it('passes null through minorToMajorOrNull', () => {
    expect(minorToMajorOrNull(null)).toBeNull();
    expect(minorToMajorOrNull(-2550)).toBe(-25.5);
  });
});

describe('roundToCents', () => {
  it('rounds a typed amount to whole cents, half up', () => {
    expect(roundToCents(10.005)).toBe(10.01);
    expect(roundToCents(10.004)).toBe(10);
    expect(roundToCents(0.1 + 0.2)).toBe(0.3);
    expect(roundToCents(-2.675)).toBe(-2.68);
  });
});

describe('isWholeCents: what a typed amount of money may be', () => {
  it('accepts whole cents above zero up to 100,000,000', () => {
    expect(isWholeCents(0.01)).toBe(true);
    expect(isWholeCents(10.5)).toBe(true);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(100_000_000)).toBe(true);
  });

  it('refuses fractions of a cent, zero, negatives, too much and non-numbers', () => {
    expect(isWholeCents(1.005)).toBe(false);
    expect(isWholeCents(0.001)).toBe(false);
    expect(isWholeCents(0)).toBe(false);
    expect(isWholeCents(-5)).toBe(false);
    expect(isWholeCents(100_000_000.01)).toBe(false);
    expect(isWholeCents(Number.NaN)).toBe(false);
    expect(isWholeCents(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('percentOfMinor', () => {
  it('takes a percent of minor units, rounded half up', () => {
    expect(percentOfMinor(10_000, 2)).toBe(200);
    expect(percentOfMinor(125, 2)).toBe(3); // 2.5 → 3
    expect(percentOfMinor(124, 2)).toBe(2); // 2.48 → 2
    expect(percentOfMinor(-125, 2)).toBe(-3);
    expect(percentOfMinor(999, 0)).toBe(0);
  });
});

describe('the fixed AED/USD rate (SPEC §9: 3.65 AED per USD)', () => {
  it('converts AED minor units to USD cents, half up, and leaves AED alone', () => {
    expect(aedMinorToCurrencyMinor(36_500, 'usd')).toBe(10_000);
    expect(aedMinorToCurrencyMinor(16_900, 'usd')).toBe(4630); // 4630.137
    expect(aedMinorToCurrencyMinor(2, 'usd')).toBe(1); // 0.548 → 1
    expect(aedMinorToCurrencyMinor(1, 'usd')).toBe(0); // 0.274 → 0
    expect(aedMinorToCurrencyMinor(-2, 'usd')).toBe(-1);
    expect(aedMinorToCurrencyMinor(16_900, 'aed')).toBe(16_900);
  });

  it.each([
    [16_900, 'aed', 169],
    [16_900, 'usd', 46.3],
    [12_900, 'usd', 35.34],
    [150_000, 'usd', 410.96],
    [127_500, 'usd', 349.32],
    [2, 'usd', 0.01],
    [1, 'usd', 0],
    [-16_900, 'usd', -46.3],
  ] as const)('gives %i fils in %s as %d major units', (minor, currency, expected) => {
    expect(aedMinorToCurrency(minor, currency)).toBe(expected);
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => aedMinorToCurrencyMinor(10.5, 'usd')).toThrow(RangeError);
  });

  it('converts both ways at the same rate', () => {
    expect(convertMinor(10_000, 'usd', 'aed')).toBe(36_500);
    expect(convertMinor(1, 'usd', 'aed')).toBe(4); // 3.65 → 4
    expect(convertMinor(36_500, 'aed', 'usd')).toBe(10_000);
    expect(convertMinor(4630, 'usd', 'aed')).toBe(16_900); // 16899.5 → 16900
    expect(convertMinor(777, 'aed', 'aed')).toBe(777);
  });

  it('refuses negative and fractional amounts', () => {
    expect(() => convertMinor(-1, 'usd', 'aed')).toThrow(RangeError);
    expect(() => convertMinor(1.5, 'aed', 'usd')).toThrow(RangeError);
  });
});
