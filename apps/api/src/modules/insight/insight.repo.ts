import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insightEvents, insightSessions } from '../../db/schema/index.ts';

export type InsightSession = Pick<
  typeof insightSessions.$inferSelect,
  'id' | 'userId' | 'agencyId' | 'startedAt' | 'lastSeenAt'
>;
export type InsightOwner = { userId: string; agencyId: string | null };
export type InsightEventRow = typeof insightEvents.$inferInsert;

export async function findInsightSession(db: DbOrTx, id: string): Promise<InsightSession | undefined> {
  const [row] = await db
    .select({
      id: insightSessions.id,
      userId: insightSessions.userId,
      agencyId: insightSessions.agencyId,
      startedAt: insightSessions.startedAt,
      lastSeenAt: insightSessions.lastSeenAt,
    })
    .from(insightSessions)
    .where(eq(insightSessions.id, id))
    .limit(1);
  return row;
}

// false when the id is taken (another batch of the same new session got there first)
export async function startInsightSession(
  db: DbOrTx,
  session: { id: string; siteId: string; owner: InsightOwner | null; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(insightSessions)
    .values({
      id: session.id,
      siteId: session.siteId,
      userId: session.owner?.userId ?? null,
      agencyId: session.owner?.agencyId ?? null,
      startedAt: session.at,
      lastSeenAt: session.at,
    })
    .onConflictDoNothing()
    .returning({ id: insightSessions.id });
  return rows.length > 0;
}

// The session was used at `at` (never moved back by a late batch); an anonymous one becomes the owner's
export async function touchInsightSession(
  db: DbOrTx,
  id: string,
  at: Date,
  claimedBy: InsightOwner | null,
): Promise<void> {
  const lastSeenAt = sql`GREATEST(${insightSessions.lastSeenAt}, ${at.toISOString()}::timestamptz)`;
  if (claimedBy)
    await db
      .update(insightSessions)
      .set({ lastSeenAt, userId: claimedBy.userId, agencyId: claimedBy.agencyId })
      .where(and(eq(insightSessions.id, id), isNull(insightSessions.userId)));
  else await db.update(insightSessions).set({ lastSeenAt }).where(eq(insightSessions.id, id));
}

export async function insertInsightEvents(db: DbOrTx, rows: InsightEventRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(insightEvents).values(rows);
}
