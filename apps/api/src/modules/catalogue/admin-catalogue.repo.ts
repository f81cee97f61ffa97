import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  bookings,
  catalogueImages,
  categories,
  cities,
  offers,
  pricePeriods,
  promoCodes,
  slots,
  ticketTypes,
  tourCategories,
  tourPhotos,
  tours,
} from '../../db/schema/index.ts';

// The back office's SQL for tours, offers, price periods, time slots and promo codes (issue 12). Every write runs in
// the caller's transaction with its audit row; the catalogue's version triggers (migrations 0001, 0008) bump the
// cache counters at commit, so agents see a change with their next read.

export type TourRow = typeof tours.$inferSelect;
export type TourValues = Omit<typeof tours.$inferInsert, 'id' | 'createdAt'>;
export type OfferRow = typeof offers.$inferSelect;
export type OfferValues = Omit<typeof offers.$inferInsert, 'id' | 'tourId'>;
export type PeriodRow = typeof pricePeriods.$inferSelect;
export type PeriodValues = Omit<typeof pricePeriods.$inferInsert, 'id' | 'offerId'>;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function referenceRows(db: Db) {
  const [cityRows, categoryRows, ticketRows] = await Promise.all([
    db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(asc(cities.sortOrder), asc(cities.id)),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({ id: ticketTypes.id, name: ticketTypes.name })
      .from(ticketTypes)
      .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id)),
  ]);
  return { cityRows, categoryRows, ticketRows };
}

export async function listTours(db: Db, filter: { q?: string; active?: boolean }) {
  const conditions: SQL[] = [];
  if (filter.active !== undefined) conditions.push(eq(tours.isActive, filter.active));
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    const match = or(
      ilike(tours.url, like),
      sql`${tours.title}->>'en' ILIKE ${like}`,
      sql`${tours.title}->>'ru' ILIKE ${like}`,
    );
    if (match) conditions.push(match);
  }
  return db
    .select({
      id: tours.id,
      url: tours.url,
      title: tours.title,
      cityName: cities.name,
      isActive: tours.isActive,
      offers: sql<number>`(SELECT count(*) FROM offers o WHERE o.tour_id = ${tours.id})`.mapWith(Number),
    })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .where(and(...conditions))
    .orderBy(asc(tours.id))
    .limit(1000);
}

export async function findTour(db: DbOrTx, id: number, lock = false): Promise<TourRow | null> {
  const query = db.select().from(tours).where(eq(tours.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function tourParts(db: DbOrTx, tourId: number) {
  const [categoryRows, photoRows, offerRows, periodRows] = await Promise.all([
    db
      .select({ categoryId: tourCategories.categoryId })
      .from(tourCategories)
      .where(eq(tourCategories.tourId, tourId))
      .orderBy(asc(tourCategories.sortOrder)),
    db
      .select({ id: tourPhotos.id, imageKey: tourPhotos.imageKey, width: catalogueImages.width })
      .from(tourPhotos)
      .innerJoin(catalogueImages, eq(catalogueImages.key, tourPhotos.imageKey))
      .where(eq(tourPhotos.tourId, tourId))
      .orderBy(asc(tourPhotos.sortOrder), asc(tourPhotos.id)),
    db.select().from(offers).where(eq(offers.tourId, tourId)).orderBy(asc(offers.sortOrder), asc(offers.id)),
    db
      .select()
      .from(pricePeriods)
      .where(sql`${pricePeriods.offerId} IN (SELECT id FROM offers WHERE tour_id = ${tourId})`)
      .orderBy(asc(pricePeriods.validFrom), asc(pricePeriods.id)),
  ]);
  return { categoryIds: categoryRows.map((r) => r.categoryId), photoRows, offerRows, periodRows };
}

export async function cityExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id));
  return row !== undefined;
}

export async function countCategories(db: DbOrTx, ids: number[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories).where(inArray(categories.id, ids));
  return Number(row?.n ?? 0);
}

export async function ticketTypeExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: ticketTypes.id }).from(ticketTypes).where(eq(ticketTypes.id, id));
  return row !== undefined;
}

export async function tourIdByUrl(db: DbOrTx, url: string): Promise<number | null> {
  const [row] = await db.select({ id: tours.id }).from(tours).where(eq(tours.url, url));
  return row?.id ?? null;
}

// A new tour, or null when another took the address first (the unique index decides)
export async function insertTour(tx: DbOrTx, values: TourValues): Promise<number | null> {
  const [row] = await tx.insert(tours).values(values).onConflictDoNothing({ target: tours.url }).returning({
    id: tours.id,
  });
  return row?.id ?? null;
}

export async function updateTour(tx: DbOrTx, id: number, values: TourValues): Promise<void> {
  await tx.update(tours).set(values).where(eq(tours.id, id));
}

