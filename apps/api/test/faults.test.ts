import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Db } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { agencyBalances, bookings, idempotencyKeys, ledgerEntries, slots } from '../src/db/schema/index.ts';
import { bookingBody, createBookingWorld, type BookingWorld } from './booking-fixtures.ts';
import { buildTestApp, ownPostgresDatabase } from './build-test-app.ts';
import { TEST_PASSWORD } from './factories.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process.ts';
import { failInCiWithout } from './ci-needs.ts';

// The real server (its own process, from the sources) under booking load with Idempotency-Keys, killed with SIGKILL,
// restarted, and every call that got no answer replayed with its key: at once, and again once the leases ran out.
// Bounded: a fixed number of rounds, each with a load of about a second.
const JWT_SECRET = 'fault-test-secret-0123456789-abcdefghijkl';
const LOAD_MS = 1200;
const CLIENTS = 12;

type Server = ServerProcess;

const startServer = (env: Record<string, string>) =>
  startServerProcess({
    JWT_SECRET,
    RATE_LIMIT_MAX: '10000000',
    HOLD_SWEEP_MS: '0',
    MAIL_POLL_MS: '600000',
    SMTP_URL: '',
    DATABASE_URL: '',
    ...env,
  });

const kill = (server: Server, signal: NodeJS.Signals) => stopServerProcess(server, signal);

type Call = {
  key: string;
  token: string;
  body: Record<string, unknown>;
  status: number | null;
  bookingId: string | null;
};

async function send(base: string, call: Call): Promise<void> {
  try {
    const res = await fetch(`${base}/api/b2b/bookings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${call.token}`,
        'idempotency-key': call.key,
      },
      body: JSON.stringify(call.body),
    });
    const text = await res.text();
    call.status = res.status;
    if (res.status !== 200 && process.env.FAULT_DEBUG) console.log(res.status, text);
    if (res.status === 200) call.bookingId = (JSON.parse(text) as { booking: { id: string } }).booking.id;
  } catch {
    call.status = null;
  }
}

// Load until `stop` resolves: each client books two or three seats at a time with a new key (people vary so bodies differ).
async function load(base: string, tokens: string[], world: BookingWorld, stopAt: Promise<void>): Promise<Call[]> {
  const calls: Call[] = [];
  let stopped = false;
  void stopAt.then(() => (stopped = true));
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; !stopped; i++) {
        const call: Call = {
          key: `fault-${randomUUID()}`,
          token: tokens[client % tokens.length] ?? '',
          body: bookingBody(world, { adults: 2 + (i % 2), children: 0 }),
          status: null,
          bookingId: null,
        };
        calls.push(call);
        await send(base, call);
        if (call.status === null) return;
      }
    }),
  );
  return calls;
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/b2b/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

type Invariants = {
  bookings: number;
  keysWithBooking: number;
  balanceMatchesLedger: boolean;
  debitsPerBooking: number[];
  stockTaken: number;
  stockSold: number;
  keysInFlight: number;
};

async function invariants(db: Db, world: BookingWorld): Promise<Invariants> {
  const agencyId = world.agency.id;
  const rows = await db
    .select({ id: bookings.id, units: bookings.stockUnits, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.agencyId, agencyId));
  const [keys] = await db
    .select({
      withBooking: sql<number>`count(*) FILTER (WHERE ${idempotencyKeys.resourceId} IS NOT NULL)::int`,
      inFlight: sql<number>`count(*) FILTER (WHERE ${idempotencyKeys.state} = 'running' AND ${idempotencyKeys.lockedUntil} < now())::int`,
    })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.agencyId, agencyId));
  const [balance] = await db
    .select({ minor: agencyBalances.balanceMinor })
    .from(agencyBalances)
    .where(and(eq(agencyBalances.agencyId, agencyId), eq(agencyBalances.currency, 'aed')));
  const [ledger] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.agencyId, agencyId));
  const ids = rows.map((r) => r.id);
  const debits =
    ids.length === 0
      ? []
      : await db
          .select({ bookingId: ledgerEntries.bookingId, n: sql<number>`count(*)::int` })
          .from(ledgerEntries)
          .where(and(inArray(ledgerEntries.bookingId, ids), eq(ledgerEntries.kind, 'booking')))
          .groupBy(ledgerEntries.bookingId);
  const [slot] = await db
    .select({ capacity: slots.capacity, left: slots.left })
    .from(slots)
    .where(
      and(eq(slots.offerId, world.tour.timeslotOfferId), eq(slots.date, world.date), eq(slots.startTime, '18:00')),
    );
  return {
    bookings: rows.length,
    keysWithBooking: Number(keys?.withBooking ?? 0),
    balanceMatchesLedger: Number(balance?.minor ?? 0) === Number(ledger?.total ?? 0),
    debitsPerBooking: [...new Set(ids.map((id) => Number(debits.find((d) => d.bookingId === id)?.n ?? 0)))],
    stockTaken: (slot?.capacity ?? 0) - (slot?.left ?? 0),
    stockSold: rows.filter((r) => r.status !== 'cancelled').reduce((sum, r) => sum + r.units, 0),
    keysInFlight: Number(keys?.inFlight ?? 0),
  };
}

