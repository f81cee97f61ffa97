import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  BOOKING_MESSAGES,
  CATALOGUE_ADMIN_MESSAGES,
  MESSAGES,
  addDays,
  adminCatalogueRoutes,
  bookingRoutes,
  catalogueRoutes,
  type AdminOfferBody,
  type AdminTourBody,
  type GenerateSlotsBody,
  type PricePeriodInput,
  type RouteDescriptor,
  type UpdateSlotsBody,
} from '@portal/contract';
import {
  auditEvents,
  bookings,
  catalogueImages,
  categories,
  cities,
  offers,
  pricePeriods,
  promoCodes,
  slots,
  ticketTypes,
  tours,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import { createAgency, createOperator, loginAs, multipart, SAMPLE_PDF } from '../../../test/factories.ts';
import { fund, guest } from '../../../test/booking-fixtures.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { seedDemoCatalogue } from '../demo/catalogue-seed.ts';
import { injectRoute, type InjectRouteOptions } from '../../../test/inject-route.ts';

let op: string;
let agent: string;
let agencyId: string;
let ref: { cityId: number; categoryIds: number[]; ticketTypeId: number };
const today = dubaiDate();
const day = (n: number) => addDays(today, n);

const t = useTestApp();
beforeAll(async () => {
  await seedDemoCatalogue(t.database.db);
  op = await loginAs(t.app, (await createOperator(t.database.db)).email);
  const agency = await createAgency(t.database.db);
  agencyId = agency.id;
  await fund(t.database.db, agency.id, 1_000_000);
  agent = await loginAs(t.app, agency.users.admin.email);
  const [dubai] = await t.database.db.select({ id: cities.id }).from(cities).where(eq(cities.url, 'dubai'));
  const cats = await t.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.url, ['desert-safaris', 'adventure']));
  const [general] = await t.database.db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(eq(ticketTypes.code, 'general'));
  if (!dubai || !general || cats.length !== 2) throw new Error('demo catalogue missing');
  ref = { cityId: dubai.id, categoryIds: cats.map((c) => c.id), ticketTypeId: general.id };
});

// the operator's call unless a token is given
const call = <R extends RouteDescriptor>(route: R, options: InjectRouteOptions<R> = {}) =>
  injectRoute(t.app, route, { token: op, ...options });
// the tour page as the agent sees it
const agentTour = (tourId: number) =>
  call(catalogueRoutes.tour, {
    params: { id: String(tourId) },
    query: { language: 'en', currencyCode: 'aed' },
    token: agent,
  });

const both = <T>(en: T, ru: T) => ({ en, ru });
let urlSeq = 0;
function tourBody(overrides: Partial<AdminTourBody> = {}): AdminTourBody {
  urlSeq += 1;
  return {
    url: `admin-test-tour-${Date.now().toString(36)}-${urlSeq}`,
    cityId: ref.cityId,
    categoryIds: ref.categoryIds,
    title: both('Sunset Dhow Cruise', 'Круиз на доу на закате'),
    summary: both('Two hours on the creek', 'Два часа по заливу'),
    description: both('Dinner on a wooden dhow.', 'Ужин на деревянной доу.'),
    inclusions: both(['Dinner', 'Soft drinks'], ['Ужин', 'Напитки']),
    itinerary: both(
      [{ title: 'Boarding', description: 'At the pier' }],
      [{ title: 'Посадка', description: 'У причала' }],
    ),
    terms: both(['Smart casual'], ['Опрятная одежда']),
    notesToAgents: both(['Guests must be on time'], ['Гости приходят вовремя']),
    faq: both([{ question: 'Is it halal?', answer: 'Yes' }], [{ question: 'Халяль?', answer: 'Да' }]),
    meetingPoint: both('Creek pier 3', 'Причал 3'),
    durationMinutes: 120,
    durationText: both('2 hours', '2 часа'),
    videoKey: null,
    isActive: true,
    ...overrides,
  };
}
function offerBody(overrides: Partial<AdminOfferBody> = {}): AdminOfferBody {
  return {
    name: both('Standard deck', 'Стандартная палуба'),
    description: both('Shared table', 'Общий стол'),
    pricingUnit: 'person',
    availabilityType: 'timeslots',
    startTimes: ['10:00', '18:00'],
    openingTime: null,
    closingTime: null,
    slotCapacity: 10,
    isSameTicketForAdultsAndChildren: false,
    adultCapacity: null,
    childCapacity: null,
    minPeople: 1,
    maxPeople: 10,
    cutOffHours: 2,
    isInstant: true,
    cancellationPolicy: [
      { hours: 24, percents: 100 },
      { hours: 0, percents: 0 },
    ],
    ticketTypeId: ref.ticketTypeId,
    infantMaxAge: 2,
    childMaxAge: 11,
    isActive: true,
    ...overrides,
  };
}
const period = (overrides: Partial<PricePeriodInput> = {}): PricePeriodInput => ({
  validFrom: today,
  validTo: day(60),
  netAdult: 100,
  netChild: 60,
  netTrip: null,
  recAdult: 130,
  recChild: 80,
  recTrip: null,
  ...overrides,
});

