import { describe, expect, it } from 'vitest';
import { discountedMinor, isSaleAllowed, minimumPaidMinor, minimumSaleMinor, saleTotalMinor } from './widgets.ts';

describe('the widget price rule (SPEC §9: the customer pays at least NET + 5 % after the discount)', () => {
  it('discountedMinor: the sale price less the discount, half up to the minor unit', () => {
    expect(discountedMinor(20_000, 10)).toBe(18_000);
    expect(discountedMinor(999, 15)).toBe(849); // 849.15
    expect(discountedMinor(10, 5)).toBe(10); // 9.5 → 10
    expect(discountedMinor(20_000, 0)).toBe(20_000);
    expect(discountedMinor(20_000, 100)).toBe(0);
  });

  it('minimumPaidMinor: NET + 5 %, rounded up to the minor unit', () => {
    expect(minimumPaidMinor(14_400)).toBe(15_120); // NET 144.00 → 151.20
    expect(minimumPaidMinor(1)).toBe(2); // 1.05 → 2, never a fils under
    expect(minimumPaidMinor(0)).toBe(0);
  });

  it('minimumSaleMinor: without a discount, the least the customer may pay', () => {
    expect(minimumSaleMinor(14_400, 0)).toBe(15_120);
  });

  it('minimumSaleMinor: the least sale price that still pays the floor after the discount', () => {
    // floor 151.20; 16800 × 0.9 = 15120 exactly, and 16799 × 0.9 = 15119.1 → 15119 is under it
    expect(minimumSaleMinor(14_400, 10)).toBe(16_800);
    expect(discountedMinor(16_800, 10)).toBe(15_120);
    expect(discountedMinor(16_799, 10)).toBe(15_119);
  });

  it('minimumSaleMinor: half-up rounding lets a sale under the exact quotient through', () => {
    // floor 105 (NET 1.00 + 5 %); 105 / 0.85 = 123.5…, yet 123 × 0.85 = 104.55 rounds half up to 105
    expect(minimumSaleMinor(100, 15)).toBe(123);
    expect(isSaleAllowed(123, 100, 15)).toBe(true);
    expect(isSaleAllowed(122, 100, 15)).toBe(false);
  });

  it('minimumSaleMinor: a 100 % discount on a paid option has no sale price; on a free one, zero', () => {
    expect(minimumSaleMinor(14_400, 100)).toBeNull();
    expect(minimumSaleMinor(0, 100)).toBe(0);
  });

  it('isSaleAllowed: at or above the least sale price, never under it', () => {
    expect(isSaleAllowed(15_120, 14_400, 0)).toBe(true);
    expect(isSaleAllowed(15_119, 14_400, 0)).toBe(false);
    expect(isSaleAllowed(16_800, 14_400, 10)).toBe(true);
    expect(isSaleAllowed(16_799, 14_400, 10)).toBe(false);
  });
});

describe('saleTotalMinor: what a widget customer pays for a booking', () => {
  const prices = { saleAdultMinor: 20_000, saleChildMinor: 12_000, saleTripMinor: 90_000 };

  it('adds each adult and child at the sale price after the discount; infants go free', () => {
    expect(saleTotalMinor(prices, 10, { adults: 2, children: 1 }, 'person')).toBe(2 * 18_000 + 10_800);
    expect(saleTotalMinor(prices, 0, { adults: 1, children: 0 }, 'person')).toBe(20_000);
  });

  it('charges one trip whatever the group size', () => {
    expect(saleTotalMinor(prices, 10, { adults: 5, children: 3 }, 'trip')).toBe(81_000);
  });

  it('is null when a price the booking needs is not sold', () => {
    const adultsOnly = { ...prices, saleChildMinor: null };
    expect(saleTotalMinor(adultsOnly, 0, { adults: 2, children: 1 }, 'person')).toBeNull();
    expect(saleTotalMinor(adultsOnly, 0, { adults: 2, children: 0 }, 'person')).toBe(40_000);
    expect(saleTotalMinor({ ...prices, saleTripMinor: null }, 0, { adults: 1, children: 0 }, 'trip')).toBeNull();
  });
});
