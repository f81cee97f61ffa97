import { describe, expect, it } from 'vitest';
import {
  INSIGHT_BATCH_MAX_EVENTS,
  INSIGHT_SESSION_MAX_MS,
  INSIGHT_SESSION_RENEW_MS,
  type InsightEventInput,
} from '@portal/contract';
import { askedFor, batchBodies, sessionAt, type InsightSession } from './insight';

// Issue 31: the browser applies the server's session rule (SPEC §9) so the server rarely has to replace a session
const T0 = Date.parse('2026-05-01T08:00:00Z');
const MINUTE = 60_000;
let made = 0;
const newId = () => `00000000-0000-4000-8000-${String(++made).padStart(12, '0')}`;
const session = (changes: Partial<InsightSession> = {}): InsightSession => ({
  id: '11111111-1111-4111-8111-111111111111',
  startedAt: T0,
  lastSeenAt: T0,
  userId: null,
  ...changes,
});

describe('sessionAt: the local session rule', () => {
  it('starts a session when there is none', () => {
    const first = sessionAt(null, 'u1', T0, newId);
    expect(first).toMatchObject({ startedAt: T0, lastSeenAt: T0, userId: 'u1' });
  });

  it('keeps a session used within 30 minutes, the same object when nothing changes', () => {
    const stored = session({ lastSeenAt: T0 + 20 * MINUTE });
    expect(sessionAt(stored, null, T0 + 20 * MINUTE + INSIGHT_SESSION_RENEW_MS, newId)).toBe(stored);
  });

  it('starts another after more than 30 minutes idle', () => {
    const next = sessionAt(session(), null, T0 + INSIGHT_SESSION_RENEW_MS + 1, newId);
    expect(next.id).not.toBe(session().id);
    expect(next.startedAt).toBe(T0 + INSIGHT_SESSION_RENEW_MS + 1);
  });

  it('ends a busy session after 24 hours', () => {
    const busy = session({ lastSeenAt: T0 + INSIGHT_SESSION_MAX_MS - MINUTE });
    expect(sessionAt(busy, null, T0 + INSIGHT_SESSION_MAX_MS, newId)).toBe(busy);
    expect(sessionAt(busy, null, T0 + INSIGHT_SESSION_MAX_MS + 1, newId).id).not.toBe(busy.id);
  });

  it("becomes the user's who logs in; another user, or logging out, starts another", () => {
    const claimed = sessionAt(session(), 'u1', T0 + MINUTE, newId);
    expect(claimed).toMatchObject({ id: session().id, userId: 'u1' });
    expect(sessionAt(claimed, 'u2', T0 + 2 * MINUTE, newId).id).not.toBe(claimed.id);
    expect(sessionAt(claimed, null, T0 + 2 * MINUTE, newId).id).not.toBe(claimed.id);
  });
});

describe('batchBodies', () => {
  const head = { sessionId: session().id };
  const view = (path: string): InsightEventInput => ({ kind: 'page_view', path });

  it('keeps the order, at most 50 events a batch', () => {
    const events = Array.from({ length: 120 }, (_, i) => view(`/p${i}`));
    const bodies = batchBodies(head, events).map((b) => JSON.parse(b) as { events: InsightEventInput[] });
    expect(bodies.map((b) => b.events.length)).toEqual([INSIGHT_BATCH_MAX_EVENTS, INSIGHT_BATCH_MAX_EVENTS, 20]);
    expect(bodies.flatMap((b) => b.events.map((e) => e.path))).toEqual(events.map((e) => e.path));
  });

  it('splits by bytes, and leaves out an event too big alone', () => {
    const big = (n: number): InsightEventInput => ({ kind: 'error', path: '/', props: { message: 'x'.repeat(n) } });
    const bodies = batchBodies(head, [big(300), big(300), big(5_000), big(300)], 1_000);
    expect(bodies.map((b) => (JSON.parse(b) as { events: unknown[] }).events.length)).toEqual([2, 1]);
    for (const body of bodies) expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(1_000);
  });
});

describe('askedFor', () => {
  it('counts every person as a seat, and nothing when there is no one', () => {
    expect(askedFor(7, 9, '2026-05-02', { adults: 2, children: 1, infants: 1 })).toEqual({
      tourId: 7,
      offerId: 9,
      date: '2026-05-02',
      seats: 4,
    });
    expect(askedFor(7, 9, '2026-05-02', { adults: 0, children: 0, infants: 0 })).toBeNull();
  });
});
