import { and, count, desc, eq, gt, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus, PaymentStatus } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { agencies, bookings, payments, topUps } from '../../db/schema/index.ts';
import { listBookings } from '../bookings/index.ts';

// The desk's reads (issue 12): every agency's bookings, and card payments with what they paid for and their refunds

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const dubaiDay = sql`(${bookings.createdAt} AT TIME ZONE 'Asia/Dubai')::date`;

export type DeskBookingFilter = {
  search?: string;
  status?: BookingStatus;
  agencyId?: string;
  dateFrom?: string;
  dateTo?: string;
  createdFrom?: string;
  createdTo?: string;
};

// Newest first; the search looks at the reference, the guest's name and e-mail, the tickets and the agency's name
export async function listDeskBookings(db: Db, filter: DeskBookingFilter, page: { limit: number; offset: number }) {
  // the reseller API's test bookings never reach the tours company's desk (nothing to operate)
  const conditions: SQL[] = [eq(bookings.isTest, false)];
  if (filter.status) conditions.push(eq(bookings.status, filter.status));
  if (filter.agencyId) conditions.push(eq(bookings.agencyId, filter.agencyId));
  if (filter.dateFrom) conditions.push(sql`${bookings.date} >= ${filter.dateFrom}`);
  if (filter.dateTo) conditions.push(sql`${bookings.date} <= ${filter.dateTo}`);
  if (filter.createdFrom) conditions.push(sql`${dubaiDay} >= ${filter.createdFrom}::date`);
  if (filter.createdTo) conditions.push(sql`${dubaiDay} <= ${filter.createdTo}::date`);
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    const match = or(
      ilike(bookings.reference, like),
      ilike(bookings.guestName, like),
      ilike(bookings.guestEmail, like),
      // the agency's name by a subquery: the list's count reads the bookings alone
      inArray(bookings.agencyId, db.select({ id: agencies.id }).from(agencies).where(ilike(agencies.name, like))),
      sql`array_to_string(${bookings.ticketNumbers}, ' ') ILIKE ${like}`,
    );
    if (match) conditions.push(match);
  }
  return listBookings(db, conditions, page);
}

export async function findAgencyOf(db: DbOrTx, agencyId: string) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name, currency: agencies.currency, siteId: agencies.siteId })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .limit(1);
  return row ?? null;
}

export type DeskPaymentFilter = {
  view: 'all' | 'refunds' | 'failedRefunds';
  status?: PaymentStatus;
  agencyId?: string;
  bookingId?: string;
  id?: string;
};

const deskPaymentColumns = {
  payment: payments,
  agencyName: agencies.name,
  bookingReference: bookings.reference,
  topUpReference: topUps.reference,
};
export type DeskPaymentRow = {
  payment: typeof payments.$inferSelect;
  agencyName: string;
  bookingReference: string | null;
  topUpReference: string | null;
};

function paymentConditions(filter: DeskPaymentFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.id) conditions.push(eq(payments.id, filter.id));
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.agencyId) conditions.push(eq(payments.agencyId, filter.agencyId));
  if (filter.bookingId) conditions.push(eq(payments.bookingId, filter.bookingId));
  const owed = or(gt(payments.refundDueMinor, 0), isNotNull(payments.refundAttemptId));
  if (filter.view === 'failedRefunds' && owed) conditions.push(owed);
  if (filter.view === 'refunds') {
    const any = or(gt(payments.refundedMinor, 0), gt(payments.refundDueMinor, 0), isNotNull(payments.refundAttemptId));
    if (any) conditions.push(any);
  }
  return conditions;
}

// Newest first, with the agency and the booking's or top-up's reference
export async function listDeskPayments(db: DbOrTx, filter: DeskPaymentFilter, page: { limit: number; offset: number }) {
  const conditions = paymentConditions(filter);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(deskPaymentColumns)
      .from(payments)
      .innerJoin(agencies, eq(agencies.id, payments.agencyId))
      .leftJoin(bookings, eq(bookings.id, payments.bookingId))
      .leftJoin(topUps, eq(topUps.id, payments.topUpId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return { rows: rows as DeskPaymentRow[], total: total?.n ?? 0 };
}
