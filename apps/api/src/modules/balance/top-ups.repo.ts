import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { TopUpStatus } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { agencies, topUps } from '../../db/schema/index.ts';

export type TopUpRow = typeof topUps.$inferSelect;
type TopUpInsert = typeof topUps.$inferInsert;
type TopUpChanges = Partial<Omit<TopUpInsert, 'id' | 'agencyId' | 'createdAt' | 'updatedAt'>>;

export async function findAgency(db: DbOrTx, agencyId: string) {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  return row ?? null;
}

export async function insertTopUp(db: DbOrTx, values: TopUpInsert): Promise<TopUpRow> {
  const [row] = await db.insert(topUps).values(values).returning();
  if (!row) throw new Error('top-up insert returned nothing');
  return row;
}

// one agency's top-up (null: unknown or another agency's); `agencyId` null for the operator
export async function findTopUp(
  db: DbOrTx,
  id: string,
  agencyId: string | null,
  forUpdate = false,
): Promise<TopUpRow | null> {
  const where = agencyId === null ? eq(topUps.id, id) : and(eq(topUps.id, id), eq(topUps.agencyId, agencyId));
  const query = db.select().from(topUps).where(where).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

// Changes a top-up only from the status it is expected in: null when another call changed it first
export async function moveTopUp(
  db: DbOrTx,
  id: string,
  from: TopUpStatus,
  changes: TopUpChanges,
): Promise<TopUpRow | null> {
  const [row] = await db
    .update(topUps)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(topUps.id, id), eq(topUps.status, from)))
    .returning();
  return row ?? null;
}

export async function listTopUps(
  db: DbOrTx,
  filter: { agencyId: string | null; status?: TopUpStatus },
  limit = 200,
): Promise<(TopUpRow & { agencyName: string })[]> {
  const conditions = [
    ...(filter.agencyId === null ? [] : [eq(topUps.agencyId, filter.agencyId)]),
    ...(filter.status ? [eq(topUps.status, filter.status)] : []),
  ];
  const rows = await db
    .select({ topUp: topUps, agencyName: agencies.name })
    .from(topUps)
    .innerJoin(agencies, eq(agencies.id, topUps.agencyId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(topUps.createdAt), desc(topUps.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.topUp, agencyName: row.agencyName }));
}

// card top-ups still pending after `before`: their payment is closed at the provider and they end unpaid
export async function staleCardTopUps(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: topUps.id })
    .from(topUps)
    .where(and(eq(topUps.status, 'pending'), eq(topUps.method, 'card'), lt(topUps.createdAt, before)))
    .orderBy(topUps.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}
