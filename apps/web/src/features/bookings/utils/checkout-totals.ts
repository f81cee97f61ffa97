import { chargedTotal, type SiteCharges } from '@portal/contract/plain';
import type { Offer, People, PaymentMethod, PriceInfo } from '@portal/contract';
import { amountToMinor, minorToAmount, selectionTotals } from '@/lib/pricing';
import type { SelectionTotals } from '@/lib/pricing';

export type CheckoutTotals = {
  totals: SelectionTotals;
  netAfterPromo: number | null;
  cardSurcharge: number;
  toPay: number | null;
  tax: number | null;
  fee: number | null;
};

// A preview of what the server will charge, by the contract's one rule for the agency's site (SPEC §9: the Russian
// site adds 2 % to card payments and shows the 6 % tax and 4 % fee included). The booking's own amounts are shown
// once it exists.
export function checkoutTotals(
  offer: Pick<Offer, 'pricingUnit'>,
  price: PriceInfo,
  people: People,
  promoPercent: number | null,
  method: PaymentMethod,
  charges: SiteCharges,
): CheckoutTotals {
  const totals = selectionTotals(offer, price, people);
  if (totals.net === null) return { totals, netAfterPromo: null, cardSurcharge: 0, toPay: null, tax: null, fee: null };
  const netMinor = amountToMinor(totals.net);
  const charged = chargedTotal(charges, { netMinor, promoPercent, method });
  return {
    totals,
    netAfterPromo: minorToAmount(netMinor - charged.discountMinor),
    cardSurcharge: minorToAmount(charged.cardSurchargeMinor),
    toPay: minorToAmount(charged.totalMinor),
    tax: charged.taxMinor === null ? null : minorToAmount(charged.taxMinor),
    fee: charged.feeMinor === null ? null : minorToAmount(charged.feeMinor),
  };
}
