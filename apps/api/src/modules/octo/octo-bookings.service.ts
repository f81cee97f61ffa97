import { randomUUID } from 'node:crypto';
import { Email, PersonName, isCalendarDate, isUuid } from '@portal/contract';
import type { OfferRow } from '../catalogue/index.ts';
import type { BookingRow, ResellerBookings, ResellerGuest, ResellerRequest } from '../bookings/index.ts';
import {
  badRequest,
  invalidAvailability,
  invalidBooking,
  invalidProduct,
  unprocessable,
  withOctoErrors,
} from './octo-errors.ts';
import {
  asBody,
  findOption,
  findProduct,
  headcount,
  idOf,
  peopleOf,
  text,
  type Body,
  type OctoCall,
} from './octo-call.ts';
import { bookingView } from './octo-booking.views.ts';
import { bookingStatus, isTimed, parseAvailabilityId } from './octo.views.ts';

// OCTO bookings, only through bookings' face (`call.reseller`): a reservation holds the seats (ON_HOLD), a
// confirmation pays it from the balance, a cancellation follows the policy; the same stock, ledger, caps and
// documents as the portal. The kernel's refusals are answered in OCTO's words (octo-errors.ts#withOctoErrors).

// The guest as the contact names them: a name (full, or first and last) and an e-mail address are required before
// the booking is confirmed (the voucher and the operations team need them); a phone when given
function guestOf(value: unknown, required: boolean): ResellerGuest | undefined {
  const contact = asBody(value);
  const name =
    text(contact.fullName, 100) || [text(contact.firstName, 50), text(contact.lastName, 50)].filter(Boolean).join(' ');
  const email = text(contact.emailAddress, 254) ?? '';
  const phone = text(contact.phoneNumber, 20) ?? '';
  if (!name && !email && !phone) {
    if (required)
      throw unprocessable('contact.fullName (or firstName and lastName) and contact.emailAddress are required');
    return undefined;
  }
  const checkedName = PersonName.safeParse(name);
  if (!checkedName.success) throw unprocessable(`contact.fullName: ${checkedName.error.issues[0]?.message ?? ''}`);
  const checkedEmail = Email.safeParse(email);
  if (!checkedEmail.success)
    throw unprocessable(`contact.emailAddress: ${checkedEmail.error.issues[0]?.message ?? ''}`);
  return { name: checkedName.data, email: checkedEmail.data, phone };
}

function resellerReferenceOf(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string' || value.length > 100)
    throw badRequest('resellerReference must be text of at most 100 characters');
  return value.trim() || null;
}

function minutesOf(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw badRequest('expirationMinutes must be a positive number');
  return value;
}

function hotelOf(body: Body): number | null | undefined {
  const value = body.pickupPointId;
  if (value === undefined || value === null) return body.pickupRequested === false ? null : undefined;
  const id = idOf(value);
  if (!Number.isInteger(id)) throw unprocessable('pickupPointId must be a hotel id (see docs: pick-ups)');
  return id;
}

// Where a slot and its people are named: product, option, availability, unit items
function slotOf(call: OctoCall, body: Body, current?: BookingRow) {
  const tour = body.productId !== undefined ? findProduct(call, body.productId) : undefined;
  const tourId = tour?.id ?? current?.tourId;
  const productTour = tourId !== undefined ? call.snapshot.tourById.get(tourId) : undefined;
  let offer: OfferRow | undefined;
  if (body.optionId !== undefined) {
    if (!productTour) throw invalidProduct(body.productId);
    offer = findOption(call, productTour, body.optionId);
  } else if (tour) offer = (call.snapshot.offersByTour.get(tour.id) ?? [])[0];
  const offerRow = offer ?? (current ? call.snapshot.offerById.get(current.offerId) : undefined);
  let at: { date: string; time: string } | undefined;
  if (body.availabilityId !== undefined) {
    const parsed = parseAvailabilityId(body.availabilityId);
    if (!parsed) throw invalidAvailability(body.availabilityId);
    at = parsed;
  }
  if (offerRow && at) assertStartOf(offerRow, at, body.availabilityId);
  return { offer, offerRow, at };
}

// an availability starts at one of the option's start times, or at its opening time when it has none
function assertStartOf(offer: OfferRow, at: { time: string }, availabilityId: unknown): void {
  const starts = isTimed(offer) ? offer.startTimes.includes(at.time) : at.time === (offer.openingTime ?? '00:00');
  if (!starts) throw invalidAvailability(availabilityId);
}

export async function reserve(call: OctoCall, input: unknown) {
  const body = asBody(input);
  const tour = findProduct(call, body.productId);
  const offer = findOption(call, tour, body.optionId);
  const at = parseAvailabilityId(body.availabilityId);
  if (!at) throw invalidAvailability(body.availabilityId);
  assertStartOf(offer, at, body.availabilityId);
  if (body.unitItems === undefined || body.unitItems === null) throw unprocessable('unitItems are required');
  const people = peopleOf(body.unitItems, 'unitItems');
  if (!people || headcount(people) === 0) throw unprocessable('unitItems must name at least one unit');
  const uuid = body.uuid === undefined ? randomUUID() : body.uuid;
  if (typeof uuid !== 'string' || !isUuid(uuid)) throw badRequest('uuid must be a UUID');
  const request: ResellerRequest = {
    offerId: offer.id,
    date: at.date,
    time: isTimed(offer) ? at.time : null,
    people,
    hotelId: hotelOf(body) ?? null,
    notes: text(body.notes) ?? '',
    guest: guestOf(body.contact, false) ?? { name: '', email: '', phone: '' },
    resellerReference: resellerReferenceOf(body.resellerReference) ?? null,
  };
  const row = await withOctoErrors(
    () =>
      call.reseller.hold(
        call.ctx,
        { id: call.caller.keyId, isTest: call.caller.isTest },
        uuid,
        request,
        minutesOf(body.expirationMinutes),
      ),
    uuid,
  );
  return bookingView(call, row);
}

