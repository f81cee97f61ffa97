import { describe, expect, it } from 'vitest';
import { chargedTotal, includedParts, siteCharges } from './pricing.ts';

const ru = siteCharges('ru');
const general = siteCharges('general');

describe('siteCharges (SPEC §9): decided by the kind of site, never by the currency', () => {
  it('gives the Russian site its card surcharge and the tax and fee shown included', () => {
    expect(ru).toEqual({ cardSurchargePercent: 2, includedTaxPercent: 6, includedFeePercent: 4 });
  });

  it('gives the other sites nothing', () => {
    const none = { cardSurchargePercent: 0, includedTaxPercent: null, includedFeePercent: null };
    expect(general).toEqual(none);
    expect(siteCharges('partner')).toEqual(none);
  });
});

describe('chargedTotal', () => {
  it('charges the net on a general site, by card or balance alike', () => {
    const expected = { discountMinor: 0, cardSurchargeMinor: 0, totalMinor: 30_000, taxMinor: null, feeMinor: null };
    expect(chargedTotal(general, { netMinor: 30_000, promoPercent: null, method: 'card' })).toEqual(expected);
    expect(chargedTotal(general, { netMinor: 30_000, promoPercent: null, method: 'balance' })).toEqual(expected);
  });

  it('takes the promo discount first, then the card surcharge on what is left', () => {
    // 300.00 − 10 % = 270.00; + 2 % = 275.40; tax 6 % and fee 4 % of 275.40 shown included
    expect(chargedTotal(ru, { netMinor: 30_000, promoPercent: 10, method: 'card' })).toEqual({
      discountMinor: 3000,
      cardSurchargeMinor: 540,
      totalMinor: 27_540,
      taxMinor: 1652, // 1652.4
      feeMinor: 1102, // 1101.6
    });
  });

  it('adds no surcharge to a balance payment or a request with no method yet', () => {
    expect(chargedTotal(ru, { netMinor: 12_345, promoPercent: null, method: 'balance' })).toMatchObject({
      cardSurchargeMinor: 0,
      totalMinor: 12_345,
      taxMinor: 741, // 740.7
      feeMinor: 494, // 493.8
    });
    expect(chargedTotal(ru, { netMinor: 12_345, promoPercent: null, method: null }).cardSurchargeMinor).toBe(0);
  });

  it('rounds each part half up to the minor unit', () => {
    // 2 % of 125 is 2.5 → 3; 5 % of 10 is 0.5 → 1
    expect(chargedTotal(ru, { netMinor: 125, promoPercent: null, method: 'card' })).toMatchObject({
      cardSurchargeMinor: 3,
      totalMinor: 128,
    });
    expect(chargedTotal(general, { netMinor: 10, promoPercent: 5, method: null })).toMatchObject({
      discountMinor: 1,
      totalMinor: 9,
    });
  });
});

describe('includedParts', () => {
  it('shows no tax or fee where the site has none', () => {
    expect(includedParts(general, 10_000)).toEqual({ taxMinor: null, feeMinor: null });
    expect(includedParts(ru, 10_000)).toEqual({ taxMinor: 600, feeMinor: 400 });
  });
});
