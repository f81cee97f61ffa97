import { RU_CARD_SURCHARGE_PERCENT, RU_FEE_PERCENT, RU_TAX_PERCENT } from '@portal/contract';
import type { CurrencyCode, Offer, OfferPriceRow, People, PaymentMethod } from '@portal/contract';
import { addAmounts, applyDiscount, percentOf, selectionTotals } from '@/lib/pricing';
import type { SelectionTotals } from '@/lib/pricing';

export type CheckoutTotals = {
  totals: SelectionTotals;
  netAfterPromo: number | null;
  cardSurcharge: number;
  toPay: number | null;
  tax: number | null;
  fee: number | null;
};

// SPEC §9: the Russian site (USD) adds 2 % to card payments and shows the 6 % tax and 4 % fee included in the total
export function isRuPricing(currency: CurrencyCode): boolean {
  return currency === 'usd';
}

// A preview of what the server will charge; the booking's own amounts are shown once it exists
export function checkoutTotals(
  offer: Offer,
  price: OfferPriceRow,
  people: People,
  promoPercent: number | null,
  method: PaymentMethod,
): CheckoutTotals {
  const totals = selectionTotals(offer, price, people);
  const netAfterPromo = totals.net !== null && promoPercent ? applyDiscount(totals.net, promoPercent) : totals.net;
  const isRu = isRuPricing(price.currencyCode);
  const cardSurcharge =
    isRu && method === 'card' && netAfterPromo !== null ? percentOf(netAfterPromo, RU_CARD_SURCHARGE_PERCENT) : 0;
  const toPay = netAfterPromo === null ? null : addAmounts(netAfterPromo, cardSurcharge);
  return {
    totals,
    netAfterPromo,
    cardSurcharge,
    toPay,
    tax: isRu && toPay !== null ? percentOf(toPay, RU_TAX_PERCENT) : null,
    fee: isRu && toPay !== null ? percentOf(toPay, RU_FEE_PERCENT) : null,
  };
}
