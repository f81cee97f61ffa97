import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import type { BookingRow, Visibility } from './bookings.repo.ts';

// The reseller API's own reads of bookings (reseller-bookings.ts): by its uuid, and its list
// `scope.test`: a test key's calls see only test bookings, a live key's only real ones
export type ResellerScope = Visibility & { test: boolean };

export async function resellerBookingByUuid(
  db: DbOrTx,
  scope: ResellerScope,
  uuid: string,
  forUpdate = false,
): Promise<BookingRow | null> {
  const conditions = [
    eq(bookings.agencyId, scope.agencyId),
    eq(bookings.octoUuid, uuid),
    eq(bookings.isTest, scope.test),
  ];
  if (scope.onlyCreatedBy) conditions.push(eq(bookings.createdBy, scope.onlyCreatedBy));
  const query = db
    .select()
    .from(bookings)
    .where(and(...conditions))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export type ResellerListFilter = {
  resellerReference?: string;
  supplierReference?: string;
  localDate?: string;
  localDateStart?: string;
  localDateEnd?: string;
};

export async function listApiBookings(
  db: DbOrTx,
  scope: ResellerScope,
  filter: ResellerListFilter,
): Promise<BookingRow[]> {
  const conditions: SQL[] = [
    eq(bookings.agencyId, scope.agencyId),
    eq(bookings.channel, 'api'),
    eq(bookings.isTest, scope.test),
  ];
  if (scope.onlyCreatedBy) conditions.push(eq(bookings.createdBy, scope.onlyCreatedBy));
  if (filter.resellerReference) conditions.push(eq(bookings.resellerReference, filter.resellerReference));
  if (filter.supplierReference) conditions.push(eq(bookings.reference, filter.supplierReference));
  if (filter.localDate) conditions.push(eq(bookings.date, filter.localDate));
  if (filter.localDateStart) conditions.push(gte(bookings.date, filter.localDateStart));
  if (filter.localDateEnd) conditions.push(lte(bookings.date, filter.localDateEnd));
  return db
    .select()
    .from(bookings)
    .where(and(...conditions))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(500);
}
