import type { AvailabilityRow } from '@portal/contract';
import { CATALOGUE_MESSAGES } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findSlots, type SlotRow } from './catalogue.repo.ts';
import { findTour } from './catalogue.service.ts';
import type { CatalogueSnapshot, OfferRow } from './catalogue.snapshot.ts';

// Asia/Dubai has kept UTC+4 without daylight saving since 1920, so a business date and time map to one instant.
const DUBAI_UTC_OFFSET = '+04:00';

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
// a date's midnight in Dubai (ms): a cold availability read asks for every slot's cut-off, over a few dozen dates
const midnights = new Map<string, number>();

// The instant of a Dubai date and 'HH:mm' time: Date.parse of `${date}T${time}:00+04:00`, with each date's midnight
// parsed once and the time added (the same number; dubai-instant.test compares them), else that Date.parse itself
export function dubaiInstant(date: string, time: string): number {
  const hhmm = HH_MM.exec(time);
  if (!hhmm) return Date.parse(`${date}T${time}:00${DUBAI_UTC_OFFSET}`);
  let midnight = midnights.get(date);
  if (midnight === undefined) {
    if (midnights.size >= 4096) midnights.clear();
    midnight = Date.parse(`${date}T00:00:00${DUBAI_UTC_OFFSET}`);
    midnights.set(date, midnight);
  }
  return midnight + (Number(hhmm[1]) * 60 + Number(hhmm[2])) * 60_000;
}

// SPEC §5: past the cut-off, automatic booking stops. The reference is the slot's start time; for opening-hours
// offers (any time that day) it is the closing time.
export function isPastCutOff(
  offer: Pick<OfferRow, 'cutOffHours' | 'closingTime'>,
  date: string,
  time: string | null,
  now: Date,
): boolean {
  return now.getTime() >= cutOffAt(offer, date, time);
}

// the instant (ms) automatic booking of a slot stops
export function cutOffAt(offer: Pick<OfferRow, 'cutOffHours' | 'closingTime'>, date: string, time: string | null) {
  const reference = time ?? offer.closingTime ?? '23:59';
  return dubaiInstant(date, reference) - offer.cutOffHours * 3_600_000;
}

export function availabilityRow(offer: OfferRow, slot: SlotRow, now: Date): AvailabilityRow {
  const isSame = offer.isSameTicketForAdultsAndChildren;
  const leftAdultsTickets = isSame ? (slot.leftAdultsTickets ?? 0) : null;
  const leftChildrenTickets = isSame ? (slot.leftChildrenTickets ?? 0) : null;
  return {
    offerId: slot.offerId,
    date: slot.date,
    time: slot.startTime,
    left: slot.left,
    isSameTicketForAdultsAndChildren: isSame,
    leftAdultsTickets,
    leftChildrenTickets,
    isSoldOut: isSame ? (leftAdultsTickets ?? 0) + (leftChildrenTickets ?? 0) === 0 : slot.left === 0,
    isPastCutOff: isPastCutOff(offer, slot.date, slot.startTime, now),
    isInstant: offer.isInstant,
  };
}

async function rowsFor(
  db: DbOrTx,
  snapshot: CatalogueSnapshot,
  offers: OfferRow[],
  from: string,
  to: string,
  now: Date,
): Promise<AvailabilityRow[]> {
  const byId = new Map(offers.map((o) => [o.id, o]));
  const slots = await findSlots(db, [...byId.keys()], from, to);
  return slots.flatMap((slot) => {
    const offer = byId.get(slot.offerId) ?? snapshot.offerById.get(slot.offerId);
    return offer ? [availabilityRow(offer, slot, now)] : [];
  });
}

export async function availabilityByOffer(
  db: DbOrTx,
  snapshot: CatalogueSnapshot,
  input: { id: number; from: string; to: string },
  now: Date,
): Promise<AvailabilityRow[]> {
  const offer = snapshot.offerById.get(input.id);
  if (!offer) throw AppError.notFound(CATALOGUE_MESSAGES.unknownOffer);
  return rowsFor(db, snapshot, [offer], input.from, input.to, now);
}

export async function availabilityByTour(
  db: DbOrTx,
  snapshot: CatalogueSnapshot,
  input: { id: number; from: string; to: string },
  now: Date,
): Promise<AvailabilityRow[]> {
  const tour = findTour(snapshot, String(input.id));
  return rowsFor(db, snapshot, snapshot.offersByTour.get(tour.id) ?? [], input.from, input.to, now);
}

// Availability rows as JSON text, for the cached reads (catalogue.routes.ts): exactly what
// JSON.stringify(AvailabilityResponse.parse(rows)) gives (availability-json.test), without the schema's copy of every
// row and the generic serializer. A cold 62-day read is up to 1,500 rows; the rows themselves are availabilityRow's.
export function availabilityRowsJson(rows: readonly AvailabilityRow[]): string {
  const parts = rows.map(
    (row) =>
      `{"offerId":${row.offerId},"date":${JSON.stringify(row.date)},` +
      `"time":${row.time === null ? 'null' : JSON.stringify(row.time)},"left":${row.left},` +
      `"isSameTicketForAdultsAndChildren":${row.isSameTicketForAdultsAndChildren},` +
      `"leftAdultsTickets":${row.leftAdultsTickets},"leftChildrenTickets":${row.leftChildrenTickets},` +
      `"isSoldOut":${row.isSoldOut},"isPastCutOff":${row.isPastCutOff},"isInstant":${row.isInstant}}`,
  );
  return `[${parts.join(',')}]`;
}
