import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, addDays, bookingRoutes } from '@portal/contract';
import { bookings, slots } from '../../db/schema/index.ts';
import { buildTestApp, ownPostgresDatabase, type TestApp } from '../../../test/build-test-app.ts';
import { failInCiWithout } from '../../../test/ci-needs.ts';
import { readBalance, sumLedger } from '../ledger/ledger.repo.ts';
import { routeUrl } from '../../../test/inject-route.ts';
import {
  bookingBody,
  createBookingWorld,
  fund,
  postBooking,
  retireTour,
  setOfferMinPeople,
  type BookingWorld,
} from '../../../test/booking-fixtures.ts';

// DESIGN "Testing": concurrency needs real PostgreSQL (PGlite runs one transaction at a time, so it cannot oversell).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
failInCiWithout(onPostgres, 'PostgreSQL (TEST_DATABASE_URL)');
const ATTEMPTS = 1000;
const CLIENTS = 50;
const SEATS = 100;

type Outcome = { confirmed: number; outOfStock: number; other: { status: number; body: string }[] };

// `card`: the card path, whose seats are held (pending_payment) by takeStock while the sandbox is asked
async function hammer(t: TestApp, w: BookingWorld, date: string, card = false): Promise<Outcome> {
  const outcome: Outcome = { confirmed: 0, outOfStock: 0, other: [] };
  let next = 0;
  const body = bookingBody(w, { date, time: '18:00', adults: 1, children: 0 });
  const options = card ? { url: routeUrl(bookingRoutes.createWithPaymentIntent) } : {};
  const taken = card ? 'pending_payment' : 'completed';
  const client = async () => {
    while (next < ATTEMPTS) {
      next++;
      const res = await postBooking(t.app, w.tokens.admin, body, options);
      if (res.statusCode === 200 && res.json().booking.status === taken) outcome.confirmed++;
      else if (res.statusCode === 422 && res.json()[0]?.errorMessage === BOOKING_MESSAGES.outOfStock)
        outcome.outOfStock++;
      else outcome.other.push({ status: res.statusCode, body: res.body.slice(0, 200) });
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return outcome;
}

async function hotSlot(t: TestApp) {
  const w = await createBookingWorld(t.app, t.database.db, { balanceMinor: 0 });
  await fund(t.database.db, w.agency.id, ATTEMPTS * 20_000);
  await setOfferMinPeople(t.database.db, w.tour.timeslotOfferId, 1);
  const date = addDays(w.tour.today, 3);
  await t.database.db
    .update(slots)
    .set({ capacity: SEATS, left: SEATS })
    .where(and(eq(slots.offerId, w.tour.timeslotOfferId), eq(slots.date, date), eq(slots.startTime, '18:00')));
  return { w, date };
}

async function seatsTaken(t: TestApp, w: BookingWorld, date: string, status: 'completed' | 'pending_payment') {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.agencyId, w.agency.id), eq(bookings.date, date), eq(bookings.status, status)));
  return Number(row?.n ?? 0);
}

describe.skipIf(!onPostgres)(
  `${ATTEMPTS} booking attempts from ${CLIENTS} parallel clients on a slot with ${SEATS} seats (PostgreSQL)`,
  () => {
    // one app per setting, each with a pool of CLIENTS connections (PostgreSQL allows 100 by default)
    const apps = new Map<boolean, TestApp>();
    // its own database: the load (and a thousand confirmation mails in the outbox) stays away from the other suites
    let database: Awaited<ReturnType<typeof ownPostgresDatabase>> | null = null;
    const app = async (stockLocking: boolean) => {
      database ??= await ownPostgresDatabase('concurrency');
      const t =
        apps.get(stockLocking) ??
        (await buildTestApp({ stockLocking }, { poolSize: CLIENTS, databaseUrl: database.url }));
      apps.set(stockLocking, t);
      return t;
    };
    afterAll(async () => {
      for (const t of apps.values()) await t.close();
      await database?.drop();
    });

    it(`confirms exactly ${SEATS}, answers the rest 'Tickets out of stock', no 5xx, balance equal to its ledger`, async () => {
      const t = await app(true);
      const { w, date } = await hotSlot(t);
      const before = await readBalance(t.database.db, w.agency.id, 'aed');
      const outcome = await hammer(t, w, date);
      expect(outcome.other).toEqual([]);
      expect(outcome).toMatchObject({ confirmed: SEATS, outOfStock: ATTEMPTS - SEATS });
      expect(await seatsTaken(t, w, date, 'completed')).toBe(SEATS);
      const [slot] = await t.database.db
        .select()
        .from(slots)
        .where(and(eq(slots.offerId, w.tour.timeslotOfferId), eq(slots.date, date), eq(slots.startTime, '18:00')));
      expect(slot?.left).toBe(0);
      const after = await readBalance(t.database.db, w.agency.id, 'aed');
      expect(after.balanceMinor).toBe(before.balanceMinor - SEATS * 14_400);
      expect(await sumLedger(t.database.db, w.agency.id, 'aed')).toBe(after.balanceMinor);
      await retireTour(t.database.db, w.tour.id);
    });

    it('oversells in a control run with the slot lock switched off (proof that the test above can fail)', async () => {
      const t = await app(false);
      const { w, date } = await hotSlot(t);
      const outcome = await hammer(t, w, date);
      expect(outcome.confirmed).toBeGreaterThan(SEATS);
      expect(await seatsTaken(t, w, date, 'completed')).toBe(outcome.confirmed);
      await retireTour(t.database.db, w.tour.id);
    });
    // The card path holds its seats with takeStock's conditional UPDATE; its control run has that same statement
    // write a copy of the slot read before it (no separate read-modify-write code that could differ from what ships)
    it(`holds exactly ${SEATS} seats on the card path, and oversells with the lock off (control run)`, async () => {
      const locked = await app(true);
      const hot = await hotSlot(locked);
      const outcome = await hammer(locked, hot.w, hot.date, true);
      expect(outcome.other).toEqual([]);
      expect(outcome).toMatchObject({ confirmed: SEATS, outOfStock: ATTEMPTS - SEATS });
      expect(await seatsTaken(locked, hot.w, hot.date, 'pending_payment')).toBe(SEATS);
      await retireTour(locked.database.db, hot.w.tour.id);

      const control = await app(false);
      const cold = await hotSlot(control);
      const oversold = await hammer(control, cold.w, cold.date, true);
      expect(oversold.confirmed).toBeGreaterThan(SEATS);
      expect(await seatsTaken(control, cold.w, cold.date, 'pending_payment')).toBe(oversold.confirmed);
      await retireTour(control.database.db, cold.w.tour.id);
    });
  },
);
