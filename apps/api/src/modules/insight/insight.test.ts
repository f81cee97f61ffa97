import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { INSIGHT_SESSION_MAX_MS, bookingRoutes, insightRoutes } from '@portal/contract';
import { bookings, insightEvents, insightSessions } from '../../db/schema/index.ts';
import { bookingBody, bookingSuite } from '../../../test/booking-fixtures.ts';
import { loginAs, randomIp } from '../../../test/factories.ts';
import { deleteExpiredRows, zeroPerKind } from '../retention/retention.service.ts';
import { appendToOngoingSessions } from './insight.repo.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

// Issue 31 item 1: the web app's analytics batches — sessions decided by the server (SPEC §9), and ingestion that
// stores nothing it should not
const PER_SESSION = 5;
const PER_ADDRESS = 20;
const { t, w } = bookingSuite({
  insight: { batchesPerSession: PER_SESSION, batchesPerIp: PER_ADDRESS },
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const FROM_PORTAL = { origin: 'http://localhost' };
const pageView = (path = '/') => ({ kind: 'page_view', path });
const NO_FIELDS = { tourId: null, offerId: null, date: null, seats: null, reason: null, props: null };

type Send = { headers?: Record<string, string>; remoteAddress?: string; raw?: string };
function send(batch: Record<string, unknown>, options: Send = {}) {
  return t.app.inject({
    method: 'POST',
    url: routeUrl(insightRoutes.ingest),
    // a header given as '' is left out (the page's Origin among them)
    headers: dropEmpty({ ...FROM_PORTAL, 'content-type': 'application/json', ...options.headers }),
    payload: options.raw ?? JSON.stringify(batch),
    remoteAddress: options.remoteAddress ?? randomIp(),
  });
}

async function answered(batch: Record<string, unknown>, options: Send = {}): Promise<string> {
  const res = await send(batch, options);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sessionId: string }).sessionId;
}

const sessionRow = async (id: string) =>
  (await t.database.db.select().from(insightSessions).where(eq(insightSessions.id, id)))[0];
const eventsOf = (...ids: string[]) =>
  t.database.db
    .select()
    .from(insightEvents)
    .where(inArray(insightEvents.sessionId, ids))
    .orderBy(asc(insightEvents.id));

// Only Date is faked: the database, Fastify and the rate limiter's timers run as usual
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

