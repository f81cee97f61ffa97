import {
  FIRST_PAGE_ROUTES,
  INSIGHT_BATCH_MAX_BYTES,
  INSIGHT_BATCH_MAX_EVENTS,
  INSIGHT_TEXT_MAX,
  insightSessionContinues,
  isInsightSessionId,
} from '@portal/contract/plain';
import type { InsightEventInput, People } from '@portal/contract';
import { env } from '@/config/env';
import { replayDecided, replayResume } from './replay-loader';
import { getAccessToken, getAuthState } from './session';
import { newUuid } from './uuid';

// Issue 31: what the portal records of how agents use it, sent to our own server in batches. It loads with the first
// page, so it stays small and imports no feature; it never throws, never waits on the network, and goes quiet when
// the server refuses (429, 413).

// SPEC §2: page views are tracked 500 ms after a route change
export const PAGE_VIEW_DELAY_MS = 500;

const STORAGE_KEY = 'insightSession';
const FLUSH_AFTER_MS = 4_000;
const FLUSH_AT_EVENTS = 20;
// after a refusal nothing is sent, nor kept, for this long
const QUIET_MS = 5 * 60_000;

export type InsightSession = { id: string; startedAt: number; lastSeenAt: number; userId: string | null };
// an event as a page records it: the path is the current page's unless given
export type InsightEvent = InsightEventInput extends infer E
  ? E extends InsightEventInput
    ? Omit<E, 'path'> & { path?: string }
    : never
  : never;

// SPEC §9, the server's rule applied here too (so the server rarely has to replace a session): the session to use at
// `now` — the stored one while it continues (an anonymous one becomes the user's), else a new one
export function sessionAt(
  stored: InsightSession | null,
  userId: string | null,
  now: number,
  newId: () => string,
): InsightSession {
  if (!stored || !insightSessionContinues(stored, userId, now))
    return { id: newId(), startedAt: now, lastSeenAt: now, userId };
  return stored.userId === null && userId !== null ? { ...stored, userId } : stored;
}

// The batches' bodies: at most 50 events and the byte cap each, in order; an event too big alone is left out
export function batchBodies(
  head: { sessionId: string; token?: string },
  events: readonly InsightEventInput[],
  maxBytes: number = INSIGHT_BATCH_MAX_BYTES,
): string[] {
  const encoder = new TextEncoder();
  const body = (part: readonly InsightEventInput[]) => JSON.stringify({ ...head, events: part });
  const fits = (part: readonly InsightEventInput[]) =>
    part.length <= INSIGHT_BATCH_MAX_EVENTS && encoder.encode(body(part)).length <= maxBytes;
  const bodies: string[] = [];
  let current: InsightEventInput[] = [];
  for (const event of events) {
    if (fits([...current, event])) {
      current.push(event);
      continue;
    }
    if (current.length > 0) bodies.push(body(current));
    current = fits([event]) ? [event] : [];
  }
  if (current.length > 0) bodies.push(body(current));
  return bodies;
}

// A tour's option on a day for so many people, as the events about a booking carry it; null when there is no one to
// count (the contract refuses a batch with such an event)
export function askedFor(
  tourId: number,
  offerId: number,
  date: string,
  people: People,
): { tourId: number; offerId: number; date: string; seats: number } | null {
  const seats = people.adults + people.children + people.infants;
  return seats >= 1 && seats <= 999 ? { tourId, offerId, date, seats } : null;
}

export function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

let memory: InsightSession | null = null;
let queue: { sessionId: string; token: string | null; events: InsightEventInput[] } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let quietUntil = 0;
let isListening = false;

function readStored(): InsightSession | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return memory;
    const s = value as Record<string, unknown>;
    const isUser = s.userId === null || typeof s.userId === 'string';
    if (!isInsightSessionId(s.id) || typeof s.startedAt !== 'number' || typeof s.lastSeenAt !== 'number' || !isUser)
      return memory;
    return { id: s.id, startedAt: s.startedAt, lastSeenAt: s.lastSeenAt, userId: s.userId as string | null };
  } catch {
    return memory;
  }
}

function writeStored(session: InsightSession) {
  memory = session;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  } catch {
    // private mode or full: this page keeps the session in memory
  }
}

