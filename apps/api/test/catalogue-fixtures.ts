import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { addDays, type RouteDescriptor } from '@portal/contract';
import type { Db } from '../src/db/client.ts';
import {
  categories,
  cities,
  offers,
  pricePeriods,
  slots,
  ticketTypes,
  tourCategories,
  tourPhotos,
  tours,
} from '../src/db/schema/index.ts';
import { dubaiDate } from '../src/lib/dubai-time.ts';
import { seedDemoCatalogue } from '../src/modules/demo/catalogue-seed.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { createAgency, loginAs } from './factories.ts';
import { injectRoute, type InjectRouteOptions } from './inject-route.ts';

// A tour with known prices and stock, added next to the demo catalogue and removed by the suite that made it.
export type TestTour = {
  id: number;
  url: string;
  today: string;
  categoryIds: number[];
  // shared stock, timeslots 10:00 and 18:00, 2 h cut-off, 169 / 129 AED published, 144 / 110 net (from today + 10: 199 / 149, 170 / 127)
  timeslotOfferId: number;
  // adults and children have their own stock, opening hours 09:00–21:00, not instant
  sameTicketOfferId: number;
  // a private car, 1,500 AED published / 1,275 net per trip
  tripOfferId: number;
  remove: () => Promise<void>;
};

// An offer's prices as the API answers them, in major units: [adult, child] for a person, or one for the trip
export const personPrices = (net: [adult: number, child: number], rec: [adult: number, child: number]) => ({
  pricePerAdult: net[0],
  pricePerChild: net[1],
  pricePerTrip: null,
  recPricePerAdult: rec[0],
  recPricePerChild: rec[1],
  recPricePerTrip: null,
});
export const tripPrices = (net: number, rec: number) => ({
  pricePerAdult: null,
  pricePerChild: null,
  pricePerTrip: net,
  recPricePerAdult: null,
  recPricePerChild: null,
  recPricePerTrip: rec,
});

