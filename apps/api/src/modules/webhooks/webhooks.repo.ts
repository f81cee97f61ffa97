import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookOutbox } from '../../db/schema/index.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type OutboxRow = typeof webhookOutbox.$inferSelect;

export function listEndpoints(db: DbOrTx, agencyId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.agencyId, agencyId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(db: DbOrTx, agencyId: string, id: string, forUpdate = false) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.agencyId, agencyId), isNull(webhookEndpoints.deletedAt)),
    )
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertEndpoint(tx: DbOrTx, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return row;
}

export async function updateEndpoint(tx: DbOrTx, id: string, values: Partial<typeof webhookEndpoints.$inferInsert>) {
  const [row] = await tx.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  return row ?? null;
}

// The outbox: a row in the transaction of what happened
export async function insertOutbox(
  tx: DbOrTx,
  values: { agencyId: string; eventType: string; bookingId?: string | null; data?: Record<string, unknown> | null },
) {
  await tx.insert(webhookOutbox).values(values);
}

// Events not yet fanned out, oldest first, each taken by one node (the others skip it)
export function claimOutbox(tx: DbOrTx, limit: number) {
  return tx
    .select()
    .from(webhookOutbox)
    .where(isNull(webhookOutbox.dispatchedAt))
    .orderBy(asc(webhookOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markDispatched(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  await tx
    .update(webhookOutbox)
    .set({ dispatchedAt: sql`now()` })
    .where(inArray(webhookOutbox.id, ids));
}

// the agency's endpoints that take this event now and already existed when it happened: an endpoint added later
// starts with the next event, it is not sent the waiting ones from before it
export function subscribedEndpoints(tx: DbOrTx, event: { id: number; agencyId: string; eventType: string }) {
  return tx
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.agencyId, event.agencyId),
        eq(webhookEndpoints.isEnabled, true),
        isNull(webhookEndpoints.deletedAt),
        sql`${event.eventType} = ANY(${webhookEndpoints.events})`,
        // compared in the database, to the microsecond
        sql`${webhookEndpoints.createdAt} <= (SELECT ${webhookOutbox.createdAt} FROM ${webhookOutbox} WHERE ${webhookOutbox.id} = ${event.id})`,
      ),
    );
}

// once per endpoint and event: a second fan-out of the same event makes nothing
export async function insertDelivery(tx: DbOrTx, values: typeof webhookDeliveries.$inferInsert) {
  const rows = await tx
    .insert(webhookDeliveries)
    .values(values)
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.outboxId] })
    .returning();
  return rows[0] ?? null;
}

// Due deliveries, oldest first (read without a lock: each is leased on its own just before it is sent)
export async function dueDeliveryIds(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        sql`${webhookDeliveries.nextAttemptAt} <= now()`,
        sql`(${webhookDeliveries.lockedUntil} IS NULL OR ${webhookDeliveries.lockedUntil} < now())`,
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

// One delivery leased for `leaseSeconds` to the caller, if it is still due and no one else holds it (the lease is
// longer than a send may take: the try's time limit and the DNS look-up)
export async function claimDelivery(db: DbOrTx, id: string, leaseSeconds: number): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    // whole milliseconds: the lease read back into JavaScript is compared with the stored one (recordAttempt)
    .set({ lockedUntil: sql`date_trunc('milliseconds', now() + make_interval(secs => ${leaseSeconds}))` })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        sql`${webhookDeliveries.nextAttemptAt} <= now()`,
        sql`(${webhookDeliveries.lockedUntil} IS NULL OR ${webhookDeliveries.lockedUntil} < now())`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function findEndpointById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  return row ?? null;
}

// a try's outcome, written only while the try's lease is still the delivery's (a lease taken over is another try's)
export async function recordAttempt(
  tx: DbOrTx,
  id: string,
  lease: Date | null,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
) {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ ...values, lockedUntil: null, lastAttemptAt: sql`now()` })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        lease ? eq(webhookDeliveries.lockedUntil, lease) : isNull(webhookDeliveries.lockedUntil),
      ),
    )
    .returning();
  return row ?? null;
}

export function listDeliveries(db: DbOrTx, endpointId: string, limit = 50) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(db: DbOrTx, agencyId: string, id: string, forUpdate = false) {
  const query = db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.agencyId, agencyId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateDelivery(tx: DbOrTx, id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) {
  const [row] = await tx.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id)).returning();
  return row ?? null;
}
