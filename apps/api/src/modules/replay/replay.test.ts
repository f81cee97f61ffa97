import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  REPLAY_UPLOAD_MAX_BYTES,
  adminRoutes,
  bookingRoutes,
  insightRoutes,
  replayRoutes,
  type ReplayRecording,
  type ReplaySessionList,
} from '@portal/contract';
import { agencies, auditEvents, insightSessions, replayRecordings, replaySessions } from '../../db/schema/index.ts';
import { bookingBody, bookingSuite } from '../../../test/booking-fixtures.ts';
import { bearer, createOperator, loginAs, randomIp } from '../../../test/factories.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';
import { findUp } from '../../lib/find-up.ts';
import { deleteExpiredRows } from '../retention/retention.service.ts';
import { appendRecordings } from './replay.repo.ts';

// Issue 31 item 3: support replay — uploads only for a recorded session from its own agent on the portal's pages,
// refused before anything is stored; the operator's reads; the agency's switch; retention
const PER_SESSION = 4;
let operator: string;
const { t, w } = bookingSuite({
  replay: { sampleRate: 1, uploadsPerSession: PER_SESSION, uploadsPerIp: 1_000 },
});
beforeAll(async () => {
  operator = await loginAs(t.app, (await createOperator(t.database.db)).email);
});

const FROM_PORTAL = { origin: 'http://localhost' };
// what rrweb emits first: the page's meta, then its full snapshot
const events = (label: string) => [
  { type: 4, timestamp: 1_700_000_000_000, data: { href: 'http://localhost/bookings', width: 1280, height: 800 } },
  { type: 2, timestamp: 1_700_000_000_010, data: { node: { type: 0, childNodes: [], id: 1 }, label } },
];

