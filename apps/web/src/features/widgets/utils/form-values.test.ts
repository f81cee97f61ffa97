import { beforeAll, describe, expect, it } from 'vitest';
import type { WidgetOfferPricesResponse, WidgetPriceOffer } from '@portal/contract';
import { loadLocaleParts } from '@/lib/i18n';
import {
  bodyOf,
  minimumSale,
  newWidgetValues,
  priceAtMargin,
  tabOfField,
  validateWidget,
  type OfferValue,
  type WidgetFormValues,
} from './form-values';

describe('minimumSale: the least sale price in major units (SPEC §9: NET + 5 % after the discount)', () => {
  it('is NET + 5 %, rounded up to the cent, without a discount', () => {
    expect(minimumSale(144, 0)).toBe(151.2);
    expect(minimumSale(0.01, 0)).toBe(0.02);
  });

  it('rises with the discount so that the customer still pays the floor', () => {
    expect(minimumSale(144, 10)).toBe(168);
    expect(minimumSale(1, 15)).toBe(1.23);
  });

  it('is null when no sale price can be (a 100 % discount on a paid option)', () => {
    expect(minimumSale(144, 100)).toBeNull();
  });
});

describe('priceAtMargin: the editor fills the sale prices at a margin over NET', () => {
  it('adds the margin, rounded up to the cent', () => {
    expect(priceAtMargin(100, 10, 0)).toBe(110);
    expect(priceAtMargin(46.35, 10, 0)).toBe(50.99); // 50.985 → 50.99
    expect(priceAtMargin(0.01, 10, 0)).toBe(0.02); // 0.011 → 0.02
  });

  it('never goes under the least sale price after the discount', () => {
    expect(priceAtMargin(100, 2, 0)).toBe(105); // 102 is under NET + 5 %
    expect(priceAtMargin(144, 10, 10)).toBe(168); // 158.40 would leave the customer paying 142.56
  });

  it("is empty ('') when no sale price can be", () => {
    expect(priceAtMargin(144, 10, 100)).toBe('');
  });
});

describe('tabOfField: a server error on a hidden tab opens that tab', () => {
  it('finds the tab of each field', () => {
    expect(tabOfField('metaTitle')).toBe('seo');
    expect(tabOfField('heroImageId')).toBe('media');
    expect(tabOfField('contacts.email')).toBe('contacts');
    expect(tabOfField('partners.2.name')).toBe('partners');
    expect(tabOfField('socialLinks.vk')).toBe('social');
    expect(tabOfField('slug')).toBe('general');
  });

  it('sends price errors to the price table, which is on no tab', () => {
    expect(tabOfField('offers.0.saleAdult')).toBeNull();
    expect(tabOfField('discountPercent')).toBeNull();
  });
});

const offer = (changes: Partial<WidgetPriceOffer>): WidgetPriceOffer => ({
  offerId: 7,
  name: 'Morning',
  pricingUnit: 'person',
  netAdult: 144,
  netChild: null,
  netTrip: null,
  todayAdult: 144,
  todayChild: null,
  todayTrip: null,
  highestFrom: null,
  ...changes,
});
const prices = (net: WidgetPriceOffer): WidgetOfferPricesResponse => ({
  currency: 'aed',
  tours: [{ tourId: 3, title: 'Desert', city: 'Dubai', offers: [net] }],
});

describe('bodyOf and validateWidget', () => {
  const chosen: OfferValue = { offerId: 7, tourId: 3, saleAdult: 151.2, saleChild: '', saleTrip: '' };
  const values: WidgetFormValues = { ...newWidgetValues('en'), offers: [chosen] };

  it('sends an empty price as null and an empty discount as 0', () => {
    const body = bodyOf({ ...values, discountPercent: '' });
    expect(body.discountPercent).toBe(0);
    expect(body.offers).toEqual([{ offerId: 7, saleAdult: 151.2, saleChild: null, saleTrip: null }]);
  });

  const priceErrors = (errors: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(errors).filter(([path]) => path.startsWith('offers.')));

  // the messages are the widgets part's, loaded with the editor's page; Intl puts a no-break space after 'AED'
  beforeAll(() => loadLocaleParts(['widgets']));

  it('accepts a sale price at the least sale price and needs none where NET has no price', () => {
    expect(priceErrors(validateWidget(values, prices(offer({})), 'en'))).toEqual({});
  });

  it('refuses a sale price a cent under the least one, and a missing price NET has', () => {
    const under = { ...values, offers: [{ ...chosen, saleAdult: 151.19 }] };
    expect(priceErrors(validateWidget(under, prices(offer({})), 'en'))).toEqual({
      'offers.0.saleAdult': 'The sale price must be at least AED\u00a0151.20: NET + 5%',
    });
    const missingChild = prices(offer({ netChild: 90 }));
    expect(priceErrors(validateWidget(values, missingChild, 'en'))).toEqual({
      'offers.0.saleChild': 'Enter the sale price',
    });
  });

  it('checks against the floor after the discount, in the widget currency', () => {
    expect(priceErrors(validateWidget({ ...values, discountPercent: 10 }, prices(offer({})), 'en'))).toEqual({
      'offers.0.saleAdult': 'The sale price must be at least AED\u00a0168.00: NET + 5% after the 10% discount',
    });
  });
});