export async function createTestTour(db: Db): Promise<TestTour> {
  await seedDemoCatalogue(db);
  const today = dubaiDate();
  const suffix = randomUUID().slice(0, 8);
  const [dubai] = await db.select({ id: cities.id }).from(cities).where(eq(cities.url, 'dubai'));
  const cats = await db
    .select({ id: categories.id, url: categories.url })
    .from(categories)
    .where(inArray(categories.url, ['desert-safaris', 'adventure']));
  const [general] = await db.select({ id: ticketTypes.id }).from(ticketTypes).where(eq(ticketTypes.code, 'general'));
  const [privateType] = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(eq(ticketTypes.code, 'private'));
  const safari = cats.find((c) => c.url === 'desert-safaris');
  const adventure = cats.find((c) => c.url === 'adventure');
  const [similar] = await db.select({ id: tours.id }).from(tours).where(eq(tours.url, 'dubai-frame'));
  if (!dubai || !safari || !adventure || !general || !privateType || !similar)
    throw new Error('demo catalogue missing');

  return db.transaction(async (tx) => {
    const both = (en: string, ru: string) => ({ en, ru });
    const [tour] = await tx
      .insert(tours)
      .values({
        url: `test-tour-${suffix}`,
        cityId: dubai.id,
        title: both(`Test safari ${suffix}`, `Тестовое сафари ${suffix}`),
        summary: both('A test tour.', 'Тестовый тур.'),
        description: both('Described in English.', 'Описание на русском.'),
        highlights: { en: ['Dunes'], ru: ['Дюны'] },
        itinerary: {
          en: [{ title: 'Pick-up', description: 'From the hotel.' }],
          ru: [{ title: 'Трансфер', description: 'Из отеля.' }],
        },
        terms: { en: ['Term'], ru: ['Условие'] },
        notesToAgents: { en: ['Note'], ru: ['Заметка'] },
        faq: { en: [{ question: 'Q?', answer: 'A.' }], ru: [{ question: 'Вопрос?', answer: 'Ответ.' }] },
        meetingPoint: both('Hotel lobby', 'Лобби отеля'),
        durationMinutes: 360,
        durationText: both('6 hours', '6 часов'),
        similarTourIds: [similar.id],
      })
      .returning({ id: tours.id, url: tours.url });
    if (!tour) throw new Error('tour insert returned nothing');
    await tx.insert(tourCategories).values([
      { tourId: tour.id, categoryId: safari.id, sortOrder: 0 },
      { tourId: tour.id, categoryId: adventure.id, sortOrder: 1 },
    ]);
    const common = {
      tourId: tour.id,
      description: both('Option', 'Опция'),
      cancellationPolicy: [
        { hours: 24, percents: 50 },
        { hours: 48, percents: 100 },
      ],
    };
    const [timeslot, sameTicket, trip] = await tx
      .insert(offers)
      .values([
        {
          ...common,
          name: both('Shared 4x4', 'Групповой внедорожник'),
          pricingUnit: 'person',
          availabilityType: 'timeslots',
          startTimes: ['10:00', '18:00'],
          slotCapacity: 20,
          maxPeople: 8,
          minPeople: 2,
          cutOffHours: 2,
          hasPickUp: true,
          pickUpCityIds: [dubai.id],
          ticketTypeId: general.id,
          sortOrder: 0,
        },
        {
          ...common,
          name: both('Camp entry', 'Вход в лагерь'),
          pricingUnit: 'person',
          availabilityType: 'openingHours',
          openingTime: '09:00',
          closingTime: '21:00',
          slotCapacity: 8,
          adultCapacity: 5,
          childCapacity: 3,
          isSameTicketForAdultsAndChildren: true,
          maxPeople: 10,
          isInstant: false,
          ticketTypeId: general.id,
          sortOrder: 1,
        },
        {
          ...common,
          name: both('Private car', 'Индивидуальный автомобиль'),
          pricingUnit: 'trip',
          availabilityType: 'timeslots',
          startTimes: ['15:00'],
          slotCapacity: 2,
          maxPeople: 6,
          cutOffHours: 24,
          ticketTypeId: privateType.id,
          sortOrder: 2,
        },
      ])
      .returning({ id: offers.id });
    if (!timeslot || !sameTicket || !trip) throw new Error('offer insert returned nothing');
    await tx.insert(tourPhotos).values([
      { tourId: tour.id, offerId: null, imageKey: 'tour-dubai-frame-1', sortOrder: 1 },
      { tourId: tour.id, offerId: timeslot.id, imageKey: 'tour-dubai-frame-2', sortOrder: 2 },
    ]);
    const person = (recA: number, recC: number, netA: number, netC: number) => ({
      recAdultMinor: recA * 100,
      recChildMinor: recC * 100,
      netAdultMinor: netA * 100,
      netChildMinor: netC * 100,
    });
    await tx.insert(pricePeriods).values([
      {
        offerId: timeslot.id,
        validFrom: addDays(today, -5),
        validTo: addDays(today, 9),
        ...person(169, 129, 144, 110),
      },
      {
        offerId: timeslot.id,
        validFrom: addDays(today, 10),
        validTo: addDays(today, 30),
        ...person(199, 149, 170, 127),
      },
      { offerId: sameTicket.id, validFrom: addDays(today, -5), validTo: addDays(today, 30), ...person(50, 20, 42, 17) },
      {
        offerId: trip.id,
        validFrom: addDays(today, -5),
        validTo: addDays(today, 30),
        recTripMinor: 150_000,
        netTripMinor: 127_500,
      },
    ]);
    const rows: (typeof slots.$inferInsert)[] = [];
    for (let d = 0; d < 4; d++) {
      const date = addDays(today, d);
      rows.push({ offerId: timeslot.id, date, startTime: '10:00', capacity: 20, left: d === 1 ? 0 : 20 - d });
      rows.push({ offerId: timeslot.id, date, startTime: '18:00', capacity: 20, left: 12 });
      rows.push({
        offerId: sameTicket.id,
        date,
        startTime: null,
        capacity: 8,
        left: 6,
        leftAdultsTickets: 4,
        leftChildrenTickets: 2,
      });
      rows.push({ offerId: trip.id, date, startTime: '15:00', capacity: 2, left: d === 2 ? 0 : 2 });
    }
    await tx.insert(slots).values(rows);

    const offerIds = [timeslot.id, sameTicket.id, trip.id];
    return {
      id: tour.id,
      url: tour.url,
      today,
      categoryIds: [safari.id, adventure.id],
      timeslotOfferId: timeslot.id,
      sameTicketOfferId: sameTicket.id,
      tripOfferId: trip.id,
      remove: async () => {
        await db.transaction(async (cleanup) => {
          await cleanup.delete(slots).where(inArray(slots.offerId, offerIds));
          await cleanup.delete(pricePeriods).where(inArray(pricePeriods.offerId, offerIds));
          await cleanup.delete(tourPhotos).where(eq(tourPhotos.tourId, tour.id));
          await cleanup.delete(offers).where(inArray(offers.id, offerIds));
          await cleanup.delete(tourCategories).where(eq(tourCategories.tourId, tour.id));
          await cleanup.delete(tours).where(eq(tours.id, tour.id));
        });
      },
    };
  });
}

// One app, the test tour and an agent of a fresh agency for a catalogue test file: made before its tests, the tour
// removed and the app closed after.
export function useTestTour(
  role: 'admin' | 'senior' | 'junior',
  assign: (made: { t: TestApp; fixture: TestTour; token: string }) => void,
) {
  let made: { t: TestApp; fixture: TestTour; token: string } | null = null;
  beforeAll(async () => {
    const t = await buildTestApp();
    const fixture = await createTestTour(t.database.db);
    const agency = await createAgency(t.database.db);
    made = { t, fixture, token: await loginAs(t.app, agency.users[role].email) };
    assign(made);
  });
  afterAll(async () => {
    if (!made) return;
    await made.fixture.remove();
    await made.t.close();
  });
  // a call as that agent (another token in `options` calls as someone else)
  return <R extends RouteDescriptor>(route: R, options: InjectRouteOptions<R> = {}) => {
    if (!made) throw new Error('the test tour is made before the tests');
    return injectRoute(made.t.app, route, { token: made.token, ...options });
  };
}
