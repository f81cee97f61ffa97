// Issue 31: what the portal records of how agents use it, for the tours company's Insight pages. One row per event in
// the portal's own database (insight_events); agents' browsers send their events in batches (insight-ingest.ts names
// their kinds), and what was booked and paid is read from the bookings themselves (the session each was made in).

// SPEC §9 "Analytics": a session renews while it is used (30 minutes) and ends after 24 hours whatever happens
export const INSIGHT_SESSION_RENEW_MS = 30 * 60_000;
export const INSIGHT_SESSION_MAX_MS = 24 * 60 * 60_000;

// This file is zod-free: the web app's first page reads it through '@portal/contract/plain' (its session rule and
// limits); the batch's schema and route are insight-ingest.ts.

// A session id is a UUID the browser makes (or the server, when it ends one); anything else names no session
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export function isInsightSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

export type InsightSessionState = { startedAt: number; lastSeenAt: number; userId: string | null };

// SPEC §9: whether what `userId` does at `now` still belongs to the session (times in ms). Idle more than 30 minutes
// or older than 24 hours ends it; so does another user (or logging out). A session begun before logging in becomes
// the user's: the visit that led to the login is the same visit. The server decides; the browser applies the same
// rule so it rarely has to be told.
export function insightSessionContinues(session: InsightSessionState, userId: string | null, now: number): boolean {
  if (now - session.lastSeenAt > INSIGHT_SESSION_RENEW_MS) return false;
  if (now - session.startedAt > INSIGHT_SESSION_MAX_MS) return false;
  return session.userId === null || session.userId === userId;
}

// One batch from the browser: so many events and bytes at most (the route's body limit: sendBeacon and keepalive
// fetches share 64 KB in flight), and how much of each text is kept. Search words are the agent's own text.
export const INSIGHT_BATCH_MAX_EVENTS = 50;
export const INSIGHT_BATCH_MAX_BYTES = 32 * 1024;
export const INSIGHT_TEXT_MAX = { path: 300, query: 100, name: 100, message: 1000, stack: 4000 } as const;

// where a booking came from
export const INSIGHT_CHANNELS = ['portal', 'widget', 'api'] as const;
export type InsightChannel = (typeof INSIGHT_CHANNELS)[number];

// why asked-for seats could not be booked: demand the tours company did not serve
export const UNSERVED_REASONS = ['sold_out', 'past_cut_off', 'no_slot', 'not_enough_seats'] as const;
export type UnservedReason = (typeof UNSERVED_REASONS)[number];

// the funnel's steps, in order: each counts the sessions that reached it
export const FUNNEL_STEPS = ['search', 'tour_view', 'checkout_started', 'booking_created', 'booking_paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