async function auditRows(entity: (typeof auditEvents.$inferSelect)['entity'], entityId: string) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)))
    .orderBy(auditEvents.id);
}

// a tour with one timeslot offer, prices for 60 days and slots for the next week, all through the API
async function makeTour() {
  const tour = (await call(adminCatalogueRoutes.createTour, { body: tourBody() })).json();
  const offer = (
    await call(adminCatalogueRoutes.createOffer, { params: { id: String(tour.id) }, body: offerBody() })
  ).json();
  expect(
    (await call(adminCatalogueRoutes.updatePrices, { params: { id: String(offer.id) }, body: { periods: [period()] } }))
      .statusCode,
  ).toBe(200);
  const gen = await generate(offer.id, { from: day(1), to: day(7) });
  expect(gen.json()).toEqual({ created: 14, kept: 0 });
  return { tourId: tour.id as number, offerId: offer.id as number };
}

async function slotOf(offerId: number, date: string, time: string) {
  const [row] = await t.database.db
    .select()
    .from(slots)
    .where(and(eq(slots.offerId, offerId), eq(slots.date, date), eq(slots.startTime, time)));
  if (!row) throw new Error('no slot');
  return row;
}

// a booking as the web's checkout sends it: from the balance, or by card (bookingRoutes.createWithPaymentIntent)
const book = (
  offerId: number,
  date: string,
  time: string,
  people = { adults: 2, children: 1 },
  route: typeof bookingRoutes.create | typeof bookingRoutes.createWithPaymentIntent = bookingRoutes.create,
) =>
  call(route, {
    body: {
      offerId,
      date,
      time,
      ...people,
      infants: 0,
      guest: guest({ dubaiHotelId: 0 } as never, { hotelId: undefined }),
    },
    token: agent,
  });

// the back office's slot calls: what a call leaves out is the form's default (every weekday, the option's times,
// its capacity; stock and closing unchanged)
const generate = (offerId: number, change: Pick<GenerateSlotsBody, 'from' | 'to'> & Partial<GenerateSlotsBody>) =>
  call(adminCatalogueRoutes.generateSlots, {
    params: { id: String(offerId) },
    body: {
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTimes: [],
      capacity: null,
      adultCapacity: null,
      childCapacity: null,
      ...change,
    },
  });
const changeSlots = (offerId: number, change: Pick<UpdateSlotsBody, 'slotIds'> & Partial<UpdateSlotsBody>) =>
  call(adminCatalogueRoutes.updateSlots, {
    params: { id: String(offerId) },
    body: {
      capacity: null,
      adultCapacity: null,
      childCapacity: null,
      isClosed: null,
      ...change,
    },
  });

const uploadPhoto = (tourId: number, file: { filename: string; contentType: string; data: Buffer }) => {
  const form = multipart([{ name: 'file', ...file }]);
  return call(adminCatalogueRoutes.uploadPhoto, {
    params: { id: String(tourId) },
    payload: form.payload,
    headers: form.headers,
  });
};

