import { and, asc, eq, sql } from 'drizzle-orm';
import type { CurrencyCode, Language } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { agencies, taxInvoiceCounters, taxInvoices } from '../../db/schema/index.ts';
import type { TaxInvoiceLineJson, TaxInvoicePartyJson } from '../../db/schema/index.ts';

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;
export type InvoiceLine = TaxInvoiceLineJson;
export type InvoiceParty = TaxInvoicePartyJson;
type Account = { agencyId: string; currency: CurrencyCode };
type Month = { year: number; month: number };

// What a monthly invoice bills: the supplies charged to the agency's balance in the month (Asia/Dubai dates of the
// ledger entries) — bookings paid from the balance, less what their cancellations gave back. Deposits, top-ups and
// adjustments move money but are no supply. Card-paid bookings are invoiced one by one when they are paid.
const INVOICED_KINDS = sql`('booking', 'refund')`;
const dubaiDate = sql`(le.created_at AT TIME ZONE 'Asia/Dubai')::date`;
// the month's Dubai days as instants, so the (agency, currency, created_at) index serves the range
const monthStart = (m: Month) => sql`make_date(${m.year}::int, ${m.month}::int, 1)::timestamp`;
const inMonth = (m: Month) =>
  sql`le.created_at >= (${monthStart(m)} AT TIME ZONE 'Asia/Dubai')
    AND le.created_at < ((${monthStart(m)} + interval '1 month') AT TIME ZONE 'Asia/Dubai')`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// The month's invoiced ledger entries in balance order, with the booking they are for (texts in `language`)
export async function monthLines(db: DbOrTx, account: Account, m: Month, language: Language): Promise<InvoiceLine[]> {
  const rows = rowsOf<{
    id: string;
    kind: 'booking' | 'refund';
    amount_minor: string | number;
    reference: string | null;
    booking_id: string | null;
    entry_date: string;
    service_date: string | null;
    tour: string | null;
    option: string | null;
    guest: string | null;
    adults: number | null;
    children: number | null;
    infants: number | null;
  }>(
    await db.execute(sql`
      SELECT le.id, le.kind, le.amount_minor, coalesce(b.reference, le.reference) AS reference, le.booking_id,
        to_char(${dubaiDate}, 'YYYY-MM-DD') AS entry_date, to_char(b.date, 'YYYY-MM-DD') AS service_date,
        coalesce(b.tour_title ->> ${language}, b.tour_title ->> 'en') AS tour,
        coalesce(b.offer_name ->> ${language}, b.offer_name ->> 'en') AS option,
        b.guest_name AS guest, b.adults, b.children, b.infants
      FROM ledger_entries le LEFT JOIN bookings b ON b.id = le.booking_id
      WHERE le.agency_id = ${account.agencyId} AND le.currency = ${account.currency}
        AND le.kind IN ${INVOICED_KINDS} AND ${inMonth(m)}
      ORDER BY le.seq`),
  );
  return rows.map((row) => ({
    entryId: row.id,
    bookingId: row.booking_id,
    reference: row.reference ?? '',
    kind: row.kind,
    entryDate: row.entry_date,
    serviceDate: row.service_date,
    tour: row.tour ?? '',
    option: row.option ?? '',
    guest: row.guest ?? '',
    pax: row.adults === null ? '' : [row.adults, row.children ?? 0, row.infants ?? 0].join('/'),
    // a debit of the balance is a charge on the invoice; a credit back (refund) a negative line
    amountMinor: -Number(row.amount_minor),
  }));
}

// Per month of `year`: how many invoiced entries it has and what they add up to (the invoice's total)
export async function suppliesByMonth(db: DbOrTx, account: Account, year: number) {
  const rows = rowsOf<{ month: number; count: string | number; total: string | number }>(
    await db.execute(sql`
      SELECT extract(month FROM ${dubaiDate})::int AS month, count(*) AS count, -sum(le.amount_minor) AS total
      FROM ledger_entries le
      WHERE le.agency_id = ${account.agencyId} AND le.currency = ${account.currency} AND le.kind IN ${INVOICED_KINDS}
        AND le.created_at >= (make_date(${year}::int, 1, 1)::timestamp AT TIME ZONE 'Asia/Dubai')
        AND le.created_at < (make_date(${year}::int + 1, 1, 1)::timestamp AT TIME ZONE 'Asia/Dubai')
      GROUP BY 1 ORDER BY 1`),
  );
  return new Map(rows.map((row) => [Number(row.month), { count: Number(row.count), totalMinor: Number(row.total) }]));
}

