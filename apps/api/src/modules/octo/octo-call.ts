import type { Language } from '@portal/contract';
import type { ServiceContext } from '../../lib/context.ts';
import type { ApiKeyCaller } from '../api-keys/index.ts';
import type { availabilityByOffer, CatalogueSnapshot, OfferRow, TourRow } from '../catalogue/index.ts';
import type { ResellerBookings } from '../bookings/index.ts';
import { badRequest, invalidOption, invalidProduct, invalidUnit, unprocessable } from './octo-errors.ts';
import { UNIT_IDS, type UnitId } from './octo.views.ts';

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

export type Slot = Awaited<ReturnType<typeof availabilityByOffer>>[number];

// What a call's body names, read as OCTO sends it: anything but an object reads as an empty body
export type Body = Record<string, unknown>;
export const asBody = (value: unknown): Body =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
export const text = (value: unknown, max = 1000): string | undefined =>
  typeof value === 'string' ? value.trim().slice(0, max) : undefined;
// a product's or a pick-up hotel's id: our integer ids, sent as text
export const idOf = (value: unknown): number =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;

export function findProduct(call: OctoCall, productId: unknown): TourRow {
  const tour = call.snapshot.tourById.get(idOf(productId));
  if (!tour || !(call.snapshot.offersByTour.get(tour.id)?.length ?? 0)) throw invalidProduct(productId);
  return tour;
}

export function findOption(call: OctoCall, tour: TourRow, optionId: unknown): OfferRow {
  const offer = (call.snapshot.offersByTour.get(tour.id) ?? []).find((o) => String(o.id) === optionId);
  if (!offer) throw invalidOption(optionId);
  return offer;
}

export type People = { adults: number; children: number; infants: number };

export const headcount = (people: People) => people.adults + people.children + people.infants;

// The people of `units` (availability: { id, quantity }) or `unitItems` (bookings: one item a person); none named: null
export function peopleOf(units: unknown, field: 'units' | 'unitItems'): People | null {
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
  if (headcount(people) > 100) throw unprocessable('At most 100 units in one booking');
  return people;
}
