import { and, asc, eq, gt, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  agencies,
  apiKeys,
  bookings,
  hotels,
  offers,
  pricePeriods,
  tours,
  users,
  widgets,
} from '../../db/schema/index.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingInsert = typeof bookings.$inferInsert;
export type AgencyRow = typeof agencies.$inferSelect;

// What a new booking is decided on, read fresh in one round trip (never from the catalogue cache): the agency, the
// offer and its tour (null when unknown or inactive), the slot for the date and time (the time counts only for
// timeslot offers; a slot an operator closed is no slot) and the price period covering the date. Prepared once per database: every booking runs it.
function prepareBookingContext(db: Db) {
  const date = sql`${sql.placeholder('date')}::date`;
  return db
    .select({
      agency: agencies,
      offer: offers,
      tour: { id: tours.id, url: tours.url, title: tours.title, cityId: tours.cityId },
      slotId: sql<
        number | null
      >`(SELECT s.id FROM slots s WHERE s.offer_id = ${offers.id} AND s.date = ${date} AND NOT s.is_closed
        AND s.start_time IS NOT DISTINCT FROM (CASE WHEN ${offers.availabilityType} = 'timeslots' THEN ${sql.placeholder('time')}::text END))`,
      period: pricePeriods,
      // the account's balance: below zero, what is overdue is checked before a balance booking (SPEC §9)
      balanceMinor: sql<string | number | null>`(SELECT b.balance_minor FROM agency_balances b
        WHERE b.agency_id = ${agencies.id} AND b.currency = ${agencies.currency})`,
    })
    .from(agencies)
    .leftJoin(offers, and(eq(offers.id, sql.placeholder('offerId')), eq(offers.isActive, true)))
    .leftJoin(tours, and(eq(tours.id, offers.tourId), eq(tours.isActive, true)))
    .leftJoin(
      pricePeriods,
      sql`${pricePeriods.id} = (SELECT p.id FROM price_periods p WHERE p.offer_id = ${offers.id} AND p.valid_from <= ${date}
        AND p.valid_to >= ${date} ORDER BY p.valid_from DESC, p.id DESC LIMIT 1)`,
    )
    .where(eq(agencies.id, sql.placeholder('agencyId')))
    .limit(1)
    .prepare('booking_context');
}
const contextQueries = new WeakMap<Db, ReturnType<typeof prepareBookingContext>>();

export async function loadBookingContext(
  db: Db,
  input: { agencyId: string; offerId: number; date: string; time: string | null },
) {
  let query = contextQueries.get(db);
  if (!query) {
    query = prepareBookingContext(db);
    contextQueries.set(db, query);
  }
  const [row] = await query.execute(input);
  if (!row) return null;
  const found = row.offer && row.tour ? { offer: row.offer, tour: row.tour } : null;
  return {
    agency: row.agency,
    found,
    slotId: row.slotId === null ? null : Number(row.slotId),
    period: row.period,
    balanceMinor: Number(row.balanceMinor ?? 0),
  };
}

export async function loadAgency(db: DbOrTx, agencyId: string): Promise<AgencyRow | null> {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  return row ?? null;
}

export async function loadHotel(db: DbOrTx, hotelId: number) {
  const [row] = await db.select().from(hotels).where(eq(hotels.id, hotelId)).limit(1);
  return row ?? null;
}

export async function insertBooking(tx: DbOrTx, values: typeof bookings.$inferInsert): Promise<BookingRow> {
  const [row] = await tx.insert(bookings).values(values).returning();
  if (!row) throw new Error('booking insert returned nothing');
  return row;
}

