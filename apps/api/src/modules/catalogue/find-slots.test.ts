import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contract';
import { slots } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestTour, type TestTour } from '../../../test/catalogue-fixtures.ts';
import { findSlots, slotStockColumns } from './catalogue.repo.ts';

// findSlots reads the slots as one text and sorts them itself: it must give exactly the rows, in exactly the order,
// that a plain query with ORDER BY gives (on PGlite and on PostgreSQL alike)
let t: TestApp;
let tour: TestTour;
beforeAll(async () => {
  t = await buildTestApp();
  tour = await createTestTour(t.database.db);
});
afterAll(async () => {
  await tour.remove();
  await t.close();
});

const plainQuery = (offerIds: number[], from: string, to: string) =>
  t.database.db
    .select(slotStockColumns)
    .from(slots)
    .where(and(inArray(slots.offerId, offerIds), between(slots.date, from, to), eq(slots.isClosed, false)))
    .orderBy(asc(slots.date), sql`${slots.startTime} ASC NULLS FIRST`, asc(slots.offerId));

describe('findSlots', () => {
  it("gives the plain query's rows and order: several offers, no time beside times, closed slots left out", async () => {
    const db = t.database.db;
    const ids = [tour.timeslotOfferId, tour.sameTicketOfferId, tour.tripOfferId];
    const day = (n: number) => addDays(tour.today, n);
    await db.insert(slots).values([
      // a timeslot offer with a slot of no time on a day it also has times (left from an earlier kind of offer)
      { offerId: tour.timeslotOfferId, date: day(5), startTime: null, capacity: 3, left: 3 },
      { offerId: tour.timeslotOfferId, date: day(5), startTime: '09:05', capacity: 3, left: 0 },
      { offerId: tour.tripOfferId, date: day(5), startTime: '09:05', capacity: 2, left: 1 },
      { offerId: tour.tripOfferId, date: day(5), startTime: '23:59', capacity: 2, left: 2 },
      { offerId: tour.tripOfferId, date: day(5), startTime: '00:00', capacity: 2, left: 2, isClosed: true },
      // leap day, a month's and a year's end
      { offerId: tour.tripOfferId, date: '2028-02-29', startTime: '12:00', capacity: 2, left: 2 },
      { offerId: tour.tripOfferId, date: '2028-03-01', startTime: '12:00', capacity: 2, left: 2 },
      {
        offerId: tour.sameTicketOfferId,
        date: '2030-12-31',
        startTime: null,
        capacity: 5,
        left: 5,
        leftAdultsTickets: 3,
        leftChildrenTickets: 2,
      },
      {
        offerId: tour.sameTicketOfferId,
        date: '2031-01-01',
        startTime: null,
        capacity: 5,
        left: 0,
        leftAdultsTickets: 0,
        leftChildrenTickets: 0,
      },
    ]);
    for (const [offerIds, from, to] of [
      [ids, day(-1), day(6)],
      [ids, '2028-02-01', '2031-01-31'],
      [[tour.timeslotOfferId], day(0), day(61)],
      [[tour.sameTicketOfferId, tour.tripOfferId], '2000-01-01', '2099-12-31'],
    ] as const) {
      const read = await findSlots(db, [...offerIds], from, to);
      expect(read).toEqual(await plainQuery([...offerIds], from, to));
      expect(read.length).toBeGreaterThan(0);
    }
    const mixedDay = await findSlots(db, ids, day(5), day(5));
    expect(mixedDay.map((s) => [s.offerId, s.startTime, s.left])).toEqual([
      [tour.timeslotOfferId, null, 3],
      [tour.timeslotOfferId, '09:05', 0],
      [tour.tripOfferId, '09:05', 1],
      [tour.tripOfferId, '23:59', 2],
    ]);
  });

  it('gives nothing for no offers, no slots in the range, or an offer that does not exist', async () => {
    const db = t.database.db;
    expect(await findSlots(db, [], tour.today, tour.today)).toEqual([]);
    expect(await findSlots(db, [tour.tripOfferId], '1999-01-01', '1999-12-31')).toEqual([]);
    expect(await findSlots(db, [2_000_000_000], tour.today, addDays(tour.today, 30))).toEqual([]);
  });
});