describe('POST /api/insight/events: the session', () => {
  it('starts an unknown well-formed id: site, user and agency from the token, events at the server clock', async () => {
    const token = await loginAs(t.app, w.agency.users.senior.email);
    const id = randomUUID();
    const now = Date.UTC(2026, 4, 1, 9, 0, 0);
    clockAt(now);
    const events = [
      pageView('/city'),
      { kind: 'search', path: '/city', props: { query: 'desert safari', city: 'dubai', results: 4 } },
      { kind: 'tour_view', path: '/tour', tourId: w.tour.id },
    ];
    expect(await answered({ sessionId: id, token, events })).toBe(id);

    expect(await sessionRow(id)).toMatchObject({
      siteId: 'general',
      userId: w.agency.users.senior.id,
      agencyId: w.agency.id,
      startedAt: new Date(now),
      lastSeenAt: new Date(now),
    });
    const rows = await eventsOf(id);
    expect(rows.map((r) => [r.kind, r.path, r.tourId])).toEqual([
      ['page_view', '/city', null],
      ['search', '/city', null],
      ['tour_view', '/tour', w.tour.id],
    ]);
    for (const row of rows)
      expect(row).toMatchObject({ at: new Date(now), userId: w.agency.users.senior.id, agencyId: w.agency.id });
    expect(rows[1]?.props).toEqual({ query: 'desert safari', city: 'dubai', results: 4 });
  });

  it('keeps a session used within every 30 minutes, and renews it', async () => {
    const id = randomUUID();
    const start = Date.UTC(2026, 4, 2, 8, 0, 0);
    clockAt(start);
    await answered({ sessionId: id, events: [pageView()] });
    for (const minutes of [29, 58, 87]) {
      vi.setSystemTime(start + minutes * MINUTE);
      expect(await answered({ sessionId: id, events: [pageView(`/m${minutes}`)] })).toBe(id);
    }
    expect(await sessionRow(id)).toMatchObject({
      startedAt: new Date(start),
      lastSeenAt: new Date(start + 87 * MINUTE),
    });
    expect((await eventsOf(id)).length).toBe(4);
  });

  // a batch of a session that goes on is one statement (insight.repo.ts appendToOngoingSession): the same rule and
  // the same rows as the transaction that starts a session, to the millisecond
  it('goes on at exactly 30 minutes idle, storing every field of the batch; a millisecond more renews it', async () => {
    const token = await loginAs(t.app, w.agency.users.senior.email);
    const id = randomUUID();
    const start = Date.UTC(2026, 4, 2, 19, 59, 59, 999);
    clockAt(start);
    await answered({ sessionId: id, token, events: [pageView('/first')] });
    const asked = { tourId: w.tour.id, offerId: w.tour.timeslotOfferId, date: '2026-05-09', seats: 3 };
    const later = [
      { kind: 'search', path: '/city', props: { query: 'dhow', city: 'dubai', results: 0 } },
      { kind: 'availability', path: '/tour', ...asked, reason: 'sold_out', props: { left: 0, time: '18:00' } },
      { kind: 'checkout_started', path: '/checkout', ...asked },
    ];
    vi.setSystemTime(start + 30 * MINUTE);
    expect(await answered({ sessionId: id, token, events: later })).toBe(id);
    expect(await sessionRow(id)).toMatchObject({
      startedAt: new Date(start),
      lastSeenAt: new Date(start + 30 * MINUTE),
    });
    const rows = await eventsOf(id);
    const owner = { userId: w.agency.users.senior.id, agencyId: w.agency.id, siteId: 'general', channel: 'portal' };
    expect(rows.map(({ id: _id, sessionId: _s, ...row }) => row)).toEqual([
      { kind: 'page_view', path: '/first', at: new Date(start), ...owner, ...NO_FIELDS },
      {
        ...NO_FIELDS,
        kind: 'search',
        path: '/city',
        at: new Date(start + 30 * MINUTE),
        ...owner,
        props: later[0]?.props,
      },
      {
        kind: 'availability',
        path: '/tour',
        at: new Date(start + 30 * MINUTE),
        ...owner,
        ...asked,
        reason: 'sold_out',
        props: { left: 0, time: '18:00' },
      },
      {
        kind: 'checkout_started',
        path: '/checkout',
        at: new Date(start + 30 * MINUTE),
        ...owner,
        ...asked,
        reason: null,
        props: null,
      },
    ]);

    vi.setSystemTime(start + 60 * MINUTE + 1);
    const next = await answered({ sessionId: id, token, events: [pageView('/next')] });
    expect(next).not.toBe(id);
    expect(await sessionRow(id)).toMatchObject({ lastSeenAt: new Date(start + 30 * MINUTE) });
    expect((await eventsOf(next)).map((r) => r.path)).toEqual(['/next']);
  });

  it('ends a session idle for 31 minutes: a new one of the server making takes the batch', async () => {
    const id = randomUUID();
    const start = Date.UTC(2026, 4, 3, 8, 0, 0);
    clockAt(start);
    await answered({ sessionId: id, events: [pageView('/before')] });
    vi.setSystemTime(start + 31 * MINUTE);
    const next = await answered({ sessionId: id, events: [pageView('/after')] });

    expect(next).not.toBe(id);
    expect(await sessionRow(next)).toMatchObject({ startedAt: new Date(start + 31 * MINUTE) });
    expect(await sessionRow(id)).toMatchObject({ lastSeenAt: new Date(start) });
    expect((await eventsOf(id)).map((r) => r.path)).toEqual(['/before']);
    expect((await eventsOf(next)).map((r) => r.path)).toEqual(['/after']);
  });

  it('caps a session at 24 hours however busy it stays', async () => {
    const id = randomUUID();
    const start = Date.UTC(2026, 4, 4, 0, 0, 0);
    clockAt(start);
    await answered({ sessionId: id, events: [pageView()] });
    let at = start;
    for (;;) {
      at += 25 * MINUTE;
      vi.setSystemTime(at);
      const answer = await answered({ sessionId: id, events: [pageView()] });
      if (at - start <= INSIGHT_SESSION_MAX_MS) expect(answer).toBe(id);
      else {
        expect(answer).not.toBe(id);
        break;
      }
    }
    expect(at - start).toBe(INSIGHT_SESSION_MAX_MS + 10 * MINUTE);
  });

  it("becomes the user's who logs in; another user, or logging out, starts a new one", async () => {
    const [admin, junior] = await Promise.all([
      loginAs(t.app, w.agency.users.admin.email),
      loginAs(t.app, w.agency.users.junior.email),
    ]);
    const visit = randomUUID();
    expect(await answered({ sessionId: visit, events: [pageView('/')] })).toBe(visit);
    expect(await answered({ sessionId: visit, token: admin, events: [pageView('/bookings')] })).toBe(visit);
    expect(await sessionRow(visit)).toMatchObject({ userId: w.agency.users.admin.id, agencyId: w.agency.id });

    const other = await answered({ sessionId: visit, token: junior, events: [pageView('/my-bookings')] });
    expect(other).not.toBe(visit);
    expect(await sessionRow(other)).toMatchObject({ userId: w.agency.users.junior.id });
    expect(await sessionRow(visit)).toMatchObject({ userId: w.agency.users.admin.id });

    const loggedOut = await answered({ sessionId: other, events: [pageView('/')] });
    expect(loggedOut).not.toBe(other);
    expect(await sessionRow(loggedOut)).toMatchObject({ userId: null, agencyId: null });
    // a token that does not verify is no user at all
    const forged = await answered({ sessionId: visit, token: `${admin}x`, events: [pageView('/')] });
    expect(forged).not.toBe(visit);
    expect(await sessionRow(forged)).toMatchObject({ userId: null });
  });

  it("stores the session on an agent's booking made with X-Insight-Session, and ignores a malformed one", async () => {
    const id = await answered({ sessionId: randomUUID(), token: w.tokens.admin, events: [pageView('/checkout')] });
    const made = await injectRoute(t.app, bookingRoutes.create, {
      token: w.tokens.admin,
      body: bookingBody(w),
      headers: { 'x-insight-session': id },
    });
    expect(made.statusCode, made.body).toBe(200);
    const bogus = await injectRoute(t.app, bookingRoutes.create, {
      token: w.tokens.admin,
      body: bookingBody(w),
      headers: { 'x-insight-session': 'not-a-session' },
    });
    expect(bogus.statusCode, bogus.body).toBe(200);
    const sessionOf = async (res: typeof made) => {
      const bookingId = (res.json() as { booking: { id: string } }).booking.id;
      const [row] = await t.database.db
        .select({ session: bookings.insightSessionId })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      return row?.session;
    };
    expect(await sessionOf(made)).toBe(id);
    expect(await sessionOf(bogus)).toBeNull();
  });
});

