// One pricing rule for the server's price, its re-pricing when a quote is paid, and the web's preview. Integer minor
// units (fils, cents) only; rounding is half-up to the minor unit.
import type { PaymentMethod } from './bookings.ts';
import type { SiteKind } from './layout.ts';
import { percentOfMinor } from './money.ts';

// SPEC §9 (Russian site): card payments carry a 2 % surcharge; totals show tax 6 % and fee 4 % (included in the total)
export const RU_CARD_SURCHARGE_PERCENT = 2;
export const RU_TAX_PERCENT = 6;
export const RU_FEE_PERCENT = 4;

// What a site adds to a net price and what it shows included in the total. Decided by the kind of site the agency
// belongs to — never by the currency: a partner site may sell in USD without the Russian site's charges.
export type SiteCharges = {
  cardSurchargePercent: number;
  includedTaxPercent: number | null;
  includedFeePercent: number | null;
};

export function siteCharges(kind: SiteKind): SiteCharges {
  return kind === 'ru'
    ? {
        cardSurchargePercent: RU_CARD_SURCHARGE_PERCENT,
        includedTaxPercent: RU_TAX_PERCENT,
        includedFeePercent: RU_FEE_PERCENT,
      }
    : { cardSurchargePercent: 0, includedTaxPercent: null, includedFeePercent: null };
}

export type ChargedTotal = {
  discountMinor: number;
  cardSurchargeMinor: number;
  // what the agent pays: net less the promo discount, plus the card surcharge
  totalMinor: number;
  // parts of the total shown as included (Russian site), else null
  taxMinor: number | null;
  feeMinor: number | null;
};

// The total for a net amount: the promo code's discount, then the card surcharge on what is left.
export function chargedTotal(
  charges: SiteCharges,
  input: { netMinor: number; promoPercent: number | null; method: PaymentMethod | null },
): ChargedTotal {
  const discountMinor = input.promoPercent ? percentOfMinor(input.netMinor, input.promoPercent) : 0;
  const afterDiscount = input.netMinor - discountMinor;
  const cardSurchargeMinor =
    input.method === 'card' && charges.cardSurchargePercent > 0
      ? percentOfMinor(afterDiscount, charges.cardSurchargePercent)
      : 0;
  const totalMinor = afterDiscount + cardSurchargeMinor;
  return { discountMinor, cardSurchargeMinor, totalMinor, ...includedParts(charges, totalMinor) };
}

// The tax and fee shown as included in a total (null where the site shows none)
export function includedParts(
  charges: SiteCharges,
  totalMinor: number,
): { taxMinor: number | null; feeMinor: number | null } {
  return {
    taxMinor: charges.includedTaxPercent === null ? null : percentOfMinor(totalMinor, charges.includedTaxPercent),
    feeMinor: charges.includedFeePercent === null ? null : percentOfMinor(totalMinor, charges.includedFeePercent),
  };
}
