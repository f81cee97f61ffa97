import { isCalendarDate, type CurrencyCode, type Language } from '@portal/contract';
import type { OfferRow, PricePeriodRow, TourRow } from '../catalogue/index.ts';
import type { BookingRow, PriceResult } from '../bookings/index.ts';

// OCTO core shapes (https://docs.octo.travel) as this portal fills them: tours → products, offers → options, the
// people an offer counts (adult, child, infant) → units. Money in integer minor units of the agency's currency
// (octo/pricing): net = the agency's net rate, retail and original = the published rate.

export const UNIT_IDS = ['adult', 'child', 'infant'] as const;
export type UnitId = (typeof UNIT_IDS)[number];
export const TIME_ZONE = 'Asia/Dubai';
const OFFSET = '+04:00';

export type OctoPricing = {
  original: number;
  retail: number;
  net: number | null;
  currency: string;
  currencyPrecision: number;
  includedTaxes: never[];
};

export type Priced = (people: { adults: number; children: number; infants: number }) => PriceResult | null;

export function pricing(currency: CurrencyCode, net: number, published: number): OctoPricing {
  return {
    original: published,
    retail: published,
    net,
    currency: currency.toUpperCase(),
    currencyPrecision: 2,
    includedTaxes: [],
  };
}

// a priced group: net before the discount (none through the API), published = retail
export function pricingOf(currency: CurrencyCode, price: PriceResult): OctoPricing {
  return pricing(currency, price.netBeforeDiscountMinor, price.publishedTotalMinor);
}

const ONE: Record<UnitId, { adults: number; children: number; infants: number }> = {
  adult: { adults: 1, children: 0, infants: 0 },
  child: { adults: 0, children: 1, infants: 0 },
  infant: { adults: 0, children: 0, infants: 1 },
};

// One unit's price: for a per-trip offer the trip's price is the booking's, whatever the group (pricingPer BOOKING)
export function unitPrice(offer: OfferRow, price: Priced, unit: UnitId, currency: CurrencyCode): OctoPricing | null {
  if (offer.pricingUnit === 'trip') return null;
  const result = price(ONE[unit]);
  if (unit === 'infant') return pricing(currency, 0, 0);
  return result ? pricingOf(currency, result) : null;
}

export function isTimed(offer: OfferRow): boolean {
  return offer.availabilityType === 'timeslots';
}

// A product is START_TIME when any of its options has start times; an opening-hours option inside it then starts at
// its opening time (OCTO has one availability type per product; decision record 0120)
export function productType(offers: OfferRow[]): 'START_TIME' | 'OPENING_HOURS' {
  return offers.some(isTimed) ? 'START_TIME' : 'OPENING_HOURS';
}

// An opening-hours option's hours (a timed one has none)
export function openingHoursOf(timed: boolean, offer: Pick<OfferRow, 'openingTime' | 'closingTime'> | undefined) {
  return timed ? [] : [{ from: offer?.openingTime ?? '00:00', to: offer?.closingTime ?? '23:59' }];
}

export function startTimesOf(offer: OfferRow, type: 'START_TIME' | 'OPENING_HOURS'): string[] {
  if (type === 'OPENING_HOURS') return [];
  return isTimed(offer) ? [...offer.startTimes].sort() : [offer.openingTime ?? '00:00'];
}

// The cancellation policy's tiers: free (100 % back) until this many hours before the start
export function freeCancellationHours(offer: Pick<OfferRow, 'cancellationPolicy'>): number {
  const free = offer.cancellationPolicy.filter((t) => t.percents >= 100).map((t) => t.hours);
  return free.length > 0 ? Math.min(...free) : Math.max(0, ...offer.cancellationPolicy.map((t) => t.hours));
}

function unitView(offer: OfferRow, id: UnitId, price: Priced | null, currency: CurrencyCode, withPricing: boolean) {
  const ages: Record<UnitId, [number, number]> = {
    adult: [offer.childMaxAge + 1, 99],
    child: [offer.infantMaxAge + 1, offer.childMaxAge],
    infant: [0, offer.infantMaxAge],
  };
  const [minAge, maxAge] = ages[id];
  const from = withPricing && price ? unitPrice(offer, price, id, currency) : null;
  return {
    id,
    internalName: id === 'adult' ? 'Adult' : id === 'child' ? 'Child' : 'Infant',
    reference: id,
    type: id.toUpperCase(),
    restrictions: {
      minAge,
      maxAge,
      idRequired: false,
      minQuantity: null,
      maxQuantity: null,
      paxCount: 1,
      accompaniedBy: id === 'adult' ? [] : ['adult'],
    },
    requiredContactFields: [],
    ...(withPricing ? { pricingFrom: from ? [from] : [] } : {}),
  };
}

