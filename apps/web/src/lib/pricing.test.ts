import { describe, expect, it } from 'vitest';
import { addAmounts, applyDiscount, netAfterPromo, selectionTotals } from './pricing';

const price = {
  pricePerAdult: 46.3,
  pricePerChild: 20.1,
  pricePerTrip: null,
  recPricePerAdult: 60,
  recPricePerChild: null,
  recPricePerTrip: null,
};

describe('selectionTotals', () => {
  it('multiplies and adds in whole cents (3 × 46.30 is 138.90)', () => {
    const totals = selectionTotals({ pricingUnit: 'person' }, price, { adults: 3, children: 0, infants: 0 });
    expect(totals.net).toBe(138.9);
    expect(totals.lines).toHaveLength(1);
  });

  it('has no total where a line has no price, and lists only the people there are', () => {
    const totals = selectionTotals({ pricingUnit: 'person' }, price, { adults: 1, children: 2, infants: 1 });
    expect(totals.lines.map((line) => line.kind)).toEqual(['adult', 'child', 'infant']);
    expect(totals.net).toBe(86.5);
    expect(totals.published).toBeNull();
  });
});

describe('promo discounts', () => {
  it('take the percent off half up to the cent', () => {
    expect(applyDiscount(100, 10)).toBe(90);
    expect(applyDiscount(0.25, 10)).toBe(0.22); // 2.5 fils off → 3
    expect(applyDiscount(46.3, 15)).toBe(39.35); // 6.945 → 6.95 off
  });

  it('apply to the selection net, or leave it without a code', () => {
    const people = { adults: 2, children: 0, infants: 0 };
    expect(netAfterPromo({ pricingUnit: 'person' }, price, people, 10)).toBe(83.34);
    expect(netAfterPromo({ pricingUnit: 'person' }, price, people, null)).toBe(92.6);
  });
});

describe('addAmounts', () => {
  it('adds in whole cents', () => {
    expect(addAmounts(0.1, 0.2)).toBe(0.3);
    expect(addAmounts(1000.05, -0.15, 0.1)).toBe(1000);
    expect(addAmounts()).toBe(0);
  });
});
