import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';

export type AuditEvent = Omit<typeof auditEvents.$inferInsert, 'id' | 'createdAt'>;
export type AuditEntity = AuditEvent['entity'];

// Called inside the transaction that makes the change, so the history has an entry exactly when the change happened.
export async function insertAuditEvent(tx: DbOrTx, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values(event);
}

export async function listAuditEvents(
  db: Db,
  agencyId: string,
  entity: AuditEntity,
  page: { limit: number; offset: number },
) {
  const where = and(eq(auditEvents.agencyId, agencyId), eq(auditEvents.entity, entity));
  const [rows, [total]] = await Promise.all([
    db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
