import type {
  CategoryCard,
  CityCard,
  CurrencyCode,
  FromPrice,
  ImageRef,
  Language,
  Offer,
  PlaceDetails,
  PlaceRef,
  PriceInfo,
  TicketType,
  TourCard,
  TourDetails,
} from '@portal/contract';
import { aedMinorToCurrency } from '@portal/contract';
import type { Localized } from '../../db/schema/index.ts';
import {
  firstPriceFrom,
  type CatalogueSnapshot,
  type OfferRow,
  type PricePeriodRow,
  type TourRow,
} from './catalogue.snapshot.ts';

// How a response is rendered: texts, currency, whether net prices may be shown, and the Dubai business date.
export type View = { language: Language; currency: CurrencyCode; showNet: boolean; today: string };

const text = (value: Localized<string>, view: View) => value[view.language] || value.en;
const list = <T>(value: Localized<T[]>, view: View): T[] =>
  value[view.language].length ? value[view.language] : value.en;

export function imageRef(snapshot: CatalogueSnapshot, key: string, view: View): ImageRef {
  const meta = snapshot.images.get(key);
  return {
    key,
    url: `/api/images/${key}`,
    width: meta?.width ?? 1600,
    height: meta?.height ?? 1000,
    alt: meta ? text(meta.alt, view) : '',
  };
}

const money = (minor: number | null, view: View) => (minor === null ? null : aedMinorToCurrency(minor, view.currency));

export function priceInfo(period: PricePeriodRow, view: View): PriceInfo {
  const net = (minor: number | null) => (view.showNet ? money(minor, view) : null);
  return {
    pricePerAdult: net(period.netAdultMinor),
    pricePerChild: net(period.netChildMinor),
    pricePerTrip: net(period.netTripMinor),
    recPricePerAdult: money(period.recAdultMinor, view),
    recPricePerChild: money(period.recChildMinor, view),
    recPricePerTrip: money(period.recTripMinor, view),
  };
}

const EMPTY_PRICE: PriceInfo = {
  pricePerAdult: null,
  pricePerChild: null,
  pricePerTrip: null,
  recPricePerAdult: null,
  recPricePerChild: null,
  recPricePerTrip: null,
};

export function placeRef(row: { id: number; url: string; name: Localized }, view: View): PlaceRef {
  return { id: row.id, url: row.url, name: text(row.name, view) };
}

export function placeDetails(
  snapshot: CatalogueSnapshot,
  row: { id: number; url: string; name: Localized; description: Localized; heroImageKey: string },
  view: View,
): PlaceDetails {
  return {
    ...placeRef(row, view),
    description: text(row.description, view),
    heroImage: imageRef(snapshot, row.heroImageKey, view),
  };
}

function categoriesOf(snapshot: CatalogueSnapshot, tour: TourRow) {
  return (snapshot.categoryIdsByTour.get(tour.id) ?? []).flatMap((id) => {
    const category = snapshot.categoryById.get(id);
    return category ? [category] : [];
  });
}

function tourHeroKey(snapshot: CatalogueSnapshot, tour: TourRow): string | null {
  const photos = snapshot.photosByTour.get(tour.id) ?? [];
  const photo = photos.find((p) => p.offerId === null) ?? photos[0];
  return photo?.imageKey ?? categoriesOf(snapshot, tour)[0]?.heroImageKey ?? null;
}

// The cheapest offer from today: per-person offers first (a per-trip price is not comparable with them)
function fromPrice(snapshot: CatalogueSnapshot, offers: OfferRow[], view: View): FromPrice | null {
  let best: FromPrice | null = null;
  let bestRank: [number, number] = [2, Number.POSITIVE_INFINITY];
  for (const offer of offers) {
    const found = firstPriceFrom(snapshot, offer.id, view.today);
    if (!found) continue;
    const isTrip = offer.pricingUnit === 'trip';
    const rec = isTrip ? found.period.recTripMinor : found.period.recAdultMinor;
    const net = isTrip ? found.period.netTripMinor : found.period.netAdultMinor;
    if (rec === null) continue;
    const rank: [number, number] = [isTrip ? 1 : 0, rec];
    if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) {
      bestRank = rank;
      best = {
        unit: isTrip ? 'trip' : 'person',
        recommended: aedMinorToCurrency(rec, view.currency),
        net: view.showNet && net !== null ? aedMinorToCurrency(net, view.currency) : null,
      };
    }
  }
  return best;
}

export function tourCard(snapshot: CatalogueSnapshot, tour: TourRow, view: View): TourCard {
  const city = snapshot.cityById.get(tour.cityId);
  const country = city ? snapshot.countryById.get(city.countryId) : undefined;
  const offers = snapshot.offersByTour.get(tour.id) ?? [];
  const heroKey = tourHeroKey(snapshot, tour);
  return {
    id: tour.id,
    url: tour.url,
    title: text(tour.title, view),
    summary: text(tour.summary, view),
    city: city ? placeRef(city, view) : { id: 0, url: '', name: '' },
    country: country ? placeRef(country, view) : { id: 0, url: '', name: '' },
    categories: categoriesOf(snapshot, tour).map((c) => placeRef(c, view)),
    heroImage: imageRef(snapshot, heroKey ?? '', view),
    durationMinutes: tour.durationMinutes,
    durationText: text(tour.durationText, view),
    isPromo: tour.isPromo,
    hasInstantConfirmation: offers.some((o) => o.isInstant),
    hasPickUp: offers.some((o) => o.hasPickUp),
    fromPrice: fromPrice(snapshot, offers, view),
  };
}

