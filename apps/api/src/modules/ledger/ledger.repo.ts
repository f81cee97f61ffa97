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

// DESIGN "Balance is a ledger": the balance row changes in the same transaction as the append-only entry.
// A debit that would pass the credit limit changes nothing and returns null (the CHECK is the backstop).
export async function postLedgerEntry(tx: DbOrTx, entry: LedgerEntryInput): Promise<{ balanceAfterMinor: number } | null> {
  const amount = entry.amountMinor;
  const where = and(eq(agencyBalances.agencyId, entry.agencyId), eq(agencyBalances.currency, entry.currency));
  const [row] =
    amount < 0
      ? await tx
          .update(agencyBalances)
          .set({ balanceMinor: sql`${agencyBalances.balanceMinor} + ${amount}`, updatedAt: sql`now()` })
          .where(and(where, sql`${agencyBalances.balanceMinor} + ${amount} >= -${agencyBalances.creditLimitMinor}`))
          .returning({ balance: agencyBalances.balanceMinor })
      : await tx
          .insert(agencyBalances)
          .values({ agencyId: entry.agencyId, currency: entry.currency, balanceMinor: amount })
          .onConflictDoUpdate({
            target: [agencyBalances.agencyId, agencyBalances.currency],
            set: { balanceMinor: sql`${agencyBalances.balanceMinor} + ${amount}`, updatedAt: sql`now()` },
          })
          .returning({ balance: agencyBalances.balanceMinor });
  if (!row) return null;
  const balanceAfterMinor = Number(row.balance);
  await tx.insert(ledgerEntries).values({
    agencyId: entry.agencyId,
    currency: entry.currency,
    amountMinor: amount,
    kind: entry.kind,
    description: entry.description,
    reference: entry.reference,
    bookingId: entry.bookingId ?? null,
    balanceAfterMinor,
  });
  return { balanceAfterMinor };
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
