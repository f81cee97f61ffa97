import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';

export type AuditEvent = Omit<typeof auditEvents.$inferInsert, 'id' | 'createdAt'>;
export type AuditEntity = AuditEvent['entity'];
export type AuditFilter = { agencyId?: string; entity?: AuditEntity; entityId?: string; actorUserId?: string };

export async function insertAuditEvent(tx: DbOrTx, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values(event);
}

// Newest first; every filter given must match (an agency's own history passes its agency and the entity)
export async function listAuditEvents(db: Db, filter: AuditFilter, page: { limit: number; offset: number }) {
  const conditions: SQL[] = [];
  if (filter.agencyId) conditions.push(eq(auditEvents.agencyId, filter.agencyId));
  if (filter.entity) conditions.push(eq(auditEvents.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(auditEvents.entityId, filter.entityId));
  if (filter.actorUserId) conditions.push(eq(auditEvents.actorUserId, filter.actorUserId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
