import type { BookingAmounts, CurrencyCode } from '@portal/contract';
import { RU_CARD_SURCHARGE_PERCENT, RU_FEE_PERCENT, RU_TAX_PERCENT, aedMinorToCurrencyMinor } from '@portal/contract';
import type { AmountLineJson } from '../../db/schema/index.ts';
import type { OfferRow, PricePeriodRow } from '../catalogue/catalogue.snapshot.ts';

export type PriceInput = {
  offer: Pick<OfferRow, 'pricingUnit'>;
  period: PricePeriodRow;
  people: { adults: number; children: number; infants: number };
  currency: CurrencyCode;
  promoPercent: number | null;
  // SPEC §9: the Russian site's card option carries a 2 % surcharge and its totals show tax 6 % and fee 4 %
  isRussianSite: boolean;
  paymentMethod: 'balance' | 'card' | null;
};

export type PriceResult = {
  lines: AmountLineJson[];
  netBeforeDiscountMinor: number;
  discountMinor: number;
  cardSurchargeMinor: number;
  netTotalMinor: number;
  publishedTotalMinor: number;
};

// percent of a non-negative integer amount, rounded half-up, in integers only
export function percentOf(amountMinor: number, percent: number): number {
  return Math.floor((amountMinor * percent + 50) / 100);
}

// null: the offer has no price for this unit on this date (nothing can be sold)
export function priceBooking(input: PriceInput): PriceResult | null {
  const { period, people, currency } = input;
  const unit = (aed: number | null) => (aed === null ? null : aedMinorToCurrencyMinor(aed, currency));
  const lines: AmountLineJson[] = [];
  if (input.offer.pricingUnit === 'trip') {
    const net = unit(period.netTripMinor);
    const published = unit(period.recTripMinor);
    if (net === null || published === null) return null;
    lines.push({ unit: 'trip', quantity: 1, netMinor: net, publishedMinor: published });
  } else {
    const netAdult = unit(period.netAdultMinor);
    const recAdult = unit(period.recAdultMinor);
    const netChild = unit(period.netChildMinor) ?? netAdult;
    const recChild = unit(period.recChildMinor) ?? recAdult;
    if (people.adults > 0) {
      if (netAdult === null || recAdult === null) return null;
      lines.push({
        unit: 'adult',
        quantity: people.adults,
        netMinor: netAdult * people.adults,
        publishedMinor: recAdult * people.adults,
      });
    }
    if (people.children > 0) {
      if (netChild === null || recChild === null) return null;
      lines.push({
        unit: 'child',
        quantity: people.children,
        netMinor: netChild * people.children,
        publishedMinor: recChild * people.children,
      });
    }
    // infants travel free
    if (people.infants > 0) lines.push({ unit: 'infant', quantity: people.infants, netMinor: 0, publishedMinor: 0 });
  }
  const netBeforeDiscountMinor = lines.reduce((sum, l) => sum + l.netMinor, 0);
  const publishedTotalMinor = lines.reduce((sum, l) => sum + l.publishedMinor, 0);
  const discountMinor = input.promoPercent ? percentOf(netBeforeDiscountMinor, input.promoPercent) : 0;
  const afterDiscount = netBeforeDiscountMinor - discountMinor;
  const cardSurchargeMinor =
    input.isRussianSite && input.paymentMethod === 'card' ? percentOf(afterDiscount, RU_CARD_SURCHARGE_PERCENT) : 0;
  return {
    lines,
    netBeforeDiscountMinor,
    discountMinor,
    cardSurchargeMinor,
    netTotalMinor: afterDiscount + cardSurchargeMinor,
    publishedTotalMinor,
  };
}

const major = (minor: number) => minor / 100;

export function amountsView(
  row: {
    currency: CurrencyCode;
    siteId: string;
    amountLines: AmountLineJson[];
    netBeforeDiscountMinor: number;
    discountMinor: number;
    cardSurchargeMinor: number;
    netTotalMinor: number;
    publishedTotalMinor: number;
  },
  isRussianSite: boolean,
): BookingAmounts {
  return {
    currencyCode: row.currency,
    netTotal: major(row.netTotalMinor),
    publishedTotal: major(row.publishedTotalMinor),
    netBeforeDiscount: major(row.netBeforeDiscountMinor),
    discount: major(row.discountMinor),
    cardSurcharge: major(row.cardSurchargeMinor),
    tax: isRussianSite ? major(percentOf(row.netTotalMinor, RU_TAX_PERCENT)) : null,
    fee: isRussianSite ? major(percentOf(row.netTotalMinor, RU_FEE_PERCENT)) : null,
    lines: row.amountLines.map((l) => ({
      unit: l.unit,
      quantity: l.quantity,
      net: major(l.netMinor),
      published: major(l.publishedMinor),
    })),
  };
}