describe('tours: created and changed by operators, shown to agents at once, one audit row per change', () => {
  it('creates a tour with its texts in both languages and one tour.created audit row', async () => {
    const body = tourBody();
    const res = await call(adminCatalogueRoutes.createTour, { body });
    expect(res.statusCode).toBe(200);
    const tour = res.json();
    expect(tour).toMatchObject({
      url: body.url,
      title: body.title,
      inclusions: body.inclusions,
      faq: body.faq,
      categoryIds: ref.categoryIds,
      photos: [],
      offers: [],
    });
    const audit = await auditRows('tour', String(tour.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'tour.created', agencyId: null, subject: 'Sunset Dhow Cruise' });
    expect(audit[0]?.changes).toContainEqual({ field: 'title.ru', from: null, to: 'Круиз на доу на закате' });

    // an unchanged save writes nothing
    const again = await call(adminCatalogueRoutes.updateTour, { params: { id: String(tour.id) }, body });
    expect(again.statusCode).toBe(200);
    expect(await auditRows('tour', String(tour.id))).toHaveLength(1);

    const renamed = await call(adminCatalogueRoutes.updateTour, {
      params: { id: String(tour.id) },
      body: { ...body, title: both('Dhow Dinner', body.title.ru) },
    });
    expect(renamed.json().title.en).toBe('Dhow Dinner');
    const after = await auditRows('tour', String(tour.id));
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ action: 'tour.updated' });
    expect(after[1]?.changes).toEqual([{ field: 'title.en', from: 'Sunset Dhow Cruise', to: 'Dhow Dinner' }]);
  });

  it('refuses bad input with 422 on the field and writes nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tours);
    const auditBefore = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: 'Bad URL' }, 'url', CATALOGUE_ADMIN_MESSAGES.urlFormat],
      [{ cityId: 999_999 }, 'cityId', CATALOGUE_ADMIN_MESSAGES.unknownCity],
      [{ categoryIds: [999_999] }, 'categoryIds', CATALOGUE_ADMIN_MESSAGES.unknownCategory],
      [{ videoKey: 'nope' }, 'videoKey', CATALOGUE_ADMIN_MESSAGES.unknownVideo],
      [{ title: both('', 'Тур') }, 'title.en', MESSAGES.required],
      // a value of the wrong kind says what was expected, a missing one that it is required
      [{ durationMinutes: '120' }, 'durationMinutes', MESSAGES.expectedNumber],
      [{ durationMinutes: undefined }, 'durationMinutes', MESSAGES.required],
      [{ isActive: 'yes' }, 'isActive', MESSAGES.expectedBoolean],
      [{ categoryIds: 'beach' }, 'categoryIds', MESSAGES.expectedList],
      [{ summary: 'Sunset' }, 'summary', MESSAGES.expectedObject],
      [{ title: both('Tour', 42 as unknown as string) }, 'title.ru', MESSAGES.expectedText],
      // a schema's own message for the wrong kind stays
      [{ cityId: 'Dubai' }, 'cityId', CATALOGUE_ADMIN_MESSAGES.unknownCity],
    ];
    // sent as payloads: several send values of the wrong kind
    for (const [overrides, field, message] of cases) {
      const res = await call(adminCatalogueRoutes.createTour, { payload: { ...tourBody(), ...overrides } });
      expect(res.statusCode, field).toBe(422);
      expect(res.json()).toContainEqual({ fieldName: field, errorMessage: message });
    }
    const taken = tourBody();
    expect((await call(adminCatalogueRoutes.createTour, { body: taken })).statusCode).toBe(200);
    const dup = await call(adminCatalogueRoutes.createTour, { body: { ...tourBody(), url: taken.url } });
    expect(dup.json()).toEqual([{ fieldName: 'url', errorMessage: CATALOGUE_ADMIN_MESSAGES.urlTaken }]);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tours);
    const auditAfter = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) + 1);
    expect(auditAfter[0]?.n).toBe((auditBefore[0]?.n ?? 0) + 1);
  });

  it('agents see a new offer, its net price and its slots at once (cache counters bumped at commit)', async () => {
    const { tourId, offerId } = await makeTour();
    const shown = await agentTour(tourId);
    expect(shown.statusCode).toBe(200);
    const offer = shown.json().offers.find((o: { id: number }) => o.id === offerId);
    expect(offer.price).toMatchObject({ pricePerAdult: 100, recPricePerAdult: 130 });
    const avail = await call(catalogueRoutes.availabilityByOffer, {
      query: { id: String(offerId), from: day(1), to: day(7) },
      token: agent,
    });
    expect(avail.json()).toHaveLength(14);

    // a text change shows on the agent's next read
    const tour = (await call(adminCatalogueRoutes.tour, { params: { id: String(tourId) } })).json();
    const { id: _id, photos: _p, offers: _o, ...body } = tour;
    await call(adminCatalogueRoutes.updateTour, {
      params: { id: String(tourId) },
      body: { ...body, title: both('Renamed at once', body.title.ru) },
    });
    const again = await agentTour(tourId);
    expect(again.json().title).toBe('Renamed at once');

    // audit: tour.created, offer.created, offer.updated (prices), slot.generated, tour.updated
    expect((await auditRows('offer', String(offerId))).map((r) => r.action)).toEqual([
      'offer.created',
      'offer.updated',
    ]);
    expect((await auditRows('slot', String(offerId))).map((r) => r.action)).toEqual(['slot.generated']);
  });
});