export async function updateBooking(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof bookings.$inferInsert>,
  guard?: SQL,
): Promise<BookingRow | null> {
  const [row] = await tx
    .update(bookings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(guard ? and(eq(bookings.id, id), guard) : eq(bookings.id, id))
    .returning();
  return row ?? null;
}

export type Visibility = { agencyId: string; onlyCreatedBy: string | null };

export function visible(scope: Visibility): SQL {
  const byAgency = eq(bookings.agencyId, scope.agencyId);
  return scope.onlyCreatedBy ? (and(byAgency, eq(bookings.createdBy, scope.onlyCreatedBy)) as SQL) : byAgency;
}

// Tenant isolation: another agency's (or, for a junior, another agent's) booking is simply not found.
export async function findVisibleBooking(
  db: DbOrTx,
  scope: Visibility,
  id: string,
  forUpdate = false,
): Promise<BookingRow | null> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), visible(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findBooking(db: DbOrTx, id: string, forUpdate = false): Promise<BookingRow | null> {
  const query = db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

// the agent who made a booking; a widget sale has none (its customer booked): empty name and address
export async function loadAgent(db: DbOrTx, userId: string | null) {
  if (userId === null) return { id: '', name: '', email: '' };
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { id: userId, name: '', email: '' };
}

// The agency's test balance (the reseller API's test keys pay with it) moved by `deltaMinor`; null when it would go
// below zero (nothing changes). Returns what is left.
export async function changeTestBalance(tx: DbOrTx, agencyId: string, deltaMinor: number): Promise<number | null> {
  const [row] = await tx
    .update(agencies)
    .set({ testBalanceMinor: sql`${agencies.testBalanceMinor} + ${deltaMinor}` })
    .where(and(eq(agencies.id, agencyId), sql`${agencies.testBalanceMinor} + ${deltaMinor} >= 0`))
    .returning({ left: agencies.testBalanceMinor });
  return row ? Number(row.left) : null;
}

// the name of the reseller API key a booking was made with
export async function loadApiKeyName(db: DbOrTx, apiKeyId: string): Promise<string | null> {
  const [row] = await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, apiKeyId)).limit(1);
  return row?.name ?? null;
}

// bookings whose card hold ran out with stock still held, oldest first
export async function expiredHoldIds(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        isNotNull(bookings.holdExpiresAt),
        lt(bookings.holdExpiresAt, now),
        or(gt(bookings.heldUnits, 0), gt(bookings.heldAdults, 0), gt(bookings.heldChildren, 0)),
      ),
    )
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function findOffer(db: DbOrTx, offerId: number) {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  return offer ?? null;
}

// The operator's answer to a quotation request: the quote, valid for some hours from the database's clock
export async function quoteRequestRow(
  tx: DbOrTx,
  id: string,
  quote: { quotedNetMinor: number; validHours: number; note: string },
): Promise<BookingRow | null> {
  return updateBooking(tx, id, {
    status: 'payment_required',
    quotedNetMinor: quote.quotedNetMinor,
    quoteExpiresAt: sql`now() + make_interval(hours => ${quote.validHours})` as unknown as Date,
    quoteNote: quote.note,
  });
}

// Declines a request that is still open (not paid, nothing held); null when it is not
export async function declineOpenRequest(tx: DbOrTx, id: string, reason: string): Promise<BookingRow | null> {
  return updateBooking(
    tx,
    id,
    { status: 'cancelled', declineReason: reason, cancelledAt: new Date() },
    and(inArray(bookings.status, ['request', 'payment_required']), eq(bookings.heldUnits, 0)),
  );
}

// A widget sale by its customer's token (the customer's page has no login)
export async function findWidgetSale(db: DbOrTx, token: string, forUpdate = false): Promise<BookingRow | null> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.customerToken, token), eq(bookings.channel, 'widget')))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

// What a widget sale's documents and e-mails carry instead of the portal's brand: the agency's shop
export async function loadWidgetBrand(db: DbOrTx, widgetId: string) {
  const [row] = await db
    .select({
      name: widgets.name,
      slug: widgets.slug,
      contacts: widgets.contacts,
      logoImageId: widgets.logoImageId,
      googleConversionActionId: widgets.googleConversionActionId,
    })
    .from(widgets)
    .where(eq(widgets.id, widgetId))
    .limit(1);
  return row ?? null;
}

// Widget sales whose margin is still pending and whose tour date has passed (Asia/Dubai), oldest first
export async function dueMarginIds(db: DbOrTx, today: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.marginStatus, 'pending'), lt(bookings.date, today), eq(bookings.status, 'completed')))
    .orderBy(asc(bookings.date))
    .limit(limit);
  return rows.map((r) => r.id);
}