export type ProductInput = {
  tour: TourRow;
  offers: OfferRow[];
  language: Language;
  currency: CurrencyCode;
  withPricing: boolean;
  // the price of a group on the first date that has one (null: no price ahead)
  priceOf: (offer: OfferRow) => Priced | null;
};

// The default option is the first that can be booked without a pick-up hotel (the simplest to sell), else the first
export function defaultOptionOf(offers: OfferRow[]): OfferRow | undefined {
  return offers.find((o) => !o.hasPickUp) ?? offers[0];
}

export function optionView(input: ProductInput, offer: OfferRow) {
  const type = productType(input.offers);
  const price = input.priceOf(offer);
  const hours = freeCancellationHours(offer);
  const tripPrice = offer.pricingUnit === 'trip' && price ? price(ONE.adult) : null;
  return {
    id: String(offer.id),
    default: defaultOptionOf(input.offers) === offer,
    internalName: offer.name[input.language],
    reference: null,
    availabilityLocalStartTimes: startTimesOf(offer, type),
    cancellationCutoff: `${hours} hours`,
    cancellationCutoffAmount: hours,
    cancellationCutoffUnit: 'hour',
    requiredContactFields: ['firstName', 'lastName', 'emailAddress'],
    restrictions: { minUnits: offer.minPeople, maxUnits: offer.maxPeople },
    units: UNIT_IDS.map((id) => unitView(offer, id, price, input.currency, input.withPricing)),
    ...(input.withPricing && pricingPerOf(input.offers) === 'BOOKING'
      ? { pricingFrom: tripPrice ? [pricingOf(input.currency, tripPrice)] : [] }
      : {}),
    // pick-ups (decision record 0120): the reseller sends the guest's hotel as `pickupPointId` (a hotel id)
    pickupRequired: offer.hasPickUp,
    pickupAvailable: offer.hasPickUp,
  };
}

export function pricingPerOf(offers: OfferRow[]): 'UNIT' | 'BOOKING' {
  return offers.some((o) => o.pricingUnit === 'trip') ? 'BOOKING' : 'UNIT';
}

export function productView(input: ProductInput) {
  const { tour, offers, language } = input;
  return {
    id: String(tour.id),
    internalName: tour.title[language],
    reference: tour.url,
    locale: language,
    timeZone: TIME_ZONE,
    allowFreesale: false,
    instantConfirmation: offers.every((o) => o.isInstant),
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: productType(offers),
    deliveryFormats: ['PDF_URL'],
    deliveryMethods: ['VOUCHER', 'TICKET'],
    redemptionMethod: 'DIGITAL',
    options: offers.map((offer) => optionView(input, offer)),
    ...(input.withPricing
      ? {
          defaultCurrency: input.currency.toUpperCase(),
          availableCurrencies: [input.currency.toUpperCase()],
          pricingPer: pricingPerOf(offers),
        }
      : {}),
  };
}

// OCTO's UTC instants carry whole seconds
export const utc = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

export const localDateTime = (date: string, time: string) => `${date}T${time}:00${OFFSET}`;

// An availability's id is its local start (date and time, Asia/Dubai): stable, readable, and parsed back exactly
export function availabilityIdOf(date: string, time: string): string {
  return localDateTime(date, time);
}

export function parseAvailabilityId(id: unknown): { date: string; time: string } | null {
  if (typeof id !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00\+04:00$/.exec(id);
  if (!match?.[1] || !match[2] || !isCalendarDate(match[1])) return null;
  return { date: match[1], time: match[2] };
}

export function addMinutes(date: string, time: string, minutes: number): string {
  const at = new Date(Date.parse(`${date}T${time}:00Z`) + minutes * 60_000);
  return `${at.toISOString().slice(0, 19)}${OFFSET}`;
}

// how a booking's row reads in OCTO's statuses
export function bookingStatus(row: BookingRow, now: Date): 'ON_HOLD' | 'CONFIRMED' | 'CANCELLED' | 'EXPIRED' {
  if (row.status === 'completed') return 'CONFIRMED';
  if (row.status === 'cancelled') return 'CANCELLED';
  const holds = row.heldUnits > 0 || row.heldAdults > 0 || row.heldChildren > 0;
  if (row.status === 'pending_payment' && holds && row.holdExpiresAt && row.holdExpiresAt > now) return 'ON_HOLD';
  return 'EXPIRED';
}

export type { PricePeriodRow };