// Issue 31: the batches of sessions that go on share one statement (insight-ingest.service.ts's write group)
describe('batches of ongoing sessions written together', () => {
  const rowsOf = (sessionId: string, path: string) => [
    { ...pageView(path), sessionId, at: new Date(), channel: 'portal' },
  ];

  it('answers each batch for its own session and stores only the events of the sessions that go on', async () => {
    const start = Date.UTC(2026, 4, 6, 8, 0, 0);
    clockAt(start);
    const [a, b, expired, another] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const token = await loginAs(t.app, w.agency.users.senior.email);
    await answered({ sessionId: a, events: [pageView('/a')] });
    await answered({ sessionId: b, token, events: [pageView('/b')] });
    await answered({ sessionId: another, token, events: [pageView('/another')] });
    vi.setSystemTime(start - 31 * MINUTE);
    await answered({ sessionId: expired, events: [pageView('/expired')] });
    const at = new Date(start + 10 * MINUTE);
    const batch = (sessionId: string, userId: string | null, paths: string[]) => ({
      sessionId,
      userId,
      at,
      rows: paths.flatMap((path) => rowsOf(sessionId, path)).map((row) => ({ ...row, at })),
    });
    const answers = await appendToOngoingSessions(t.database.db, [
      batch(a, null, ['/a1', '/a2', '/a3']),
      batch(expired, null, ['/late']),
      batch(b, w.agency.users.senior.id, ['/b1']),
      // another user's batch does not go on in this session
      batch(another, w.agency.users.junior.id, ['/stolen']),
      batch(randomUUID(), null, ['/unknown']),
    ]);
    expect(answers).toEqual([{ record: false }, undefined, { record: expect.any(Boolean) }, undefined, undefined]);
    expect((await eventsOf(a)).map((r) => r.path)).toEqual(['/a', '/a1', '/a2', '/a3']);
    expect((await eventsOf(b)).map((r) => r.path)).toEqual(['/b', '/b1']);
    expect((await eventsOf(expired, another)).map((r) => r.path)).toEqual(['/another', '/expired']);
    expect(await sessionRow(a)).toMatchObject({ lastSeenAt: at });
    expect(await sessionRow(expired)).toMatchObject({ lastSeenAt: new Date(start - 31 * MINUTE) });
  });

  it('never deadlocks two groups that touch the same sessions in opposite orders (two nodes)', async () => {
    const ids = Array.from({ length: 12 }, () => randomUUID());
    for (const id of ids) await answered({ sessionId: id, events: [pageView('/start')] });
    const group = (order: string[]) =>
      order.map((sessionId) => ({ sessionId, userId: null, at: new Date(), rows: rowsOf(sessionId, '/again') }));
    for (let round = 0; round < 10; round++) {
      const [one, two] = await Promise.all([
        appendToOngoingSessions(t.database.db, group(ids)),
        appendToOngoingSessions(t.database.db, group([...ids].reverse())),
      ]);
      expect([...one, ...two].every((answer) => answer !== undefined)).toBe(true);
    }
    for (const id of ids) expect((await eventsOf(id)).length).toBe(21);
  });
});

