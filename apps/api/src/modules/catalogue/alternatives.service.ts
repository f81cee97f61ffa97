import type {
  AlternativeTime,
  AlternativesQuery,
  AlternativesResponse,
  AvailabilityRow,
  People,
} from '@portal/contract';
import {
  ALTERNATIVES_SEARCH_DAYS,
  ALTERNATIVE_DATES_EACH_SIDE,
  BOOKING_WINDOW_DAYS,
  CATALOGUE_MESSAGES,
  addDays,
  checkPeopleAgainstAvailability,
} from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { availabilityRow } from './availability.service.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findSlots, type SlotRow } from './catalogue.repo.ts';
import type { CatalogueStore } from './catalogue.cache.ts';
import { findTour } from './catalogue.service.ts';
import type { CatalogueSnapshot, OfferRow } from './catalogue.snapshot.ts';

// A slot an agent can book for these people now: seats by the SPEC §5 rules (min/max people too), before its cut-off
export function slotFits(offer: OfferRow, row: AvailabilityRow, people: People): boolean {
  return !row.isPastCutOff && checkPeopleAgainstAvailability(people, row, offer).ok;
}

const timeOf = (row: AvailabilityRow): AlternativeTime => ({
  time: row.time,
  left: row.isSameTicketForAdultsAndChildren ? (row.leftAdultsTickets ?? 0) + (row.leftChildrenTickets ?? 0) : row.left,
});

// The bookable window of a tour page: today (Asia/Dubai) for a year
export function checkBookableDate(date: string, today: string): void {
  if (date < today) throw AppError.field('date', CATALOGUE_MESSAGES.dateInPast);
  if (date > addDays(today, BOOKING_WINDOW_DAYS)) throw AppError.field('date', CATALOGUE_MESSAGES.dateTooFar);
}

export function checkStartTime(offer: OfferRow, time: string | null | undefined): void {
  if (time && !(offer.availabilityType === 'timeslots' && offer.startTimes.includes(time)))
    throw AppError.field('time', CATALOGUE_MESSAGES.noSuchTime);
}

type LoadSlots = (offerIds: number[], from: string, to: string) => Promise<SlotRow[]>;

// The slots of a tour's offers for the bookable year, read once per stock stamp of those offers (and per day) and
// kept in the catalogue store, so the alternatives of another date or group size cost no query
export function tourSlotsOfYear(store: CatalogueStore, db: DbOrTx, today: string): LoadSlots {
  return async (offerIds, from, to) => {
    const versions = await store.versions();
    const tag = `c${versions.catalogue}|s${offerIds.map(versions.stockOf).join('.')}|${today}`;
    const year = await store.memo(`tour-slots:${offerIds.join(',')}`, tag, () =>
      findSlots(db, offerIds, today, addDays(today, BOOKING_WINDOW_DAYS)),
    );
    return year.filter((slot) => slot.date >= from && slot.date <= to);
  };
}

// Issue 9, the next best thing when sold out: from the stock the tour's availability shows (`loadSlots`: the route
// reads the tour's slots once per stock stamp and keeps them), the nearest dates with seats on both sides of the
// chosen one, the other times that day, and the tour's other options that day. Nothing in the past, past its cut-off
// or outside the bookable window.
export async function alternatives(
  loadSlots: LoadSlots,
  snapshot: CatalogueSnapshot,
  input: AlternativesQuery,
  today: string,
  now: Date,
): Promise<AlternativesResponse> {
  const tour = findTour(snapshot, String(input.tourId));
  const offers = snapshot.offersByTour.get(tour.id) ?? [];
  const offer = offers.find((o) => o.id === input.offerId);
  if (!offer) throw AppError.field('offerId', CATALOGUE_MESSAGES.offerNotInTour);
  checkBookableDate(input.date, today);
  checkStartTime(offer, input.time);

  const people = { adults: input.adults, children: input.children, infants: input.infants };
  const from = [addDays(input.date, -ALTERNATIVES_SEARCH_DAYS), today].sort().at(-1) ?? today;
  const to = [addDays(input.date, ALTERNATIVES_SEARCH_DAYS), addDays(today, BOOKING_WINDOW_DAYS)].sort()[0] ?? today;
  const offerById = new Map(offers.map((o) => [o.id, o]));
  const open = (await loadSlots([...offerById.keys()], from, to)).flatMap((slot) => {
    const slotOffer = offerById.get(slot.offerId);
    const row = slotOffer ? availabilityRow(slotOffer, slot, now) : null;
    return slotOffer && row && slotFits(slotOffer, row, people) ? [row] : [];
  });

  const mine = open.filter((row) => row.offerId === offer.id);
  const onDate = mine.filter((row) => row.date === input.date);
  const time = input.time ?? null;
  const isAvailable =
    offer.availabilityType === 'timeslots' && time !== null
      ? onDate.some((row) => row.time === time)
      : onDate.length > 0;

  const byDate = new Map<string, AlternativeTime[]>();
  for (const row of mine)
    if (row.date !== input.date) byDate.set(row.date, [...(byDate.get(row.date) ?? []), timeOf(row)]);
  const dates = [...byDate.keys()].sort();
  const before = dates.filter((d) => d < input.date).slice(-ALTERNATIVE_DATES_EACH_SIDE);
  const after = dates.filter((d) => d > input.date).slice(0, ALTERNATIVE_DATES_EACH_SIDE);

  return {
    offerId: offer.id,
    date: input.date,
    time,
    isAvailable,
    sameDate: onDate.filter((row) => row.time !== time).map(timeOf),
    nearestDates: [...before, ...after].map((date) => ({ date, times: byDate.get(date) ?? [] })),
    otherOffers: offers
      .filter((o) => o.id !== offer.id)
      .map((o) => ({
        offerId: o.id,
        times: open.filter((row) => row.offerId === o.id && row.date === input.date).map(timeOf),
      }))
      .filter((o) => o.times.length > 0),
  };
}
