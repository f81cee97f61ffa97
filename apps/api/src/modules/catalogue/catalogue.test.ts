import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  CategoryPageResponse,
  CityPageResponse,
  CountryPageResponse,
  HomepageResponse,
  TicketType,
  TourCard,
  TourDetails,
} from '@portal/contract';
import { MESSAGES, catalogueRoutes, type RouteDescriptor } from '@portal/contract';
import type { TestApp } from '../../../test/build-test-app.ts';
import { users } from '../../db/schema/index.ts';
import { createAgency, loginAs } from '../../../test/factories.ts';
import { DEMO_CATALOGUE } from '../demo/catalogue-seed.ts';
import { personPrices, tripPrices, useTestTour, type TestTour } from '../../../test/catalogue-fixtures.ts';
import { injectRoute, type InjectRouteOptions } from '../../../test/inject-route.ts';

let t: TestApp;
let fixture: TestTour;
const CYRILLIC = /[А-Яа-яЁё]/;

// as the junior agent
const agentGet = useTestTour('junior', (made) => ({ t, fixture } = made));
const get = <R extends RouteDescriptor>(route: R, options: InjectRouteOptions<R> = {}) =>
  injectRoute(t.app, route, options);

describe('GET /api/homepage', () => {
  it('lists promo and top tours with cities and categories of at least 40 products across the five emirates', async () => {
    const res = await get(catalogueRoutes.homepage);
    expect(res.statusCode).toBe(200);
    const body = res.json<HomepageResponse>();
    expect(DEMO_CATALOGUE.tours).toBeGreaterThanOrEqual(40);
    expect(body).toMatchObject({ language: 'en', currencyCode: 'aed' });
    expect(body.cities.map((c) => c.url)).toEqual(
      expect.arrayContaining(['dubai', 'abu-dhabi', 'sharjah', 'ras-al-khaimah', 'fujairah']),
    );
    expect(body.cities.reduce((n, c) => n + c.toursCount, 0)).toBeGreaterThanOrEqual(40);
    expect(body.categories.length).toBeGreaterThanOrEqual(8);
    expect(body.categories.every((c) => c.heroImage.url === `/api/images/${c.heroImage.key}` && c.toursCount > 0)).toBe(
      true,
    );
    expect(body.promoTours.length).toBeGreaterThan(0);
    expect(body.promoTours.every((tour) => tour.isPromo)).toBe(true);
    expect(body.topTours[0]?.url).toBe('burj-khalifa-at-the-top');
    expect(body.countries).toEqual([expect.objectContaining({ url: 'uae', name: 'United Arab Emirates' })]);
  });

  it('shows published prices only: no net price without a login', async () => {
    const body = (await get(catalogueRoutes.homepage)).json<HomepageResponse>();
    const burj = body.topTours.find((tour) => tour.url === 'burj-khalifa-at-the-top');
    expect(burj?.fromPrice).toEqual({ unit: 'person', recommended: 169, net: null });
    expect(
      [...body.promoTours, ...body.topTours].every((tour) => tour.fromPrice === null || tour.fromPrice.net === null),
    ).toBe(true);
  });

  it('answers in Russian and in USD when asked for Russian', async () => {
    const body = (await get(catalogueRoutes.homepage, { query: { language: 'ru' } })).json<HomepageResponse>();
    expect(body).toMatchObject({ language: 'ru', currencyCode: 'usd' });
    const burj = body.topTours.find((tour) => tour.url === 'burj-khalifa-at-the-top');
    expect(burj?.title).toBe('Бурдж-Халифа: At the Top');
    expect(burj?.fromPrice).toEqual({ unit: 'person', recommended: 46.3, net: null });
    expect(body.cities.find((c) => c.url === 'dubai')?.name).toBe('Дубай');
  });

  it('keeps AED when the currency is given with the Russian language', async () => {
    const body = (
      await get(catalogueRoutes.homepage, { query: { language: 'ru', currencyCode: 'aed' } })
    ).json<HomepageResponse>();
    expect(body).toMatchObject({ language: 'ru', currencyCode: 'aed' });
  });

  it("defaults to the site's language and currency: Russian and USD on ru.localhost", async () => {
    const body = (
      await get(catalogueRoutes.homepage, { headers: { host: 'ru.localhost:3000' } })
    ).json<HomepageResponse>();
    expect(body).toMatchObject({ language: 'ru', currencyCode: 'usd' });
    expect(body.promoTours.every((tour) => CYRILLIC.test(tour.summary))).toBe(true);
  });

  it('rejects an unknown language or currency with 422 naming the field', async () => {
    expect((await get(catalogueRoutes.homepage, { query: { language: 'de' } })).json()).toEqual([
      { fieldName: 'language', errorMessage: 'Language must be en or ru' },
    ]);
    expect((await get(catalogueRoutes.homepage, { query: { currencyCode: 'eur' } })).json()).toEqual([
      { fieldName: 'currencyCode', errorMessage: 'Currency must be aed or usd' },
    ]);
  });
});

