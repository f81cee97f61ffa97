import { and, desc, eq, min } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { agencies, users } from '../../db/schema/index.ts';

export type AgencyStatus = (typeof agencies.$inferSelect)['status'];

export async function listAgencies(db: Db, status: AgencyStatus | undefined) {
  return db
    .select({
      id: agencies.id,
      name: agencies.name,
      siteId: agencies.siteId,
      status: agencies.status,
      currency: agencies.currency,
      tradeLicenseNumber: agencies.tradeLicenseNumber,
      createdAt: agencies.createdAt,
      adminEmail: min(users.email),
    })
    .from(agencies)
    .leftJoin(users, and(eq(users.agencyId, agencies.id), eq(users.role, 'admin')))
    .where(status ? eq(agencies.status, status) : undefined)
    .groupBy(agencies.id)
    .orderBy(desc(agencies.createdAt))
    .limit(500);
}

// pending → approved in one statement; null when it was not pending (then the caller says why)
export async function approvePendingAgency(db: DbOrTx, id: string) {
  const [row] = await db
    .update(agencies)
    .set({ status: 'approved' })
    .where(and(eq(agencies.id, id), eq(agencies.status, 'pending')))
    .returning({ id: agencies.id, name: agencies.name, siteId: agencies.siteId, language: agencies.language });
  return row ?? null;
}

export async function agencyStatus(db: Db, id: string): Promise<AgencyStatus | null> {
  const [row] = await db.select({ status: agencies.status }).from(agencies).where(eq(agencies.id, id));
  return row?.status ?? null;
}
