import { createHash } from 'node:crypto';
import { dubaiDate } from '../../lib/dubai-time.ts';
import type { BookingRow } from '../bookings/index.ts';
import type { OctoCall } from './octo-call.ts';
import {
  addMinutes,
  availabilityIdOf,
  bookingStatus,
  localDateTime,
  openingHoursOf,
  pricing,
  productType,
  utc,
  type UnitId,
} from './octo.views.ts';

// A booking as OCTO shows it: to the reseller's calls and in the agency's webhooks (booking-renderer.ts). Its unit
// items are one a person; their prices are the booking's lines shared out (a trip's whole price on the first).
function splitName(name: string): { firstName: string | null; lastName: string | null } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0] ?? null, lastName: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

function unitItemUuid(bookingId: string, index: number): string {
  const hex = createHash('sha1').update(`${bookingId}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16] ?? '0', 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// a voucher or ticket: its PDF link once the booking is confirmed, none before
function documentOf(url: string | null) {
  return {
    redemptionMethod: 'DIGITAL',
    utcRedeemedAt: null,
    deliveryOptions: url ? [{ deliveryFormat: 'PDF_URL', deliveryValue: url }] : [],
  };
}

export type BookingViewContext = Pick<OctoCall, 'snapshot' | 'now' | 'baseUrl' | 'withPricing'>;

export function bookingView(call: BookingViewContext, row: BookingRow) {
  const status = bookingStatus(row, call.now);
  const tour = call.snapshot.tourById.get(row.tourId);
  const offer = call.snapshot.offerById.get(row.offerId);
  const offers = tour ? (call.snapshot.offersByTour.get(tour.id) ?? []) : [];
  const type = offers.length > 0 ? productType(offers) : row.startTime ? 'START_TIME' : 'OPENING_HOURS';
  const time = row.startTime ?? offer?.openingTime ?? '00:00';
  const timed = row.startTime !== null;
  const end = timed
    ? addMinutes(row.date, time, tour?.durationMinutes ?? 60)
    : localDateTime(row.date, offer?.closingTime ?? '23:59');
  const confirmed = status === 'CONFIRMED';
  const links = `${call.baseUrl}/bookings/${row.octoUuid}`;
  const currency = row.currency;
  const contact = {
    fullName: row.guestName || null,
    ...splitName(row.guestName),
    emailAddress: row.guestEmail || null,
    phoneNumber: row.guestPhone || null,
    locales: [row.language],
    postalCode: null,
    country: null,
    // the contact's notes as confirmed (kept as the booking's notes to the tours company)
    notes: row.notes,
  };
  const perUnit = new Map(row.amountLines.map((line) => [line.unit, line]));
  const units: UnitId[] = [
    ...Array<UnitId>(row.adults).fill('adult'),
    ...Array<UnitId>(row.children).fill('child'),
    ...Array<UnitId>(row.infants).fill('infant'),
  ];
  const trip = perUnit.get('trip');
  // the i-th person's share of an amount: a trip's on the first person, else the unit line's per person
  const shareOf = (unitId: UnitId, i: number, amount: 'netMinor' | 'publishedMinor') => {
    if (trip) return i === 0 ? trip[amount] : 0;
    const line = perUnit.get(unitId);
    return line ? Math.round(line[amount] / line.quantity) : 0;
  };
  const unitItems = units.map((unitId, i) => {
    const net = shareOf(unitId, i, 'netMinor');
    const published = shareOf(unitId, i, 'publishedMinor');
    return {
      uuid: unitItemUuid(row.id, i),
      resellerReference: null,
      supplierReference: row.ticketNumbers[i] ?? null,
      unitId,
      status,
      utcRedeemedAt: null,
      contact,
      ticket: documentOf(confirmed ? `${links}/tickets.pdf` : null),
      ...(call.withPricing ? { pricing: pricing(currency, net, published) } : {}),
    };
  });
  const cancelled = status === 'CANCELLED';
  const feeMinor = row.cancellationFeeMinor ?? 0;
  return {
    id: row.id,
    uuid: row.octoUuid,
    testMode: row.isTest,
    resellerReference: row.resellerReference,
    supplierReference: row.reference,
    status,
    utcCreatedAt: utc(row.createdAt),
    utcUpdatedAt: utc(row.updatedAt),
    utcExpiresAt: status === 'ON_HOLD' && row.holdExpiresAt ? utc(row.holdExpiresAt) : null,
    utcRedeemedAt: null,
    utcConfirmedAt: row.confirmedAt ? utc(row.confirmedAt) : null,
    productId: String(row.tourId),
    optionId: String(row.offerId),
    cancellable: (status === 'ON_HOLD' || status === 'CONFIRMED') && row.date >= dubaiDate(call.now),
    cancellation: cancelled
      ? {
          refund: feeMinor === 0 ? 'FULL' : (row.refundMinor ?? 0) === 0 ? 'NONE' : 'PARTIAL',
          reason: row.cancellationReason ?? 'Cancelled',
          utcCancelledAt: utc(row.cancelledAt ?? row.updatedAt),
        }
      : null,
    freesale: false,
    availabilityId: availabilityIdOf(row.date, time),
    availability: {
      id: availabilityIdOf(row.date, time),
      localDateTimeStart: localDateTime(row.date, time),
      localDateTimeEnd: end,
      allDay: type === 'OPENING_HOURS',
      openingHours: openingHoursOf(timed, offer),
    },
    contact,
    notes: row.notes || null,
    deliveryMethods: ['VOUCHER', 'TICKET'],
    voucher: documentOf(confirmed ? `${links}/voucher.pdf` : null),
    unitItems,
    ...(call.withPricing ? { pricing: pricing(currency, row.netTotalMinor, row.publishedTotalMinor) } : {}),
    // the portal's own: which key made it
    channel: 'API',
  };
}
