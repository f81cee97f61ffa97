import { REPLAY_MESSAGES, REPLAY_SESSION_MAX_BYTES } from '@portal/contract';
import type { OkResponse, ReplayRecording, ReplaySession, ReplaySessionList } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import type { Db } from '../../db/client.ts';
import { writeGroupPer } from '../../lib/write-group.ts';
import * as repo from './replay.repo.ts';
import type { UploadChecker } from './upload-checker.ts';

// what one page of a session's recordings may carry (compressed; base64 adds a third)
const PAGE_BYTES = 2 * 1024 * 1024;
const PAGE_RECORDINGS = 2_000;
// how many sessions an agency's page lists (REPLAY_RETENTION_DAYS keeps the rest short anyway)
const LISTED_SESSIONS = 100;

// Uploads from all the tabs this node serves are stored together (lib/write-group.ts, as the analytics batches): the
// ones that arrive within this window of the first share one statement and one commit. The recorder uploads in the
// background every 10 s, so the window delays nothing a user waits for; beside bookings it turns some eighty commits a
// second into a few (issue 31).
const GROUP_WINDOW_MS = 50;
const GROUP_MAX_UPLOADS = 32;
export const appendGroupOf = writeGroupPer((db: Db) => ({
  windowMs: GROUP_WINDOW_MS,
  maxItems: GROUP_MAX_UPLOADS,
  keyOf: (upload: repo.RecordingUpload) => upload.sessionId,
  write: (uploads: repo.RecordingUpload[]) => repo.appendRecordings(db, uploads, REPLAY_SESSION_MAX_BYTES),
}));

// Issue 31 item 3: one upload of a recorded session, from its own agent, checked from its bytes first (upload-check.ts,
// off the event loop). Nothing is stored unless it is all right: a body that inflates past the cap 413 and anything
// but a list of rrweb events 422; then, in the one statement that stores it, a session that is not recorded (never
// sampled, its agency's switch off, or another user's) 403 and a session that would keep more than its cap 413.
export async function uploadRecording(
  ctx: ServiceContext,
  sessionId: string,
  body: unknown,
  checker: Pick<UploadChecker, 'check'>,
): Promise<OkResponse> {
  const actor = requireAgencyActor(ctx);
  if (!Buffer.isBuffer(body)) throw AppError.field('body', REPLAY_MESSAGES.malformed);
  const check = await checker.check(body);
  if (check.outcome !== 'ok')
    throw check.outcome === 'tooLarge'
      ? new AppError('payload_too_large', REPLAY_MESSAGES.tooLarge)
      : AppError.field('body', REPLAY_MESSAGES.malformed);
  const bytes = check.stored
    ? Buffer.from(check.stored.buffer, check.stored.byteOffset, check.stored.byteLength)
    : body;
  const outcome = await appendGroupOf(ctx.db).add({ sessionId, userId: actor.userId, agencyId: actor.agencyId, bytes });
  if (outcome === 'notRecorded') throw new AppError('forbidden', REPLAY_MESSAGES.notRecorded);
  if (outcome === 'tooLarge') throw new AppError('payload_too_large', REPLAY_MESSAGES.tooLarge);
  return { ok: true };
}

// --- the operator's reads ---

export async function agencySessions(ctx: ServiceContext, agencyId: string): Promise<ReplaySessionList> {
  return { sessions: await sessionViews(ctx, await repo.agencyRecordedSessions(ctx.db, agencyId, LISTED_SESSIONS)) };
}

// The session the booking was made in, when it was recorded (none for a booking made elsewhere: a widget sale, the
// reseller API, a session not sampled)
export async function bookingSessions(ctx: ServiceContext, bookingId: string): Promise<ReplaySessionList> {
  const sessionId = await repo.bookingSession(ctx.db, bookingId);
  if (sessionId === undefined) throw AppError.notFound();
  const row = sessionId ? await repo.recordedSessionById(ctx.db, sessionId) : undefined;
  return { sessions: await sessionViews(ctx, row ? [row] : []) };
}

// A session and a page of its recordings, as stored (the player inflates them), from `from` on: at least one, and
// as many more as fit in a page
export async function sessionRecording(ctx: ServiceContext, sessionId: string, from: number): Promise<ReplayRecording> {
  const row = await repo.recordedSessionById(ctx.db, sessionId);
  if (!row) throw AppError.notFound();
  const [session] = await sessionViews(ctx, [row]);
  if (!session) throw AppError.notFound();
  const sizes = await repo.recordingSizes(ctx.db, sessionId, from, PAGE_RECORDINGS);
  let total = 0;
  const page = sizes.filter((recording, index) => {
    total += recording.size;
    return index === 0 || total <= PAGE_BYTES;
  });
  const last = page.at(-1);
  if (!last) return { session, recordings: [], nextFrom: null };
  const recordings = await repo.recordingsBetween(ctx.db, sessionId, from, last.sequence);
  const isMore = sizes.length > page.length || sizes.length === PAGE_RECORDINGS;
  return {
    session,
    recordings: recordings.map((recording) => ({
      sequence: recording.sequence,
      createdAt: recording.createdAt.toISOString(),
      gzipBase64: recording.bytes.toString('base64'),
    })),
    nextFrom: isMore ? last.sequence + 1 : null,
  };
}

async function sessionViews(ctx: ServiceContext, rows: repo.ReplaySessionRow[]): Promise<ReplaySession[]> {
  const made = await repo.bookingsMadeIn(
    ctx.db,
    rows.map((row) => row.sessionId),
  );
  return rows.map((row) => ({
    sessionId: row.sessionId,
    agencyId: row.agencyId,
    agencyName: row.agencyName,
    agent:
      row.userId && row.userName !== null && row.userEmail !== null
        ? { id: row.userId, name: row.userName, email: row.userEmail }
        : null,
    startedAt: row.startedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    recordings: row.recordings,
    size: row.size,
    bookings: made
      .filter((booking) => booking.sessionId === row.sessionId)
      .map((booking) => ({ id: booking.id, reference: booking.reference })),
  }));
}