export async function setTourCategories(tx: DbOrTx, tourId: number, categoryIds: number[]): Promise<void> {
  await tx.delete(tourCategories).where(eq(tourCategories.tourId, tourId));
  await tx.insert(tourCategories).values(categoryIds.map((categoryId, i) => ({ tourId, categoryId, sortOrder: i })));
}

export async function insertPhoto(
  tx: DbOrTx,
  photo: { tourId: number; key: string; storageKey: string; width: number; height: number; alt: TourRow['title'] },
): Promise<number> {
  await tx.insert(catalogueImages).values({
    key: photo.key,
    svg: null,
    storageKey: photo.storageKey,
    width: photo.width,
    height: photo.height,
    alt: photo.alt,
  });
  const [row] = await tx
    .insert(tourPhotos)
    .values({
      tourId: photo.tourId,
      imageKey: photo.key,
      sortOrder: sql`(SELECT coalesce(max(sort_order), -1) + 1 FROM tour_photos WHERE tour_id = ${photo.tourId})`,
    })
    .returning({ id: tourPhotos.id });
  if (!row) throw new Error('photo not inserted');
  return row.id;
}

export async function findPhoto(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: tourPhotos.id,
      tourId: tourPhotos.tourId,
      imageKey: tourPhotos.imageKey,
      storageKey: catalogueImages.storageKey,
    })
    .from(tourPhotos)
    .innerJoin(catalogueImages, eq(catalogueImages.key, tourPhotos.imageKey))
    .where(eq(tourPhotos.id, id));
  return row ?? null;
}

// The photo row, and its image when it was an upload no other photo uses
export async function deletePhoto(tx: DbOrTx, photo: { id: number; imageKey: string; storageKey: string | null }) {
  await tx.delete(tourPhotos).where(eq(tourPhotos.id, photo.id));
  if (photo.storageKey === null) return false;
  const deleted = await tx
    .delete(catalogueImages)
    .where(
      and(
        eq(catalogueImages.key, photo.imageKey),
        sql`NOT EXISTS (SELECT 1 FROM tour_photos p WHERE p.image_key = ${photo.imageKey})`,
      ),
    )
    .returning({ key: catalogueImages.key });
  return deleted.length > 0;
}

