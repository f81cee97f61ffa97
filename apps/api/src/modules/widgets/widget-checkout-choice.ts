import type { People } from '@portal/contract';
import { BOOKING_MESSAGES, WIDGET_SALE_MESSAGES, addDays, checkPeopleLimits, saleTotalMinor } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { availabilityByOffer, searchHotels, type CatalogueSnapshot, type OfferRow } from '../catalogue/index.ts';
import { formatMoney } from '../documents/index.ts';
import type { ShopData, ShopOffer, ShopTour } from './widget-shop.service.ts';
import type { WidgetOfferRow } from './widgets.repo.ts';

// Issue 13 item 3: what the customer's checkout pages offer — an option of the shop, the days and times it can be
// booked online with the seats left, and the price of a choice at the shop's prices. Booking itself is the bookings
// module's (widget-sales.ts); this only reads.

// how far ahead the ticket page looks for days with seats
export const CHECKOUT_DAYS_AHEAD = 90;
const DAYS_SHOWN = 12;

export type ShopOption = { tour: ShopTour; offer: ShopOffer; catalogue: OfferRow; prices: WidgetOfferRow };
export type OpenTime = { time: string | null; left: number };
export type OpenDay = { date: string; times: OpenTime[] };

export function optionOf(shop: ShopData, snapshot: CatalogueSnapshot, offerId: number | null): ShopOption | null {
  if (offerId === null) return null;
  const prices = shop.offers.find((row) => row.offerId === offerId);
  const catalogue = snapshot.offerById.get(offerId);
  const tour = shop.tours.find((t) => t.offers.some((o) => o.offerId === offerId));
  const offer = tour?.offers.find((o) => o.offerId === offerId);
  return prices && catalogue && tour && offer ? { tour, offer, catalogue, prices } : null;
}

// The days ahead with a time a customer can book now: open, not sold out, before the cut-off, confirmed at once
export async function openDays(
  db: DbOrTx,
  snapshot: CatalogueSnapshot,
  option: ShopOption,
  now = new Date(),
): Promise<OpenDay[]> {
  if (!option.catalogue.isInstant) return [];
  const from = dubaiDate(now);
  const rows = await availabilityByOffer(
    db,
    snapshot,
    { id: option.catalogue.id, from, to: addDays(from, CHECKOUT_DAYS_AHEAD) },
    now,
  );
  const days = new Map<string, OpenTime[]>();
  for (const row of rows) {
    if (row.isSoldOut || row.isPastCutOff || !row.isInstant) continue;
    const left = row.isSameTicketForAdultsAndChildren
      ? (row.leftAdultsTickets ?? 0) + (row.leftChildrenTickets ?? 0)
      : row.left;
    if (left <= 0) continue;
    const times = days.get(row.date) ?? [];
    times.push({ time: option.catalogue.availabilityType === 'timeslots' ? row.time : null, left });
    days.set(row.date, times);
  }
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, times]) => ({ date, times: times.sort((a, b) => (a.time ?? '').localeCompare(b.time ?? '')) }));
}

export const shownDays = (days: OpenDay[]) => days.slice(0, DAYS_SHOWN);

export type Choice = People & { offerId: number; date: string; time: string | null };

// A choice from the ticket page checked before the guest's details are asked: problems by field, in the server's words
export function checkChoice(
  option: ShopOption,
  days: OpenDay[],
  choice: Choice,
  discountPercent: number,
): { errors: Record<string, string>; totalMinor: number | null } {
  const errors: Record<string, string> = {};
  const day = days.find((d) => d.date === choice.date);
  const time = day?.times.find((t) => t.time === choice.time);
  if (!day) errors.date = BOOKING_MESSAGES.noTickets;
  else if (!time) errors.time = BOOKING_MESSAGES.timeslotsNotAvailable;
  const people = { adults: choice.adults, children: choice.children, infants: choice.infants };
  if (people.adults + people.children === 0) errors.adults = BOOKING_MESSAGES.noPeople;
  else {
    const limits = checkPeopleLimits(people, option.catalogue);
    if (!limits.ok) errors.adults = limits.message;
  }
  const totalMinor = saleTotalMinor(option.prices, discountPercent, people, option.catalogue.pricingUnit);
  if (totalMinor === null) errors.children = WIDGET_SALE_MESSAGES.priceMissing;
  return { errors, totalMinor };
}

export const moneyOf = (shop: ShopData, minor: number) => formatMoney(minor, shop.currency, shop.language);

// The pick-up hotels of the option's pick-up cities, by city then name
export async function pickUpHotels(db: DbOrTx, option: ShopOption) {
  if (!option.catalogue.hasPickUp) return [];
  const lists = await Promise.all(option.catalogue.pickUpCityIds.map((cityId) => searchHotels(db, { cityId })));
  return lists.flat();
}
