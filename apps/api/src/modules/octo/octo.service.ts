import { createHash, randomUUID } from 'node:crypto';
import {
  BOOKING_MESSAGES,
  Email,
  PersonName,
  isCalendarDate,
  type CurrencyCode,
  type Language,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import type { ApiKeyCaller } from '../api-keys/index.ts';
import type { availabilityByOffer } from '../catalogue/index.ts';
import {
  cutOffAt,
  firstPriceFrom,
  pricePeriodOn,
  type CatalogueSnapshot,
  type OfferRow,
  type TourRow,
} from '../catalogue/index.ts';
import {
  chargesOfSite,
  priceBooking,
  type BookingRow,
  type ResellerBookings,
  type ResellerGuest,
  type ResellerRequest,
} from '../bookings/index.ts';
import {
  badRequest,
  invalidAvailability,
  invalidBooking,
  invalidOption,
  invalidProduct,
  invalidUnit,
  OctoError,
  unprocessable,
} from './octo-errors.ts';
import {
  UNIT_IDS,
  addMinutes,
  availabilityIdOf,
  bookingStatus,
  isTimed,
  localDateTime,
  parseAvailabilityId,
  pricing,
  productType,
  productView,
  unitPrice,
  type Priced,
  type UnitId,
} from './octo.views.ts';

// One OCTO call: who calls (the key and its agency), in which language, with which capabilities
export type OctoCall = {
  ctx: ServiceContext;
  caller: ApiKeyCaller;
  language: Language;
  withPricing: boolean;
  snapshot: CatalogueSnapshot;
  reseller: ResellerBookings;
  baseUrl: string;
  now: Date;
  // an option's availability rows for dates from..to (the catalogue's rows, cached under its stock stamp and minute)
  slots: (offerId: number, from: string, to: string) => Promise<Slot[]>;
};

const MAX_DAYS = 366;
// OCTO's UTC instants carry whole seconds
const utc = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Body = Record<string, unknown>;
export const asBody = (value: unknown): Body =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
const text = (value: unknown, max = 1000): string | undefined =>
  typeof value === 'string' ? value.trim().slice(0, max) : undefined;

// ------------------------------------------------------------------------------------------------------------------
// Catalogue
// ------------------------------------------------------------------------------------------------------------------
function currencyOf(call: OctoCall): CurrencyCode {
  return call.caller.currency;
}

function pricer(call: OctoCall, offer: OfferRow, period: Parameters<typeof priceBooking>[0]['period']): Priced {
  return (people) =>
    priceBooking({
      offer,
      period,
      people,
      currency: currencyOf(call),
      promoPercent: null,
      charges: chargesOfSite(call.ctx.sites, call.caller.siteId),
      paymentMethod: 'balance',
    });
}

function priceFrom(call: OctoCall, offer: OfferRow): Priced | null {
  const first = firstPriceFrom(call.snapshot, offer.id, dubaiDate(call.now));
  return first ? pricer(call, offer, first.period) : null;
}

function priceOn(call: OctoCall, offer: OfferRow, date: string): Priced | null {
  const period = pricePeriodOn(call.snapshot, offer.id, date);
  return period ? pricer(call, offer, period) : null;
}

function productInput(call: OctoCall, tour: TourRow) {
  return {
    tour,
    offers: call.snapshot.offersByTour.get(tour.id) ?? [],
    language: call.language,
    currency: currencyOf(call),
    withPricing: call.withPricing,
    priceOf: (offer: OfferRow) => priceFrom(call, offer),
  };
}

export function listProducts(call: OctoCall) {
  return call.snapshot.tours
    .filter((tour) => (call.snapshot.offersByTour.get(tour.id)?.length ?? 0) > 0)
    .map((tour) => productView(productInput(call, tour)));
}

function findProduct(call: OctoCall, productId: unknown): TourRow {
  const id = typeof productId === 'string' && /^\d{1,9}$/.test(productId) ? Number(productId) : NaN;
  const tour = call.snapshot.tourById.get(id);
  if (!tour || !(call.snapshot.offersByTour.get(tour.id)?.length ?? 0)) throw invalidProduct(productId);
  return tour;
}

export function getProduct(call: OctoCall, productId: string) {
  return productView(productInput(call, findProduct(call, productId)));
}

function findOption(call: OctoCall, tour: TourRow, optionId: unknown): OfferRow {
  const offer = (call.snapshot.offersByTour.get(tour.id) ?? []).find((o) => String(o.id) === optionId);
  if (!offer) throw invalidOption(optionId);
  return offer;
}

// ------------------------------------------------------------------------------------------------------------------
// Availability
// ------------------------------------------------------------------------------------------------------------------
type People = { adults: number; children: number; infants: number };

function peopleOf(units: unknown, field: 'units' | 'unitItems'): People | null {
  if (units === undefined || units === null) return null;
  if (!Array.isArray(units)) throw badRequest(`${field} must be an array`);
  const people = { adults: 0, children: 0, infants: 0 };
  for (const item of units) {
    const unit = asBody(item);
    const id = unit[field === 'units' ? 'id' : 'unitId'];
    if (!UNIT_IDS.includes(id as UnitId)) throw invalidUnit(id);
    const quantity = field === 'units' ? unit.quantity : 1;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0 || quantity > 100)
      throw badRequest('units[].quantity must be a whole number from 0 to 100');
    if (id === 'adult') people.adults += quantity;
    else if (id === 'child') people.children += quantity;
    else people.infants += quantity;
  }
  if (people.adults + people.children + people.infants > 100) throw unprocessable('At most 100 units in one booking');
  return people;
}