// the account's invoices (an agency has an account per currency)
const invoicesOf = (account: Account) => [
  eq(taxInvoices.agencyId, account.agencyId),
  eq(taxInvoices.currency, account.currency),
];

export async function findInvoice(db: DbOrTx, account: Account, m: Month): Promise<TaxInvoiceRow | null> {
  const [row] = await db
    .select()
    .from(taxInvoices)
    .where(and(...invoicesOf(account), eq(taxInvoices.year, m.year), eq(taxInvoices.month, m.month)))
    .limit(1);
  return row ?? null;
}

export async function invoicesOfYear(db: DbOrTx, account: Account, year: number): Promise<TaxInvoiceRow[]> {
  return db
    .select()
    .from(taxInvoices)
    .where(and(...invoicesOf(account), eq(taxInvoices.year, year)))
    .orderBy(asc(taxInvoices.month));
}

// Locks the issuing company's counter row until the commit and returns its last number: every issue for that company
// waits here, so a check made after this call sees every invoice committed before it, and a rollback gives the next
// number back (no gaps).
export async function lockCounter(tx: DbOrTx, issuerKey: string): Promise<number> {
  await tx.insert(taxInvoiceCounters).values({ issuerKey }).onConflictDoNothing();
  const [row] = await tx
    .select({ last: taxInvoiceCounters.lastNumber })
    .from(taxInvoiceCounters)
    .where(eq(taxInvoiceCounters.issuerKey, issuerKey))
    .for('update');
  if (!row) throw new Error('tax invoice counter missing');
  return row.last;
}

export async function setCounter(tx: DbOrTx, issuerKey: string, lastNumber: number): Promise<void> {
  await tx.update(taxInvoiceCounters).set({ lastNumber }).where(eq(taxInvoiceCounters.issuerKey, issuerKey));
}

// The agency as the invoice's customer, and its language
export async function findAgencyParty(db: DbOrTx, agencyId: string) {
  const [row] = await db
    .select({ name: agencies.name, address: agencies.address, trn: agencies.trnNumber, language: agencies.language })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .limit(1);
  if (!row) return null;
  return { party: { name: row.name, address: row.address, trn: row.trn }, language: row.language };
}

export async function insertInvoice(tx: DbOrTx, values: typeof taxInvoices.$inferInsert): Promise<TaxInvoiceRow> {
  const [row] = await tx.insert(taxInvoices).values(values).returning();
  if (!row) throw new Error('tax invoice insert returned nothing');
  return row;
}

// The agency accounts that have invoiced entries in the month and no invoice for it yet (the issuing job's work)
export async function accountsToInvoice(db: DbOrTx, m: Month): Promise<(Account & { siteId: string })[]> {
  const rows = rowsOf<{ agency_id: string; currency: CurrencyCode; site_id: string }>(
    await db.execute(sql`
      SELECT a.id AS agency_id, c.currency, a.site_id
      FROM agencies a CROSS JOIN (VALUES ('aed'), ('usd')) AS c (currency)
      WHERE EXISTS (SELECT 1 FROM ledger_entries le WHERE le.agency_id = a.id AND le.currency = c.currency
          AND le.kind IN ${INVOICED_KINDS} AND ${inMonth(m)})
        AND NOT EXISTS (SELECT 1 FROM tax_invoices ti WHERE ti.agency_id = a.id AND ti.currency = c.currency
          AND ti.year = ${m.year} AND ti.month = ${m.month})
      ORDER BY a.id, c.currency`),
  );
  return rows.map((row) => ({ agencyId: row.agency_id, currency: row.currency, siteId: row.site_id }));
}