// One round: load, SIGKILL, restart, replay what got no answer (at once, then after the leases), check.
// `current` is the server running now (expiring the leases may restart it). The load books as the world's admin
// and senior.
async function round(
  start: () => Promise<Server>,
  current: () => Server,
  world: BookingWorld,
  expireLeases: () => Promise<void>,
) {
  const first = await start();
  const toks = await Promise.all(
    [world.agency.users.admin.email, world.agency.users.senior.email].map((e) => login(first.base, e)),
  );
  const stop = new Promise<void>((resolve) => setTimeout(resolve, LOAD_MS));
  const killed = stop.then(() => kill(first, 'SIGKILL'));
  const calls = await load(first.base, toks, world, stop);
  await killed;
  await start();
  const unanswered = calls.filter((c) => c.status === null);
  const answered = calls.filter((c) => c.status === 200);
  const firstReplay = unanswered.map((c) => ({ ...c }));
  await Promise.all(firstReplay.map((c) => send(current().base, c)));
  await expireLeases();
  const secondReplay = unanswered.map((c) => ({ ...c }));
  await Promise.all(secondReplay.map((c) => send(current().base, c)));
  // the same key answers the same booking every time
  const again = answered.slice(0, 20).map((c) => ({ ...c }));
  await Promise.all(again.map((c) => send(current().base, c)));
  return { calls, answered, unanswered, firstReplay, secondReplay, again };
}

type Outcome = Awaited<ReturnType<typeof round>>;

function checkReplays(outcome: Outcome) {
  // after the leases, every unanswered call has an answer, and it is a booking
  expect(outcome.secondReplay.map((c) => c.status).filter((s) => s !== 200)).toEqual([]);
  // a replay never answers with another booking than an earlier answer for the same key
  for (const [i, c] of outcome.firstReplay.entries()) {
    if (c.bookingId) expect(outcome.secondReplay[i]?.bookingId).toBe(c.bookingId);
  }
  expect(outcome.firstReplay.every((c) => c.status === 200 || c.status === 409)).toBe(true);
  for (const [i, c] of outcome.again.entries()) expect(c.bookingId).toBe(outcome.answered[i]?.bookingId);
}

function describeRound(outcome: Outcome): string {
  const committed = outcome.firstReplay.filter((c) => c.status === 200).length;
  return `${outcome.calls.length} calls, ${outcome.unanswered.length} unanswered at the kill (${committed} had committed: answered with their booking at once; ${outcome.unanswered.length - committed} had not: 409 until the lease, then booked once)`;
}

const stats: string[] = [];
afterAll(() => {
  if (stats.length > 0) console.log(`fault rounds:\n${stats.join('\n')}`);
});

failInCiWithout(Boolean(process.env.TEST_DATABASE_URL), 'PostgreSQL (TEST_DATABASE_URL)');

