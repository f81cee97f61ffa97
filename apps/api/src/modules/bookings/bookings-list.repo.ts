// The bookings lists: the filters (SQL), the columns a list row reads, a page of them, every row in batches for the
// exports, and the options a list's filters offer. What a scope may see is bookings.repo.ts#visible.
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BookingFilters } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { jsonRow } from '../../db/json-row.ts';
import { keysetBatches, readInSnapshot } from '../../db/snapshot.ts';
import { agencies, bookings, users, widgets } from '../../db/schema/index.ts';
import { visible, type BookingRow, type Visibility } from './bookings.repo.ts';

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
  const fetchAfter = async (after: { createdAt: string; id: string } | null, limit: number) => {
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
      .limit(limit)
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
