import { and, eq, isNull, sql } from 'drizzle-orm';
import { INSIGHT_SESSION_MAX_MS, INSIGHT_SESSION_RENEW_MS } from '@portal/contract';
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

// Whether support replay records a session now (issue 31 item 3), the one rule, on a row of insight_sessions: sampled
// when it began or was claimed, an agency's user owns it, and that agency's switch is on at this moment.
// recordedSession below and replay's upload statement read it too. (The subquery is an expression of its own: Drizzle
// writes a returned expression's own columns without their table.)
export const isRecordedNow = sql<boolean>`(${insightSessions.isRecorded} AND ${insightSessions.userId} IS NOT NULL AND ${sql`EXISTS (
    SELECT 1 FROM ${agencies} WHERE ${agencies.id} = ${insightSessions.agencyId} AND ${agencies.isReplayRecorded})`})`;

// What a write of a session answers besides: whether support replay records it now. One statement does both, so a
// batch costs no read after its writes.
type SessionWritten = { record: boolean };
const written = {
  record: isRecordedNow,
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

// The common batch (issue 31: ingestion cheap beside bookings): when the session exists, goes on and is already the
// batch's user's — or anonymous, and so is the batch — it is touched and the events are stored with it. The test is
// insightSessionContinues (contract) in SQL, on the same constants and each batch's own clock: seen within
// INSIGHT_SESSION_RENEW_MS, begun within INSIGHT_SESSION_MAX_MS. Many batches (of different sessions) go in one
// statement, the write group's (insight-ingest.service.ts); each answer is undefined, with nothing of that batch
// written, when any of that is not so: the batch then takes the transaction that starts, claims or replaces the
// session. The sessions are locked in id order before they are touched, so two groups (two nodes) never deadlock.
export type OngoingBatch = { sessionId: string; userId: string | null; at: Date; rows: InsightEventRow[] };
export async function appendToOngoingSessions(
  db: DbOrTx,
  batches: readonly OngoingBatch[],
): Promise<(SessionWritten | undefined)[]> {
  const s = insightSessions;
  // in id order, as they are locked
  const ordered = [...batches].sort((x, y) => (x.sessionId < y.sessionId ? -1 : x.sessionId > y.sessionId ? 1 : 0));
  const ids = `{${ordered.map((batch) => batch.sessionId).join(',')}}`;
  const asked = ordered.map((batch) => ({
    session_id: batch.sessionId,
    user_id: batch.userId,
    at: batch.at.toISOString(),
  }));
  const events = ordered.flatMap((batch) => batch.rows.map((row) => eventJson(batch.sessionId, row)));
  const result = (await db.execute(sql`
    WITH asked AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) AS b(session_id uuid, user_id uuid,
        at timestamptz)
    ), locked AS (
      SELECT ${s.id} AS id FROM ${s} WHERE ${s.id} = ANY(${ids}::uuid[]) ORDER BY ${s.id} FOR UPDATE
    ), touched AS (
      UPDATE ${s} SET last_seen_at = GREATEST(${s.lastSeenAt}, asked.at)
      FROM asked JOIN locked ON locked.id = asked.session_id
      WHERE ${s.id} = asked.session_id AND ${s.id} = ANY(${ids}::uuid[])
        AND ${s.lastSeenAt} >= asked.at - make_interval(secs => ${INSIGHT_SESSION_RENEW_MS / 1000})
        AND ${s.startedAt} >= asked.at - make_interval(secs => ${INSIGHT_SESSION_MAX_MS / 1000})
        AND ${s.userId} IS NOT DISTINCT FROM asked.user_id
      RETURNING ${s.id} AS id, ${written.record} AS record
    ), stored AS (
      INSERT INTO ${insightEvents} (session_id, kind, at, site_id, agency_id, user_id, channel, path, tour_id,
        offer_id, date, seats, reason, props)
      SELECT e.session_id, e.kind, e.at, e.site_id, e.agency_id, e.user_id, e.channel, e.path, e.tour_id, e.offer_id,
        e.date, e.seats, e.reason, e.props
      FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS (session_id uuid, kind text,
        at timestamptz, site_id text, agency_id uuid, user_id uuid, channel text, path text, tour_id int,
        offer_id int, date date, seats int, reason text, props jsonb)) WITH ORDINALITY AS e(session_id, kind, at,
        site_id, agency_id, user_id, channel, path, tour_id, offer_id, date, seats, reason, props, n)
      WHERE e.session_id IN (SELECT id FROM touched)
      ORDER BY e.n
    )
    SELECT id, record FROM touched`)) as unknown as { rows: { id: string; record: boolean }[] };
  const answers = new Map(result.rows.map((row) => [row.id, { record: row.record }]));
  return batches.map((batch) => answers.get(batch.sessionId));
}

// an event row as jsonb_to_recordset reads it: column names, the time as ISO text, absent as null
function eventJson(sessionId: string, row: InsightEventRow) {
  return {
    session_id: sessionId,
    kind: row.kind,
    at: row.at instanceof Date ? row.at.toISOString() : null,
    site_id: row.siteId ?? null,
    agency_id: row.agencyId ?? null,
    user_id: row.userId ?? null,
    channel: row.channel ?? 'portal',
    path: row.path ?? null,
    tour_id: row.tourId ?? null,
    offer_id: row.offerId ?? null,
    date: row.date ?? null,
    seats: row.seats ?? null,
    reason: row.reason ?? null,
    props: row.props ?? null,
  };
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
    .select({ userId: insightSessions.userId, agencyId: insightSessions.agencyId })
    .from(insightSessions)
    .where(and(eq(insightSessions.id, id), isRecordedNow))
    .limit(1);
  return row?.userId && row.agencyId ? { userId: row.userId, agencyId: row.agencyId } : undefined;
}