async function existing(call: OctoCall, uuid: string): Promise<BookingRow> {
  const row = isUuid(uuid) ? await call.reseller.find(call.ctx, uuid) : null;
  if (!row) throw invalidBooking(uuid);
  return row;
}

export async function getBooking(call: OctoCall, uuid: string) {
  return bookingView(call, await existing(call, uuid));
}

export async function listBookings(call: OctoCall, query: Body) {
  const filter = {
    resellerReference: text(query.resellerReference, 100),
    supplierReference: text(query.supplierReference, 100),
    localDate: text(query.localDate, 10),
    localDateStart: text(query.localDateStart, 10),
    localDateEnd: text(query.localDateEnd, 10),
  };
  if (!Object.values(filter).some(Boolean))
    throw badRequest('Give resellerReference, supplierReference, localDate or localDateStart and localDateEnd');
  for (const date of [filter.localDate, filter.localDateStart, filter.localDateEnd])
    if (date && !isCalendarDate(date)) throw badRequest('Dates are YYYY-MM-DD');
  const rows = await call.reseller.list(call.ctx, filter);
  return rows.map((row) => bookingView(call, row));
}

export async function extend(call: OctoCall, uuid: string, input: unknown) {
  const body = asBody(input);
  const row = await existing(call, uuid);
  if (bookingStatus(row, call.now) !== 'ON_HOLD') throw unprocessable('Only a booking ON_HOLD can be extended');
  return bookingView(
    call,
    await withOctoErrors(() => call.reseller.extend(call.ctx, uuid, minutesOf(body.expirationMinutes))),
  );
}

export async function update(call: OctoCall, uuid: string, input: unknown) {
  const body = asBody(input);
  const current = await existing(call, uuid);
  const { offer, offerRow, at } = slotOf(call, body, current);
  const people = peopleOf(body.unitItems, 'unitItems');
  if (people && headcount(people) === 0) throw unprocessable('unitItems must name at least one unit');
  const change: Parameters<ResellerBookings['update']>[2] = {};
  if (offer) change.offerId = offer.id;
  if (at) {
    change.date = at.date;
    change.time = offerRow && isTimed(offerRow) ? at.time : null;
  } else if (offer && offer.id !== current.offerId) throw invalidAvailability(body.availabilityId);
  if (people) change.people = people;
  const hotelId = hotelOf(body);
  if (hotelId !== undefined) change.hotelId = hotelId;
  const guest = guestOf(body.contact, false);
  if (guest) change.guest = guest;
  if (typeof body.notes === 'string') change.notes = text(body.notes) ?? '';
  const reference = resellerReferenceOf(body.resellerReference);
  if (reference !== undefined) change.resellerReference = reference;
  const minutes = minutesOf(body.expirationMinutes);
  if (minutes !== undefined) change.minutes = minutes;
  return bookingView(call, await withOctoErrors(() => call.reseller.update(call.ctx, uuid, change)));
}

export async function confirm(call: OctoCall, uuid: string, input: unknown) {
  const body = asBody(input);
  const current = await existing(call, uuid);
  if (bookingStatus(current, call.now) === 'CONFIRMED') return bookingView(call, current);
  const people = peopleOf(body.unitItems, 'unitItems');
  const unitContact = Array.isArray(body.unitItems) ? asBody(body.unitItems[0]).contact : undefined;
  const guest =
    guestOf(body.contact, false) ??
    guestOf(unitContact, false) ??
    (current.guestName && current.guestEmail
      ? { name: current.guestName, email: current.guestEmail, phone: current.guestPhone }
      : guestOf(body.contact, true));
  if (!guest) throw unprocessable('contact is required');
  if (people && headcount(people) > 0) {
    const same =
      people.adults === current.adults && people.children === current.children && people.infants === current.infants;
    if (!same) await withOctoErrors(() => call.reseller.update(call.ctx, uuid, { people }));
  }
  const notes = typeof body.notes === 'string' ? body.notes : asBody(body.contact).notes;
  const row = await withOctoErrors(() =>
    call.reseller.confirm(call.ctx, uuid, {
      guest,
      resellerReference: resellerReferenceOf(body.resellerReference),
      ...(typeof notes === 'string' ? { notes: text(notes) ?? '' } : {}),
    }),
  );
  return bookingView(call, row);
}

export async function cancel(call: OctoCall, uuid: string, input: unknown) {
  await existing(call, uuid);
  const reason = text(asBody(input).reason, 500) || 'Cancelled by the reseller';
  return bookingView(call, await withOctoErrors(() => call.reseller.cancel(call.ctx, uuid, reason)));
}
