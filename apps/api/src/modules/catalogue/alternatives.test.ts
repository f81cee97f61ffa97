import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { AlternativesResponse, ErrorItem } from '@portal/contract';
import { addDays, catalogueRoutes } from '@portal/contract';
import { slots } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import { createAgency, createOperator, loginAs } from '../../../test/factories.ts';
import { createTestTour, type TestTour } from '../../../test/catalogue-fixtures.ts';
import { injectRoute, type InjectRouteOptions } from '../../../test/inject-route.ts';

let fixture: TestTour;
let other: TestTour;
let token: string;
let otherAgencyToken: string;
let operatorToken: string;

const day = (n: number) => addDays(fixture.today, n);

// The fixture tour has stock for today + 0..3; this adds a sold-out day 5 and days 6..9 after it (day 4: closed).
// Shared 4x4 (2..8 people): day 1 10:00 sold out, 18:00 12 left; days 2 and 3 both times open.
async function seedAroundDay5() {
  const shared = fixture.timeslotOfferId;
  const offerIds = [shared, fixture.sameTicketOfferId, fixture.tripOfferId];
  // another suite's demo seed may have rolled this tour's stock forward: from day 4 on, only what is below. A later
  // roll adds dates after the last one here, past what these tests look at.
  await t.database.db.transaction(async (tx) => {
    await tx.delete(slots).where(and(inArray(slots.offerId, offerIds), gt(slots.date, day(3))));
    await tx.insert(slots).values([
      { offerId: shared, date: day(5), startTime: '10:00', capacity: 20, left: 0 },
      { offerId: shared, date: day(5), startTime: '18:00', capacity: 20, left: 0 },
      { offerId: shared, date: day(6), startTime: '10:00', capacity: 20, left: 1 },
      { offerId: shared, date: day(6), startTime: '18:00', capacity: 20, left: 3 },
      { offerId: shared, date: day(7), startTime: '10:00', capacity: 20, left: 5 },
      { offerId: shared, date: day(8), startTime: '18:00', capacity: 20, left: 5 },
      { offerId: shared, date: day(9), startTime: '10:00', capacity: 20, left: 5 },
      {
        offerId: fixture.sameTicketOfferId,
        date: day(5),
        startTime: null,
        capacity: 8,
        left: 6,
        leftAdultsTickets: 4,
        leftChildrenTickets: 2,
      },
      { offerId: fixture.tripOfferId, date: day(5), startTime: '15:00', capacity: 2, left: 0 },
    ]);
  });
}

const t = useTestApp();
beforeAll(async () => {
  fixture = await createTestTour(t.database.db);
  other = await createTestTour(t.database.db);
  await seedAroundDay5();
  const [agency, otherAgency, operator] = await Promise.all([
    createAgency(t.database.db),
    createAgency(t.database.db),
    createOperator(t.database.db),
  ]);
  [token, otherAgencyToken, operatorToken] = await Promise.all([
    loginAs(t.app, agency.users.junior.email),
    loginAs(t.app, otherAgency.users.admin.email),
    loginAs(t.app, operator.email),
  ]);
});
afterAll(async () => {
  await fixture.remove();
  await other.remove();
});

// what the web asks, as the route types it (strings, as in a URL)
type AskedQuery = NonNullable<InjectRouteOptions<typeof catalogueRoutes.alternatives>['query']>;
// an override of undefined leaves the field out
const query = (overrides: Partial<AskedQuery> = {}): AskedQuery => ({
  tourId: String(fixture.id),
  offerId: String(fixture.timeslotOfferId),
  date: day(5),
  adults: '2',
  ...overrides,
});
const get = (asked: AskedQuery, as: string | null = token) =>
  injectRoute(t.app, catalogueRoutes.alternatives, { query: asked, token: as ?? undefined });

// the stock of the slot query() asks for at 18:00
const setAskedSlotLeft = (left: number) =>
  t.database.db
    .update(slots)
    .set({ left })
    .where(and(eq(slots.offerId, fixture.timeslotOfferId), eq(slots.date, day(5)), eq(slots.startTime, '18:00')));