describe('offers and prices', () => {
  it('refuses inconsistent rules on the right field and writes nothing', async () => {
    const { tourId } = await makeTour();
    const count = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(offers)
          .where(eq(offers.tourId, tourId))
      )[0]?.n;
    const before = await count();
    const cases: [Partial<AdminOfferBody>, string, string][] = [
      [{ startTimes: [] }, 'startTimes', CATALOGUE_ADMIN_MESSAGES.startTimesRequired],
      [{ maxPeople: 1, minPeople: 3 }, 'maxPeople', CATALOGUE_ADMIN_MESSAGES.peopleRange],
      [{ isSameTicketForAdultsAndChildren: true }, 'adultCapacity', CATALOGUE_ADMIN_MESSAGES.sameTicketCapacities],
      [
        { availabilityType: 'openingHours', startTimes: [], openingTime: '18:00', closingTime: '09:00' },
        'closingTime',
        CATALOGUE_ADMIN_MESSAGES.closingBeforeOpening,
      ],
      [{ ticketTypeId: 999_999 }, 'ticketTypeId', CATALOGUE_ADMIN_MESSAGES.unknownTicketType],
      [
        { cancellationPolicy: [{ hours: 24, percents: 120 }] },
        'cancellationPolicy.0.percents',
        CATALOGUE_ADMIN_MESSAGES.percentRange,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call(adminCatalogueRoutes.createOffer, {
        params: { id: String(tourId) },
        body: offerBody(overrides),
      });
      expect(res.statusCode, field).toBe(422);
      expect(res.json()).toContainEqual({ fieldName: field, errorMessage: message });
    }
    expect(await count()).toBe(before);
  });

  it('a price change never alters an existing booking; overlapping or missing prices are refused', async () => {
    const { tourId, offerId } = await makeTour();
    const booked = await book(offerId, day(3), '10:00');
    expect(booked.statusCode).toBe(200);
    const bookingId = booked.json().booking.id;
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.netTotalMinor).toBe(2 * 10_000 + 6_000);

    const overlap = await call(adminCatalogueRoutes.updatePrices, {
      params: { id: String(offerId) },
      body: { periods: [period(), period({ validFrom: day(30), validTo: day(90) })] },
    });
    expect(overlap.json()).toEqual([
      { fieldName: 'periods.1.validFrom', errorMessage: CATALOGUE_ADMIN_MESSAGES.periodsOverlap },
    ]);
    const missing = await call(adminCatalogueRoutes.updatePrices, {
      params: { id: String(offerId) },
      body: { periods: [period({ netAdult: null })] },
    });
    expect(missing.json()).toEqual([
      { fieldName: 'periods.0.netAdult', errorMessage: CATALOGUE_ADMIN_MESSAGES.adultPricesRequired },
    ]);
    const periodsBefore = await t.database.db.select().from(pricePeriods).where(eq(pricePeriods.offerId, offerId));
    expect(periodsBefore).toHaveLength(1);
    expect(periodsBefore[0]?.netAdultMinor).toBe(10_000);

    const raised = await call(adminCatalogueRoutes.updatePrices, {
      params: { id: String(offerId) },
      body: { periods: [period({ netAdult: 150, recAdult: 190 })] },
    });
    expect(raised.json().periods[0]).toMatchObject({ netAdult: 150, recAdult: 190 });
    const [kept] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(kept?.netTotalMinor).toBe(row?.netTotalMinor);
    expect(kept?.amountLines).toEqual(row?.amountLines);
    const prices = await auditRows('offer', String(offerId));
    expect(prices.at(-1)?.changes[0]).toMatchObject({ field: 'prices' });
    expect(prices.at(-1)?.changes[0]?.to).toContain('netAdult 150.00');
    // the agent sees the new price on the next read
    const shown = await agentTour(tourId);
    const shownOffer = shown.json().offers.find((o: { id: number }) => o.id === offerId);
    expect(shownOffer.price).toMatchObject({ pricePerAdult: 150, recPricePerAdult: 190 });
  });
});