describe('GET /api/countries/homepagebyurl/{url}', () => {
  it('shows the UAE with its five emirates, categories and every tour', async () => {
    const res = await get(catalogueRoutes.countryPage, { params: { url: 'uae' } });
    expect(res.statusCode).toBe(200);
    const body = res.json<CountryPageResponse>();
    expect(body.country).toMatchObject({ url: 'uae', name: 'United Arab Emirates', heroImage: { key: 'country-uae' } });
    expect(body.cities.map((c) => c.url)).toEqual(['dubai', 'abu-dhabi', 'sharjah', 'ras-al-khaimah', 'fujairah']);
    expect(body.tours.map((tour) => tour.url)).toContain(fixture.url);
    expect(body.tours.length).toBeGreaterThanOrEqual(DEMO_CATALOGUE.tours);
  });

  it('is 404 for an unknown country', async () => {
    expect((await get(catalogueRoutes.countryPage, { params: { url: 'atlantis' } })).statusCode).toBe(404);
  });
});

describe('GET /api/cities/homepage/{a}/{b}', () => {
  it('lists only the tours of that city, with the categories found there', async () => {
    const body = (await get(catalogueRoutes.cityPage, { params: { a: 'uae', b: 'dubai' } })).json<CityPageResponse>();
    expect(body.city).toMatchObject({ url: 'dubai', name: 'Dubai' });
    expect(body.tours.every((tour) => tour.city.url === 'dubai')).toBe(true);
    const mine = body.tours.find((tour) => tour.id === fixture.id);
    expect(mine?.fromPrice).toEqual({ unit: 'person', recommended: 50, net: null });
    expect(body.categories.map((c) => c.url)).toEqual(expect.arrayContaining(['observation-decks', 'desert-safaris']));
  });

  it('speaks Russian with language=ru', async () => {
    const body = (
      await get(catalogueRoutes.cityPage, { params: { a: 'uae', b: 'abu-dhabi' }, query: { language: 'ru' } })
    ).json<CityPageResponse>();
    expect(body.city.name).toBe('Абу-Даби');
    expect(body.tours.find((tour) => tour.url === 'louvre-abu-dhabi')?.fromPrice).toEqual({
      unit: 'person',
      recommended: 17.26,
      net: null,
    });
  });

  it('is 404 for a city of another country or an unknown one', async () => {
    expect((await get(catalogueRoutes.cityPage, { params: { a: 'oman', b: 'dubai' } })).statusCode).toBe(404);
    expect((await get(catalogueRoutes.cityPage, { params: { a: 'uae', b: 'paris' } })).statusCode).toBe(404);
  });
});

describe('GET /api/tourscategories/homepage/uae/{category}', () => {
  it('lists the tours of a category and the cities that have them', async () => {
    const body = (
      await get(catalogueRoutes.categoryPage, { params: { category: 'desert-safaris' } })
    ).json<CategoryPageResponse>();
    expect(body.category).toMatchObject({
      url: 'desert-safaris',
      name: 'Desert safaris',
      heroImage: { key: 'category-desert-safaris' },
    });
    expect(body.tours.length).toBeGreaterThanOrEqual(5);
    expect(body.tours.every((tour) => tour.categories.some((c) => c.url === 'desert-safaris'))).toBe(true);
    expect(body.cities.map((c) => c.url)).toEqual(expect.arrayContaining(['dubai', 'abu-dhabi', 'sharjah']));
  });

  it('is 404 for an unknown category', async () => {
    expect((await get(catalogueRoutes.categoryPage, { params: { category: 'knitting' } })).statusCode).toBe(404);
  });
});