describe('GET /api/b2b/availability/alternatives', () => {
  it('on a sold-out date: the three nearest dates with seats on each side, and the other options that day', async () => {
    const res = await get(query());
    expect(res.statusCode).toBe(200);
    expect(res.json<AlternativesResponse>()).toEqual({
      offerId: fixture.timeslotOfferId,
      date: day(5),
      time: null,
      isAvailable: false,
      sameDate: [],
      nearestDates: [
        // day 1 10:00 is sold out; day 4 has no slots at all
        { date: day(1), times: [{ time: '18:00', left: 12 }] },
        {
          date: day(2),
          times: [
            { time: '10:00', left: 18 },
            { time: '18:00', left: 12 },
          ],
        },
        {
          date: day(3),
          times: [
            { time: '10:00', left: 17 },
            { time: '18:00', left: 12 },
          ],
        },
        // day 6 10:00 has 1 seat, too few for 2 adults; day 9 is the fourth date after
        { date: day(6), times: [{ time: '18:00', left: 3 }] },
        { date: day(7), times: [{ time: '10:00', left: 5 }] },
        { date: day(8), times: [{ time: '18:00', left: 5 }] },
      ],
      // the private car is sold out on day 5; camp entry has its own adult stock (4) for 2 adults
      otherOffers: [{ offerId: fixture.sameTicketOfferId, times: [{ time: null, left: 6 }] }],
    });
  });

  it('when the chosen time lacks seats for the people: the other times of that day first', async () => {
    const res = await get(query({ date: day(6), time: '10:00' }));
    expect(res.statusCode).toBe(200);
    const body = res.json<AlternativesResponse>();
    expect(body.isAvailable).toBe(false);
    expect(body.time).toBe('10:00');
    expect(body.sameDate).toEqual([{ time: '18:00', left: 3 }]);
    // 5 adults fit nowhere on day 6, and the camp has only 4 adult tickets
    const five = (await get(query({ date: day(6), time: '18:00', adults: '5' }))).json<AlternativesResponse>();
    expect(five.isAvailable).toBe(false);
    expect(five.sameDate).toEqual([]);
    expect(five.nearestDates.map((d) => d.date)).toEqual([day(1), day(2), day(3), day(7), day(8), day(9)]);
  });

  it('says a bookable choice is available, and follows the stock at once when seats come back', async () => {
    const open = (await get(query({ date: day(2), time: '18:00' }))).json<AlternativesResponse>();
    expect(open.isAvailable).toBe(true);
    expect(open.sameDate).toEqual([{ time: '10:00', left: 18 }]);

    const before = (await get(query({ time: '18:00' }))).json<AlternativesResponse>();
    expect(before.isAvailable).toBe(false);
    await setAskedSlotLeft(2);
    const after = (await get(query({ time: '18:00' }))).json<AlternativesResponse>();
    expect(after.isAvailable).toBe(true);
    await setAskedSlotLeft(0);
    expect((await get(query({ time: '18:00' }))).json<AlternativesResponse>().isAvailable).toBe(false);
  });

  it.each([
    [
      'a date in the past',
      { date: addDays(new Date().toISOString().slice(0, 10), -2) },
      'date',
      'Choose today or a later date',
    ],
    [
      'a date past the bookable year',
      { date: addDays(new Date().toISOString().slice(0, 10), 400) },
      'date',
      'Choose a date within a year from today',
    ],
    ['a malformed date', { date: '2026-02-30' }, 'date', 'Use the format yyyy-MM-dd'],
    ['no date', { date: undefined }, 'date', 'This field is required'],
    ['nobody', { adults: '0' }, 'adults', 'Add at least one adult or child'],
    ['infants only', { adults: '0', infants: '1' }, 'adults', 'Add at least one adult or child'],
    ['a negative count', { children: '-1' }, 'children', 'Enter a whole number from 0 to 99'],
    ['a malformed time', { time: '25:00' }, 'time', 'Use the format HH:mm'],
    ['a time the option does not run', { time: '12:00' }, 'time', 'This option has no such start time'],
    [
      'a time for an opening-hours option',
      { offerId: 'same', time: '10:00' },
      'time',
      'This option has no such start time',
    ],
    ["another tour's option", { offerId: 'other' }, 'offerId', 'This option is not part of this tour'],
    ['a tour id that is not a number', { tourId: 'abc' }, 'tourId', 'Must be a positive whole number'],
  ] as const)('refuses %s with 422 on its field', async (_name, overrides, field, message) => {
    const offerId =
      'offerId' in overrides
        ? String(overrides.offerId === 'same' ? fixture.sameTicketOfferId : other.timeslotOfferId)
        : undefined;
    const res = await get(query({ ...overrides, ...(offerId ? { offerId } : {}) }));
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorItem[]>()).toContainEqual({ fieldName: field, errorMessage: message });
  });

  it('answers an unknown tour with 404', async () => {
    expect((await get(query({ tourId: '2147483000' }))).statusCode).toBe(404);
  });

  it("answers any agency (the stock is the catalogue's); agency users only", async () => {
    expect((await get(query(), otherAgencyToken)).statusCode).toBe(200);
    expect((await get(query(), operatorToken)).statusCode).toBe(403);
    expect((await get(query(), null)).statusCode).toBe(401);
  });
});
