import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxCharges } from '../../../db/schema/index.ts';
import type { ProviderStatus } from './provider.ts';

export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;

export async function insertSandboxCharge(
  db: Db,
  row: {
    id: string;
    amountMinor: number;
    currency: string;
    description: string;
    language: 'en' | 'ru';
    returnUrl: string;
  },
): Promise<SandboxChargeRow> {
  const [inserted] = await db.insert(sandboxCharges).values(row).returning();
  if (!inserted) throw new Error('Sandbox charge was not inserted');
  return inserted;
}

export async function findSandboxCharge(db: Db, id: string): Promise<SandboxChargeRow | null> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)).limit(1);
  return row ?? null;
}

// Moves a charge only from one of the expected states: the single winner of a race gets the row back.
export async function transitionSandboxCharge(
  db: Db,
  id: string,
  from: ProviderStatus[],
  to: { status: ProviderStatus; failureMessage?: string | null; cardLast4?: string | null },
): Promise<SandboxChargeRow | null> {
  const [row] = await db
    .update(sandboxCharges)
    .set({ ...to, updatedAt: sql`now()` })
    .where(and(eq(sandboxCharges.id, id), inArray(sandboxCharges.status, from)))
    .returning();
  return row ?? null;
}

// One statement, so concurrent refunds can never exceed the charged amount; a key already used answers the refund
// it made (as a real provider's idempotency keys do).
export async function addSandboxRefund(
  db: Db,
  id: string,
  amountMinor: number,
  key: string,
): Promise<SandboxChargeRow | null> {
  const [done] = await db
    .select()
    .from(sandboxCharges)
    .where(and(eq(sandboxCharges.id, id), sql`${key} = ANY(${sandboxCharges.refundKeys})`));
  if (done) return done;
  const [row] = await db
    .update(sandboxCharges)
    .set({
      refundKeys: sql`array_append(${sandboxCharges.refundKeys}, ${key})`,
      refundedMinor: sql`${sandboxCharges.refundedMinor} + ${amountMinor}`,
      status: sql`CASE WHEN ${sandboxCharges.refundedMinor} + ${amountMinor} >= ${sandboxCharges.amountMinor} THEN 'refunded' ELSE ${sandboxCharges.status} END`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(sandboxCharges.id, id),
        inArray(sandboxCharges.status, ['succeeded']),
        sql`NOT (${key} = ANY(${sandboxCharges.refundKeys}))`,
        sql`${sandboxCharges.refundedMinor} + ${amountMinor} <= ${sandboxCharges.amountMinor}`,
      ),
    )
    .returning();
  return row ?? null;
}
