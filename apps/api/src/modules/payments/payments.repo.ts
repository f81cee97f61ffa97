import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentRefunds, payments, webhookEvents } from '../../db/schema/index.ts';
import type { ProviderName, ProviderStatus } from './providers/provider.ts';

export type PaymentRecord = typeof payments.$inferSelect;
type PaymentChanges = Partial<Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;

export const OPEN_STATUSES: readonly ProviderStatus[] = ['pending', 'requires_action'];

// what a payment pays for: exactly one of a booking or a top-up
export type PaymentOwnerKey = { bookingId: string; topUpId?: never } | { topUpId: string; bookingId?: never };
const ownedBy = (key: PaymentOwnerKey) =>
  key.bookingId !== undefined ? eq(payments.bookingId, key.bookingId) : eq(payments.topUpId, key.topUpId);
export const ownerKeyOf = (payment: PaymentRecord): PaymentOwnerKey =>
  payment.bookingId !== null ? { bookingId: payment.bookingId } : { topUpId: payment.topUpId ?? '' };

export async function insertPayment(
  db: DbOrTx,
  values: PaymentOwnerKey & Pick<PaymentRecord, 'agencyId' | 'provider' | 'amountMinor' | 'currency' | 'expiresAt'>,
): Promise<PaymentRecord> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

export async function updatePayment(db: DbOrTx, id: string, changes: PaymentChanges): Promise<void> {
  await db
    .update(payments)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

// the payment a provider's answer is about, locked for the transaction that applies it
export async function lockPaymentByRef(
  tx: DbOrTx,
  provider: ProviderName,
  providerRef: string,
): Promise<PaymentRecord | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function latestPaymentFor(db: DbOrTx, owner: string | PaymentOwnerKey): Promise<PaymentRecord | null> {
  const key = typeof owner === 'string' ? { bookingId: owner } : owner;
  const [row] = await db.select().from(payments).where(ownedBy(key)).orderBy(desc(payments.createdAt)).limit(1);
  return row ?? null;
}

export async function findAgencyPayment(db: DbOrTx, agencyId: string, id: string): Promise<PaymentRecord | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.agencyId, agencyId)))
    .limit(1);
  return row ?? null;
}

// charges still open at the provider for one booking or top-up
export async function openChargesFor(db: DbOrTx, owner: PaymentOwnerKey): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        ownedBy(owner),
        or(eq(payments.status, 'pending'), eq(payments.status, 'requires_action')),
        isNotNull(payments.providerRef),
      ),
    );
}

// A webhook's event id, written in the transaction that applies it: false when it was applied before
export async function recordWebhookEvent(tx: DbOrTx, provider: ProviderName, eventId: string): Promise<boolean> {
  const [fresh] = await tx
    .insert(webhookEvents)
    .values({ provider, eventId })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.eventId });
  return fresh !== undefined;
}

export async function addRefundDue(tx: DbOrTx, id: string, amountMinor: number, reason: string): Promise<void> {
  await tx
    .update(payments)
    .set({
      refundDueMinor: sql`${payments.refundDueMinor} + ${amountMinor}`,
      refundReason: reason,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, id));
}

export type RefundAttempt = {
  attemptId: string;
  amountMinor: number;
  provider: ProviderName;
  providerRef: string;
  reason: string | null;
  // the attempt was claimed before and its lease ran out unanswered: it may have reached the provider
  resumed: boolean;
};

// One node asks the provider for a refund at a time: the claim moves what is owed into an attempt with an id and a
// lease, in one statement (the row lock decides between nodes). An attempt whose lease ran out without an answer is
// claimed again under the same id (`resumed`). A held refund is claimed only by the operator's own call (`held`),
// who has looked at the provider first.
export async function claimRefundAttempt(
  db: DbOrTx,
  id: string,
  leaseSeconds: number,
  options: { held?: boolean } = {},
): Promise<RefundAttempt | null> {
  const hold = options.held ? sql`refund_hold IS NOT NULL` : sql`refund_hold IS NULL`;
  const result = (await db.execute(sql`
    UPDATE payments p SET
      refund_attempt_id = CASE WHEN p.refund_attempt_id IS NULL THEN gen_random_uuid() ELSE p.refund_attempt_id END,
      refund_attempt_minor = CASE WHEN p.refund_attempt_id IS NULL THEN p.refund_due_minor ELSE p.refund_attempt_minor END,
      refund_due_minor = CASE WHEN p.refund_attempt_id IS NULL THEN 0 ELSE p.refund_due_minor END,
      refund_attempt_until = now() + make_interval(secs => ${leaseSeconds}),
      refund_hold = NULL,
      updated_at = now()
    FROM (SELECT id, refund_attempt_id IS NOT NULL AS resumed FROM payments WHERE id = ${id} FOR UPDATE) before
    WHERE p.id = before.id AND p.provider_ref IS NOT NULL AND ${hold}
      AND ((p.refund_attempt_id IS NULL AND p.refund_due_minor > 0)
        OR (p.refund_attempt_id IS NOT NULL AND (p.refund_attempt_until IS NULL OR p.refund_attempt_until < now())))
    RETURNING p.refund_attempt_id AS "attemptId", p.refund_attempt_minor AS "amountMinor", p.provider,
      p.provider_ref AS "providerRef", p.refund_reason AS "reason", before.resumed`)) as unknown as {
    rows: (Omit<RefundAttempt, 'amountMinor'> & { amountMinor: string | number })[];
  };
  const row = result.rows[0];
  return row ? { ...row, amountMinor: Number(row.amountMinor), resumed: Boolean(row.resumed) } : null;
}

