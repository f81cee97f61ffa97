import { describe, expect, it } from 'vitest';
import { siteCharges } from '@portal/contract/plain';
import { checkoutTotals } from './checkout-totals';

const person = { pricingUnit: 'person' } as const;
const trip = { pricingUnit: 'trip' } as const;
// 46.30 net per adult, 23.15 per child; recommended 60.00 and 30.00
const price = {
  pricePerAdult: 46.3,
  pricePerChild: 23.15,
  pricePerTrip: null,
  recPricePerAdult: 60,
  recPricePerChild: 30,
  recPricePerTrip: null,
};

describe('checkoutTotals: the preview of what the server charges (SPEC §9)', () => {
  it('adds the people in whole cents on a general site, with nothing on top', () => {
    const totals = checkoutTotals(
      person,
      price,
      { adults: 3, children: 1, infants: 1 },
      null,
      'card',
      siteCharges('general'),
    );
    // 3 × 46.30 = 138.90 (not 138.8999…), + 23.15
    expect(totals.totals.net).toBe(162.05);
    expect(totals.totals.published).toBe(210);
    expect(totals).toMatchObject({ netAfterPromo: 162.05, cardSurcharge: 0, toPay: 162.05, tax: null, fee: null });
    expect(totals.totals.lines.map((line) => [line.kind, line.count, line.net])).toEqual([
      ['adult', 3, 138.9],
      ['child', 1, 23.15],
      ['infant', 1, 0],
    ]);
  });

  it('takes the promo code, then the Russian site card surcharge, and shows tax and fee included', () => {
    const totals = checkoutTotals(person, price, { adults: 2, children: 0, infants: 0 }, 10, 'card', siteCharges('ru'));
    // 92.60 − 10 % (9.26) = 83.34; + 2 % (1.6668 → 1.67) = 85.01; tax 6 % = 5.1006 → 5.10, fee 4 % = 3.4004 → 3.40
    expect(totals).toMatchObject({ netAfterPromo: 83.34, cardSurcharge: 1.67, toPay: 85.01, tax: 5.1, fee: 3.4 });
  });

  it('adds no surcharge when the Russian site is paid from the balance', () => {
    const totals = checkoutTotals(
      person,
      price,
      { adults: 2, children: 0, infants: 0 },
      null,
      'balance',
      siteCharges('ru'),
    );
    expect(totals).toMatchObject({ netAfterPromo: 92.6, cardSurcharge: 0, toPay: 92.6, tax: 5.56, fee: 3.7 });
  });

  it('prices a trip once whatever the group size', () => {
    const tripPrice = { ...price, pricePerTrip: 500, recPricePerTrip: 650 };
    const totals = checkoutTotals(
      trip,
      tripPrice,
      { adults: 6, children: 2, infants: 0 },
      null,
      'card',
      siteCharges('general'),
    );
    expect(totals.toPay).toBe(500);
    expect(totals.totals.published).toBe(650);
  });

  it('has nothing to pay when the price has no net (an agency not approved yet)', () => {
    const noNet = { ...price, pricePerAdult: null };
    const totals = checkoutTotals(
      person,
      noNet,
      { adults: 1, children: 0, infants: 0 },
      null,
      'card',
      siteCharges('ru'),
    );
    expect(totals).toMatchObject({ netAfterPromo: null, cardSurcharge: 0, toPay: null, tax: null, fee: null });
  });
});