describe("POST /api/insight/events: no guest's personal data", () => {
  it("a booking's whole path leaves no guest name, phone or e-mail in any stored event", async () => {
    const guest = { name: 'Maria Lopez', phone: '+34 600 123 456', email: 'maria@example.test' };
    const asked = { tourId: w.tour.id, offerId: w.tour.timeslotOfferId, date: w.date, seats: 3 };
    const token = w.tokens.admin;
    const id = await answered({
      sessionId: randomUUID(),
      token,
      events: [
        pageView('/'),
        { kind: 'search', path: '/city', props: { query: 'dhow cruise', results: 2 } },
        { kind: 'tour_view', path: '/tour', tourId: w.tour.id },
        { kind: 'availability', path: '/tour', ...asked, props: { left: 500, time: '18:00' } },
        { kind: 'checkout_started', path: '/checkout', ...asked },
        {
          kind: 'booking_failed',
          path: '/checkout',
          ...asked,
          reason: 'messages.validation',
          props: { field: 'guest.phone', status: 422 },
        },
      ],
    });
    const made = await injectRoute(t.app, bookingRoutes.create, {
      token,
      body: bookingBody(w, { guest: { ...bookingBody(w).guest, ...guest, confirmEmail: guest.email } }),
      headers: { 'x-insight-session': id },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(
      await answered({ sessionId: id, token, events: [{ kind: 'booking_cancelled', path: '/bookings', ...asked }] }),
    ).toBe(id);
    // whatever a page might try to slip in is refused with its batch
    for (const slipped of [
      { kind: 'checkout_started', path: '/checkout', ...asked, props: { guest: guest.name } },
      { kind: 'booking_failed', path: '/checkout', ...asked, reason: guest.phone },
      { kind: 'booking_failed', path: '/checkout', ...asked, reason: 'x', props: { field: guest.email, status: 422 } },
      { kind: 'page_view', path: `/checkout?guest=${guest.name}` },
    ])
      expect((await send({ sessionId: randomUUID(), token, events: [slipped] })).statusCode).toBe(422);

    const stored = await t.database.db.select().from(insightEvents);
    expect(stored.filter((row) => row.sessionId === id).map((row) => row.kind)).toEqual([
      'page_view',
      'search',
      'tour_view',
      'availability',
      'checkout_started',
      'booking_failed',
      'booking_cancelled',
    ]);
    const text = JSON.stringify(stored).toLowerCase();
    for (const value of ['maria', 'lopez', '600 123 456', '600123456', guest.email]) expect(text).not.toContain(value);
  });
});

describe('POST /api/insight/events: what is refused stores nothing', () => {
  const nothingStored = async (id: string) => {
    expect(await sessionRow(id)).toBeUndefined();
    expect(await eventsOf(id)).toEqual([]);
  };

  it('answers 413 to a batch past its byte cap', async () => {
    const id = randomUUID();
    const events = Array.from({ length: 40 }, () => ({
      kind: 'error',
      path: '/',
      props: { message: 'x'.repeat(900) },
    }));
    const res = await send({ sessionId: id, events });
    expect(res.statusCode).toBe(413);
    await nothingStored(id);
  });

  it.each([
    ['an unknown kind', [{ kind: 'purchase', path: '/' }]],
    [
      'a kind only the server records',
      [{ kind: 'booking_paid', path: '/', tourId: 1, offerId: 1, date: '2026-05-01', seats: 2 }],
    ],
    ['a wrong type', [{ kind: 'tour_view', path: '/tour', tourId: '12' }]],
    ['a field the shape does not name', [{ kind: 'page_view', path: '/', guestName: 'Maria Lopez' }]],
    [
      'a search query past 100 characters',
      [{ kind: 'search', path: '/city', props: { query: 'q'.repeat(101), results: 0 } }],
    ],
    ['a path with its query string', [{ kind: 'page_view', path: '/city?q=maria' }]],
    [
      'free text as a refusal reason',
      [
        {
          kind: 'booking_failed',
          path: '/checkout',
          tourId: 1,
          offerId: 1,
          date: '2026-05-01',
          seats: 2,
          reason: 'Maria Lopez +34 600',
        },
      ],
    ],
    [
      'an unserved reason that is not one',
      [
        {
          kind: 'availability',
          path: '/tour',
          tourId: 1,
          offerId: 1,
          date: '2026-05-01',
          seats: 2,
          reason: 'closed',
          props: { left: 0, time: null },
        },
      ],
    ],
    ['no events', []],
    ['51 events', Array.from({ length: 51 }, () => pageView())],
    ['a valid event beside a bad one', [pageView(), { kind: 'page_view', path: 42 }]],
  ])('answers 422 to %s', async (_case, events) => {
    const id = randomUUID();
    const res = await send({ sessionId: id, events });
    expect(res.statusCode, res.body).toBe(422);
    expect(Array.isArray(res.json())).toBe(true);
    await nothingStored(id);
  });

  it('answers 422 to a malformed body or session id', async () => {
    const id = randomUUID();
    expect((await send({}, { raw: `{"sessionId":"${id}","events":[` })).statusCode).toBe(422);
    expect((await send({ sessionId: 'session-1', events: [pageView()] })).statusCode).toBe(422);
    expect((await send({ sessionId: id.toUpperCase(), events: [pageView()] })).statusCode).toBe(422);
    await nothingStored(id);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Referer', { origin: '', referer: 'https://evil.example/page' }],
    ['a cross-site fetch, whatever its Origin says', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin, no Referer and no Sec-Fetch-Site', { origin: '' }],
    ['Origin null without Sec-Fetch-Site', { origin: 'null' }],
    ['a widget domain', { origin: 'https://shop.agency.example' }],
  ])('answers 403 to %s', async (_case, headers) => {
    const id = randomUUID();
    const res = await send({ sessionId: id, events: [pageView()] }, { headers });
    expect(res.statusCode).toBe(403);
    await nothingStored(id);
  });

  it.each([
    ["another of the portal's sites", { origin: 'http://ru.localhost:5173' }],
    ['its own host', { host: 'portal.example:8443', origin: 'https://portal.example:8443' }],
    ['a Referer of the portal', { origin: '', referer: 'http://partner.localhost/tour?id=1' }],
    ['Origin null from a same-origin fetch (no-referrer pages)', { origin: 'null', 'sec-fetch-site': 'same-origin' }],
  ])('takes a batch from %s', async (_case, headers) => {
    const id = randomUUID();
    expect(await answered({ sessionId: id, events: [pageView()] }, { headers })).toBe(id);
  });

  it('reads a text/plain body (sendBeacon) as the batch', async () => {
    const id = randomUUID();
    const res = await send(
      { sessionId: id, events: [pageView('/beacon')] },
      { headers: { 'content-type': 'text/plain;charset=UTF-8' } },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await eventsOf(id)).map((r) => r.path)).toEqual(['/beacon']);
  });

  it('answers 429 past the budget of one session, and of one address', async () => {
    const id = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i <= PER_SESSION; i += 1)
      statuses.push((await send({ sessionId: id, events: [pageView()] })).statusCode);
    expect(statuses).toEqual([...Array<number>(PER_SESSION).fill(200), 429]);
    expect(await eventsOf(id)).toHaveLength(PER_SESSION);

    const address = randomIp();
    const fromOne: number[] = [];
    for (let i = 0; i <= PER_ADDRESS; i += 1)
      fromOne.push(
        (await send({ sessionId: randomUUID(), events: [pageView()] }, { remoteAddress: address })).statusCode,
      );
    expect(fromOne.filter((s) => s === 200)).toHaveLength(PER_ADDRESS);
    const refused = await send({ sessionId: randomUUID(), events: [pageView()] }, { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

function dropEmpty(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
}

describe('retention: INSIGHT_RETENTION_DAYS', () => {
  it('deletes events older than the setting, and sessions begun a day before that; keeps the rest', async () => {
    const DAY = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const ids = { old: randomUUID(), recent: randomUUID(), edge: randomUUID() };
    await t.database.db.insert(insightSessions).values([
      { id: ids.old, siteId: 'general', startedAt: ago(32), lastSeenAt: ago(31.5) },
      // its last events are younger than the setting: the session stays until a day has passed
      { id: ids.edge, siteId: 'general', startedAt: ago(30.5), lastSeenAt: ago(29.9) },
      { id: ids.recent, siteId: 'general', startedAt: ago(2), lastSeenAt: ago(2) },
    ]);
    await t.database.db.insert(insightEvents).values([
      { sessionId: ids.old, kind: 'page_view', path: '/old', at: ago(31.5) },
      { sessionId: ids.edge, kind: 'page_view', path: '/edge-old', at: ago(30.5) },
      { sessionId: ids.edge, kind: 'page_view', path: '/edge-new', at: ago(29.9) },
      { sessionId: ids.recent, kind: 'page_view', path: '/recent', at: ago(2) },
    ]);
    const counts = await deleteExpiredRows(t.app.deps, {
      idempotencyKeys: 0,
      webhookEvents: 0,
      insight: 30,
      replay: 0,
      jobFailures: 0,
      webhookLog: 0,
    });
    expect(counts.insight).toBeGreaterThanOrEqual(3);
    expect(await sessionRow(ids.old)).toBeUndefined();
    expect(await sessionRow(ids.edge)).toBeDefined();
    expect(await sessionRow(ids.recent)).toBeDefined();
    expect((await eventsOf(ids.old, ids.edge, ids.recent)).map((r) => r.path)).toEqual(['/edge-new', '/recent']);

    // 0 keeps them all
    const kept = randomUUID();
    await t.database.db
      .insert(insightSessions)
      .values({ id: kept, siteId: 'general', startedAt: ago(900), lastSeenAt: ago(900) });
    await t.database.db
      .insert(insightEvents)
      .values({ sessionId: kept, kind: 'page_view', path: '/kept', at: ago(900) });
    await deleteExpiredRows(t.app.deps, zeroPerKind());
    expect(await sessionRow(kept)).toBeDefined();
    expect(await eventsOf(kept)).toHaveLength(1);
  });
});
