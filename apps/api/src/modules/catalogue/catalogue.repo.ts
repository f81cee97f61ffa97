import { and, asc, between, eq, gt, gte, inArray, lte, sql, type AnyColumn } from 'drizzle-orm';
import { databaseKind, type DbOrTx } from '../../db/client.ts';
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
// The open slots of some offers between two dates, in date, time (none first) and offer order: one query, one row.
// 62 days of an offer are hundreds of rows, and the embedded database spends most of a cold availability read passing
// rows and fields one by one, so the slots come as one text: `offer,day,time,left,adults,children` records joined by
// `;` (day: days since 2000-01-01, whatever the server's DateStyle; an empty field is null; a start time is 'HH:mm' by
// the table's check). Building that text costs the database less than a JSON array of arrays, and the rows come in
// the index's order (slots_offer_date_time_uq: offer, date, time), sorted here, where the runs of each offer are
// already in order: an ORDER BY in the aggregate cost the database a sort. For the demo's largest offer (1,426 slots
// in 62 days) on PGlite, 2.7 ms a read before, 1.1 ms after (decision 0151).
const optional = (column: AnyColumn) => sql`coalesce(${column}::text, '')`;
const SLOT_RECORDS = sql`coalesce(string_agg(${slots.offerId} || ',' || (${slots.date} - DATE '2000-01-01') || ','
  || coalesce(${slots.startTime}, '') || ',' || ${slots.left} || ',' || ${optional(slots.leftAdultsTickets)} || ','
  || ${optional(slots.leftChildrenTickets)}, ';'), '')`;

export async function findSlots(db: DbOrTx, offerIds: number[], from: string, to: string): Promise<SlotRow[]> {
  if (offerIds.length === 0) return [];
  const text =
    (offerIds.length === 1 ? await oneOfferPrepared(db, offerIds[0] ?? 0, from, to) : null) ??
    (await slotRecords(db, offerIds, from, to));
  return text === '' ? [] : readSlotRecords(text);
}

async function slotRecords(db: DbOrTx, offerIds: number[], from: string, to: string): Promise<string> {
  const where = and(
    offerIds.length === 1 ? eq(slots.offerId, offerIds[0] ?? 0) : inArray(slots.offerId, offerIds),
    between(slots.date, from, to),
    eq(slots.isClosed, false),
  );
  const result = (await db.execute(sql`SELECT ${SLOT_RECORDS} AS slots FROM ${slots} WHERE ${where}`)) as unknown as {
    rows: { slots: string | null }[];
  };
  return result.rows[0]?.slots ?? '';
}

// On PGlite (one session: the embedded default) the one-offer read, a calendar's, is prepared once per database: a
// cold read then skips parsing and planning it (62 days, mean of 1,000 on PGlite: 514 → 262 µs for an offer of 62
// slots, 1,559 → 1,211 µs for the demo's largest, 1,426). PGlite cannot bind parameters to EXECUTE, so they are
// written into it, and only an integer and two ISO dates are: anything else, a transaction (databaseKind is null) or
// PostgreSQL takes the bound query (null here). A list of offers stays bound: a generic plan for `= ANY` read more.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const prepared = new WeakMap<object, Promise<unknown>>();

async function oneOfferPrepared(db: DbOrTx, offerId: number, from: string, to: string): Promise<string | null> {
  if (databaseKind(db) !== 'pglite' || !Number.isSafeInteger(offerId) || !ISO_DATE.test(from) || !ISO_DATE.test(to))
    return null;
  // one session per PGlite client, which more than one Db may wrap
  const session = (db as { $client?: object }).$client ?? db;
  let ready = prepared.get(session);
  if (!ready) {
    ready = db
      .execute(
        sql`PREPARE find_offer_slots (integer, date, date) AS SELECT ${SLOT_RECORDS} AS slots
      FROM ${slots} WHERE ${slots.offerId} = $1 AND ${slots.date} BETWEEN $2 AND $3 AND ${slots.isClosed} = false`,
      )
      .catch((error: unknown) => {
        // prepared already in this session (42P05: duplicate_prepared_statement)
        if ((error as { cause?: { code?: string } }).cause?.code !== '42P05') throw error;
      });
    prepared.set(session, ready);
  }
  try {
    await ready;
    const result = (await db.execute(
      sql.raw(`EXECUTE find_offer_slots (${offerId}, '${from}', '${to}')`),
    )) as unknown as { rows: { slots: string | null }[] };
    return result.rows[0]?.slots ?? '';
  } catch {
    // not prepared in this session (it failed, or the session was reset): prepared again next time, bound now
    prepared.delete(session);
    return null;
  }
}

// each day's date text made once: equal dates are one string, and ISO dates sort as text
const DAY_ZERO = Date.UTC(2000, 0, 1);
const dateTexts = new Map<number, string>();
function dateOfDay(day: number): string {
  let date = dateTexts.get(day);
  if (date === undefined) {
    if (dateTexts.size >= 8192) dateTexts.clear();
    date = new Date(DAY_ZERO + day * 86_400_000).toISOString().slice(0, 10);
    dateTexts.set(day, date);
  }
  return date;
}

function readSlotRecords(text: string): SlotRow[] {
  const read = text.split(';').map((record): SlotRow => {
    const [offerId = '', day = '', startTime = '', left = '', adults = '', children = ''] = record.split(',');
    return {
      offerId: Number(offerId),
      date: dateOfDay(Number(day)),
      startTime: startTime === '' ? null : startTime,
      left: Number(left),
      leftAdultsTickets: adults === '' ? null : Number(adults),
      leftChildrenTickets: children === '' ? null : Number(children),
    };
  });
  return read.sort(
    (a, b) => compareText(a.date, b.date) || compareText(a.startTime, b.startTime) || a.offerId - b.offerId,
  );
}

// none (an opening-hours slot's time) first
const compareText = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;

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
