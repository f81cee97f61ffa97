import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BookingFilters } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jsonRow } from '../../db/json-row.ts';
import { keysetBatches, readInSnapshot } from '../../db/snapshot.ts';
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

function visible(scope: Visibility): SQL {
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

const dubaiDay = (column: SQL | typeof bookings.createdAt) => sql`(${column} AT TIME ZONE 'Asia/Dubai')::date`;

export function filterConditions(scope: Visibility | null, filters: BookingFilters, onlyRequests: boolean): SQL[] {
  const conditions: SQL[] = [];
  if (scope) conditions.push(visible(scope));
  if (onlyRequests) conditions.push(eq(bookings.isRequest, 1));
  if (filters.status) conditions.push(eq(bookings.status, filters.status));
  if (filters.dateFrom) conditions.push(gte(bookings.date, filters.dateFrom));
  if (filters.dateTo) conditions.push(lte(bookings.date, filters.dateTo));
  if (filters.createdFrom) conditions.push(sql`${dubaiDay(bookings.createdAt)} >= ${filters.createdFrom}::date`);
  if (filters.createdTo) conditions.push(sql`${dubaiDay(bookings.createdAt)} <= ${filters.createdTo}::date`);
  if (filters.tourId) conditions.push(eq(bookings.tourId, filters.tourId));
  if (filters.agentId) conditions.push(eq(bookings.createdBy, filters.agentId));
  if (filters.channel) conditions.push(eq(bookings.channel, filters.channel));
  // the reseller API's test bookings are kept apart: listed only when asked for
  conditions.push(eq(bookings.isTest, filters.test === true));
  if (filters.search) {
    const like = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(bookings.reference, like),
      ilike(bookings.guestName, like),
      ilike(bookings.guestEmail, like),
      sql`array_to_string(${bookings.ticketNumbers}, ' ') ILIKE ${like}`,
    );
    if (match) conditions.push(match);
  }
  return conditions;
}

// who booked, as the lists show it: the agent, for a widget sale the widget's name (the joins below are outer), for a
// reseller API booking the name of the key it was made with
export const bookedByName = sql<string>`coalesce(CASE WHEN ${bookings.channel} = 'api' THEN (SELECT k.name FROM api_keys k WHERE k.id = ${bookings.apiKeyId}) END, ${users.name}, ${widgets.name}, '')`;
export const listColumns = { booking: bookings, agentName: bookedByName, agencyName: agencies.name };

// What a list row shows (booking-views.ts#bookingListRow) and a commission row needs: all an export reads of a
// booking (the full row's policy, amount lines and the rest cost a third of a 50,000-row export's time)
const listRowColumns = {
  id: bookings.id,
  reference: bookings.reference,
  status: bookings.status,
  isRequest: bookings.isRequest,
  date: bookings.date,
  startTime: bookings.startTime,
  createdAt: bookings.createdAt,
  tourId: bookings.tourId,
  tourTitle: bookings.tourTitle,
  offerName: bookings.offerName,
  ticketNumbers: bookings.ticketNumbers,
  guestName: bookings.guestName,
  guestPhone: bookings.guestPhone,
  hotel: bookings.hotel,
  room: bookings.room,
  adults: bookings.adults,
  children: bookings.children,
  infants: bookings.infants,
  pickUpTime: bookings.pickUpTime,
  publishedTotalMinor: bookings.publishedTotalMinor,
  netTotalMinor: bookings.netTotalMinor,
  cardSurchargeMinor: bookings.cardSurchargeMinor,
  quotedNetMinor: bookings.quotedNetMinor,
  currency: bookings.currency,
  paymentMethod: bookings.paymentMethod,
  balanceAfterMinor: bookings.balanceAfterMinor,
  notes: bookings.notes,
  channel: bookings.channel,
  marginStatus: bookings.marginStatus,
};
export type BookingListSource = Pick<BookingRow, keyof typeof listRowColumns>;

