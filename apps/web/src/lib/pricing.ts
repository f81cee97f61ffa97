import { minorToMajor, percentOfMinor, toMinor } from '@portal/contract/plain';
import type { Offer, People, PriceInfo } from '@portal/contract';

// Sums in integer minor units (fils, cents) so that 3 × 46.30 is 138.90, not 138.89999…
export { toMinor as amountToMinor, minorToMajor as minorToAmount };
const toMajor = minorToMajor;

export type PriceLine = {
  kind: 'adult' | 'child' | 'infant' | 'trip';
  count: number;
  unitPublished: number | null;
  unitNet: number | null;
  published: number | null;
  net: number | null;
};

export type SelectionTotals = { lines: PriceLine[]; published: number | null; net: number | null };

function line(kind: PriceLine['kind'], count: number, unitPublished: number | null, unitNet: number | null): PriceLine {
  return {
    kind,
    count,
    unitPublished,
    unitNet,
    published: unitPublished === null ? null : toMajor(toMinor(unitPublished) * count),
    net: unitNet === null ? null : toMajor(toMinor(unitNet) * count),
  };
}

function sum(values: (number | null)[]): number | null {
  if (values.some((v) => v === null)) return null;
  return toMajor(values.reduce<number>((total, v) => total + toMinor(v ?? 0), 0));
}

// Per person: adults and children at their prices, infants free; per trip: one trip whatever the group size
export function selectionTotals(offer: Pick<Offer, 'pricingUnit'>, price: PriceInfo, people: People): SelectionTotals {
  const lines =
    offer.pricingUnit === 'trip'
      ? [line('trip', 1, price.recPricePerTrip, price.pricePerTrip)]
      : [
          line('adult', people.adults, price.recPricePerAdult, price.pricePerAdult),
          ...(people.children > 0 ? [line('child', people.children, price.recPricePerChild, price.pricePerChild)] : []),
          ...(people.infants > 0 ? [line('infant', people.infants, 0, 0)] : []),
        ];
  return { lines, published: sum(lines.map((l) => l.published)), net: sum(lines.map((l) => l.net)) };
}

// The promo discount on the agent's net total, rounded half-up to the minor unit
export function applyDiscount(amount: number, percent: number): number {
  const minor = toMinor(amount);
  return toMajor(minor - percentOfMinor(minor, percent));
}

// The net total of a selection at a price, less a promo code's percentage (null when the price has no net)
export function netAfterPromo(
  offer: Pick<Offer, 'pricingUnit'>,
  price: PriceInfo,
  people: People,
  promoPercent: number | null,
): number | null {
  const net = selectionTotals(offer, price, people).net;
  return net !== null && promoPercent ? applyDiscount(net, promoPercent) : net;
}

export function addAmounts(...amounts: number[]): number {
  return toMajor(amounts.reduce((total, amount) => total + toMinor(amount), 0));
}
