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

export type SlotRow = {
  offerId: number;
  date: string;
  startTime: string | null;
  left: number;
  leftAdultsTickets: number | null;
  leftChildrenTickets: number | null;
};
type SlotTuple = [number, string, string | null, number, number | null, number | null];

// The open slots of some offers between two dates, in date, time (none first) and offer order: one query, one row.
// The slots come as one JSON text of arrays: 62 days of an offer are hundreds of rows, and the embedded database
// spent most of a cold availability read passing rows and fields one by one (issue 32: 13.6 -> 4.7 ms a read
// on PGlite). The plan is the same: a range scan of slots_offer_date_time_uq (EXPLAIN in decision 0151).
export async function findSlots(db: DbOrTx, offerIds: number[], from: string, to: string): Promise<SlotRow[]> {
  if (offerIds.length === 0) return [];
  const where = and(
    offerIds.length === 1 ? eq(slots.offerId, offerIds[0] ?? 0) : inArray(slots.offerId, offerIds),
    between(slots.date, from, to),
    eq(slots.isClosed, false),
  );
  const result = (await db.execute(sql`
    SELECT coalesce(json_agg(json_build_array(${slots.offerId}, ${slots.date}, ${slots.startTime}, ${slots.left},
      ${slots.leftAdultsTickets}, ${slots.leftChildrenTickets})
      ORDER BY ${slots.date}, ${slots.startTime} ASC NULLS FIRST, ${slots.offerId}), '[]')::text AS slots
    FROM ${slots} WHERE ${where}`)) as unknown as { rows: { slots: string }[] };
  const tuples = JSON.parse(result.rows[0]?.slots ?? '[]') as SlotTuple[];
  return tuples.map(([offerId, date, startTime, left, leftAdultsTickets, leftChildrenTickets]) => ({
    offerId,
    date,
    startTime,
    left,
    leftAdultsTickets,
    leftChildrenTickets,
  }));
}

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