function dateRange(body: Body, call: OctoCall): { from: string; to: string } {
  const from = body.localDateStart;
  const to = body.localDateEnd;
  if (typeof from !== 'string' || !isCalendarDate(from) || typeof to !== 'string' || !isCalendarDate(to))
    throw badRequest('localDateStart and localDateEnd are required as YYYY-MM-DD');
  if (from > to) throw badRequest('localDateStart must be a date on or before localDateEnd');
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_DAYS)
    throw badRequest(`At most ${MAX_DAYS} days in one request`);
  const today = dubaiDate(call.now);
  return { from: from < today ? today : from, to };
}

export type Slot = Awaited<ReturnType<typeof availabilityByOffer>>[number];

function fits(offer: OfferRow, slot: Slot, people: People | null): boolean {
  if (!people) return true;
  const total = people.adults + people.children + people.infants;
  if (total < offer.minPeople || total > offer.maxPeople) return false;
  if (offer.pricingUnit === 'trip') return slot.left >= 1;
  if (slot.isSameTicketForAdultsAndChildren)
    return (slot.leftAdultsTickets ?? 0) >= people.adults && (slot.leftChildrenTickets ?? 0) >= people.children;
  return slot.left >= total;
}

function vacanciesOf(offer: OfferRow, slot: Slot): number {
  if (slot.isSameTicketForAdultsAndChildren && offer.pricingUnit !== 'trip')
    return (slot.leftAdultsTickets ?? 0) + (slot.leftChildrenTickets ?? 0);
  return slot.left;
}

// SPEC §5 as the portal applies it: past the cut-off or not instant → not bookable here (CLOSED; the portal would
// make it a quotation request), nothing left or not enough for the group → SOLD_OUT
function statusOf(offer: OfferRow, slot: Slot, people: People | null) {
  if (slot.isPastCutOff || !slot.isInstant) return 'CLOSED' as const;
  if (slot.isSoldOut || !fits(offer, slot, people)) return 'SOLD_OUT' as const;
  return 'AVAILABLE' as const;
}

function slotTime(offer: OfferRow, slot: Slot): string {
  return slot.time ?? offer.openingTime ?? '00:00';
}

function pricingFields(call: OctoCall, offer: OfferRow, date: string, people: People | null, prefix: '' | 'From') {
  if (!call.withPricing) return {};
  const price = priceOn(call, offer, date);
  const currency = currencyOf(call);
  const unitPricing = price
    ? UNIT_IDS.flatMap((id) => {
        const p = unitPrice(offer, price, id, currency);
        return p ? [{ ...p, unitId: id }] : [];
      })
    : [];
  if (prefix === 'From') {
    const trip = offer.pricingUnit === 'trip' && price ? price({ adults: 1, children: 0, infants: 0 }) : null;
    return trip
      ? { pricingFrom: pricing(currency, trip.netBeforeDiscountMinor, trip.publishedTotalMinor) }
      : { unitPricingFrom: unitPricing };
  }
  const total = people && price ? price(people) : null;
  return {
    unitPricing,
    ...(total ? { pricing: pricing(currency, total.netBeforeDiscountMinor, total.publishedTotalMinor) } : {}),
  };
}

