import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { agencyBalances, ledgerEntries } from '../../db/schema/index.ts';

// commission: a widget sale's margin credited to the agency once its tour date has passed
export type LedgerKind = 'deposit' | 'booking' | 'refund' | 'adjustment' | 'commission';
export type LedgerEntryInput = {
  agencyId: string;
  currency: CurrencyCode;
  amountMinor: number;
  kind: LedgerKind;
  description: string;
  reference: string;
  bookingId?: string;
};

export type LedgerPosting = Omit<LedgerEntryInput, 'bookingId' | 'reference'> & { reference: string | SQL };

// The one writer of balances and ledger entries (DESIGN "Balance is a ledger"), as two parts of one statement:
// `balanceChangeSql` changes the agency's balance row and returns `balance_minor`; `ledgerEntrySql` appends the entry
// with the balance after it, read from a CTE named `bal` holding the first part. A debit that would pass the credit
// limit changes no row (the CHECK is the backstop); `guard` adds a condition the change needs (the one-statement
// booking: the seats were taken). Used alone by postLedgerEntry and inside the one-statement balance booking.
export function balanceChangeSql(
  posting: Pick<LedgerPosting, 'agencyId' | 'currency' | 'amountMinor'>,
  guard?: SQL,
): SQL {
  const { agencyId, currency, amountMinor: amount } = posting;
  const when = guard ?? sql`true`;
  return amount < 0
    ? sql`UPDATE agency_balances SET balance_minor = balance_minor + ${amount}, updated_at = now()
        WHERE agency_id = ${agencyId} AND currency = ${currency} AND balance_minor + ${amount} >= -credit_limit_minor AND ${when}
        RETURNING balance_minor`
    : sql`INSERT INTO agency_balances (agency_id, currency, balance_minor) SELECT ${agencyId}, ${currency}, ${amount} WHERE ${when}
        ON CONFLICT (agency_id, currency) DO UPDATE SET balance_minor = agency_balances.balance_minor + ${amount}, updated_at = now()
        RETURNING balance_minor`;
}

// `from` lists the CTEs the entry is written from (always `bal`; the booking's CTE when `bookingId` refers to it)
export function ledgerEntrySql(posting: LedgerPosting, bookingId: SQL, from: SQL = sql`bal`): SQL {
  // created_at is the clock when the entry is written, after the balance row's lock (not the transaction's start):
  // per agency it follows seq, so a statement's dates and its running balances agree
  return sql`INSERT INTO ledger_entries (agency_id, currency, amount_minor, kind, description, reference, booking_id, balance_after_minor, created_at)
    SELECT ${posting.agencyId}, ${posting.currency}, ${posting.amountMinor}, ${posting.kind}, ${posting.description}, ${posting.reference}, ${bookingId}, bal.balance_minor, clock_timestamp() FROM ${from}
    RETURNING id, balance_after_minor`;
}

// One entry in one round trip, so the agency's balance row stays locked only until the commit that follows. A debit
// past the credit limit returns null and changes nothing. With `bookingId`, the booking's balance-after is set too.
export async function postLedgerEntry(
  tx: DbOrTx,
  entry: LedgerEntryInput,
): Promise<{ id: string; balanceAfterMinor: number } | null> {
  const bookingId = entry.bookingId ?? null;
  const result = (await tx.execute(sql`
    WITH bal AS (${balanceChangeSql(entry)}),
    e AS (${ledgerEntrySql(entry, sql`${bookingId}::uuid`)}),
    u AS (
      UPDATE bookings SET balance_after_minor = e.balance_after_minor FROM e WHERE ${bookingId}::uuid IS NOT NULL AND bookings.id = ${bookingId}::uuid RETURNING 1
    )
    SELECT id, balance_after_minor FROM e`)) as unknown as {
    rows: { id: string; balance_after_minor: string | number }[];
  };
  const row = result.rows[0];
  return row ? { id: row.id, balanceAfterMinor: Number(row.balance_after_minor) } : null;
}

export async function readBalance(db: DbOrTx, agencyId: string, currency: CurrencyCode) {
  const [row] = await db
    .select({ balanceMinor: agencyBalances.balanceMinor, creditLimitMinor: agencyBalances.creditLimitMinor })
    .from(agencyBalances)
    .where(and(eq(agencyBalances.agencyId, agencyId), eq(agencyBalances.currency, currency)));
  return { balanceMinor: Number(row?.balanceMinor ?? 0), creditLimitMinor: Number(row?.creditLimitMinor ?? 0) };
}

export async function sumLedger(db: DbOrTx, agencyId: string, currency: CurrencyCode): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.agencyId, agencyId), eq(ledgerEntries.currency, currency)));
  return Number(row?.total ?? 0);
}

export async function findLedgerEntry(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: ledgerEntries.id,
      currency: ledgerEntries.currency,
      amountMinor: ledgerEntries.amountMinor,
      balanceAfterMinor: ledgerEntries.balanceAfterMinor,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.id, id));
  return row ?? null;
}
