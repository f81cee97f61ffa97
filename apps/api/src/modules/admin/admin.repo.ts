import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { agencies, agencyBalances, bookings, jobs, ledgerEntries, topUps, users } from '../../db/schema/index.ts';

export type AgencyStatus = (typeof agencies.$inferSelect)['status'];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// The agency's account in its own currency; an agency without one yet has nothing and may owe nothing
const ownAccount = and(eq(agencyBalances.agencyId, agencies.id), eq(agencyBalances.currency, agencies.currency));
const ownAccountColumns = {
  balanceMinor: sql<number>`coalesce(${agencyBalances.balanceMinor}, 0)`.mapWith(Number),
  creditLimitMinor: sql<number>`coalesce(${agencyBalances.creditLimitMinor}, 0)`.mapWith(Number),
};

// Newest first, at most 500: a status, and a search in the name, the licence number and the admins' e-mails
export async function listAgencies(db: Db, filter: { status?: AgencyStatus; q?: string }) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(agencies.status, filter.status));
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    const adminMatch = sql`EXISTS (SELECT 1 FROM users u WHERE u.agency_id = ${agencies.id} AND u.email ILIKE ${like})`;
    const match = or(ilike(agencies.name, like), ilike(agencies.tradeLicenseNumber, like), adminMatch);
    if (match) conditions.push(match);
  }
  return db
    .select({
      id: agencies.id,
      name: agencies.name,
      siteId: agencies.siteId,
      status: agencies.status,
      currency: agencies.currency,
      tradeLicenseNumber: agencies.tradeLicenseNumber,
      createdAt: agencies.createdAt,
      adminEmail: sql<
        string | null
      >`(SELECT min(u.email) FROM users u WHERE u.agency_id = ${agencies.id} AND u.role = 'admin')`,
      ...ownAccountColumns,
    })
    .from(agencies)
    .leftJoin(agencyBalances, ownAccount)
    .where(and(...conditions))
    .orderBy(desc(agencies.createdAt))
    .limit(500);
}

// from → to in one statement under the row's lock; null when the agency was not in `from` (then the caller says why)
export async function moveAgencyStatus(db: DbOrTx, id: string, from: AgencyStatus, to: AgencyStatus, reason: string) {
  const [row] = await db
    .update(agencies)
    .set({ status: to, statusReason: reason, updatedAt: sql`now()` })
    .where(and(eq(agencies.id, id), eq(agencies.status, from)))
    .returning({ id: agencies.id, name: agencies.name, siteId: agencies.siteId, language: agencies.language });
  return row ?? null;
}

export async function agencyStatus(db: Db, id: string): Promise<AgencyStatus | null> {
  const [row] = await db.select({ status: agencies.status }).from(agencies).where(eq(agencies.id, id));
  return row?.status ?? null;
}

export async function agencyAgents(db: Db, agencyId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      status: users.status,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.agencyId, agencyId))
    .orderBy(asc(users.createdAt));
}

// Money in the account's currency: posted (ledger entries), on its way (a top-up, decided or not) or priced (a
// booking, a quotation request or a card hold). A top-up confirmed after a switch would be credited in the old
// currency, and a quote paid after it would debit in the new one, so the currency is fixed from the first of them.
export async function hasMoneyHistory(db: DbOrTx, agencyId: string): Promise<boolean> {
  const [row] = await db
    .execute(
      sql`
    SELECT EXISTS (SELECT 1 FROM ${ledgerEntries} WHERE ${ledgerEntries.agencyId} = ${agencyId})
      OR EXISTS (SELECT 1 FROM ${topUps} WHERE ${topUps.agencyId} = ${agencyId})
      OR EXISTS (SELECT 1 FROM ${bookings} WHERE ${bookings.agencyId} = ${agencyId}) AS fixed`,
    )
    .then((result) => (result as unknown as { rows: { fixed: boolean }[] }).rows);
  return row?.fixed === true;
}

export async function saveAgencySettings(
  tx: DbOrTx,
  id: string,
  values: {
    siteId: string;
    currency: CurrencyCode;
    isWidgetsCreationAllowed: number;
    isCreditCardTopupAllowed: number;
    isApiAllowed: number;
    isReplayRecorded: boolean;
  },
) {
  await tx
    .update(agencies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(agencies.id, id));
}

// The account's credit limit, only where the balance stays within it (the table's CHECK is the backstop): false when
// the agency owes more than the new limit
export async function setCreditLimit(
  tx: DbOrTx,
  account: { agencyId: string; currency: CurrencyCode },
  limitMinor: number,
): Promise<boolean> {
  const result = (await tx.execute(sql`
    INSERT INTO agency_balances (agency_id, currency, balance_minor, credit_limit_minor)
    VALUES (${account.agencyId}, ${account.currency}, 0, ${limitMinor}::bigint)
    ON CONFLICT (agency_id, currency) DO UPDATE SET credit_limit_minor = ${limitMinor}::bigint, updated_at = now()
      WHERE agency_balances.balance_minor >= -(${limitMinor}::bigint)
    RETURNING 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

// --- the dashboard ---

// Bookings created on a Dubai calendar day and paid (from the balance or by card; not requests, holds or cancelled),
// per currency
export async function bookingsCreatedOn(db: Db, day: string) {
  return db
    .select({
      currency: bookings.currency,
      n: count(),
      totalMinor: sql<number>`coalesce(sum(${bookings.netTotalMinor}), 0)`.mapWith(Number),
    })
    .from(bookings)
    .where(
      and(
        sql`(${bookings.createdAt} AT TIME ZONE 'Asia/Dubai')::date = ${day}::date`,
        eq(bookings.status, 'completed'),
        eq(bookings.isTest, false),
      ),
    )
    .groupBy(bookings.currency);
}

export async function countAgencies(db: Db, status: AgencyStatus): Promise<number> {
  const [row] = await db.select({ n: count() }).from(agencies).where(eq(agencies.status, status));
  return row?.n ?? 0;
}

export async function countOpenRequests(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings).where(eq(bookings.status, 'request'));
  return row?.n ?? 0;
}

export async function countTransfersToConfirm(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(topUps)
    .where(and(eq(topUps.method, 'bank_transfer'), eq(topUps.status, 'pending')));
  return row?.n ?? 0;
}

// Approved agencies' accounts in their own currency (the low-balance and overdue rules decide which to show)
export async function approvedAccounts(db: Db) {
  return db
    .select({
      agencyId: agencies.id,
      name: agencies.name,
      currency: agencies.currency,
      ...ownAccountColumns,
    })
    .from(agencies)
    .leftJoin(agencyBalances, ownAccount)
    .where(eq(agencies.status, 'approved'))
    .orderBy(asc(agencies.name))
    .limit(1000);
}

// Background jobs whose last run failed
export async function failingJobs(db: Db) {
  return db
    .select({
      name: jobs.name,
      failures: jobs.consecutiveFailures,
      lastError: jobs.lastError,
      at: jobs.lastFinishedAt,
      startedAt: jobs.lastStartedAt,
    })
    .from(jobs)
    .where(gt(jobs.consecutiveFailures, 0))
    .orderBy(asc(jobs.name));
}