function availabilityView(call: OctoCall, tour: TourRow, offer: OfferRow, slot: Slot, people: People | null) {
  const type = productType(call.snapshot.offersByTour.get(tour.id) ?? []);
  const time = slotTime(offer, slot);
  const status = statusOf(offer, slot, people);
  const vacancies = vacanciesOf(offer, slot);
  const openingHours = isTimed(offer) ? [] : [{ from: offer.openingTime ?? '00:00', to: offer.closingTime ?? '23:59' }];
  const end = isTimed(offer)
    ? addMinutes(slot.date, time, tour.durationMinutes)
    : localDateTime(slot.date, offer.closingTime ?? '23:59');
  return {
    id: availabilityIdOf(slot.date, time),
    localDateTimeStart: localDateTime(slot.date, time),
    localDateTimeEnd: end,
    utcCutoffAt: utc(new Date(cutOffAt(offer, slot.date, slot.time))),
    allDay: type === 'OPENING_HOURS',
    available: status === 'AVAILABLE',
    status,
    vacancies: status === 'AVAILABLE' ? vacancies : 0,
    capacity: null,
    maxUnits: null,
    openingHours,
    ...pricingFields(call, offer, slot.date, people, ''),
  };
}

export async function availabilityCheck(call: OctoCall, input: unknown) {
  const body = asBody(input);
  const tour = findProduct(call, body.productId);
  const offer = findOption(call, tour, body.optionId);
  const people = peopleOf(body.units, 'units');
  let range: { from: string; to: string };
  let wanted: Set<string> | null = null;
  const byIds = Array.isArray(body.availabilityIds) && body.availabilityIds.length > 0;
  const byDates = body.localDateStart !== undefined || body.localDateEnd !== undefined;
  if (byIds && byDates) throw badRequest('Give either localDateStart and localDateEnd, or availabilityIds, not both');
  if (byIds && Array.isArray(body.availabilityIds)) {
    const parsed = body.availabilityIds.map((id) => ({ id, at: parseAvailabilityId(id) }));
    const bad = parsed.find((p) => !p.at);
    if (bad) throw invalidAvailability(bad.id);
    const dates = parsed.map((p) => p.at?.date ?? '').sort();
    // the same limits as a range of dates (at most MAX_DAYS, nothing before today)
    range = dateRange({ localDateStart: dates[0], localDateEnd: dates[dates.length - 1] }, call);
    wanted = new Set(body.availabilityIds as string[]);
  } else if (byDates) {
    range = dateRange(body, call);
  } else throw badRequest('Give localDateStart and localDateEnd, or availabilityIds');
  const slots = await call.slots(offer.id, range.from, range.to);
  return slots
    .filter((slot) => !wanted || wanted.has(availabilityIdOf(slot.date, slotTime(offer, slot))))
    .map((slot) => availabilityView(call, tour, offer, slot, people));
}

