import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../src/config/env.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, bookingRoutes } from '@portal/contract';
import type { Db } from '../src/db/client.ts';
import { bookings, cities, hotels, offers, slots, tours } from '../src/db/schema/index.ts';
import { bearer, createAgency, loginAs, type TestAgency } from './factories.ts';
import { createTestTour, type TestTour } from './catalogue-fixtures.ts';
import { routeUrl } from './inject-route.ts';
import { postLedgerEntry } from '../src/modules/ledger/ledger.repo.ts';

export type BookingWorld = {
  tour: TestTour;
  agency: TestAgency;
  tokens: { admin: string; senior: string; junior: string };
  dubaiHotelId: number;
  otherCityHotelId: number;
  // two days ahead, 18:00, shared stock (500 left), 144 AED net / 169 published per adult. Less than 48 hours away
  // after 18:00 Dubai time: a test whose outcome depends on the cancellation tier books `refundableDate` instead
  date: string;
  // five days ahead, 18:00, shared stock (500 left), same prices: over 48 hours away at any hour of today, so a
  // cancellation refunds all of it whenever the suite runs (the test tour's top tier is 48 hours)
  refundableDate: string;
};

export async function fund(db: Db, agencyId: string, aedMinor: number, currency: 'aed' | 'usd' = 'aed') {
  await db.transaction((tx) =>
    postLedgerEntry(tx, {
      agencyId,
      currency,
      amountMinor: aedMinor,
      kind: 'deposit',
      description: 'Test deposit',
      reference: 'TEST',
    }),
  );
}

// one of the demo catalogue's pick-up hotels in the city
async function demoHotelIn(db: Db, cityUrl: string) {
  const [hotel] = await db
    .select({ id: hotels.id })
    .from(hotels)
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .where(eq(cities.url, cityUrl))
    .limit(1);
  return hotel;
}

export async function createBookingWorld(
  app: FastifyInstance,
  db: Db,
  options: { balanceMinor?: number } = {},
): Promise<BookingWorld> {
  const tour = await createTestTour(db);
  const agency = await createAgency(db);
  if (options.balanceMinor !== 0) await fund(db, agency.id, options.balanceMinor ?? 1_000_000);
  const [admin, senior, junior] = await Promise.all([
    loginAs(app, agency.users.admin.email),
    loginAs(app, agency.users.senior.email),
    loginAs(app, agency.users.junior.email),
  ]);
  const dubai = await demoHotelIn(db, 'dubai');
  const other = await demoHotelIn(db, 'abu-dhabi');
  if (!dubai || !other) throw new Error('demo hotels missing');
  const date = addDays(tour.today, 2);
  // room for every test of a suite on the main slot
  await db
    .update(slots)
    .set({ capacity: 500, left: 500 })
    .where(and(eq(slots.offerId, tour.timeslotOfferId), eq(slots.date, date), eq(slots.startTime, '18:00')));
  const refundableDate = addDays(tour.today, 5);
  await db
    .insert(slots)
    .values({ offerId: tour.timeslotOfferId, date: refundableDate, startTime: '18:00', capacity: 500, left: 500 })
    .onConflictDoUpdate({ target: [slots.offerId, slots.date, slots.startTime], set: { capacity: 500, left: 500 } });
  return {
    tour,
    agency,
    tokens: { admin, senior, junior },
    dubaiHotelId: dubai.id,
    otherCityHotelId: other.id,
    date,
    refundableDate,
  };
}

// Bookings keep their tour: a finished suite hides its tour instead of deleting it.
export async function retireTour(db: Db, tourId: number) {
  await db.update(tours).set({ isActive: false }).where(eq(tours.id, tourId));
}

// the guest of a booking as the checkout sends it (hotelId: the pick-up hotel, null for none)
export const GUEST = {
  name: 'Maria Lopez',
  email: 'maria@example.test',
  confirmEmail: 'maria@example.test',
  phone: '+34 600 123 456',
  hotel: 'Address Downtown',
  room: '1204',
};

export function guest(world: BookingWorld, overrides: Record<string, unknown> = {}) {
  return { ...GUEST, hotelId: world.dubaiHotelId, ...overrides };
}

export function bookingBody(world: BookingWorld, overrides: Record<string, unknown> = {}) {
  return {
    offerId: world.tour.timeslotOfferId,
    date: world.date,
    time: '18:00',
    adults: 2,
    children: 1,
    infants: 0,
    guest: guest(world),
    ...overrides,
  };
}

export async function postBooking(
  app: FastifyInstance,
  token: string,
  body: unknown,
  options: { key?: string; url?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: options.url ?? routeUrl(bookingRoutes.create),
    headers: { ...bearer(token), ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload: body as Record<string, unknown>,
  });
}

export async function slotLeft(db: Db, offerId: number, date: string, time: string | null) {
  const [row] = await db
    .select({ left: slots.left, adults: slots.leftAdultsTickets, children: slots.leftChildrenTickets })
    .from(slots)
    .where(
      and(
        eq(slots.offerId, offerId),
        eq(slots.date, date),
        time === null ? sql`${slots.startTime} IS NULL` : eq(slots.startTime, time),
      ),
    );
  return row ?? null;
}

export async function countBookings(db: Db, agencyId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.agencyId, agencyId));
  return Number(row?.n ?? 0);
}

export async function setOfferMinPeople(db: Db, offerId: number, minPeople: number) {
  await db.update(offers).set({ minPeople }).where(eq(offers.id, offerId));
}

// One app and one booking world for a test file: made before its tests (filled into the objects returned here, so a
// file reads them as `const { t, w } = bookingSuite()`), the tour retired and the app closed after.
export function bookingSuite(
  overrides: Partial<AppConfig> = {},
  world: { balanceMinor?: number } = {},
): { t: TestApp; w: BookingWorld } {
  const t = {} as TestApp;
  const w = {} as BookingWorld;
  let isMade = false;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(overrides));
    Object.assign(w, await createBookingWorld(t.app, t.database.db, world));
    isMade = true;
  });
  afterAll(async () => {
    if (!isMade) return;
    await retireTour(t.database.db, w.tour.id);
    await t.close();
  });
  return { t, w };
}