describe('GET /api/b2b/tours', () => {
  it('needs a login', async () => {
    const res = await get(catalogueRoutes.tours);
    expect([res.statusCode, res.body]).toEqual([401, MESSAGES.unauthorized]);
  });

  it('lists every tour with net and published from-prices in AED and in USD', async () => {
    const aed = (await agentGet(catalogueRoutes.tours)).json<TourCard[]>();
    expect(aed.length).toBeGreaterThanOrEqual(DEMO_CATALOGUE.tours);
    expect(aed.find((tour) => tour.id === fixture.id)?.fromPrice).toEqual({ unit: 'person', recommended: 50, net: 42 });
    expect(aed.find((tour) => tour.url === 'burj-khalifa-at-the-top')?.fromPrice).toEqual({
      unit: 'person',
      recommended: 169,
      net: 144,
    });
    const usd = (await agentGet(catalogueRoutes.tours, { query: { currencyCode: 'usd' } })).json<TourCard[]>();
    expect(usd.find((tour) => tour.id === fixture.id)?.fromPrice).toEqual({
      unit: 'person',
      recommended: 13.7,
      net: 11.51,
    });
    expect(usd.find((tour) => tour.url === 'private-yacht-dubai-marina')?.fromPrice).toEqual({
      unit: 'trip',
      recommended: 328.77,
      net: 279.45,
    });
  });

  it('answers 304 to a matching If-None-Match and 200 with the same ETag otherwise', async () => {
    const first = await agentGet(catalogueRoutes.tours);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await agentGet(catalogueRoutes.tours, { headers: { 'if-none-match': etag } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    const other = await agentGet(catalogueRoutes.tours, { headers: { 'if-none-match': '"something-else"' } });
    expect([other.statusCode, other.headers.etag]).toEqual([200, etag]);
    const russian = await agentGet(catalogueRoutes.tours, {
      query: { language: 'ru' },
      headers: { 'if-none-match': etag },
    });
    expect(russian.statusCode).toBe(200);
    expect(russian.headers.etag).not.toBe(etag);
  });

  it('sends the cached list compressed to clients that accept it, same bytes once decoded', async () => {
    const plain = await agentGet(catalogueRoutes.tours);
    const br = await agentGet(catalogueRoutes.tours, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await agentGet(catalogueRoutes.tours, { headers: { 'accept-encoding': 'gzip' } });
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(
      ['br', 'gzip', undefined],
    );
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toBe('Accept-Encoding, Authorization');
  });

  it('stops answering a deleted agent within the session recheck time', async () => {
    const agency = await createAgency(t.database.db);
    const session = await loginAs(t.app, agency.users.admin.email);
    expect((await get(catalogueRoutes.tours, { token: session })).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: 'deleted' }).where(eq(users.id, agency.users.admin.id));
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await get(catalogueRoutes.tours, { token: session })).statusCode).toBe(401);
  });
});

describe('GET /api/b2b/tours/{id}', () => {
  it('returns the whole tour: texts, photos, categories with hero images, offers with their prices', async () => {
    const res = await agentGet(catalogueRoutes.tour, { params: { id: String(fixture.id) } });
    expect(res.statusCode).toBe(200);
    const tour = res.json<TourDetails>();
    expect(tour).toMatchObject({
      id: fixture.id,
      language: 'en',
      currencyCode: 'aed',
      today: fixture.today,
      description: 'Described in English.',
      itinerary: [{ title: 'Pick-up', description: 'From the hotel.' }],
      terms: ['Term'],
      notesToAgents: ['Note'],
      faq: [{ question: 'Q?', answer: 'A.' }],
      meetingPoint: 'Hotel lobby',
      video: null,
      heroImage: { key: 'tour-dubai-frame-1' },
    });
    expect(tour.photos.map((p) => [p.key, p.offerId])).toEqual([
      ['tour-dubai-frame-1', null],
      ['tour-dubai-frame-2', fixture.timeslotOfferId],
    ]);
    expect(tour.categories.map((c) => [c.url, c.heroImage.key])).toEqual([
      ['desert-safaris', 'category-desert-safaris'],
      ['adventure', 'category-adventure'],
    ]);
    expect(tour.similarTours.map((s) => s.url)).toEqual(['dubai-frame']);
    const [timeslot, sameTicket, trip] = tour.offers;
    expect(timeslot).toMatchObject({
      id: fixture.timeslotOfferId,
      pricingUnit: 'person',
      availabilityType: 'timeslots',
      startTimes: ['10:00', '18:00'],
      openingHours: null,
      minPeople: 2,
      maxPeople: 8,
      cutOffHours: 2,
      isInstant: true,
      hasPickUp: true,
      validPickUpCities: [{ url: 'dubai', name: 'Dubai' }],
      cancellationPolicy: [
        { hours: 48, percents: 100 },
        { hours: 24, percents: 50 },
      ],
      priceDate: fixture.today,
      price: personPrices([144, 110], [169, 129]),
    });
    expect(sameTicket).toMatchObject({
      isSameTicketForAdultsAndChildren: true,
      isInstant: false,
      availabilityType: 'openingHours',
      openingHours: { from: '09:00', to: '21:00' },
      startTimes: [],
    });
    expect(trip?.price).toEqual(tripPrices(1275, 1500));
    // SPEC §3: the matching photo, else the first category's hero image
    expect(timeslot?.heroImage.key).toBe('tour-dubai-frame-2');
    expect(sameTicket?.heroImage.key).toBe('category-desert-safaris');
    expect(tour.ticketTypes).toEqual([
      {
        id: expect.any(Number),
        name: 'General admission',
        offerIds: [fixture.timeslotOfferId, fixture.sameTicketOfferId],
      },
      { id: expect.any(Number), name: 'Private tour', offerIds: [fixture.tripOfferId] },
    ]);
  });

  it('converts every price to USD at 3.65, rounded half-up to cents', async () => {
    const tour = (
      await agentGet(catalogueRoutes.tour, { params: { id: String(fixture.id) }, query: { currencyCode: 'usd' } })
    ).json<TourDetails>();
    expect(tour.currencyCode).toBe('usd');
    expect(tour.offers[0]?.price).toEqual(personPrices([39.45, 30.14], [46.3, 35.34]));
    expect(tour.offers[2]?.price).toMatchObject({ pricePerTrip: 349.32, recPricePerTrip: 410.96 });
  });

  it('finds a tour by its url and speaks Russian', async () => {
    const tour = (
      await agentGet(catalogueRoutes.tour, { params: { id: fixture.url }, query: { language: 'ru' } })
    ).json<TourDetails>();
    expect(tour).toMatchObject({
      id: fixture.id,
      language: 'ru',
      currencyCode: 'usd',
      description: 'Описание на русском.',
      meetingPoint: 'Лобби отеля',
    });
    expect(tour.offers[0]?.name).toBe('Групповой внедорожник');
    expect(tour.categories[0]?.name).toBe('Сафари в пустыне');
    expect(tour.ticketTypes[0]?.name).toBe('Входной билет');
  });

  it('serves a demo tour with its shipped video, Russian texts and several offers', async () => {
    const tour = (
      await agentGet(catalogueRoutes.tour, { params: { id: 'burj-khalifa-at-the-top' }, query: { language: 'ru' } })
    ).json<TourDetails>();
    expect(tour.offers.length).toBeGreaterThanOrEqual(2);
    expect(CYRILLIC.test(tour.itinerary[0]?.description ?? '')).toBe(true);
    expect(tour.faq.length).toBeGreaterThanOrEqual(3);
    expect(tour.photos.length).toBeGreaterThanOrEqual(3);
    expect(tour.video).toEqual({
      url: '/api/videos/downtown-evening',
      contentType: 'video/webm',
      poster: tour.heroImage,
    });
  });

  it('is 404 for an unknown id or url and 401 without a login', async () => {
    expect((await agentGet(catalogueRoutes.tour, { params: { id: '999999' } })).statusCode).toBe(404);
    expect((await agentGet(catalogueRoutes.tour, { params: { id: 'no-such-tour' } })).statusCode).toBe(404);
    expect((await get(catalogueRoutes.tour, { params: { id: String(fixture.id) } })).statusCode).toBe(401);
  });
});

