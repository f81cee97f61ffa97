import { and, eq, sql } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { agencyBalances, ledgerEntries } from '../../db/schema/index.ts';

export type LedgerKind = 'deposit' | 'booking' | 'refund' | 'adjustment';
export type LedgerEntryInput = {
  agencyId: string;
  currency: CurrencyCode;
  amountMinor: number;
  kind: LedgerKind;
  description: string;
  reference: string;
  bookingId?: string;
};

// DESIGN "Balance is a ledger": the balance row changes in the same statement as the append-only entry is written
// (one round trip, so the agency's balance row stays locked only until the commit that follows). A debit that would
// pass the credit limit changes nothing and returns null (the CHECK is the backstop). With `bookingId`, the booking's
// balance-after is set in the same statement.
export async function postLedgerEntry(
  tx: DbOrTx,
  entry: LedgerEntryInput,
): Promise<{ balanceAfterMinor: number } | null> {
  const amount = entry.amountMinor;
  const balance =
    amount < 0
      ? sql`UPDATE agency_balances SET balance_minor = balance_minor + ${amount}, updated_at = now()
          WHERE agency_id = ${entry.agencyId} AND currency = ${entry.currency} AND balance_minor + ${amount} >= -credit_limit_minor
          RETURNING balance_minor`
      : sql`INSERT INTO agency_balances (agency_id, currency, balance_minor) VALUES (${entry.agencyId}, ${entry.currency}, ${amount})
          ON CONFLICT (agency_id, currency) DO UPDATE SET balance_minor = agency_balances.balance_minor + ${amount}, updated_at = now()
          RETURNING balance_minor`;
  const bookingId = entry.bookingId ?? null;
  const result = (await tx.execute(sql`
    WITH b AS (${balance}),
    e AS (
      INSERT INTO ledger_entries (agency_id, currency, amount_minor, kind, description, reference, booking_id, balance_after_minor)
      SELECT ${entry.agencyId}, ${entry.currency}, ${amount}, ${entry.kind}, ${entry.description}, ${entry.reference}, ${bookingId}::uuid, b.balance_minor FROM b
      RETURNING balance_after_minor
    ),
    u AS (
      UPDATE bookings SET balance_after_minor = e.balance_after_minor FROM e WHERE ${bookingId}::uuid IS NOT NULL AND bookings.id = ${bookingId}::uuid RETURNING 1
    )
    SELECT balance_after_minor FROM e`)) as unknown as { rows: { balance_after_minor: string | number }[] };
  const row = result.rows[0];
  return row ? { balanceAfterMinor: Number(row.balance_after_minor) } : null;
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
