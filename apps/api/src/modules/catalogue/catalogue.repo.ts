import { and, asc, between, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  catalogueImages,
  catalogueVersions,
  offerStockVersions,
  categories,
  cities,
  countries,
  offers,
  pricePeriods,
  promoCodes,
  slots,
  ticketTypes,
  tourCategories,
  tourPhotos,
  tours,
} from '../../db/schema/index.ts';

export async function readCatalogueVersion(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ version: catalogueVersions.version })
    .from(catalogueVersions)
    .where(eq(catalogueVersions.scope, 'catalogue'));
  return Number(row?.version ?? 0);
}

// The offers whose stock changed after `since` (a value of stock_change_seq), with their new stamps
export async function readStockChanges(db: DbOrTx, since: number): Promise<{ offerId: number; version: number }[]> {
  const rows = await db.select().from(offerStockVersions).where(gt(offerStockVersions.version, since));
  return rows.map((r) => ({ offerId: r.offerId, version: Number(r.version) }));
}

// Runs the queries together and answers each result under its query's name.
async function allByName<T extends Record<string, PromiseLike<unknown>>>(
  queries: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.all(Object.entries(queries).map(async ([name, query]) => [name, await query]));
  return Object.fromEntries(results) as { [K in keyof T]: Awaited<T[K]> };
}

// Everything but stock and image sources: small enough to hold in memory per catalogue version.
export function loadCatalogueRows(db: DbOrTx) {
  return allByName({
    imageRows: db
      .select({
        key: catalogueImages.key,
        width: catalogueImages.width,
        height: catalogueImages.height,
        alt: catalogueImages.alt,
        updatedAt: catalogueImages.updatedAt,
      })
      .from(catalogueImages),
    countryRows: db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.id)),
    cityRows: db.select().from(cities).orderBy(asc(cities.sortOrder), asc(cities.id)),
    categoryRows: db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
    ticketRows: db.select().from(ticketTypes).orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id)),
    tourRows: db.select().from(tours).where(eq(tours.isActive, true)).orderBy(asc(tours.id)),
    tourCategoryRows: db
      .select()
      .from(tourCategories)
      .orderBy(asc(tourCategories.tourId), asc(tourCategories.sortOrder)),
    offerRows: db
      .select()
      .from(offers)
      .where(eq(offers.isActive, true))
      .orderBy(asc(offers.tourId), asc(offers.sortOrder), asc(offers.id)),
    photoRows: db
      .select()
      .from(tourPhotos)
      .orderBy(asc(tourPhotos.tourId), asc(tourPhotos.sortOrder), asc(tourPhotos.id)),
    priceRows: db
      .select()
      .from(pricePeriods)
      .orderBy(asc(pricePeriods.offerId), asc(pricePeriods.validFrom), asc(pricePeriods.id)),
  });
}
export type CatalogueRows = Awaited<ReturnType<typeof loadCatalogueRows>>;

// A slot's stock as availability reads it (the catalogue's reads and the "notify me" job alike). Closed slots are
// never read for availability: they show as no time at all (findSlots, the notify-me job's query).
export const slotStockColumns = {
  offerId: slots.offerId,
  date: slots.date,
  startTime: slots.startTime,
  left: slots.left,
  leftAdultsTickets: slots.leftAdultsTickets,
  leftChildrenTickets: slots.leftChildrenTickets,
};

export async function findSlots(db: DbOrTx, offerIds: number[], from: string, to: string) {
  if (offerIds.length === 0) return [];
  return db
    .select(slotStockColumns)
    .from(slots)
    .where(
      and(
        offerIds.length === 1 ? eq(slots.offerId, offerIds[0] ?? 0) : inArray(slots.offerId, offerIds),
        between(slots.date, from, to),
        eq(slots.isClosed, false),
      ),
    )
    .orderBy(asc(slots.date), sql`${slots.startTime} ASC NULLS FIRST`, asc(slots.offerId));
}
export type SlotRow = Awaited<ReturnType<typeof findSlots>>[number];

export async function findValidPromoCode(db: DbOrTx, code: string, today: string) {
  const [row] = await db
    .select({ code: promoCodes.code, percent: promoCodes.percent })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.code, code.toUpperCase()),
        eq(promoCodes.isActive, true),
        lte(promoCodes.validFrom, today),
        gte(promoCodes.validTo, today),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findImageSource(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ svg: catalogueImages.svg, storageKey: catalogueImages.storageKey, updatedAt: catalogueImages.updatedAt })
    .from(catalogueImages)
    .where(eq(catalogueImages.key, key))
    .limit(1);
  return row ?? null;
}
