import type { CurrencyCode, ErrorItem, Language, WidgetInput, WidgetOfferPricesResponse } from '@portal/contract';
import {
  WIDGET_MESSAGES,
  aedMinorToCurrencyMinor,
  isSaleAllowed,
  minimumSaleMinor,
  minorToMajor,
  saleBelowMinimumMessage,
  toMinor,
} from '@portal/contract';
import type { CatalogueSnapshot } from '../catalogue/index.ts';
import { formatMoney } from '../documents/index.ts';
import type { NewWidgetOffer } from './widgets.repo.ts';

export type NetMinor = { adult: number | null; child: number | null; trip: number | null };
const PRICES = ['adult', 'child', 'trip'] as const;
type PriceKey = (typeof PRICES)[number];
const SALE_FIELD = { adult: 'saleAdult', child: 'saleChild', trip: 'saleTrip' } as const;

const highest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

// NET of an option for a widget: the catalogue's NET prices (its price periods, in AED) of every period still running
// or ahead, the highest of each, in the widget's currency. A sale price checked against it leaves NET + 5 % on any
// date the shop may sell; null when the option has no price ahead.
export function widgetNet(
  snapshot: CatalogueSnapshot,
  offerId: number,
  currency: CurrencyCode,
  today: string,
): NetMinor | null {
  const ahead = (snapshot.pricesByOffer.get(offerId) ?? []).filter((p) => p.validTo >= today);
  if (ahead.length === 0) return null;
  const aed = ahead.reduce<NetMinor>(
    (acc, p) => ({
      adult: highest(acc.adult, p.netAdultMinor),
      child: highest(acc.child, p.netChildMinor),
      trip: highest(acc.trip, p.netTripMinor),
    }),
    { adult: null, child: null, trip: null },
  );
  const convert = (minor: number | null) => (minor === null ? null : aedMinorToCurrencyMinor(minor, currency));
  const offer = snapshot.offerById.get(offerId);
  // a per-person option is sold per adult and child, a per-trip one per trip (SPEC §3 Price info)
  if (offer?.pricingUnit === 'trip') return { adult: null, child: null, trip: convert(aed.trip) };
  return { adult: convert(aed.adult), child: convert(aed.child), trip: null };
}

// NET on one date (the period that covers it), in the widget's currency; null where no period covers the date
function netOn(snapshot: CatalogueSnapshot, offerId: number, currency: CurrencyCode, date: string): NetMinor {
  const period = (snapshot.pricesByOffer.get(offerId) ?? []).find((p) => p.validFrom <= date && p.validTo >= date);
  const convert = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? null : aedMinorToCurrencyMinor(minor, currency);
  return {
    adult: convert(period?.netAdultMinor),
    child: convert(period?.netChildMinor),
    trip: convert(period?.netTripMinor),
  };
}

// The first date from today on where an option's NET reaches the highest one (the floor's reason), or null when
// today's NET already is the highest
function highestFrom(snapshot: CatalogueSnapshot, offerId: number, net: NetMinor, today: string): string | null {
  const key: PriceKey = net.trip !== null ? 'trip' : 'adult';
  const highestAed = (snapshot.pricesByOffer.get(offerId) ?? [])
    .filter((p) => p.validTo >= today)
    .sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1));
  const field = key === 'trip' ? 'netTripMinor' : 'netAdultMinor';
  const top = highestAed.reduce<number | null>((acc, p) => highest(acc, p[field]), null);
  const first = highestAed.find((p) => p[field] === top);
  if (!first) return null;
  const from = first.validFrom > today ? first.validFrom : today;
  return from === today ? null : from;
}

export function offerPriceTable(
  snapshot: CatalogueSnapshot,
  currency: CurrencyCode,
  language: Language,
  today: string,
): WidgetOfferPricesResponse {
  const major = (minor: number | null) => (minor === null ? null : minorToMajor(minor));
  const text = (value: { en: string; ru: string }) => value[language] || value.en;
  const tours = snapshot.tours.flatMap((tour) => {
    const offers = (snapshot.offersByTour.get(tour.id) ?? []).flatMap((offer) => {
      const net = widgetNet(snapshot, offer.id, currency, today);
      if (!net) return [];
      const now = netOn(snapshot, offer.id, currency, today);
      return [
        {
          offerId: offer.id,
          name: text(offer.name),
          pricingUnit: offer.pricingUnit,
          netAdult: major(net.adult),
          netChild: major(net.child),
          netTrip: major(net.trip),
          todayAdult: net.adult === null ? null : major(now.adult),
          todayChild: net.child === null ? null : major(now.child),
          todayTrip: net.trip === null ? null : major(now.trip),
          highestFrom: highestFrom(snapshot, offer.id, net, today),
        },
      ];
    });
    if (offers.length === 0) return [];
    const city = snapshot.cityById.get(tour.cityId);
    return [{ tourId: tour.id, title: text(tour.title), city: city ? text(city.name) : '', offers }];
  });
  return { currency, tours };
}

// SPEC §5, §9: every selected option still in the catalogue, once; each price it has gets a sale price that leaves
// NET + 5 % after the discount, and no price it lacks; a single-tour widget sells one tour. All problems at once.
export function checkOffers(
  snapshot: CatalogueSnapshot,
  input: Pick<WidgetInput, 'offers' | 'currency' | 'discountPercent' | 'type'>,
  today: string,
): { rows: NewWidgetOffer[]; errors: ErrorItem[] } {
  const errors: ErrorItem[] = [];
  const rows: NewWidgetOffer[] = [];
  const seen = new Set<number>();
  input.offers.forEach((item, index) => {
    const at = `offers.${index}`;
    const offer = snapshot.offerById.get(item.offerId);
    const net = offer ? widgetNet(snapshot, offer.id, input.currency, today) : null;
    if (!offer || !net) {
      errors.push({ fieldName: `${at}.offerId`, errorMessage: WIDGET_MESSAGES.unknownOffer });
      return;
    }
    if (seen.has(offer.id)) {
      errors.push({ fieldName: `${at}.offerId`, errorMessage: WIDGET_MESSAGES.offerTwice });
      return;
    }
    seen.add(offer.id);
    const sale: Record<PriceKey, number | null> = { adult: null, child: null, trip: null };
    for (const key of PRICES) {
      const field = `${at}.${SALE_FIELD[key]}`;
      const given = item[SALE_FIELD[key]];
      const netMinor = net[key];
      if (netMinor === null) {
        if (given !== null) errors.push({ fieldName: field, errorMessage: WIDGET_MESSAGES.noSuchPrice });
        continue;
      }
      if (given === null) {
        errors.push({ fieldName: field, errorMessage: WIDGET_MESSAGES.priceRequired });
        continue;
      }
      const saleMinor = toMinor(given);
      if (!isSaleAllowed(saleMinor, netMinor, input.discountPercent)) {
        const minimum = minimumSaleMinor(netMinor, input.discountPercent);
        const shown = minimum === null ? '—' : formatMoney(minimum, input.currency, 'en');
        errors.push({ fieldName: field, errorMessage: saleBelowMinimumMessage(shown, input.discountPercent) });
        continue;
      }
      sale[key] = saleMinor;
    }
    rows.push({
      offerId: offer.id,
      tourId: offer.tourId,
      position: rows.length,
      saleAdultMinor: sale.adult,
      saleChildMinor: sale.child,
      saleTripMinor: sale.trip,
    });
  });
  if (input.type === 'singleTour' && new Set(rows.map((r) => r.tourId)).size > 1) {
    errors.push({ fieldName: 'offers', errorMessage: WIDGET_MESSAGES.singleTour });
  }
  return { rows, errors };
}