export const ofAgency = (agencyId: string): SQL => eq(bookings.agencyId, agencyId);

// the operator's inbox: requests waiting for a quote, then quotes waiting for payment, then the rest
const openRequestsFirst = sql`CASE ${bookings.status} WHEN 'request' THEN 0 WHEN 'payment_required' THEN 1 ELSE 2 END`;

export async function listBookings(
  db: DbOrTx,
  conditions: SQL[],
  page: { limit: number; offset: number },
  order: { openFirst?: boolean } = {},
) {
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(listColumns)
      .from(bookings)
      .leftJoin(users, eq(users.id, bookings.createdBy))
      .leftJoin(widgets, eq(widgets.id, bookings.widgetId))
      .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
      .where(where)
      .orderBy(...(order.openFirst ? [openRequestsFirst] : []), desc(bookings.createdAt), desc(bookings.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(bookings)
      .where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

// For the xlsx exports (bookings, commissions): the list's order, newest first, in keyset batches after the last
// (created_at, id) read — a booking created or changed meanwhile never shifts a page, as OFFSET did, so no row is
// read twice or skipped — from one snapshot (db/snapshot.ts): on PostgreSQL the result as it stood when the export
// began. On PGlite the batches run between other work; transactions run there one at a time, so a booking created
// meanwhile has a later created_at than every row already read and stays above the cursor (out of the file), and a
// row changed meanwhile is read as it is when its batch runs.
export async function* iterateBookings(db: DbOrTx, conditions: SQL[], batch = 500) {
  yield* readInSnapshot(db, (reader) => bookingsAfter(reader, conditions, batch));
}

// one JSON text per row (db/json-row.ts): a third faster to read on PGlite
const exportRow = jsonRow({
  ...listRowColumns,
  agentName: bookedByName,
  // the cursor's created_at is the database's text: microseconds (a JS Date keeps milliseconds and would skip rows)
  cursor: sql<string>`${bookings.createdAt}::text`,
});

async function* bookingsAfter(db: DbOrTx, conditions: SQL[], batch: number) {
  const fetchAfter = async (after: { createdAt: string; id: string } | null) => {
    const page: SQL[] = after
      ? [
          ...conditions,
          // the first bound lets the index on (agency_id, created_at) start at the cursor
          sql`${bookings.createdAt} <= ${after.createdAt}::timestamptz`,
          sql`(${bookings.createdAt}, ${bookings.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
        ]
      : conditions;
    const rows = await db
      .select({ row: exportRow.text })
      .from(bookings)
      .leftJoin(users, eq(users.id, bookings.createdBy))
      .leftJoin(widgets, eq(widgets.id, bookings.widgetId))
      .where(page.length > 0 ? and(...page) : undefined)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(batch)
      .execute();
    return rows.map(({ row }) => exportRow.decode(row));
  };
  const rows = keysetBatches(fetchAfter, (row) => ({ createdAt: row.cursor, id: row.id }), batch);
  for await (const { cursor: _cursor, agentName, ...booking } of rows) yield { booking, agentName };
}

export async function bookingOptions(db: DbOrTx, scope: Visibility) {
  const tourRows = await db
    .selectDistinct({ id: bookings.tourId, title: bookings.tourTitle })
    .from(bookings)
    .where(visible(scope))
    .orderBy(asc(bookings.tourId));
  const agentRows = scope.onlyCreatedBy
    ? []
    : await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.agencyId, scope.agencyId)))
        .orderBy(asc(users.name));
  const channelRows = await db
    .selectDistinct({ channel: bookings.channel })
    .from(bookings)
    .where(visible(scope))
    .orderBy(asc(bookings.channel));
  const [test] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(visible(scope), eq(bookings.isTest, true)))
    .limit(1);
  return { tourRows, agentRows, channels: channelRows.map((r) => r.channel), hasTestBookings: Boolean(test) };
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
