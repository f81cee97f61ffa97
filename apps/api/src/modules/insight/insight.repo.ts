import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agencies, insightEvents, insightSessions } from '../../db/schema/index.ts';

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

// What a write of a session answers besides: whether support replay records it now (issue 31 item 3) — sampled when
// it began or was claimed, an agency's user owns it, and that agency's switch is on at this moment; recordedSession
// below reads the same. One statement does both, so a batch costs no read after its writes. (The subquery is an
// expression of its own: Drizzle writes the returned expression's own columns without their table.)
type SessionWritten = { record: boolean };
const written = {
  record: sql<boolean>`(${insightSessions.isRecorded} AND ${insightSessions.userId} IS NOT NULL AND ${sql`EXISTS (
    SELECT 1 FROM ${agencies} WHERE ${agencies.id} = ${insightSessions.agencyId} AND ${agencies.isReplayRecorded})`})`,
};

// undefined when the id is taken (another batch of the same new session got there first). `isSampled`: the support
// replay records it if an agency's user owns it (issue 31 item 3)
export async function startInsightSession(
  db: DbOrTx,
  session: { id: string; siteId: string; owner: InsightOwner | null; at: Date; isSampled: boolean },
): Promise<SessionWritten | undefined> {
  const [row] = await db
    .insert(insightSessions)
    .values({
      id: session.id,
      siteId: session.siteId,
      userId: session.owner?.userId ?? null,
      agencyId: session.owner?.agencyId ?? null,
      startedAt: session.at,
      lastSeenAt: session.at,
      isRecorded: session.isSampled && isAgencyUser(session.owner),
    })
    .onConflictDoNothing()
    .returning(written);
  return row;
}

// The session was used at `at` (never moved back by a late batch); an anonymous one becomes the owner's (and is
// recorded if sampled and the owner is an agency's user). undefined when a claim finds the session no longer
// anonymous (another user's batch claimed it meanwhile).
export async function touchInsightSession(
  db: DbOrTx,
  id: string,
  at: Date,
  claimedBy: InsightOwner | null,
  isSampled: boolean,
): Promise<SessionWritten | undefined> {
  const lastSeenAt = sql`GREATEST(${insightSessions.lastSeenAt}, ${at.toISOString()}::timestamptz)`;
  const [row] = claimedBy
    ? await db
        .update(insightSessions)
        .set({
          lastSeenAt,
          userId: claimedBy.userId,
          agencyId: claimedBy.agencyId,
          isRecorded: isSampled && isAgencyUser(claimedBy),
        })
        .where(and(eq(insightSessions.id, id), isNull(insightSessions.userId)))
        .returning(written)
    : await db.update(insightSessions).set({ lastSeenAt }).where(eq(insightSessions.id, id)).returning(written);
  return row;
}

export async function insertInsightEvents(db: DbOrTx, rows: InsightEventRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(insightEvents).values(rows);
}

// the tours company's operators have no agency: their pages are never recorded
function isAgencyUser(owner: InsightOwner | null): boolean {
  return owner?.agencyId !== null && owner?.agencyId !== undefined;
}

// Support replay (issue 31 item 3): the owner of a session whose pages are recorded now — sampled when it began (or
// was claimed) and its agency's switch on at this moment — or undefined
export async function recordedSession(
  db: DbOrTx,
  id: string,
): Promise<{ userId: string; agencyId: string } | undefined> {
  const [row] = await db
    .select({ userId: insightSessions.userId, agencyId: agencies.id })
    .from(insightSessions)
    .innerJoin(agencies, eq(agencies.id, insightSessions.agencyId))
    .where(and(eq(insightSessions.id, id), eq(insightSessions.isRecorded, true), eq(agencies.isReplayRecorded, true)))
    .limit(1);
  return row?.userId ? { userId: row.userId, agencyId: row.agencyId } : undefined;
}
