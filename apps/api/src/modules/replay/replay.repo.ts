import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isRecordedNow, recordedSession } from '../insight/index.ts';
import { agencies, bookings, insightSessions, replayRecordings, replaySessions, users } from '../../db/schema/index.ts';

export type ReplaySessionRow = {
  sessionId: string;
  agencyId: string;
  agencyName: string;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  startedAt: Date;
  lastSeenAt: Date;
  recordings: number;
  size: number;
};

// Stores uploads, each as its recorded session's next recording, in one statement: each session must be recorded (its
// own flag and its agency's switch) and the uploader's, and keep no more than `maxSessionBytes` with it. Each session's
// replay_sessions row is taken or made first (ON CONFLICT reads its latest version and locks it; in session order, so
// two statements never deadlock), so two tabs of one session upload in turn: no sequence twice, no cap passed. One
// answer per upload, in order: 'kept', or why not ('notRecorded' before 'tooLarge'). Many uploads go together from the
// service's write group (at most one per session: a statement cannot take one row twice).
export type RecordingUpload = { sessionId: string; userId: string; agencyId: string; bytes: Buffer };
export type AppendOutcome = 'kept' | 'notRecorded' | 'tooLarge';
export async function appendRecordings(
  db: DbOrTx,
  uploads: readonly RecordingUpload[],
  maxSessionBytes: number,
): Promise<AppendOutcome[]> {
  if (new Set(uploads.map((upload) => upload.sessionId)).size !== uploads.length)
    throw new Error('appendRecordings: one upload per session in a statement');
  if (uploads.length === 0) return [];
  const asked = sql.join(
    uploads.map(
      (upload) =>
        sql`(${upload.sessionId}::uuid, ${upload.userId}::uuid, ${upload.agencyId}::uuid, ${upload.bytes}::bytea, ${upload.bytes.length}::int)`,
    ),
    sql`, `,
  );
  const s = insightSessions;
  const result = (await db.execute(sql`
    WITH asked (session_id, user_id, agency_id, bytes, size) AS (VALUES ${asked}),
    counted AS (
      INSERT INTO ${replaySessions} AS rs (session_id, next_sequence, size)
      SELECT ${s.id}, 1, asked.size FROM asked JOIN ${s} ON ${s.id} = asked.session_id
      WHERE ${isRecordedNow} AND ${s.userId} = asked.user_id AND ${s.agencyId} = asked.agency_id
        AND asked.size <= ${maxSessionBytes}::int
      ORDER BY ${s.id}
      ON CONFLICT (session_id) DO UPDATE SET next_sequence = rs.next_sequence + 1, size = rs.size + excluded.size
        WHERE rs.size + excluded.size <= ${maxSessionBytes}::int
      RETURNING rs.session_id, rs.next_sequence - 1 AS sequence
    )
    INSERT INTO ${replayRecordings} (session_id, sequence, bytes, size)
    SELECT counted.session_id, counted.sequence, asked.bytes, asked.size
    FROM counted JOIN asked ON asked.session_id = counted.session_id
    RETURNING session_id`)) as unknown as { rows: { session_id: string }[] };
  const kept = new Set(result.rows.map((row) => String(row.session_id)));
  return Promise.all(
    uploads.map(async (upload): Promise<AppendOutcome> => {
      if (kept.has(upload.sessionId)) return 'kept';
      const owner = await recordedSession(db, upload.sessionId);
      return owner?.userId === upload.userId && owner.agencyId === upload.agencyId ? 'tooLarge' : 'notRecorded';
    }),
  );
}

// Recorded sessions with what they keep (only those with at least one recording), newest first. The recordings are
// counted per session through its (session, sequence) index.
async function sessionRows(db: DbOrTx, where: SQL, limit: number): Promise<ReplaySessionRow[]> {
  const result = (await db.execute(sql`
    SELECT s.id AS session_id, s.agency_id, a.name AS agency_name, s.user_id, u.name AS user_name,
      u.email AS user_email, s.started_at, s.last_seen_at, kept.recordings, kept.size
    FROM ${insightSessions} s
    JOIN ${agencies} a ON a.id = s.agency_id
    LEFT JOIN ${users} u ON u.id = s.user_id
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS recordings, coalesce(sum(r.size), 0)::bigint AS size
      FROM ${replayRecordings} r WHERE r.session_id = s.id
    ) kept
    WHERE ${where} AND kept.recordings > 0
    ORDER BY s.started_at DESC
    LIMIT ${limit}`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    sessionId: String(row.session_id),
    agencyId: String(row.agency_id),
    agencyName: String(row.agency_name),
    userId: row.user_id === null ? null : String(row.user_id),
    userName: row.user_name === null ? null : String(row.user_name),
    userEmail: row.user_email === null ? null : String(row.user_email),
    startedAt: asDate(row.started_at),
    lastSeenAt: asDate(row.last_seen_at),
    recordings: Number(row.recordings),
    size: Number(row.size),
  }));
}

// a raw query's timestamptz: a Date from both drivers, text if a driver's parser is off
function asDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

export function agencyRecordedSessions(db: DbOrTx, agencyId: string, limit: number): Promise<ReplaySessionRow[]> {
  return sessionRows(db, sql`s.agency_id = ${agencyId} AND s.is_recorded`, limit);
}

export async function recordedSessionById(db: DbOrTx, sessionId: string): Promise<ReplaySessionRow | undefined> {
  const [row] = await sessionRows(db, sql`s.id = ${sessionId}`, 1);
  return row;
}

// The analytics session a booking was made in: undefined for an unknown booking, null when it names none
export async function bookingSession(db: DbOrTx, bookingId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ sessionId: bookings.insightSessionId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row ? row.sessionId : undefined;
}

export async function bookingsMadeIn(db: DbOrTx, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({ sessionId: bookings.insightSessionId, id: bookings.id, reference: bookings.reference })
    .from(bookings)
    .where(inArray(bookings.insightSessionId, sessionIds))
    .orderBy(asc(bookings.createdAt));
}

// The sizes of a session's recordings from `from` on, in order: what a page of them may hold is decided from these
// before any bytes are read
export function recordingSizes(db: DbOrTx, sessionId: string, from: number, limit: number) {
  return db
    .select({ sequence: replayRecordings.sequence, size: replayRecordings.size })
    .from(replayRecordings)
    .where(and(eq(replayRecordings.sessionId, sessionId), gte(replayRecordings.sequence, from)))
    .orderBy(asc(replayRecordings.sequence))
    .limit(limit);
}

export function recordingsBetween(db: DbOrTx, sessionId: string, from: number, to: number) {
  return db
    .select({
      sequence: replayRecordings.sequence,
      createdAt: replayRecordings.createdAt,
      bytes: replayRecordings.bytes,
    })
    .from(replayRecordings)
    .where(
      and(
        eq(replayRecordings.sessionId, sessionId),
        gte(replayRecordings.sequence, from),
        lte(replayRecordings.sequence, to),
      ),
    )
    .orderBy(asc(replayRecordings.sequence));
}