// The sweeper stops asking until the operator has looked at the provider. 'refused': the amount is owed again (a new
// attempt id when asked); 'unconfirmed': the attempt stays as it is, it may have been made. Guarded by the attempt id.
export async function holdRefund(
  db: DbOrTx,
  id: string,
  attemptId: string,
  hold: 'refused' | 'unconfirmed',
  message: string,
): Promise<void> {
  const refused = hold === 'refused';
  await db
    .update(payments)
    .set({
      refundHold: hold,
      failureMessage: message,
      refundAttemptUntil: null,
      updatedAt: sql`now()`,
      ...(refused
        ? {
            refundDueMinor: sql`${payments.refundDueMinor} + ${payments.refundAttemptMinor}`,
            refundAttemptMinor: 0,
            refundAttemptId: null,
          }
        : {}),
    })
    .where(and(eq(payments.id, id), eq(payments.refundAttemptId, attemptId)));
}

export async function lockPayment(tx: DbOrTx, id: string): Promise<PaymentRecord | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

// A refund counted as made: the refunded amount grows, and the payment is 'refunded' once its refunds cover it
function refundedBy(minor: SQL) {
  return {
    refundedMinor: sql`${payments.refundedMinor} + ${minor}`,
    status: sql`CASE WHEN ${payments.refundedMinor} + ${minor} >= ${payments.amountMinor} THEN 'refunded' ELSE ${payments.status} END`,
  };
}

// The operator found the held refund made at the provider: an unconfirmed attempt's amount, or (refused) what is
// owed, which they refunded there by hand, counts as refunded, once (only while held; the row's own lock)
export async function recordHeldRefundMade(tx: DbOrTx, id: string): Promise<PaymentRecord | null> {
  const unconfirmed = sql`${payments.refundHold} = 'unconfirmed'`;
  const made = sql`(CASE WHEN ${unconfirmed} THEN ${payments.refundAttemptMinor} ELSE ${payments.refundDueMinor} + ${payments.refundAttemptMinor} END)`;
  const [row] = await tx
    .update(payments)
    .set({
      ...refundedBy(made),
      refundDueMinor: sql`CASE WHEN ${unconfirmed} THEN ${payments.refundDueMinor} ELSE 0 END`,
      refundAttemptMinor: 0,
      refundAttemptId: null,
      refundAttemptUntil: null,
      refundHold: null,
      failureMessage: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), isNotNull(payments.refundHold)))
    .returning();
  return row ?? null;
}

// the provider confirmed the attempt: it counts as refunded, once (guarded by the attempt id), and the provider's
// refund is recorded in the same transaction (a later report that it failed gives that amount back to what is owed)
export async function finishRefundAttempt(
  db: DbOrTx,
  id: string,
  attemptId: string,
  refund: Pick<RecordedRefund, 'provider' | 'refundRef' | 'status'>,
): Promise<void> {
  const attempt = and(eq(payments.id, id), eq(payments.refundAttemptId, attemptId));
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ amountMinor: payments.refundAttemptMinor })
      .from(payments)
      .where(attempt)
      .for('update');
    if (!before) return;
    await tx
      .update(payments)
      .set({
        ...refundedBy(sql`${payments.refundAttemptMinor}`),
        refundAttemptMinor: 0,
        refundAttemptId: null,
        refundAttemptUntil: null,
        failureMessage: null,
        updatedAt: sql`now()`,
      })
      .where(attempt);
    if (before.amountMinor > 0)
      await tx
        .insert(paymentRefunds)
        .values({ ...refund, paymentId: id, attemptId, amountMinor: before.amountMinor })
        .onConflictDoNothing();
  });
}

export type RecordedRefund = typeof paymentRefunds.$inferSelect;

// a refund the provider confirmed, locked for the transaction that applies its later failure
export async function lockRecordedRefund(
  tx: DbOrTx,
  provider: ProviderName,
  refundRef: string,
): Promise<RecordedRefund | null> {
  const [row] = await tx
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.provider, provider), eq(paymentRefunds.refundRef, refundRef)))
    .for('update');
  return row ?? null;
}

// The provider reported a refund it had confirmed as failed: its amount is owed again and waits for the operator
// (held 'refused': the desk's "Check at the provider"), once per refund. The payment is paid, not refunded, again.
export async function markRecordedRefundFailed(tx: DbOrTx, refund: RecordedRefund, message: string): Promise<void> {
  await tx
    .update(paymentRefunds)
    .set({ status: 'failed', failureMessage: message, updatedAt: sql`now()` })
    .where(and(eq(paymentRefunds.provider, refund.provider), eq(paymentRefunds.refundRef, refund.refundRef)));
  await tx
    .update(payments)
    .set({
      refundedMinor: sql`${payments.refundedMinor} - ${refund.amountMinor}`,
      refundDueMinor: sql`${payments.refundDueMinor} + ${refund.amountMinor}`,
      refundHold: 'refused',
      failureMessage: message,
      status: sql`CASE WHEN ${payments.status} = 'refunded' THEN 'succeeded' ELSE ${payments.status} END`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, refund.paymentId));
}

// payments with money owed back to a card, or an attempt whose lease ran out, oldest first
export async function refundsDue(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNull(payments.refundHold),
        or(
          gt(payments.refundDueMinor, 0),
          and(isNotNull(payments.refundAttemptId), lt(payments.refundAttemptUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