export function cityCard(snapshot: CatalogueSnapshot, cityId: number, toursCount: number, view: View): CityCard | null {
  const city = snapshot.cityById.get(cityId);
  const country = city ? snapshot.countryById.get(city.countryId) : undefined;
  if (!city || !country) return null;
  return {
    ...placeRef(city, view),
    countryUrl: country.url,
    heroImage: imageRef(snapshot, city.heroImageKey, view),
    toursCount,
  };
}

export function categoryCard(
  snapshot: CatalogueSnapshot,
  categoryId: number,
  toursCount: number,
  view: View,
): CategoryCard | null {
  const category = snapshot.categoryById.get(categoryId);
  if (!category) return null;
  return { ...placeRef(category, view), heroImage: imageRef(snapshot, category.heroImageKey, view), toursCount };
}

export function offerView(snapshot: CatalogueSnapshot, tour: TourRow, offer: OfferRow, view: View): Offer {
  const photo = (snapshot.photosByTour.get(tour.id) ?? []).find((p) => p.offerId === offer.id);
  // SPEC §3: the offer's heroImage is its matching photo, else the first category's hero image
  const heroKey = photo?.imageKey ?? categoriesOf(snapshot, tour)[0]?.heroImageKey ?? tourHeroKey(snapshot, tour) ?? '';
  const ticketType = snapshot.ticketTypeById.get(offer.ticketTypeId);
  const price = firstPriceFrom(snapshot, offer.id, view.today);
  return {
    id: offer.id,
    tourId: offer.tourId,
    name: text(offer.name, view),
    description: text(offer.description, view),
    pricingUnit: offer.pricingUnit,
    availabilityType: offer.availabilityType,
    openingHours: offer.openingTime && offer.closingTime ? { from: offer.openingTime, to: offer.closingTime } : null,
    startTimes: offer.availabilityType === 'timeslots' ? offer.startTimes : [],
    isSameTicketForAdultsAndChildren: offer.isSameTicketForAdultsAndChildren,
    minPeople: offer.minPeople,
    maxPeople: offer.maxPeople,
    cutOffHours: offer.cutOffHours,
    isInstant: offer.isInstant,
    cancellationPolicy: [...offer.cancellationPolicy].sort((a, b) => b.hours - a.hours),
    hasPickUp: offer.hasPickUp,
    validPickUpCities: offer.pickUpCityIds.flatMap((id) => {
      const city = snapshot.cityById.get(id);
      return city ? [placeRef(city, view)] : [];
    }),
    ticketType: { id: offer.ticketTypeId, name: ticketType ? text(ticketType.name, view) : '' },
    ages: { infantMaxAge: offer.infantMaxAge, childMaxAge: offer.childMaxAge },
    heroImage: imageRef(snapshot, heroKey, view),
    priceDate: price?.date ?? null,
    price: price ? priceInfo(price.period, view) : EMPTY_PRICE,
  };
}

export function ticketTypesOf(snapshot: CatalogueSnapshot, offers: OfferRow[], view: View): TicketType[] {
  const byType = new Map<number, number[]>();
  for (const offer of offers) byType.set(offer.ticketTypeId, [...(byType.get(offer.ticketTypeId) ?? []), offer.id]);
  return [...byType.entries()]
    .map(([id, offerIds]) => ({ id, offerIds, row: snapshot.ticketTypeById.get(id) }))
    .sort((a, b) => (a.row?.sortOrder ?? 0) - (b.row?.sortOrder ?? 0) || a.id - b.id)
    .map(({ id, offerIds, row }) => ({ id, name: row ? text(row.name, view) : '', offerIds }));
}

export type VideoFile = { url: string; contentType: string };

export function tourDetails(
  snapshot: CatalogueSnapshot,
  tour: TourRow,
  view: View,
  video: VideoFile | null,
): TourDetails {
  const offers = snapshot.offersByTour.get(tour.id) ?? [];
  const similar = tour.similarTourIds.flatMap((id) => {
    const other = snapshot.tourById.get(id);
    return other ? [tourCard(snapshot, other, view)] : [];
  });
  const card = tourCard(snapshot, tour, view);
  return {
    ...card,
    language: view.language,
    currencyCode: view.currency,
    today: view.today,
    description: text(tour.description, view),
    highlights: list(tour.highlights, view),
    itinerary: list(tour.itinerary, view),
    terms: list(tour.terms, view),
    notesToAgents: list(tour.notesToAgents, view),
    faq: list(tour.faq, view),
    meetingPoint: text(tour.meetingPoint, view),
    photos: (snapshot.photosByTour.get(tour.id) ?? []).map((p) => ({
      ...imageRef(snapshot, p.imageKey, view),
      offerId: p.offerId,
    })),
    video: video ? { ...video, poster: card.heroImage } : null,
    categories: categoriesOf(snapshot, tour).map((c) => ({
      ...placeRef(c, view),
      heroImage: imageRef(snapshot, c.heroImageKey, view),
    })),
    offers: offers.map((o) => offerView(snapshot, tour, o, view)),
    ticketTypes: ticketTypesOf(snapshot, offers, view),
    similarTours: similar,
  };
}