export async function findOffer(db: DbOrTx, id: number, lock = false): Promise<OfferRow | null> {
  const query = db.select().from(offers).where(eq(offers.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function offerPeriods(db: DbOrTx, offerId: number): Promise<PeriodRow[]> {
  return db
    .select()
    .from(pricePeriods)
    .where(eq(pricePeriods.offerId, offerId))
    .orderBy(asc(pricePeriods.validFrom), asc(pricePeriods.id));
}

export async function insertOffer(tx: DbOrTx, tourId: number, values: OfferValues): Promise<number> {
  const [row] = await tx
    .insert(offers)
    .values({
      ...values,
      tourId,
      sortOrder: sql`(SELECT coalesce(max(sort_order), -1) + 1 FROM offers WHERE tour_id = ${tourId})`,
    })
    .returning({ id: offers.id });
  if (!row) throw new Error('offer not inserted');
  return row.id;
}

export async function updateOffer(tx: DbOrTx, id: number, values: OfferValues): Promise<void> {
  await tx.update(offers).set(values).where(eq(offers.id, id));
}

// Bookings keep the prices they were made at (bookings.amount_lines, net and published totals), so the periods are
// replaced as a whole
export async function replacePeriods(tx: DbOrTx, offerId: number, periods: PeriodValues[]): Promise<void> {
  await tx.delete(pricePeriods).where(eq(pricePeriods.offerId, offerId));
  if (periods.length > 0) await tx.insert(pricePeriods).values(periods.map((p) => ({ ...p, offerId })));
}

// ---------------------------------------------------------------------------------------------------------------
// Slots
// ---------------------------------------------------------------------------------------------------------------
export type SlotRow = typeof slots.$inferSelect;

// What the bookings on these slots have taken now (stock_* is zeroed when a booking gives its stock back): `sold`
// by bookings that hold nothing any more (paid), `held` by card holds still running, and the adult and child parts
export async function seatsTaken(db: DbOrTx, slotIds: number[], now: Date) {
  if (slotIds.length === 0) return new Map<number, SeatsTaken>();
  const rows = await db
    .select({
      slotId: bookings.slotId,
      sold: sql<number>`coalesce(sum(${bookings.stockUnits}) FILTER (WHERE ${bookings.heldUnits} = 0), 0)`.mapWith(
        Number,
      ),
      held: sql<number>`coalesce(sum(${bookings.heldUnits}) FILTER (WHERE ${bookings.heldUnits} > 0
        AND (${bookings.holdExpiresAt} IS NULL OR ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz)), 0)`.mapWith(
        Number,
      ),
      units: sql<number>`coalesce(sum(${bookings.stockUnits}), 0)`.mapWith(Number),
      adults: sql<number>`coalesce(sum(${bookings.stockAdults}), 0)`.mapWith(Number),
      children: sql<number>`coalesce(sum(${bookings.stockChildren}), 0)`.mapWith(Number),
    })
    .from(bookings)
    .where(and(inArray(bookings.slotId, slotIds), sql`${bookings.stockUnits} > 0`))
    .groupBy(bookings.slotId);
  return new Map(rows.map((r) => [Number(r.slotId), r]));
}
export type SeatsTaken = { sold: number; held: number; units: number; adults: number; children: number };

export async function offerSlots(db: DbOrTx, offerId: number, from: string, to: string): Promise<SlotRow[]> {
  return db
    .select()
    .from(slots)
    .where(and(eq(slots.offerId, offerId), sql`${slots.date} BETWEEN ${from} AND ${to}`))
    .orderBy(asc(slots.date), sql`${slots.startTime} ASC NULLS FIRST`);
}

// The slots' rows locked in id order (two requests over the same slots queue rather than deadlock); a booking's
// conditional UPDATE of one of them waits until this transaction ends, then re-checks what it sees
export async function lockSlots(tx: DbOrTx, ids: number[]): Promise<SlotRow[]> {
  return tx.select().from(slots).where(inArray(slots.id, ids)).orderBy(asc(slots.id)).for('update');
}

export async function updateSlot(
  tx: DbOrTx,
  id: number,
  values: Pick<SlotRow, 'capacity' | 'left' | 'leftAdultsTickets' | 'leftChildrenTickets' | 'isClosed'>,
): Promise<void> {
  await tx
    .update(slots)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(slots.id, id));
}

// One slot per chosen weekday (ISO, 1 Monday) and start time over the range; a slot that exists is kept as it is
export async function generateSlots(
  tx: DbOrTx,
  input: {
    offerId: number;
    from: string;
    to: string;
    weekdays: number[];
    times: (string | null)[];
    capacity: number;
    leftAdults: number | null;
    leftChildren: number | null;
  },
): Promise<{ created: number; candidates: number }> {
  const weekdays = sql.raw(`ARRAY[${input.weekdays.map((d) => Number(d)).join(',')}]::int[]`);
  const times = sql`ARRAY[${sql.join(
    input.times.map((t) => (t === null ? sql`NULL` : sql`${t}`)),
    sql`, `,
  )}]::text[]`;
  const days = sql`generate_series(${input.from}::date, ${input.to}::date, interval '1 day') AS g(day)`;
  const chosen = sql`extract(isodow FROM g.day)::int = ANY (${weekdays})`;
  const result = (await tx.execute(sql`
    WITH c AS (
      SELECT g.day::date AS date, t.time FROM ${days} CROSS JOIN unnest(${times}) AS t(time) WHERE ${chosen}
    ),
    ins AS (
      INSERT INTO slots (offer_id, date, start_time, capacity, "left", left_adults_tickets, left_children_tickets)
      SELECT ${input.offerId}, c.date, c.time, ${input.capacity}, ${input.capacity}, ${input.leftAdults}::int, ${input.leftChildren}::int FROM c
      ON CONFLICT ON CONSTRAINT slots_offer_date_time_uq DO NOTHING
      RETURNING id
    )
    SELECT (SELECT count(*) FROM ins)::int AS created, (SELECT count(*) FROM c)::int AS candidates`)) as unknown as {
    rows: { created: number; candidates: number }[];
  };
  const row = result.rows[0];
  return { created: Number(row?.created ?? 0), candidates: Number(row?.candidates ?? 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// Promo codes
// ---------------------------------------------------------------------------------------------------------------
export async function listPromoCodes(db: Db): Promise<PromoCodeRow[]> {
  return db.select().from(promoCodes).orderBy(asc(promoCodes.code));
}

export async function findPromoCode(db: DbOrTx, code: string, lock = false): Promise<PromoCodeRow | null> {
  const query = db.select().from(promoCodes).where(eq(promoCodes.code, code.toUpperCase()));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertPromoCode(tx: DbOrTx, values: PromoCodeRow): Promise<boolean> {
  const rows = await tx.insert(promoCodes).values(values).onConflictDoNothing().returning({ code: promoCodes.code });
  return rows.length > 0;
}

export async function updatePromoCode(tx: DbOrTx, values: PromoCodeRow): Promise<void> {
  await tx.update(promoCodes).set(values).where(eq(promoCodes.code, values.code));
}
