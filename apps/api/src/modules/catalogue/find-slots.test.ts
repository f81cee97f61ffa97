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

  // the one-offer read is prepared once per PGlite database (catalogue.repo.ts); PostgreSQL binds it as before
  it('reads one offer through the prepared statement on PGlite, and the bound query when it is gone or in a transaction', async () => {
    const db = t.database.db;
    const from = tour.today;
    const to = addDays(tour.today, 61);
    const expected = await plainQuery([tour.timeslotOfferId], from, to);
    expect(expected.length).toBeGreaterThan(0);
    const preparedCount = async () =>
      Number(
        (
          (await db.execute(
            sql`SELECT count(*) AS n FROM pg_prepared_statements WHERE name = 'find_offer_slots'`,
          )) as unknown as {
            rows: { n: string | number }[];
          }
        ).rows[0]?.n,
      );
    expect(await findSlots(db, [tour.timeslotOfferId], from, to)).toEqual(expected);
    expect(await preparedCount()).toBe(t.database.kind === 'pglite' ? 1 : 0);
    // the session lost it (a DEALLOCATE): the read still answers, and prepares it again for the next
    if (t.database.kind === 'pglite') {
      await db.execute(sql`DEALLOCATE find_offer_slots`);
      expect(await findSlots(db, [tour.timeslotOfferId], from, to)).toEqual(expected);
      expect(await findSlots(db, [tour.timeslotOfferId], from, to)).toEqual(expected);
      expect(await preparedCount()).toBe(1);
    }
    // a transaction reads bound, and sees its own writes
    await db
      .transaction(async (tx) => {
        await tx.update(slots).set({ left: 0 }).where(eq(slots.offerId, tour.timeslotOfferId));
        const inside = await findSlots(tx, [tour.timeslotOfferId], from, to);
        expect(inside.map((s) => s.left)).toEqual(expected.map(() => 0));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect(await findSlots(db, [tour.timeslotOfferId], from, to)).toEqual(expected);
    // a date that is not ISO never reaches EXECUTE: the bound query refuses it
    await expect(findSlots(db, [tour.timeslotOfferId], "2026-01-01') ; DROP TABLE slots; --", to)).rejects.toThrow();
    expect(await findSlots(db, [tour.timeslotOfferId], from, to)).toEqual(expected);
  });
});