describe('time slots and stock', () => {
  it('the generator keeps existing slots and never overwrites them', async () => {
    const { offerId } = await makeTour();
    await changeSlots(offerId, { slotIds: [(await slotOf(offerId, day(2), '10:00')).id], capacity: 4 });
    const res = await generate(offerId, { from: day(1), to: day(14), startTimes: ['10:00'], capacity: 20 });
    expect(res.json()).toEqual({ created: 7, kept: 7 });
    expect((await slotOf(offerId, day(2), '10:00')).capacity).toBe(4);
    expect((await slotOf(offerId, day(10), '10:00')).capacity).toBe(20);
    const noTime = await generate(offerId, { from: day(1), to: day(2), startTimes: ['11:30'], capacity: 20 });
    expect(noTime.json()).toEqual([
      { fieldName: 'startTimes', errorMessage: CATALOGUE_ADMIN_MESSAGES.timeNotInOption },
    ]);
    const weekdays = await generate(offerId, {
      from: day(20),
      to: day(40),
      weekdays: [6],
      startTimes: ['18:00'],
      capacity: 5,
    });
    expect(weekdays.json().created).toBe(3);
    expect((await auditRows('slot', String(offerId))).map((r) => r.action)).toEqual([
      'slot.generated',
      'slot.updated',
      'slot.generated',
      'slot.generated',
    ]);
  });

  it('per slot: seats sold, held and left; stock below sold + held is refused for the whole request', async () => {
    const { offerId } = await makeTour();
    const date = day(4);
    expect((await book(offerId, date, '10:00')).statusCode).toBe(200);
    const card = await book(offerId, date, '10:00', { adults: 1, children: 0 }, bookingRoutes.createWithPaymentIntent);
    expect(card.statusCode).toBe(200);

    const list = await call(adminCatalogueRoutes.slots, {
      params: { id: String(offerId) },
      query: { from: date, to: date },
    });
    expect(list.json().slots).toEqual([
      expect.objectContaining({ date, time: '10:00', capacity: 10, sold: 3, held: 1, left: 6, isClosed: false }),
      expect.objectContaining({ date, time: '18:00', capacity: 10, sold: 0, held: 0, left: 10, isClosed: false }),
    ]);
    const [ten, six] = [await slotOf(offerId, date, '10:00'), await slotOf(offerId, date, '18:00')];
    const auditBefore = await auditRows('slot', String(offerId));
    const refused = await changeSlots(offerId, { slotIds: [six.id, ten.id], capacity: 3 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([
      {
        fieldName: 'capacity',
        errorMessage: `Stock cannot be lower than the 4 seats already sold or held on ${date} 10:00`,
      },
    ]);
    // nothing changed, on either slot
    expect(await slotOf(offerId, date, '10:00')).toMatchObject({ capacity: 10, left: 6 });
    expect(await slotOf(offerId, date, '18:00')).toMatchObject({ capacity: 10, left: 10 });
    expect(await auditRows('slot', String(offerId))).toHaveLength(auditBefore.length);

    // exactly what is taken is allowed; more stock adds to what is left
    const ok = await changeSlots(offerId, { slotIds: [ten.id, six.id], capacity: 4 });
    expect(ok.json().slots.map((s: { capacity: number; left: number }) => [s.capacity, s.left])).toEqual([
      [4, 0],
      [4, 4],
    ]);
    const audit = await auditRows('slot', String(offerId));
    expect(audit).toHaveLength(auditBefore.length + 1);
    expect(audit.at(-1)?.action).toBe('slot.updated');
    expect(audit.at(-1)?.changes).toContainEqual({ field: `${date} 18:00.capacity`, from: '10', to: '4' });

    // a slot of another offer, or an unknown one: 422 and nothing written
    const other = await makeTour();
    const foreign = await changeSlots(offerId, {
      slotIds: [(await slotOf(other.offerId, date, '10:00')).id],
      capacity: 9,
    });
    expect(foreign.json()).toEqual([
      { fieldName: 'slotIds', errorMessage: CATALOGUE_ADMIN_MESSAGES.slotsOfOtherOffer },
    ]);
    expect((await slotOf(other.offerId, date, '10:00')).capacity).toBe(10);
  });

  it('a closed slot is not shown as available and refuses bookings, changing nothing; opened again it sells', async () => {
    const { offerId } = await makeTour();
    const date = day(5);
    const slot = await slotOf(offerId, date, '18:00');
    const close = await changeSlots(offerId, { slotIds: [slot.id], isClosed: true });
    expect(close.json().slots[0]).toMatchObject({ isClosed: true, left: 10 });
    expect((await auditRows('slot', String(offerId))).at(-1)?.action).toBe('slot.closed');

    const avail = await call(catalogueRoutes.availabilityByOffer, {
      query: { id: String(offerId), from: date, to: date },
      token: agent,
    });
    expect(avail.json().map((r: { time: string }) => r.time)).toEqual(['10:00']);

    const balanceRows = async () =>
      (
        (await t.database.db.execute(
          sql`SELECT balance_minor FROM agency_balances WHERE agency_id = ${agencyId}`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const balanceBefore = await balanceRows();
    const bookingsBefore = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bookings);
    for (const route of [bookingRoutes.create, bookingRoutes.createWithPaymentIntent]) {
      const refused = await book(offerId, date, '18:00', { adults: 1, children: 0 }, route);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual([{ fieldName: 'time', errorMessage: BOOKING_MESSAGES.timeslotsNotAvailable }]);
    }
    expect(await slotOf(offerId, date, '18:00')).toMatchObject({ left: 10, capacity: 10, isClosed: true });
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bookings)).toEqual(bookingsBefore);
    expect(await balanceRows()).toEqual(balanceBefore);

    const open = await changeSlots(offerId, { slotIds: [slot.id], isClosed: false });
    expect(open.json().slots[0].isClosed).toBe(false);
    expect((await auditRows('slot', String(offerId))).at(-1)?.action).toBe('slot.opened');
    expect((await book(offerId, date, '18:00')).statusCode).toBe(200);
  });

  it('a slot closed after the booking read its context: the conditional UPDATE takes nothing (sold-out message)', async () => {
    const { offerId } = await makeTour();
    const date = day(6);
    const slot = await slotOf(offerId, date, '10:00');
    // as if closed between the booking's context read and its stock statement: the stock statement itself refuses
    const { decrementSlot } = await import('../bookings/stock.repo.ts');
    const { noStockError } = await import('../bookings/stock.ts');
    await t.database.db.update(slots).set({ isClosed: true }).where(eq(slots.id, slot.id));
    const took = await t.database.db.transaction((tx) =>
      decrementSlot(tx, slot.id, { units: 1, adults: 0, children: 0 }, false),
    );
    expect(took).toBe(false);
    const error = await noStockError(
      t.database.db,
      slot.id,
      { pricingUnit: 'person', isSameTicketForAdultsAndChildren: false, minPeople: 1, maxPeople: 10 },
      { adults: 1, children: 0, infants: 0 },
    );
    expect(error.items).toEqual([{ fieldName: 'tickets', errorMessage: BOOKING_MESSAGES.outOfStock }]);
    expect(await slotOf(offerId, date, '10:00')).toMatchObject({ left: 10, capacity: 10 });
  });
});

describe('photos', () => {
  it('stores a JPEG through the file storage and serves it resized; refuses a PDF', async () => {
    const { tourId } = await makeTour();
    const tour = { id: tourId };
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c08040' } })
      .jpeg()
      .toBuffer();
    const res = await uploadPhoto(tour.id, { filename: 'dhow.jpg', contentType: 'image/jpeg', data: jpeg });
    expect(res.statusCode).toBe(200);
    const [photo] = res.json().photos;
    expect(photo).toMatchObject({ width: 1600 });
    const [image] = await t.database.db.select().from(catalogueImages).where(eq(catalogueImages.key, photo.imageKey));
    expect(image?.svg).toBeNull();
    expect(image?.storageKey).toMatch(/^catalogue\/photos\/.+\.jpg$/);

    const served = await injectRoute(t.app, catalogueRoutes.image, {
      params: { key: photo.imageKey },
      query: { w: '640' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
    // agents see it on the tour page
    const shown = await agentTour(tour.id);
    expect(JSON.stringify(shown.json())).toContain(photo.imageKey);

    const refused = await uploadPhoto(tour.id, { filename: 'x.pdf', contentType: 'application/pdf', data: SAMPLE_PDF });
    expect(refused.json()).toEqual([{ fieldName: 'file', errorMessage: CATALOGUE_ADMIN_MESSAGES.photoFormat }]);

    const removed = await call(adminCatalogueRoutes.deletePhoto, { params: { id: String(photo.id) } });
    expect(removed.json()).toEqual({ ok: true });
    expect((await call(adminCatalogueRoutes.tour, { params: { id: String(tour.id) } })).json().photos).toEqual([]);
    expect((await auditRows('tour', String(tour.id))).map((r) => r.action)).toEqual([
      'tour.created',
      'tour.updated',
      'tour.updated',
    ]);
  });
});

describe('promo codes', () => {
  it('creates, changes and refuses duplicates; agents can use a new code at once', async () => {
    const code = `ADM${Date.now().toString(36)}`.slice(0, 20).toUpperCase();
    const created = await call(adminCatalogueRoutes.createPromoCode, {
      body: { code: code.toLowerCase(), percent: 10, validFrom: today, validTo: day(30), isActive: true },
    });
    expect(created.json()).toEqual({ code, percent: 10, validFrom: today, validTo: day(30), isActive: true });
    const dup = await call(adminCatalogueRoutes.createPromoCode, {
      body: { code, percent: 5, validFrom: today, validTo: day(30), isActive: true },
    });
    expect(dup.json()).toEqual([{ fieldName: 'code', errorMessage: CATALOGUE_ADMIN_MESSAGES.codeTaken }]);
    const shown = await call(catalogueRoutes.promoCode, { params: { code }, token: agent });
    expect(shown.json()).toMatchObject({ code, percent: 10 });

    const badRange = await call(adminCatalogueRoutes.updatePromoCode, {
      params: { code },
      body: { percent: 10, validFrom: day(5), validTo: day(1), isActive: true },
    });
    expect(badRange.json()).toEqual([{ fieldName: 'validTo', errorMessage: CATALOGUE_ADMIN_MESSAGES.rangeOrder }]);
    const off = await call(adminCatalogueRoutes.updatePromoCode, {
      params: { code },
      body: { percent: 15, validFrom: today, validTo: day(30), isActive: false },
    });
    expect(off.json()).toMatchObject({ percent: 15, isActive: false });
    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row).toMatchObject({ percent: 15, isActive: false });
    const audit = await auditRows('promoCode', code);
    expect(audit.map((r) => r.action)).toEqual(['promoCode.created', 'promoCode.updated']);
    expect(audit[1]?.changes).toEqual([
      { field: 'percent', from: '10', to: '15' },
      { field: 'isActive', from: 'true', to: 'false' },
    ]);
    expect((await call(catalogueRoutes.promoCode, { params: { code }, token: agent })).statusCode).not.toBe(200);
    expect((await call(adminCatalogueRoutes.listPromoCodes)).json()).toContainEqual(expect.objectContaining({ code }));
  });

  it('agents and anonymous callers are refused', async () => {
    expect((await call(adminCatalogueRoutes.listTours, { token: agent })).statusCode).toBe(403);
    expect((await injectRoute(t.app, adminCatalogueRoutes.listTours)).statusCode).toBe(401);
  });
});
