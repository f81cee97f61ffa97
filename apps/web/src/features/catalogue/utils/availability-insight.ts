import { checkPeopleAgainstAvailability } from '@portal/contract';
import type { AvailabilityRow, Offer, People, UnservedReason } from '@portal/contract';
import { askedFor, type InsightEvent } from '@/lib/insight';
import { ticketsLeft } from './availability';

type Asked = { tourId: number; offer: Offer; date: string; time: string | null; people: People };

// Issue 31 "demand not served": what an agent asked of a tour's option on a day — the chosen time, or the whole day
// before one is chosen — what was free, and why nothing could be booked
export function availabilityAsked(asked: Asked, slots: readonly AvailabilityRow[]): InsightEvent | null {
  const { offer, people } = asked;
  const what = askedFor(asked.tourId, offer.id, asked.date, people);
  if (!what) return null;
  const isTimeslots = offer.availabilityType === 'timeslots';
  const row = slots.find((r) => (isTimeslots ? r.time === asked.time : r.time === null)) ?? null;
  const candidates = row ? [row] : slots;
  const reason = unservedReason(offer, people, candidates);
  return {
    kind: 'availability',
    ...what,
    ...(reason ? { reason } : {}),
    props: { left: Math.max(0, ...candidates.map(ticketsLeft)), time: row?.time ?? null },
  };
}

// Why none of these times could be booked for these people; null when one could (SPEC §5: past the cut-off it
// becomes a request the tours company may or may not confirm, so it counts as not served)
export function unservedReason(
  offer: Pick<Offer, 'minPeople' | 'maxPeople' | 'pricingUnit'>,
  people: People,
  candidates: readonly AvailabilityRow[],
): UnservedReason | null {
  if (candidates.length === 0) return 'no_slot';
  const open = candidates.filter((row) => !row.isSoldOut);
  if (open.length === 0) return 'sold_out';
  const fitting = open.filter((row) => {
    const check = checkPeopleAgainstAvailability(people, row, offer);
    return check.ok || check.code !== 'stock';
  });
  if (fitting.length === 0) return 'not_enough_seats';
  return fitting.every((row) => row.isPastCutOff) ? 'past_cut_off' : null;
}