export async function availabilityCalendar(call: OctoCall, input: unknown) {
  const body = asBody(input);
  const tour = findProduct(call, body.productId);
  const offer = findOption(call, tour, body.optionId);
  const people = peopleOf(body.units, 'units');
  const range = dateRange(body, call);
  const slots = await call.slots(offer.id, range.from, range.to);
  const byDate = new Map<string, Slot[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  const days: unknown[] = [];
  for (let day = range.from; day <= range.to; day = nextDay(day)) {
    const daySlots = byDate.get(day) ?? [];
    const statuses = daySlots.map((slot) => statusOf(offer, slot, people));
    const open = daySlots.filter((_, i) => statuses[i] === 'AVAILABLE');
    const status = open.length > 0 ? 'AVAILABLE' : statuses.some((s) => s === 'SOLD_OUT') ? 'SOLD_OUT' : 'CLOSED';
    days.push({
      localDate: day,
      available: open.length > 0,
      status,
      vacancies: open.reduce((sum, slot) => sum + vacanciesOf(offer, slot), 0),
      capacity: null,
      openingHours: isTimed(offer) ? [] : [{ from: offer.openingTime ?? '00:00', to: offer.closingTime ?? '23:59' }],
      ...pricingFields(call, offer, day, people, 'From'),
    });
  }
  return days;
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

// ------------------------------------------------------------------------------------------------------------------
// Bookings
// ------------------------------------------------------------------------------------------------------------------
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
  const unitItems = units.map((unitId, i) => {
    const line = perUnit.get(unitId);
    const net = trip ? (i === 0 ? trip.netMinor : 0) : line ? Math.round(line.netMinor / line.quantity) : 0;
    const published = trip
      ? i === 0
        ? trip.publishedMinor
        : 0
      : line
        ? Math.round(line.publishedMinor / line.quantity)
        : 0;
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
      openingHours: timed ? [] : [{ from: offer?.openingTime ?? '00:00', to: offer?.closingTime ?? '23:59' }],
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
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
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
  if (offerRow && at) {
    const time = isTimed(offerRow) ? at.time : (offerRow.openingTime ?? '00:00');
    if (isTimed(offerRow) ? !offerRow.startTimes.includes(at.time) : at.time !== time)
      throw invalidAvailability(body.availabilityId);
  }
  return { offer, offerRow, at };
}

export async function reserve(call: OctoCall, input: unknown) {
  const body = asBody(input);
  const tour = findProduct(call, body.productId);
  const offer = findOption(call, tour, body.optionId);
  const at = parseAvailabilityId(body.availabilityId);
  if (!at) throw invalidAvailability(body.availabilityId);
  slotOf(call, { ...body, productId: body.productId, optionId: body.optionId });
  if (body.unitItems === undefined || body.unitItems === null) throw unprocessable('unitItems are required');
  const people = peopleOf(body.unitItems, 'unitItems');
  if (!people || people.adults + people.children + people.infants === 0)
    throw unprocessable('unitItems must name at least one unit');
  const uuid = body.uuid === undefined ? randomUUID() : body.uuid;
  if (typeof uuid !== 'string' || !UUID.test(uuid)) throw badRequest('uuid must be a UUID');
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
  const row = await kernel(
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
  const row = UUID.test(uuid) ? await call.reseller.find(call.ctx, uuid) : null;
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
  return bookingView(call, await kernel(() => call.reseller.extend(call.ctx, uuid, minutesOf(body.expirationMinutes))));
}

export async function update(call: OctoCall, uuid: string, input: unknown) {
  const body = asBody(input);
  const current = await existing(call, uuid);
  const { offer, at } = slotOf(call, body, current);
  const people = peopleOf(body.unitItems, 'unitItems');
  if (people && people.adults + people.children + people.infants === 0)
    throw unprocessable('unitItems must name at least one unit');
  const change: Parameters<ResellerBookings['update']>[2] = {};
  if (offer) change.offerId = offer.id;
  const offerRow = offer ?? call.snapshot.offerById.get(current.offerId);
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
  return bookingView(call, await kernel(() => call.reseller.update(call.ctx, uuid, change)));
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
  if (people && people.adults + people.children + people.infants > 0) {
    const same =
      people.adults === current.adults && people.children === current.children && people.infants === current.infants;
    if (!same) await kernel(() => call.reseller.update(call.ctx, uuid, { people }));
  }
  const notes = typeof body.notes === 'string' ? body.notes : asBody(body.contact).notes;
  const row = await kernel(() =>
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
  return bookingView(call, await kernel(() => call.reseller.cancel(call.ctx, uuid, reason)));
}

// The kernel's answers in OCTO's words: its field errors are the reasons a reseller can act on
async function kernel<T>(run: () => Promise<T>, uuid = ''): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = error.items[0]?.errorMessage ?? error.message;
    const field = error.items[0]?.fieldName;
    if (error.status === 401) throw new OctoError('UNAUTHORIZED', message);
    if (error.status === 403) throw new OctoError('FORBIDDEN', message);
    if (error.status === 404) throw unprocessable(message);
    if (field === 'uuid' && message === BOOKING_MESSAGES.uuidUsed)
      throw new OctoError('INVALID_BOOKING_UUID', message, { uuid });
    if (field === 'time' || field === 'date')
      throw new OctoError('INVALID_AVAILABILITY_ID', message, { availabilityId: '' });
    throw unprocessable(message);
  }
}

// A booking as the agency's webhooks carry it: the OCTO booking, prices included, links on the agency's own site
export function bookingRenderer(deps: {
  snapshot: () => Promise<CatalogueSnapshot>;
  find: (tx: DbOrTx, id: string) => Promise<BookingRow | null>;
  baseUrlOf: (siteId: string) => string;
}) {
  return async () => {
    const snapshot = await deps.snapshot();
    return async (tx: DbOrTx, bookingId: string): Promise<Record<string, unknown> | null> => {
      const row = await deps.find(tx, bookingId);
      if (!row) return null;
      return bookingView({ snapshot, now: new Date(), baseUrl: deps.baseUrlOf(row.siteId), withPricing: true }, row);
    };
  };
}
