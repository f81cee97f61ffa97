import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BookingFilters, CurrencyCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { type Visibility } from './bookings.repo.ts';
import { filterConditions } from './bookings-list.repo.ts';

// The bookings that earn a commission: the list's visibility and filters, completed only
export function commissionConditions(scope: Visibility, filters: BookingFilters): SQL[] {
  // a test booking earns nothing (filterConditions lists test bookings only when asked: never here)
  return [...filterConditions(scope, { ...filters, test: false }, false), eq(bookings.status, 'completed')];
}

export type CommissionSums = {
  // yyyy-MM of the travel date
  month: string;
  currency: CurrencyCode;
  count: number;
  publishedTotalMinor: number;
  netTotalMinor: number;
  cardSurchargeMinor: number;
};

// The stored amounts summed per travel month and currency, newest month first. The commission rule is applied to
// these sums by the service (it is linear), so one function decides what is net for a row and for a total.
export async function commissionSumsByMonth(db: DbOrTx, conditions: SQL[]): Promise<CommissionSums[]> {
  const month = sql<string>`to_char(${bookings.date}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      currency: bookings.currency,
      count: sql<number>`count(*)::int`,
      publishedTotalMinor: sql<string>`sum(${bookings.publishedTotalMinor})`,
      netTotalMinor: sql<string>`sum(${bookings.netTotalMinor})`,
      cardSurchargeMinor: sql<string>`sum(${bookings.cardSurchargeMinor})`,
    })
    .from(bookings)
    .where(and(...conditions))
    .groupBy(month, bookings.currency)
    .orderBy(desc(month), bookings.currency);
  return rows.map((row) => ({
    month: row.month,
    currency: row.currency,
    count: Number(row.count),
    publishedTotalMinor: Number(row.publishedTotalMinor),
    netTotalMinor: Number(row.netTotalMinor),
    cardSurchargeMinor: Number(row.cardSurchargeMinor),
  }));
}
