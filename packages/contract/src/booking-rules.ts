// Rules shared by the tour page, the checkout and the booking engine (SPEC §5, §8, §9). Zod-free, so the first pages
// load them without the schemas.
import type { AvailabilityRow, CancellationTier, Offer } from './catalogue.ts';
import { PEOPLE_MESSAGES, fillTemplate } from './messages.ts';

// SPEC §5: the checkout messages, with N filled in
export const peopleMessages = {
  min: (n: number) => fillTemplate(PEOPLE_MESSAGES.min, { n }),
  max: (n: number) => fillTemplate(PEOPLE_MESSAGES.max, { n }),
  stock: (n: number) => fillTemplate(PEOPLE_MESSAGES.stock, { n }),
};

export type People = { adults: number; children: number; infants: number };
export type PeopleCheck = { ok: true } | { ok: false; code: 'min' | 'max' | 'stock'; n: number; message: string };

type OfferLimits = Pick<Offer, 'minPeople' | 'maxPeople' | 'pricingUnit'>;
type SlotStock = Pick<
  AvailabilityRow,
  'left' | 'isSameTicketForAdultsAndChildren' | 'leftAdultsTickets' | 'leftChildrenTickets'
>;

// SPEC §5: min/max people, then stock. Same ticket → adults and children each fit their own remaining numbers
// (infants need no ticket); otherwise `left` covers adults + children + infants. A per-trip offer (a private car or
// boat) takes one trip whatever the group size.
export function checkPeopleAgainstAvailability(people: People, row: SlotStock, offer: OfferLimits): PeopleCheck {
  const total = people.adults + people.children + people.infants;
  if (total < offer.minPeople)
    return { ok: false, code: 'min', n: offer.minPeople, message: peopleMessages.min(offer.minPeople) };
  if (total > offer.maxPeople)
    return { ok: false, code: 'max', n: offer.maxPeople, message: peopleMessages.max(offer.maxPeople) };
  const stockError = (n: number): PeopleCheck => ({ ok: false, code: 'stock', n, message: peopleMessages.stock(n) });
  if (offer.pricingUnit === 'trip') return row.left >= 1 ? { ok: true } : stockError(Math.max(row.left, 0));
  if (row.isSameTicketForAdultsAndChildren) {
    const leftAdults = row.leftAdultsTickets ?? 0;
    const leftChildren = row.leftChildrenTickets ?? 0;
    if (people.adults > leftAdults) return stockError(leftAdults);
    if (people.children > leftChildren) return stockError(leftChildren);
    return { ok: true };
  }
  return total > row.left ? stockError(row.left) : { ok: true };
}

// SPEC §5 min/max people alone, before any time (and so any stock) is chosen
const NO_STOCK_LIMIT: SlotStock = {
  left: Number.MAX_SAFE_INTEGER,
  isSameTicketForAdultsAndChildren: false,
  leftAdultsTickets: null,
  leftChildrenTickets: null,
};
export function checkPeopleLimits(people: People, offer: OfferLimits): PeopleCheck {
  return checkPeopleAgainstAvailability(people, NO_STOCK_LIMIT, offer);
}

// SPEC §5/§8: not instantly confirmable, or past the cut-off → a quotation request instead of an automatic booking
export function confirmationMode(
  offer: Pick<Offer, 'isInstant'>,
  row: Pick<AvailabilityRow, 'isPastCutOff'>,
): 'instant' | 'request' {
  return offer.isInstant && !row.isPastCutOff ? 'instant' : 'request';
}

// SPEC §9: tiers by hours descending; below the last tier the booking is non-refundable (0 %)
export function refundPercent(policy: readonly CancellationTier[], hoursBeforeStart: number): number {
  const tier = [...policy].sort((a, b) => b.hours - a.hours).find((t) => hoursBeforeStart >= t.hours);
  return tier ? tier.percents : 0;
}
