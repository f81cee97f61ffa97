import { z } from 'zod';
import { AgencyIdParams } from './admin.ts';
import { BookingIdParams } from './bookings.ts';
import { ANY_AGENT, OPERATOR_ONLY, defineRoute } from './define-route.ts';
import { OkResponse } from './common.ts';
import { isInsightSessionId } from './insight-events.ts';
import { REPLAY_UPLOAD_MAX_EVENTS, REPLAY_UPLOAD_PATH } from './replay-limits.ts';
import { FIELD_MESSAGES } from './messages.ts';

// Issue 31 item 3: support replay. An agent's pages are recorded with rrweb (inputs and guests' personal data masked
// in the browser) in sessions the server chose (insight_sessions.is_recorded and the agency's switch); the tours
// company plays them back from the agency's page and from a booking's page. An agency never reads a recording.

export { REPLAY_MESSAGES } from './messages.ts';

const SessionId = z.string().refine(isInsightSessionId, FIELD_MESSAGES.unknownSession);

// What an upload must inflate to: rrweb's events (its EventType 0–7, the recorder's clock, the event's data), in the
// order they happened. What is inside `data` is rrweb's to define; the recorder masked it before it left the page.
export const ReplayEvent = z.looseObject({
  type: z.number().int().min(0).max(7),
  timestamp: z.number().finite().nonnegative(),
  data: z.unknown().refine((data) => typeof data === 'object' && data !== null),
});
export const ReplayEvents = z.array(ReplayEvent).min(1).max(REPLAY_UPLOAD_MAX_EVENTS);

// The upload names its session in the query; the body is a JSON array of rrweb events, gzip-compressed where the
// browser can (application/octet-stream) or as is (application/json), at most REPLAY_UPLOAD_MAX_BYTES
export const ReplayUploadQuery = z.object({ sessionId: SessionId });
export type ReplayUploadQuery = z.infer<typeof ReplayUploadQuery>;

// A recorded session as the operator lists it: who, when, how much was kept, and the bookings made in it
export const ReplaySession = z.object({
  sessionId: z.string(),
  agencyId: z.string(),
  agencyName: z.string(),
  agent: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  recordings: z.number().int(),
  // compressed bytes kept
  size: z.number().int(),
  bookings: z.array(z.object({ id: z.string(), reference: z.string() })),
});
export type ReplaySession = z.infer<typeof ReplaySession>;

export const ReplaySessionList = z.object({ sessions: z.array(ReplaySession) });
export type ReplaySessionList = z.infer<typeof ReplaySessionList>;

export const ReplaySessionParams = z.object({ id: SessionId });
// a page of a session's recordings: from this sequence on
export const ReplayRecordingQuery = z.object({
  from: z.coerce.number().int().min(0).max(2_147_483_647).optional().default(0),
});
export type ReplayRecordingQuery = z.infer<typeof ReplayRecordingQuery>;

// Each recording as stored: gzip-compressed JSON (an array of rrweb events), in base64. `nextFrom` asks for the rest
// when a page ends before the session does.
export const ReplayRecording = z.object({
  session: ReplaySession,
  recordings: z.array(z.object({ sequence: z.number().int(), createdAt: z.string(), gzipBase64: z.string() })),
  nextFrom: z.number().int().nullable(),
});
export type ReplayRecording = z.infer<typeof ReplayRecording>;

const tags = ['replay'];

export const replayRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: REPLAY_UPLOAD_PATH,
    summary:
      "A batch of a recorded session's rrweb events (gzip or JSON body): only the session's own agent, from the portal's pages",
    tags,
    access: ANY_AGENT,
    query: ReplayUploadQuery,
    response: OkResponse,
  }),
  agencySessions: defineRoute({
    method: 'GET',
    path: '/admin/agencies/{id}/replays',
    summary: "An agency's recorded sessions, newest first (operator only)",
    tags,
    access: OPERATOR_ONLY,
    params: AgencyIdParams,
    response: ReplaySessionList,
  }),
  bookingSessions: defineRoute({
    method: 'GET',
    path: '/admin/bookings/{id}/replays',
    summary: 'The recorded session a booking was made in (operator only)',
    tags,
    access: OPERATOR_ONLY,
    params: BookingIdParams,
    response: ReplaySessionList,
  }),
  recording: defineRoute({
    method: 'GET',
    path: '/admin/replays/{id}',
    summary: 'A recorded session and its recordings, a page at a time (operator only)',
    tags,
    access: OPERATOR_ONLY,
    params: ReplaySessionParams,
    query: ReplayRecordingQuery,
    response: ReplayRecording,
  }),
};
