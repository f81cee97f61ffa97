import { describe, expect, it } from 'vitest';
import { formatPercent, parseAmount } from './amount';

describe('parseAmount: a typed top-up amount (the contract rule TopUpAmount)', () => {
  it('reads whole cents, with thousands separators and spaces as typed', () => {
    expect(parseAmount('1,250.50')).toBe(1250.5);
    expect(parseAmount('1 000')).toBe(1000);
    expect(parseAmount(0.1 + 0.2)).toBe(0.3);
    expect(parseAmount(750)).toBe(750);
  });

  it('refuses fractions of a cent, zero, negatives, text, nothing and more than 100,000,000', () => {
    expect(parseAmount('10.005')).toBeNull();
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('ten')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(100_000_000.01)).toBeNull();
  });
});

describe('formatPercent', () => {
  it('drops trailing zeros', () => {
    expect(formatPercent(2.5)).toBe('2.5%');
    expect(formatPercent(3)).toBe('3%');
    expect(formatPercent(2.125)).toBe('2.13%');
  });
});