describe('GET /api/b2b/tours/promo', () => {
  it('lists the promoted tours in promo order in the requested Language', async () => {
    const tours = (await agentGet(catalogueRoutes.promoTours, { query: { Language: 'ru' } })).json<TourCard[]>();
    expect(tours.length).toBeGreaterThanOrEqual(5);
    expect(tours.every((tour) => tour.isPromo && CYRILLIC.test(tour.title + tour.summary))).toBe(true);
    expect(tours[0]).toMatchObject({
      url: 'burj-khalifa-at-the-top',
      fromPrice: { unit: 'person', recommended: 46.3, net: 39.45 },
    });
  });
});

describe('GET /api/b2b/tickets/foroffer/{id} and /fortour/{id}', () => {
  it("gives an offer's ticket type and a tour's ticket types with their offers", async () => {
    const forOffer = (
      await agentGet(catalogueRoutes.ticketsForOffer, {
        params: { id: String(fixture.tripOfferId) },
        query: { language: 'ru' },
      })
    ).json<TicketType[]>();
    expect(forOffer).toEqual([{ id: expect.any(Number), name: 'Индивидуальный тур', offerIds: [fixture.tripOfferId] }]);
    const forTour = (await agentGet(catalogueRoutes.ticketsForTour, { params: { id: String(fixture.id) } })).json<
      TicketType[]
    >();
    expect(forTour.flatMap((tt) => tt.offerIds).sort((a, b) => a - b)).toEqual(
      [fixture.timeslotOfferId, fixture.sameTicketOfferId, fixture.tripOfferId].sort((a, b) => a - b),
    );
  });

  it('is 404 for unknown ids and 422 for ids that are not numbers', async () => {
    expect((await agentGet(catalogueRoutes.ticketsForOffer, { params: { id: '999999' } })).statusCode).toBe(404);
    expect((await agentGet(catalogueRoutes.ticketsForTour, { params: { id: '999999' } })).statusCode).toBe(404);
    const bad = await agentGet(catalogueRoutes.ticketsForOffer, { params: { id: 'abc' } });
    expect([bad.statusCode, bad.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: 'Must be a positive whole number' }],
    ]);
  });
});