// An analytics batch as the web app sends it, with the agent's token; the answer says whether the replay records
// the session. The first one of a new id starts the session.
async function sendBatch(token: string | null, sessionId: string): Promise<{ sessionId: string; record: boolean }> {
  const res = await t.app.inject({
    method: 'POST',
    url: routeUrl(insightRoutes.ingest),
    headers: FROM_PORTAL,
    remoteAddress: randomIp(),
    payload: {
      sessionId,
      ...(token ? { token } : {}),
      events: [{ kind: 'page_view', path: '/bookings' }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const startSession = (token: string | null) => sendBatch(token, randomUUID());

type Upload = { token?: string | null; body?: Buffer | string; type?: string; headers?: Record<string, string> };
function upload(sessionId: string, options: Upload = {}) {
  const token = options.token === undefined ? w.tokens.senior : options.token;
  return t.app.inject({
    method: 'POST',
    url: routeUrl(replayRoutes.upload, { query: { sessionId } }),
    headers: {
      ...FROM_PORTAL,
      'content-type': options.type ?? 'application/octet-stream',
      ...(token ? bearer(token) : {}),
      ...options.headers,
    },
    payload: options.body ?? gzipSync(JSON.stringify(events('one'))),
    remoteAddress: randomIp(),
  });
}

const stored = (sessionId: string) =>
  t.database.db
    .select()
    .from(replayRecordings)
    .where(eq(replayRecordings.sessionId, sessionId))
    .orderBy(asc(replayRecordings.sequence));

describe('POST /api/insight/events: whether the session is recorded', () => {
  it("answers record for an agency's agent, never for a visitor or an operator", async () => {
    expect((await startSession(w.tokens.junior)).record).toBe(true);
    expect((await startSession(null)).record).toBe(false);
    expect((await startSession(operator)).record).toBe(false);
  });

  it("answers it on every later batch: a visit an agent logs into, the agent's next batch, not once the switch is off", async () => {
    const { sessionId } = await startSession(null);
    expect(await sendBatch(w.tokens.junior, sessionId)).toEqual({ sessionId, record: true });
    expect(await sendBatch(w.tokens.junior, sessionId)).toEqual({ sessionId, record: true });
    await t.database.db.update(agencies).set({ isReplayRecorded: false }).where(eq(agencies.id, w.agency.id));
    try {
      expect(await sendBatch(w.tokens.junior, sessionId)).toEqual({ sessionId, record: false });
    } finally {
      await t.database.db.update(agencies).set({ isReplayRecorded: true }).where(eq(agencies.id, w.agency.id));
    }
  });

  it('records no session when the sample rate is 0', async () => {
    const replay = t.app.deps.config.replay;
    replay.sampleRate = 0;
    try {
      const { sessionId, record } = await startSession(w.tokens.junior);
      expect(record).toBe(false);
      const [row] = await t.database.db.select().from(insightSessions).where(eq(insightSessions.id, sessionId));
      expect(row?.isRecorded).toBe(false);
    } finally {
      replay.sampleRate = 1;
    }
  });
});

describe('POST /api/replay/recordings', () => {
  it("stores a recorded session's uploads in order, as sent when compressed and compressed when not", async () => {
    const { sessionId, record } = await startSession(w.tokens.senior);
    expect(record).toBe(true);
    const first = gzipSync(JSON.stringify(events('first')));
    expect((await upload(sessionId, { body: first })).statusCode).toBe(200);
    const second = await upload(sessionId, { body: JSON.stringify(events('second')), type: 'application/json' });
    expect(second.statusCode, second.body).toBe(200);

    const rows = await stored(sessionId);
    expect(rows.map((row) => [row.sequence, row.size])).toEqual([
      [0, first.length],
      [1, rows[1]?.bytes.length],
    ]);
    expect(rows[0]?.bytes.equals(first)).toBe(true);
    expect(JSON.parse(gunzipSync(rows[1]?.bytes ?? Buffer.alloc(0)).toString())).toEqual(events('second'));
  });

  it('refuses a session that is not recorded, or not the caller’s, and stores nothing', async () => {
    const visitor = await startSession(null);
    expect((await upload(visitor.sessionId)).statusCode).toBe(403);
    const unknown = randomUUID();
    expect((await upload(unknown)).statusCode).toBe(403);
    // another agent of the same agency
    const theirs = await startSession(w.tokens.junior);
    expect((await upload(theirs.sessionId, { token: w.tokens.admin })).statusCode).toBe(403);
    for (const id of [visitor.sessionId, unknown, theirs.sessionId]) expect(await stored(id)).toEqual([]);
  });

  it('refuses an operator (403) and an anonymous caller (401)', async () => {
    const { sessionId } = await startSession(w.tokens.senior);
    expect((await upload(sessionId, { token: operator })).statusCode).toBe(403);
    expect((await upload(sessionId, { token: null })).statusCode).toBe(401);
    expect(await stored(sessionId)).toEqual([]);
  });

  it('refuses a foreign page: another Origin, or a cross-site request without one', async () => {
    const { sessionId } = await startSession(w.tokens.senior);
    const foreign = await upload(sessionId, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: routeUrl(replayRoutes.upload, { query: { sessionId } }),
      headers: {
        ...bearer(w.tokens.senior),
        'content-type': 'application/octet-stream',
        'sec-fetch-site': 'cross-site',
      },
      payload: gzipSync(JSON.stringify(events('x'))),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await stored(sessionId)).toEqual([]);
  });

  it('refuses an oversized body (413), one that inflates past its cap (413), and stores nothing', async () => {
    const { sessionId } = await startSession(w.tokens.senior);
    const big = Buffer.alloc(REPLAY_UPLOAD_MAX_BYTES + 1, 0x20);
    expect((await upload(sessionId, { body: big, type: 'application/json' })).statusCode).toBe(413);
    // 9 MB of one event's padding compresses to a few kilobytes
    const bomb = gzipSync(JSON.stringify([{ type: 5, timestamp: 1, data: { pad: 'a'.repeat(9 * 1024 * 1024) } }]));
    expect(bomb.length).toBeLessThan(REPLAY_UPLOAD_MAX_BYTES);
    expect((await upload(sessionId, { body: bomb })).statusCode).toBe(413);
    expect(await stored(sessionId)).toEqual([]);
  });

  it('refuses what is not a list of rrweb events (422), and stores nothing', async () => {
    const bodies: Buffer[] = [
      Buffer.from('not json'),
      gzipSync('{"events": []}'),
      gzipSync('[]'),
      gzipSync(JSON.stringify([{ type: 99, timestamp: 1, data: {} }])),
      gzipSync(JSON.stringify([{ type: 2, data: {} }])),
      gzipSync(JSON.stringify(events('cut'))).subarray(0, 30),
    ];
    // a session each: the session's budget per minute is small here
    const sessions: string[] = [];
    for (const body of bodies) {
      const { sessionId } = await startSession(w.tokens.senior);
      sessions.push(sessionId);
      const res = await upload(sessionId, { body });
      expect([res.statusCode, res.json()]).toEqual([422, [expect.objectContaining({ fieldName: 'body' })]]);
    }
    const wrongQuery = await t.app.inject({
      method: 'POST',
      url: `${routeUrl(replayRoutes.upload)}?sessionId=nope`,
      headers: { ...FROM_PORTAL, ...bearer(w.tokens.senior), 'content-type': 'application/octet-stream' },
      payload: gzipSync(JSON.stringify(events('x'))),
    });
    expect(wrongQuery.statusCode).toBe(422);
    for (const sessionId of sessions) expect(await stored(sessionId)).toEqual([]);
  });

  it("keeps no more than a session's cap, in order, whatever uploads race", async () => {
    const { sessionId } = await startSession(w.tokens.senior);
    const bytes = Buffer.alloc(100, 1);
    const owner = { userId: w.agency.users.senior.id, agencyId: w.agency.id };
    const kept = await Promise.all(
      [1, 2, 3].map(async () => (await appendRecordings(t.database.db, [{ sessionId, ...owner, bytes }], 250))[0]),
    );
    expect(kept.sort()).toEqual(['kept', 'kept', 'tooLarge']);
    expect((await stored(sessionId)).map((row) => [row.sequence, row.size])).toEqual([
      [0, 100],
      [1, 100],
    ]);
    // what the session has taken is counted once, beside its recordings
    expect(await t.database.db.select().from(replaySessions).where(eq(replaySessions.sessionId, sessionId))).toEqual([
      { sessionId, nextSequence: 2, size: 200 },
    ]);
  });

  it("stores many sessions' uploads in one statement, each with its own answer", async () => {
    const owner = { userId: w.agency.users.senior.id, agencyId: w.agency.id };
    const [fine, full, notMine, notRecorded] = await Promise.all(
      [w.tokens.senior, w.tokens.senior, w.tokens.junior, null].map(
        async (token) => (await startSession(token)).sessionId,
      ),
    );
    const bytes = (n: number) => Buffer.alloc(n, 7);
    const outcomes = await appendRecordings(
      t.database.db,
      [fine, full, notMine, notRecorded].map((sessionId, i) => ({
        sessionId: sessionId ?? '',
        ...owner,
        bytes: bytes(i === 1 ? 300 : 100),
      })),
      250,
    );
    expect(outcomes).toEqual(['kept', 'tooLarge', 'notRecorded', 'notRecorded']);
    expect((await stored(fine ?? '')).map((row) => [row.sequence, row.size])).toEqual([[0, 100]]);
    for (const sessionId of [full, notMine, notRecorded]) expect(await stored(sessionId ?? '')).toEqual([]);
    // a statement never takes one session twice (the write group keeps a session's uploads apart)
    await expect(
      appendRecordings(
        t.database.db,
        [fine, fine].map((sessionId) => ({ sessionId: sessionId ?? '', ...owner, bytes: bytes(1) })),
        250,
      ),
    ).rejects.toThrow('one upload per session');
    expect(await stored(fine ?? '')).toHaveLength(1);
  });

  it('keeps every upload of tabs racing, each session in its own order', async () => {
    const sessions = await Promise.all([1, 2, 3].map(async () => (await startSession(w.tokens.senior)).sessionId));
    const sent = sessions.flatMap((sessionId) =>
      ['a', 'b', 'c'].map((label) => upload(sessionId, { body: gzipSync(JSON.stringify(events(label))) })),
    );
    expect((await Promise.all(sent)).map((res) => res.statusCode)).toEqual(Array(9).fill(200));
    for (const sessionId of sessions) {
      const rows = await stored(sessionId);
      expect(rows.map((row) => row.sequence)).toEqual([0, 1, 2]);
      const labels = rows.map(
        (row) => (JSON.parse(gunzipSync(row.bytes).toString()) as { data: { label?: string } }[])[1]?.data.label,
      );
      expect(labels.sort()).toEqual(['a', 'b', 'c']);
    }
  });

  it('goes on from what a session uploaded before replay_sessions existed (migration 0036 counts it)', async () => {
    const { sessionId } = await startSession(w.tokens.senior);
    for (const label of ['a', 'b'])
      expect((await upload(sessionId, { body: gzipSync(JSON.stringify(events(label))) })).statusCode).toBe(200);
    const sizes = (await stored(sessionId)).reduce((sum, row) => sum + row.size, 0);
    // as a database from before the migration: recordings and no counts; then the migration's own statement
    await t.database.db.delete(replaySessions);
    const migration = fs.readFileSync(findUp(import.meta.url, 'drizzle/0036_replay_sessions.sql') as string, 'utf8');
    await t.database.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1) ?? ''));
    expect(await t.database.db.select().from(replaySessions).where(eq(replaySessions.sessionId, sessionId))).toEqual([
      { sessionId, nextSequence: 2, size: sizes },
    ]);
    expect((await upload(sessionId, { body: gzipSync(JSON.stringify(events('c'))) })).statusCode).toBe(200);
    expect((await stored(sessionId)).map((row) => row.sequence)).toEqual([0, 1, 2]);
  });

  it('refuses a session past its budget per minute (429) and stores nothing more', async () => {
    const { sessionId } = await startSession(w.tokens.senior);
    const answers: number[] = [];
    for (let i = 0; i < PER_SESSION + 2; i += 1) answers.push((await upload(sessionId)).statusCode);
    expect(answers).toEqual([...Array(PER_SESSION).fill(200), 429, 429]);
    expect(await stored(sessionId)).toHaveLength(PER_SESSION);
  });
});

describe("the agency's switch", () => {
  it('is set by the operator with an audit row; off, the session is no longer recorded and uploads are refused', async () => {
    const { sessionId } = await startSession(w.tokens.senior);
    expect((await upload(sessionId)).statusCode).toBe(200);
    const detail = await injectRoute(t.app, adminRoutes.agency, { params: { id: w.agency.id }, token: operator });
    expect(detail.json().isReplayRecorded).toBe(true);

    const settings = {
      siteId: detail.json().siteId,
      currency: detail.json().currency,
      creditLimit: detail.json().creditLimit,
      isWidgetsCreationAllowed: detail.json().isWidgetsCreationAllowed,
      isCreditCardTopupAllowed: detail.json().isCreditCardTopupAllowed,
    };
    const off = await injectRoute(t.app, adminRoutes.agencySettings, {
      params: { id: w.agency.id },
      token: operator,
      body: { ...settings, isReplayRecorded: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().isReplayRecorded).toBe(false);
    const [audit] = await t.database.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.agencyId, w.agency.id), eq(auditEvents.action, 'agency.settingsChanged')));
    expect(audit?.changes).toEqual([{ field: 'isReplayRecorded', from: 'true', to: 'false' }]);

    expect((await upload(sessionId)).statusCode).toBe(403);
    expect(await stored(sessionId)).toHaveLength(1);
    expect((await startSession(w.tokens.senior)).record).toBe(false);

    // a settings change that does not name it leaves it as it is
    await injectRoute(t.app, adminRoutes.agencySettings, {
      params: { id: w.agency.id },
      token: operator,
      body: settings,
    });
    const [agency] = await t.database.db
      .select({ isReplayRecorded: agencies.isReplayRecorded })
      .from(agencies)
      .where(eq(agencies.id, w.agency.id));
    expect(agency?.isReplayRecorded).toBe(false);
    await t.database.db.update(agencies).set({ isReplayRecorded: true }).where(eq(agencies.id, w.agency.id));
    expect((await upload(sessionId)).statusCode).toBe(200);
  });
});

describe('the operator reads recordings', () => {
  it("lists an agency's recorded sessions, the session of a booking, and a session's recordings", async () => {
    const { sessionId } = await startSession(w.tokens.admin);
    for (const label of ['a', 'b', 'c'])
      expect(
        (await upload(sessionId, { token: w.tokens.admin, body: gzipSync(JSON.stringify(events(label))) })).statusCode,
      ).toBe(200);
    const booked = await t.app.inject({
      method: 'POST',
      url: routeUrl(bookingRoutes.create),
      headers: { ...bearer(w.tokens.admin), 'x-insight-session': sessionId },
      payload: bookingBody(w),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const booking = booked.json().booking as { id: string; reference: string };
    // sessions with nothing recorded: a visitor's, and an agent's that has uploaded nothing
    const unlisted = [(await startSession(null)).sessionId, (await startSession(w.tokens.admin)).sessionId];

    const list = await injectRoute(t.app, replayRoutes.agencySessions, {
      params: { id: w.agency.id },
      token: operator,
    });
    expect(list.statusCode).toBe(200);
    const mine = (list.json() as ReplaySessionList).sessions.find((s) => s.sessionId === sessionId);
    expect(mine).toMatchObject({
      agencyId: w.agency.id,
      agent: { id: w.agency.users.admin.id, email: w.agency.users.admin.email },
      recordings: 3,
      bookings: [{ id: booking.id, reference: booking.reference }],
    });
    const listed = (list.json() as ReplaySessionList).sessions.map((s) => s.sessionId);
    for (const id of unlisted) expect(listed).not.toContain(id);

    const ofBooking = await injectRoute(t.app, replayRoutes.bookingSessions, {
      params: { id: booking.id },
      token: operator,
    });
    expect((ofBooking.json() as ReplaySessionList).sessions.map((s) => s.sessionId)).toEqual([sessionId]);

    const recording = await injectRoute(t.app, replayRoutes.recording, { params: { id: sessionId }, token: operator });
    expect(recording.statusCode).toBe(200);
    const body = recording.json() as ReplayRecording;
    expect(body.nextFrom).toBeNull();
    const labels = body.recordings.map(
      (r) => JSON.parse(gunzipSync(Buffer.from(r.gzipBase64, 'base64')).toString())[1].data.label,
    );
    expect(labels).toEqual(['a', 'b', 'c']);
    const rest = await injectRoute(t.app, replayRoutes.recording, {
      params: { id: sessionId },
      query: { from: 2 },
      token: operator,
    });
    expect((rest.json() as ReplayRecording).recordings.map((r) => r.sequence)).toEqual([2]);
  });

  it('answers 404 for an unknown or unrecorded session and an unknown booking', async () => {
    const visitor = await startSession(null);
    for (const id of [randomUUID(), visitor.sessionId]) {
      const res = await injectRoute(t.app, replayRoutes.recording, { params: { id }, token: operator });
      expect(res.statusCode).toBe(404);
    }
    const res = await injectRoute(t.app, replayRoutes.bookingSessions, {
      params: { id: randomUUID() },
      token: operator,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses every agency role (403): an agency never reads a replay', async () => {
    const { sessionId } = await startSession(w.tokens.admin);
    expect((await upload(sessionId, { token: w.tokens.admin })).statusCode).toBe(200);
    for (const token of Object.values(w.tokens)) {
      const reads = [
        await injectRoute(t.app, replayRoutes.agencySessions, { params: { id: w.agency.id }, token }),
        await injectRoute(t.app, replayRoutes.recording, { params: { id: sessionId }, token }),
        await injectRoute(t.app, replayRoutes.bookingSessions, { params: { id: randomUUID() }, token }),
      ];
      expect(reads.map((res) => res.statusCode)).toEqual([403, 403, 403]);
      for (const res of reads) expect(res.body).not.toContain('gzipBase64');
    }
  });
});

describe('retention', () => {
  it('deletes recordings older than REPLAY_RETENTION_DAYS and keeps the rest', async () => {
    const { sessionId } = await startSession(w.tokens.senior);
    expect((await upload(sessionId)).statusCode).toBe(200);
    expect((await upload(sessionId)).statusCode).toBe(200);
    const day = 86_400_000;
    await t.database.db
      .update(replayRecordings)
      .set({ createdAt: new Date(Date.now() - 31 * day) })
      .where(and(eq(replayRecordings.sessionId, sessionId), eq(replayRecordings.sequence, 0)));
    const counts = await deleteExpiredRows(t.app.deps, {
      idempotencyKeys: 0,
      webhookEvents: 0,
      insight: 0,
      replay: 30,
      jobFailures: 0,
      webhookLog: 0,
    });
    expect(counts.replay).toBeGreaterThanOrEqual(1);
    expect((await stored(sessionId)).map((row) => row.sequence)).toEqual([1]);
  });
});
