import type {
  CategoryCard,
  CategoryPageResponse,
  CityCard,
  CityPageResponse,
  CountryPageResponse,
  HomepageResponse,
  OfferPriceRow,
  PromoCodeResponse,
  TicketType,
  TourCard,
  TourDetails,
} from '@portal/contract';
import { CATALOGUE_MESSAGES, addDays, daysBetween } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findValidPromoCode } from './catalogue.repo.ts';
import { pricePeriodOn, type CatalogueSnapshot, type TourRow } from './catalogue.snapshot.ts';
import {
  categoryCard,
  cityCard,
  placeDetails,
  placeRef,
  priceInfo,
  ticketTypesOf,
  tourCard,
  tourDetails,
  type VideoFile,
  type View,
} from './catalogue.views.ts';

const TOP_TOURS = 12;

function byTopOrder(a: TourRow, b: TourRow): number {
  return (a.topOrder ?? Number.MAX_SAFE_INTEGER) - (b.topOrder ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;
}

function promoTourRows(snapshot: CatalogueSnapshot): TourRow[] {
  return snapshot.tours.filter((t) => t.isPromo).sort((a, b) => a.promoOrder - b.promoOrder || a.id - b.id);
}

function cityCards(snapshot: CatalogueSnapshot, tours: TourRow[], view: View): CityCard[] {
  return snapshot.cities.flatMap((city) => {
    const count = tours.filter((t) => t.cityId === city.id).length;
    const card = count > 0 ? cityCard(snapshot, city.id, count, view) : null;
    return card ? [card] : [];
  });
}

function categoryCards(snapshot: CatalogueSnapshot, tours: TourRow[], view: View): CategoryCard[] {
  return snapshot.categories.flatMap((category) => {
    const count = tours.filter((t) => snapshot.categoryIdsByTour.get(t.id)?.includes(category.id)).length;
    const card = count > 0 ? categoryCard(snapshot, category.id, count, view) : null;
    return card ? [card] : [];
  });
}

function toursInCountry(snapshot: CatalogueSnapshot, countryId: number): TourRow[] {
  return snapshot.tours.filter((t) => snapshot.cityById.get(t.cityId)?.countryId === countryId);
}

export function homepage(snapshot: CatalogueSnapshot, view: View): HomepageResponse {
  return {
    language: view.language,
    currencyCode: view.currency,
    promoTours: promoTourRows(snapshot).map((t) => tourCard(snapshot, t, view)),
    topTours: [...snapshot.tours]
      .filter((t) => t.topOrder !== null)
      .sort(byTopOrder)
      .slice(0, TOP_TOURS)
      .map((t) => tourCard(snapshot, t, view)),
    countries: snapshot.countries.map((c) => placeDetails(snapshot, c, view)),
    cities: cityCards(snapshot, snapshot.tours, view),
    categories: categoryCards(snapshot, snapshot.tours, view),
  };
}

export function countryPage(snapshot: CatalogueSnapshot, url: string, view: View): CountryPageResponse {
  const country = snapshot.countryByUrl.get(url.toLowerCase());
  if (!country) throw AppError.notFound(CATALOGUE_MESSAGES.unknownCountry);
  const tours = toursInCountry(snapshot, country.id);
  return {
    language: view.language,
    currencyCode: view.currency,
    country: placeDetails(snapshot, country, view),
    cities: cityCards(snapshot, tours, view),
    categories: categoryCards(snapshot, tours, view),
    topTours: tours
      .filter((t) => t.topOrder !== null)
      .sort(byTopOrder)
      .slice(0, TOP_TOURS)
      .map((t) => tourCard(snapshot, t, view)),
    tours: [...tours].sort(byTopOrder).map((t) => tourCard(snapshot, t, view)),
  };
}

export function cityPage(
  snapshot: CatalogueSnapshot,
  countryUrl: string,
  cityUrl: string,
  view: View,
): CityPageResponse {
  const country = snapshot.countryByUrl.get(countryUrl.toLowerCase());
  const city = country
    ? snapshot.cities.find((c) => c.countryId === country.id && c.url === cityUrl.toLowerCase())
    : undefined;
  if (!country || !city) throw AppError.notFound(CATALOGUE_MESSAGES.unknownCity);
  const tours = snapshot.tours.filter((t) => t.cityId === city.id).sort(byTopOrder);
  return {
    language: view.language,
    currencyCode: view.currency,
    country: placeRef(country, view),
    city: placeDetails(snapshot, city, view),
    categories: categoryCards(snapshot, tours, view),
    tours: tours.map((t) => tourCard(snapshot, t, view)),
  };
}

export function categoryPage(snapshot: CatalogueSnapshot, categoryUrl: string, view: View): CategoryPageResponse {
  const category = snapshot.categoryByUrl.get(categoryUrl.toLowerCase());
  const country = snapshot.countryByUrl.get('uae');
  if (!category || !country) throw AppError.notFound(CATALOGUE_MESSAGES.unknownCategory);
  const tours = toursInCountry(snapshot, country.id)
    .filter((t) => snapshot.categoryIdsByTour.get(t.id)?.includes(category.id))
    .sort(byTopOrder);
  return {
    language: view.language,
    currencyCode: view.currency,
    country: placeRef(country, view),
    category: placeDetails(snapshot, category, view),
    cities: cityCards(snapshot, tours, view),
    tours: tours.map((t) => tourCard(snapshot, t, view)),
  };
}

export function tourList(snapshot: CatalogueSnapshot, view: View): TourCard[] {
  return [...snapshot.tours].sort(byTopOrder).map((t) => tourCard(snapshot, t, view));
}

export function promoTours(snapshot: CatalogueSnapshot, view: View): TourCard[] {
  return promoTourRows(snapshot).map((t) => tourCard(snapshot, t, view));
}

// A tour by numeric id or by its url
export function findTour(snapshot: CatalogueSnapshot, idOrUrl: string): TourRow {
  const tour = /^\d{1,10}$/.test(idOrUrl)
    ? snapshot.tourById.get(Number(idOrUrl))
    : snapshot.tourByUrl.get(idOrUrl.toLowerCase());
  if (!tour) throw AppError.notFound(CATALOGUE_MESSAGES.unknownTour);
  return tour;
}

export function tour(
  snapshot: CatalogueSnapshot,
  idOrUrl: string,
  view: View,
  video: (key: string) => VideoFile | null,
): TourDetails {
  const row = findTour(snapshot, idOrUrl);
  return tourDetails(snapshot, row, view, row.videoKey ? video(row.videoKey) : null);
}

export function ticketsForOffer(snapshot: CatalogueSnapshot, offerId: number, view: View): TicketType[] {
  const offer = snapshot.offerById.get(offerId);
  if (!offer) throw AppError.notFound(CATALOGUE_MESSAGES.unknownOffer);
  return ticketTypesOf(snapshot, [offer], view);
}

export function ticketsForTour(snapshot: CatalogueSnapshot, tourId: number, view: View): TicketType[] {
  const row = findTour(snapshot, String(tourId));
  return ticketTypesOf(snapshot, snapshot.offersByTour.get(row.id) ?? [], view);
}

// SPEC §3 Price info per offer per date (dates without a price period are left out)
export function offersPrices(
  snapshot: CatalogueSnapshot,
  input: { ids: number[]; from: string; to: string },
  view: View,
): OfferPriceRow[] {
  for (const id of input.ids) if (!snapshot.offerById.has(id)) throw AppError.notFound(CATALOGUE_MESSAGES.unknownOffer);
  const days = daysBetween(input.from, input.to);
  const rows: OfferPriceRow[] = [];
  for (const offerId of input.ids) {
    for (let i = 0; i <= days; i++) {
      const date = addDays(input.from, i);
      const period = pricePeriodOn(snapshot, offerId, date);
      if (period) rows.push({ offerId, date, currencyCode: view.currency, ...priceInfo(period, view) });
    }
  }
  return rows;
}

export async function checkPromoCode(db: DbOrTx, code: string, today: string): Promise<PromoCodeResponse> {
  const found = await findValidPromoCode(db, code.trim(), today);
  if (!found) throw AppError.field('code', CATALOGUE_MESSAGES.wrongPromoCode);
  return found;
}
