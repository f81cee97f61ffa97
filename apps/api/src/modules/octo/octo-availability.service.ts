import { addDays, isCalendarDate } from '@portal/contract';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { cutOffAt, type OfferRow, type TourRow } from '../catalogue/index.ts';
import { badRequest, invalidAvailability } from './octo-errors.ts';
import {
  asBody,
  findOption,
  findProduct,
  headcount,
  peopleOf,
  type Body,
  type OctoCall,
  type People,
  type Slot,
} from './octo-call.ts';
import { priceOn } from './octo-products.service.ts';
import {
  UNIT_IDS,
  addMinutes,
  availabilityIdOf,
  isTimed,
  localDateTime,
  openingHoursOf,
  parseAvailabilityId,
  pricingOf,
  productType,
  unitPrice,
  utc,
} from './octo.views.ts';

// OCTO availability: the catalogue's availability rows of one option (`call.slots`) as availabilities by start time
// (/availability) or by day (/availability/calendar), for the group the reseller names when it names one

const MAX_DAYS = 366;

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

function fits(offer: OfferRow, slot: Slot, people: People | null): boolean {
  if (!people) return true;
  const total = headcount(people);
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
  const currency = call.caller.currency;
  const unitPricing = price
    ? UNIT_IDS.flatMap((id) => {
        const p = unitPrice(offer, price, id, currency);
        return p ? [{ ...p, unitId: id }] : [];
      })
    : [];
  if (prefix === 'From') {
    const trip = offer.pricingUnit === 'trip' && price ? price({ adults: 1, children: 0, infants: 0 }) : null;
    return trip ? { pricingFrom: pricingOf(currency, trip) } : { unitPricingFrom: unitPricing };
  }
  const total = people && price ? price(people) : null;
  return { unitPricing, ...(total ? { pricing: pricingOf(currency, total) } : {}) };
}

function availabilityView(call: OctoCall, tour: TourRow, offer: OfferRow, slot: Slot, people: People | null) {
  const type = productType(call.snapshot.offersByTour.get(tour.id) ?? []);
  const time = slotTime(offer, slot);
  const status = statusOf(offer, slot, people);
  const vacancies = vacanciesOf(offer, slot);
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
    openingHours: openingHoursOf(isTimed(offer), offer),
    ...pricingFields(call, offer, slot.date, people, ''),
  };
}

// what both availability calls name: the product, its option and (optionally) the group
function askedFor(call: OctoCall, body: Body) {
  const tour = findProduct(call, body.productId);
  const offer = findOption(call, tour, body.optionId);
  return { tour, offer, people: peopleOf(body.units, 'units') };
}

export async function availabilityCheck(call: OctoCall, input: unknown) {
  const body = asBody(input);
  const { tour, offer, people } = askedFor(call, body);
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
  const { offer, people } = askedFor(call, body);
  const range = dateRange(body, call);
  const slots = await call.slots(offer.id, range.from, range.to);
  const byDate = new Map<string, Slot[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  const days: unknown[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
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
      openingHours: openingHoursOf(isTimed(offer), offer),
      ...pricingFields(call, offer, day, people, 'From'),
    });
  }
  return days;
}
