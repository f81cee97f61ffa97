import type { CatalogueRows } from './catalogue.repo.ts';

type Rows<K extends keyof CatalogueRows> = CatalogueRows[K][number];
export type ImageMeta = Rows<'imageRows'>;
export type CountryRow = Rows<'countryRows'>;
export type CityRow = Rows<'cityRows'>;
export type CategoryRow = Rows<'categoryRows'>;
export type TicketTypeRow = Rows<'ticketRows'>;
export type TourRow = Rows<'tourRows'>;
export type OfferRow = Rows<'offerRows'>;
export type PhotoRow = Rows<'photoRows'>;
export type PricePeriodRow = Rows<'priceRows'>;

// The catalogue (without stock) of one version, indexed for the pages; rebuilt when the version changes.
export type CatalogueSnapshot = {
  version: number;
  images: Map<string, ImageMeta>;
  countries: CountryRow[];
  countryById: Map<number, CountryRow>;
  countryByUrl: Map<string, CountryRow>;
  cities: CityRow[];
  cityById: Map<number, CityRow>;
  categories: CategoryRow[];
  categoryById: Map<number, CategoryRow>;
  categoryByUrl: Map<string, CategoryRow>;
  ticketTypeById: Map<number, TicketTypeRow>;
  // active tours that have at least one active offer
  tours: TourRow[];
  tourById: Map<number, TourRow>;
  tourByUrl: Map<string, TourRow>;
  categoryIdsByTour: Map<number, number[]>;
  offersByTour: Map<number, OfferRow[]>;
  offerById: Map<number, OfferRow>;
  photosByTour: Map<number, PhotoRow[]>;
  // by valid_from descending: the first covering period wins (the latest one)
  pricesByOffer: Map<number, PricePeriodRow[]>;
};

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}

export function buildSnapshot(version: number, rows: CatalogueRows): CatalogueSnapshot {
  const offersByTour = groupBy(rows.offerRows, (o) => o.tourId);
  const tours = rows.tourRows.filter((t) => offersByTour.has(t.id));
  const pricesByOffer = groupBy([...rows.priceRows].reverse(), (p) => p.offerId);
  const tourIds = new Set(tours.map((t) => t.id));
  return {
    version,
    images: new Map(rows.imageRows.map((i) => [i.key, i])),
    countries: rows.countryRows,
    countryById: new Map(rows.countryRows.map((c) => [c.id, c])),
    countryByUrl: new Map(rows.countryRows.map((c) => [c.url, c])),
    cities: rows.cityRows,
    cityById: new Map(rows.cityRows.map((c) => [c.id, c])),
    categories: rows.categoryRows,
    categoryById: new Map(rows.categoryRows.map((c) => [c.id, c])),
    categoryByUrl: new Map(rows.categoryRows.map((c) => [c.url, c])),
    ticketTypeById: new Map(rows.ticketRows.map((t) => [t.id, t])),
    tours,
    tourById: new Map(tours.map((t) => [t.id, t])),
    tourByUrl: new Map(tours.map((t) => [t.url, t])),
    categoryIdsByTour: new Map(
      [...groupBy(rows.tourCategoryRows, (tc) => tc.tourId)].map(([tourId, list]) => [
        tourId,
        list.map((tc) => tc.categoryId),
      ]),
    ),
    offersByTour,
    offerById: new Map(rows.offerRows.filter((o) => tourIds.has(o.tourId)).map((o) => [o.id, o])),
    photosByTour: groupBy(rows.photoRows, (p) => p.tourId),
    pricesByOffer,
  };
}

export function pricePeriodOn(snapshot: CatalogueSnapshot, offerId: number, date: string): PricePeriodRow | null {
  return snapshot.pricesByOffer.get(offerId)?.find((p) => p.validFrom <= date && date <= p.validTo) ?? null;
}

// The price on `date`, or else on the first later date that has one
export function firstPriceFrom(
  snapshot: CatalogueSnapshot,
  offerId: number,
  date: string,
): { date: string; period: PricePeriodRow } | null {
  const current = pricePeriodOn(snapshot, offerId, date);
  if (current) return { date, period: current };
  const upcoming = (snapshot.pricesByOffer.get(offerId) ?? [])
    .filter((p) => p.validFrom > date)
    .sort((a, b) => a.validFrom.localeCompare(b.validFrom))[0];
  return upcoming ? { date: upcoming.validFrom, period: upcoming } : null;
}