function currentUserId(): string | null {
  const auth = getAuthState();
  return auth.status === 'authenticated' ? auth.user.sub : null;
}

function currentSession(isActivity: boolean): InsightSession {
  const stored = readStored();
  const now = Date.now();
  const session = sessionAt(stored, currentUserId(), now, newUuid);
  const used = isActivity ? { ...session, lastSeenAt: now } : session;
  if (used !== stored) writeStored(used);
  return used;
}

// The session the API client names on every call (X-Insight-Session): a booking made in it is its funnel's step
export function insightSessionId(): string | null {
  try {
    return currentSession(false).id;
  } catch {
    return null;
  }
}

export function recordInsight(event: InsightEvent): void {
  try {
    if (typeof window === 'undefined' || Date.now() < quietUntil) return;
    listenForLeaving();
    const session = currentSession(true);
    replayResume(session.id);
    const token = getAccessToken();
    const path = clip(event.path ?? window.location.pathname, INSIGHT_TEXT_MAX.path);
    if (queue && (queue.sessionId !== session.id || queue.token !== token)) flush(false);
    queue ??= { sessionId: session.id, token, events: [] };
    queue.events.push({ ...event, path } as InsightEventInput);
    if (queue.events.length >= FLUSH_AT_EVENTS) flush(false);
    else timer ??= setTimeout(() => flush(false), FLUSH_AFTER_MS);
  } catch {
    // analytics never disturbs the page
  }
}

export function trackPageView(path: string) {
  recordInsight({ kind: 'page_view', path });
}

export function reportError(error: unknown, componentStack?: string | null) {
  const err = error instanceof Error ? error : new Error(String(error));
  recordInsight({
    kind: 'error',
    props: {
      message: clip(err.message || err.name, INSIGHT_TEXT_MAX.message),
      ...(err.stack ? { stack: clip(err.stack, INSIGHT_TEXT_MAX.stack) } : {}),
      ...(componentStack ? { componentStack: clip(componentStack, INSIGHT_TEXT_MAX.stack) } : {}),
    },
  });
}

// A page being left or hidden may never run a timer again: what is queued goes with sendBeacon
function listenForLeaving() {
  if (isListening) return;
  isListening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
  window.addEventListener('pagehide', () => flush(true));
}

function flush(isLeaving: boolean) {
  clearTimeout(timer);
  timer = undefined;
  const batch = queue;
  queue = null;
  if (!batch || batch.events.length === 0) return;
  const head = { sessionId: batch.sessionId, ...(batch.token ? { token: batch.token } : {}) };
  for (const body of batchBodies(head, batch.events)) send(body, batch.sessionId, isLeaving);
}

function send(body: string, sessionId: string, isLeaving: boolean) {
  const url = `${env.apiBase}${FIRST_PAGE_ROUTES.insightEvents.path}`;
  // a string goes as text/plain, which a beacon may send without asking first
  if (isLeaving && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true })
    .then(async (response) => {
      if (response.status === 429 || response.status === 413) {
        quietUntil = Date.now() + QUIET_MS;
        queue = null;
      } else if (response.ok) {
        const answer: unknown = await response.json();
        adopt(sessionId, answer);
        replayAnswer(answer);
      }
    })
    .catch(() => undefined);
}

// The server ended the session it was sent and started another: this page (and what it has queued) takes that one,
// unless it has moved on to a session of its own meanwhile
function adopt(sent: string, answer: unknown) {
  const id = typeof answer === 'object' && answer !== null && 'sessionId' in answer ? answer.sessionId : null;
  if (!isInsightSessionId(id) || id === sent || readStored()?.id !== sent) return;
  const now = Date.now();
  writeStored({ id, startedAt: now, lastSeenAt: now, userId: currentUserId() });
  if (queue?.sessionId === sent) queue.sessionId = id;
}

// Support replay (issue 31 item 3): whether the server records the page's current session
function replayAnswer(answer: unknown) {
  if (typeof answer !== 'object' || answer === null || !('sessionId' in answer) || !('record' in answer)) return;
  const { sessionId, record } = answer;
  if (typeof sessionId === 'string' && sessionId === readStored()?.id) replayDecided(sessionId, record === true);
}
