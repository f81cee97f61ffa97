import { describe, expect, it } from 'vitest';
import type { PaymentMethod, People, PriceInfo, SiteKind } from '@portal/contract';
import { siteCharges } from '@portal/contract/plain';
import { checkoutTotals, type CheckoutTotals } from './checkout-totals';

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
const tripPrice = { ...price, pricePerTrip: 500, recPricePerTrip: 650 };
const people = (adults: number, children = 0, infants = 0): People => ({ adults, children, infants });

type Case = {
  case: string;
  offer: typeof person | typeof trip;
  price: PriceInfo;
  people: People;
  promo: number | null;
  method: PaymentMethod;
  site: SiteKind;
  expected: Omit<CheckoutTotals, 'totals'>;
};

const CASES: Case[] = [
  {
    // 3 × 46.30 = 138.90 (not 138.8999…), + 23.15
    case: 'adds the people in whole cents on a general site, with nothing on top',
    offer: person,
    price,
    people: people(3, 1, 1),
    promo: null,
    method: 'card',
    site: 'general',
    expected: { netAfterPromo: 162.05, cardSurcharge: 0, toPay: 162.05, tax: null, fee: null },
  },
  {
    // 92.60 − 10 % (9.26) = 83.34; + 2 % (1.6668 → 1.67) = 85.01; tax 6 % = 5.1006 → 5.10, fee 4 % = 3.4004 → 3.40
    case: 'takes the promo code, then the Russian site card surcharge, and shows tax and fee included',
    offer: person,
    price,
    people: people(2),
    promo: 10,
    method: 'card',
    site: 'ru',
    expected: { netAfterPromo: 83.34, cardSurcharge: 1.67, toPay: 85.01, tax: 5.1, fee: 3.4 },
  },
  {
    case: 'adds no surcharge when the Russian site is paid from the balance',
    offer: person,
    price,
    people: people(2),
    promo: null,
    method: 'balance',
    site: 'ru',
    expected: { netAfterPromo: 92.6, cardSurcharge: 0, toPay: 92.6, tax: 5.56, fee: 3.7 },
  },
  {
    case: 'prices a trip once whatever the group size',
    offer: trip,
    price: tripPrice,
    people: people(6, 2),
    promo: null,
    method: 'card',
    site: 'general',
    expected: { netAfterPromo: 500, cardSurcharge: 0, toPay: 500, tax: null, fee: null },
  },
  {
    case: 'has nothing to pay when the price has no net (an agency not approved yet)',
    offer: person,
    price: { ...price, pricePerAdult: null },
    people: people(1),
    promo: null,
    method: 'card',
    site: 'ru',
    expected: { netAfterPromo: null, cardSurcharge: 0, toPay: null, tax: null, fee: null },
  },
];

describe('checkoutTotals: the preview of what the server charges (SPEC §9)', () => {
  // named by '%s', not '$case', which Vitest quotes and cuts at 40 characters
  it.each(CASES.map((one) => [one.case, one] as const))('%s', (_, one) => {
    const { offer, price, people, promo, method, site, expected } = one;
    expect(checkoutTotals(offer, price, people, promo, method, siteCharges(site))).toMatchObject(expected);
  });

  it('itemises the people and adds the recommended prices beside, a trip once', () => {
    const totals = checkoutTotals(person, price, people(3, 1, 1), null, 'card', siteCharges('general')).totals;
    expect(totals.net).toBe(162.05);
    expect(totals.published).toBe(210);
    expect(totals.lines.map((line) => [line.kind, line.count, line.net])).toEqual([
      ['adult', 3, 138.9],
      ['child', 1, 23.15],
      ['infant', 1, 0],
    ]);
    const tripTotals = checkoutTotals(trip, tripPrice, people(6, 2), null, 'card', siteCharges('general')).totals;
    expect(tripTotals.published).toBe(650);
  });
});
