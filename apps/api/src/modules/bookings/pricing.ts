import type { BookingAmounts, CurrencyCode } from '@portal/contract';
import { aedMinorToCurrencyMinor, chargedTotal, includedParts, minorToMajor, type SiteCharges } from '@portal/contract';
import type { AmountLineJson } from '../../db/schema/index.ts';
import type { OfferRow, PricePeriodRow } from '../catalogue/index.ts';

export type PriceInput = {
  offer: Pick<OfferRow, 'pricingUnit'>;
  period: PricePeriodRow;
  people: { adults: number; children: number; infants: number };
  currency: CurrencyCode;
  promoPercent: number | null;
  // what the agency's site adds (SPEC §9: the Russian site's card surcharge), from the contract's one rule
  charges: SiteCharges;
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
    const perPerson = [
      { kind: 'adult', quantity: people.adults, net: netAdult, published: recAdult },
      { kind: 'child', quantity: people.children, net: netChild, published: recChild },
    ] as const;
    for (const { kind, quantity, net, published } of perPerson) {
      if (quantity > 0) {
        if (net === null || published === null) return null;
        lines.push({ unit: kind, quantity, netMinor: net * quantity, publishedMinor: published * quantity });
      }
    }
    // infants travel free
    if (people.infants > 0) lines.push({ unit: 'infant', quantity: people.infants, netMinor: 0, publishedMinor: 0 });
  }
  const netBeforeDiscountMinor = lines.reduce((sum, l) => sum + l.netMinor, 0);
  const publishedTotalMinor = lines.reduce((sum, l) => sum + l.publishedMinor, 0);
  const total = chargedTotal(input.charges, {
    netMinor: netBeforeDiscountMinor,
    promoPercent: input.promoPercent,
    method: input.paymentMethod,
  });
  return {
    lines,
    netBeforeDiscountMinor,
    discountMinor: total.discountMinor,
    cardSurchargeMinor: total.cardSurchargeMinor,
    netTotalMinor: total.totalMinor,
    publishedTotalMinor,
  };
}

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
  charges: SiteCharges,
): BookingAmounts {
  const included = includedParts(charges, row.netTotalMinor);
  return {
    currencyCode: row.currency,
    netTotal: minorToMajor(row.netTotalMinor),
    publishedTotal: minorToMajor(row.publishedTotalMinor),
    netBeforeDiscount: minorToMajor(row.netBeforeDiscountMinor),
    discount: minorToMajor(row.discountMinor),
    cardSurcharge: minorToMajor(row.cardSurchargeMinor),
    tax: included.taxMinor === null ? null : minorToMajor(included.taxMinor),
    fee: included.feeMinor === null ? null : minorToMajor(included.feeMinor),
    lines: row.amountLines.map((l) => ({
      unit: l.unit,
      quantity: l.quantity,
      net: minorToMajor(l.netMinor),
      published: minorToMajor(l.publishedMinor),
    })),
  };
}