describe.runIf(process.env.TEST_DATABASE_URL)('SIGKILL under booking load on PostgreSQL', () => {
  it('3 rounds: 0 duplicate bookings, 0 double debits, stock and ledger exact, no key left in flight', async () => {
    const own = await ownPostgresDatabase('faults');
    let database: DatabaseHandle | null = null;
    let server: Server | null = null;
    try {
      // the world is made through an in-process app on the same database (migrations, tour, agency, balance)
      const setup = await buildTestApp({}, { databaseUrl: own.url, poolSize: 4 });
      const world = await createBookingWorld(setup.app, setup.database.db, { balanceMinor: 100_000_000 });
      await roomFor(setup.database.db, world);
      await setup.close();
      database = await openDatabase({ kind: 'postgres', url: own.url, poolSize: 2 });
      const db = database.db;
      const start = () => startServer({ DATABASE_URL: own.url });
      const current = () => {
        if (!server) throw new Error('no server');
        return server;
      };
      const expire = async () =>
        void (await db
          .update(idempotencyKeys)
          .set({ lockedUntil: sql`now() - interval '1 second'` })
          .where(and(eq(idempotencyKeys.agencyId, world.agency.id), eq(idempotencyKeys.state, 'running'))));
      for (let r = 1; r <= 3; r++) {
        const outcome = await round(async () => (server = await start()), current, world, expire);
        checkReplays(outcome);
        const found = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.agencyId, world.agency.id));
        const foundIds = new Set(found.map((b) => b.id));
        expect(outcome.answered.filter((c) => !c.bookingId || !foundIds.has(c.bookingId))).toEqual([]);
        const inv = await invariants(db, world);
        expect(inv).toMatchObject({ balanceMatchesLedger: true, debitsPerBooking: [1], keysInFlight: 0 });
        expect(inv.bookings).toBe(inv.keysWithBooking);
        expect(inv.stockTaken).toBe(inv.stockSold);
        stats.push(
          `PostgreSQL round ${r}: ${describeRound(outcome)}, ${inv.bookings} bookings for ${inv.keysWithBooking} keys, 0 duplicates`,
        );
        await kill(current(), 'SIGTERM');
      }
    } finally {
      if (server) await kill(server, 'SIGKILL');
      await database?.close();
      await own.drop();
    }
  }, 240_000);
});

describe('SIGKILL under booking load on the embedded database', () => {
  it('restarts on the same data dir (stale lock taken over), keeps every answered booking, books each key once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fault-'));
    let server: Server | null = null;
    try {
      let database = await openDatabase({ kind: 'pglite', dataDir });
      await runMigrations(database);
      // the world is made while no server runs: one process per data dir
      const setup = await buildTestAppOn(database);
      const world = await createBookingWorld(setup.app, database.db, { balanceMinor: 100_000_000 });
      await roomFor(database.db, world);
      await setup.close();
      await database.close();

      const start = () => startServer({ DATA_DIR: dataDir });
      const current = () => {
        if (!server) throw new Error('no server');
        return server;
      };
      // five minutes pass: the server stops, the leases are moved into the past, and it starts again
      const outcome = await round(
        async () => (server = await start()),
        current,
        world,
        async () => {
          await kill(current(), 'SIGTERM');
          const db = await openDatabase({ kind: 'pglite', dataDir });
          await db.db
            .update(idempotencyKeys)
            .set({ lockedUntil: sql`now() - interval '1 second'` })
            .where(eq(idempotencyKeys.state, 'running'));
          await db.close();
          server = await start();
        },
      );
      expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(true);
      checkReplays(outcome);
      await kill(current(), 'SIGTERM');
      server = null;
      database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const found = new Set(
          (
            await database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.agencyId, world.agency.id))
          ).map((b) => b.id),
        );
        expect(outcome.answered.filter((c) => !c.bookingId || !found.has(c.bookingId))).toEqual([]);
        const inv = await invariants(database.db, world);
        expect(inv).toMatchObject({ balanceMatchesLedger: true, debitsPerBooking: [1], keysInFlight: 0 });
        expect(inv.bookings).toBe(inv.keysWithBooking);
        expect(inv.stockTaken).toBe(inv.stockSold);
        stats.push(
          `PGlite: ${describeRound(outcome)}, ${inv.bookings} bookings for ${inv.keysWithBooking} keys, 0 duplicates`,
        );
      } finally {
        await database.close();
      }
    } finally {
      if (server) await kill(server, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

// enough seats that every call of every round can be booked (a sold-out answer is no fault)
async function roomFor(db: Db, world: BookingWorld) {
  await db
    .update(slots)
    .set({ capacity: 100_000, left: 100_000 })
    .where(
      and(eq(slots.offerId, world.tour.timeslotOfferId), eq(slots.date, world.date), eq(slots.startTime, '18:00')),
    );
}

// buildTestApp opens its own database; the embedded round needs an app on the data dir it already holds
async function buildTestAppOn(database: DatabaseHandle) {
  const { loadConfig } = await import('../src/config/env.ts');
  const { buildApp } = await import('../src/app.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fault-app-'));
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir, logLevel: 'silent', seedDemo: false, jwtSecret: JWT_SECRET, holdSweepMs: 0, rateLimitMax: 100_000 },
  );
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
