import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AvailabilityRow } from '@portal/contract';
import type { Db } from '../src/db/client.ts';
import { slots } from '../src/db/schema/index.ts';
import { bookingBody, createBookingWorld, type BookingWorld } from './booking-fixtures.ts';
import { buildTestApp, ownPostgresDatabase } from './build-test-app.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { TEST_PASSWORD } from './factories.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process.ts';
import { failInCiWithout } from './ci-needs.ts';

// Two server processes (from the sources) on one PostgreSQL database and one Redis, as behind a load balancer.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const POLL_MS = 250;
const RATE_LIMIT = 40;

async function redisReachable(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

type Node = ServerProcess;
const startNode = startServerProcess;

const runs = process.env.TEST_DATABASE_URL ? await redisReachable() : false;
failInCiWithout(runs, `PostgreSQL (TEST_DATABASE_URL) and Redis at ${REDIS_URL}`);

describe.runIf(runs)('two nodes on one PostgreSQL database and one Redis', () => {
  let a: Node;
  let b: Node;
  let w: BookingWorld;
  let drop: () => Promise<void> = async () => undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let setupClose: () => Promise<void> = async () => undefined;
  let db: Db;

  beforeAll(async () => {
    const own = await ownPostgresDatabase('two_nodes');
    drop = own.drop;
    const setup = await buildTestApp({}, { databaseUrl: own.url, poolSize: 3 });
    w = await createBookingWorld(setup.app, setup.database.db);
    db = setup.database.db;
    setupClose = setup.close;
    smtp = await startSmtpSink();
    const env = {
      DATABASE_URL: own.url,
      REDIS_URL,
      JWT_SECRET: 'two-nodes-secret-0123456789-abcdefghijkl',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '300',
      CATALOGUE_VERSION_POLL_MS: String(POLL_MS),
      RATE_LIMIT_MAX: String(RATE_LIMIT),
    };
    [a, b] = await Promise.all([startNode(env), startNode(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a, b].map((node) => stopServerProcess(node)));
    await setupClose();
    await smtp?.close();
    await drop();
  });

  it('a booking through node A shows in the availability of node B within the poll interval, and its mail goes out once', async () => {
    const login = await fetch(`${a.base}/api/b2b/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: w.agency.users.admin.email, password: TEST_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const url = `/api/b2b/availability/ByOffer?id=${w.tour.timeslotOfferId}&from=${w.date}&to=${w.date}`;
    const leftOn = async (node: Node) =>
      ((await (await fetch(`${node.base}${url}`, { headers: auth })).json()) as AvailabilityRow[]).find(
        (r) => r.time === '18:00',
      )?.left;
    const before = await leftOn(b);
    expect(before).toBe(500);

    const booked = await fetch(`${a.base}/api/b2b/bookings`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(bookingBody(w)),
    });
    expect(booked.status).toBe(200);
    const reference = ((await booked.json()) as { booking: { reference: string } }).booking.reference;
    const committedAt = Date.now();
    let seenAfter = Infinity;
    while (Date.now() - committedAt < 3000) {
      if ((await leftOn(b)) === 497) {
        seenAfter = Date.now() - committedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seenAfter).toBeLessThanOrEqual(POLL_MS + 250);
    const [slot] = await db
      .select({ left: slots.left })
      .from(slots)
      .where(and(eq(slots.offerId, w.tour.timeslotOfferId), eq(slots.date, w.date), eq(slots.startTime, '18:00')));
    expect(slot?.left).toBe(497);

    await smtp.waitFor((m) => m.subject.includes(reference));
    // both nodes poll the outbox: give them a few rounds, then count
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((m) => m.subject.includes(reference))).toHaveLength(1);
  });

  it('counts the rate limit across both nodes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i++) {
      for (const node of [a, b])
        statuses.push((await fetch(`${node.base}/api/layout/info`, { headers: { 'x-test': String(i) } })).status);
    }
    const ok = statuses.filter((s) => s === 200).length;
    // each node alone saw only RATE_LIMIT calls, so only a shared count refuses any
    expect(ok).toBeLessThanOrEqual(RATE_LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(RATE_LIMIT - 5);
  });
});
