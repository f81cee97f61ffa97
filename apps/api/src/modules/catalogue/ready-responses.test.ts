import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AvailabilityRow, TourCard, TourDetails } from '@portal/contract';
import { MESSAGES, addDays, catalogueRoutes } from '@portal/contract';
import { slots, tours } from '../../db/schema/index.ts';
import { createAgency, loginAs } from '../../../test/factories.ts';
import { useTestTour, type TestTour } from '../../../test/catalogue-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { injectRoute } from '../../../test/inject-route.ts';

// Issue 32, decision 0151: a cached read is answered from a ready response when the versions were read less than
// CATALOGUE_VERSION_POLL_MS ago (the other test files poll on every request, so they never take that way). Here
// the versions are kept for POLL_MS, as in production, and every answer is read back from a real response.
const POLL_MS = 150;
const previousPoll = process.env.CATALOGUE_VERSION_POLL_MS;
process.env.CATALOGUE_VERSION_POLL_MS = String(POLL_MS);
afterAll(() => {
  if (previousPoll === undefined) delete process.env.CATALOGUE_VERSION_POLL_MS;
  else process.env.CATALOGUE_VERSION_POLL_MS = previousPoll;
});

let t: TestApp;
let fixture: TestTour;
const get = useTestTour('senior', (made) => ({ t, fixture } = made));
const afterPoll = () => new Promise((resolve) => setTimeout(resolve, POLL_MS + 50));
// answers computed and answered from the cache so far
const stats = () => t.app.catalogue.stats();
// the headers a client reads, without the ones that change per response
const stableHeaders = (headers: Record<string, unknown>) => {
  const kept = { ...headers };
  for (const name of ['date', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'content-length', 'connection'])
    delete kept[name];
  return kept;
};
const READY_HEADERS = {
  'cache-control': 'private, no-cache',
  vary: 'Accept-Encoding, Authorization',
  'content-type': 'application/json; charset=utf-8',
};

describe('ready responses of the cached reads', () => {
  it('answers a hit with the same bytes and headers as the answer that computed it', async () => {
    const query = { currencyCode: 'usd' } as const;
    const before = stats();
    const computed = await get(catalogueRoutes.tours, { query });
    const ready = await get(catalogueRoutes.tours, { query });
    const after = stats();
    // computed once, then answered the short way (a lookup and one write)
    expect([after.computed - before.computed, after.ready - before.ready]).toEqual([1, 1]);
    expect([computed.statusCode, ready.statusCode]).toEqual([200, 200]);
    expect(ready.body).toBe(computed.body);
    expect(stableHeaders(ready.headers)).toEqual(stableHeaders(computed.headers));
    expect(ready.headers).toMatchObject({ ...READY_HEADERS, etag: computed.headers.etag });
    // the site-wide headers still come with a cached answer
    expect(ready.headers['x-content-type-options']).toBe('nosniff');
    expect(ready.headers['x-ratelimit-limit']).toBeDefined();
    expect(Number(ready.headers['content-length'])).toBe(ready.rawPayload.length);
  });

  it('gives the same JSON in br, gzip and identity, each with its Content-Encoding and one ETag', async () => {
    const params = { id: String(fixture.id) };
    const plain = await get(catalogueRoutes.tour, { params });
    const br = await get(catalogueRoutes.tour, { params, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await get(catalogueRoutes.tour, { params, headers: { 'accept-encoding': 'gzip' } });
    // and once more each, from the ready copies
    const br2 = await get(catalogueRoutes.tour, { params, headers: { 'accept-encoding': 'br' } });
    const gz2 = await get(catalogueRoutes.tour, { params, headers: { 'accept-encoding': 'gzip;q=1' } });
    const plain2 = await get(catalogueRoutes.tour, { params, headers: { 'accept-encoding': 'identity' } });
    expect(
      [plain, br, gz, br2, gz2, plain2].map((r) => [r.statusCode, r.headers['content-encoding'], r.headers.etag]),
    ).toEqual([
      [200, undefined, plain.headers.etag],
      [200, 'br', plain.headers.etag],
      [200, 'gzip', plain.headers.etag],
      [200, 'br', plain.headers.etag],
      [200, 'gzip', plain.headers.etag],
      [200, undefined, plain.headers.etag],
    ]);
    expect(plain.json<TourDetails>().id).toBe(fixture.id);
    for (const r of [br, br2]) expect(brotliDecompressSync(r.rawPayload).toString()).toBe(plain.body);
    for (const r of [gz, gz2]) expect(gunzipSync(r.rawPayload).toString()).toBe(plain.body);
    expect(plain2.body).toBe(plain.body);
    // compressed once: the second br answer is the very same bytes
    expect(br2.rawPayload.equals(br.rawPayload)).toBe(true);
    for (const r of [plain, br, gz, br2, gz2, plain2]) expect(r.headers).toMatchObject(READY_HEADERS);
  });

  it('keeps a strong ETag stable across hits and answers 304 to it (also weak or in a list)', async () => {
    const first = await get(catalogueRoutes.tours);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(catalogueRoutes.tours)).headers.etag).toBe(etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const res = await get(catalogueRoutes.tours, {
        headers: { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' },
      });
      expect([res.statusCode, res.body, res.headers.etag]).toEqual([304, '', etag]);
      expect(res.headers).toMatchObject({
        'cache-control': 'private, no-cache',
        vary: 'Accept-Encoding, Authorization',
      });
      expect(res.headers['content-encoding']).toBeUndefined();
    }
    const other = await get(catalogueRoutes.tours, { headers: { 'if-none-match': '"something-else"' } });
    expect([other.statusCode, other.headers.etag, other.body]).toEqual([200, etag, first.body]);
  });

  it('gives an approved agency net rates and an agency waiting for approval none, each its own entry', async () => {
    const approved = await createAgency(t.database.db, { status: 'approved' });
    const pending = await createAgency(t.database.db, { status: 'pending' });
    const approvedToken = await loginAs(t.app, approved.users.junior.email);
    const pendingToken = await loginAs(t.app, pending.users.junior.email);
    const fromPrice = (body: TourCard[]) => body.find((tour) => tour.id === fixture.id)?.fromPrice;
    // twice each, interleaved: the second of each is a hit, and no hit may be the other agency's entry
    const answers = [];
    for (const who of [approvedToken, pendingToken, approvedToken, pendingToken])
      answers.push(await get(catalogueRoutes.tours, { token: who }));
    expect(answers.map((r) => fromPrice(r.json<TourCard[]>()))).toEqual([
      { unit: 'person', recommended: 50, net: 42 },
      { unit: 'person', recommended: 50, net: null },
      { unit: 'person', recommended: 50, net: 42 },
      { unit: 'person', recommended: 50, net: null },
    ]);
    const [a1, p1, a2, p2] = answers.map((r) => r.headers.etag);
    expect([a2, p2]).toEqual([a1, p1]);
    expect(a1).not.toBe(p1);
    // the approved agency's ETag means nothing to the other's entry
    const crossed = await get(catalogueRoutes.tours, { token: pendingToken, headers: { 'if-none-match': String(a1) } });
    expect([crossed.statusCode, fromPrice(crossed.json<TourCard[]>())?.net]).toEqual([200, null]);
  });

  it('still asks for a login once the entry is cached, and refuses an unknown token', async () => {
    expect((await get(catalogueRoutes.tours)).statusCode).toBe(200);
    const anonymous = await injectRoute(t.app, catalogueRoutes.tours);
    expect([anonymous.statusCode, anonymous.body]).toEqual([401, MESSAGES.unauthorized]);
    const forged = await injectRoute(t.app, catalogueRoutes.tours, { token: 'not-a-token' });
    expect(forged.statusCode).toBe(401);
  });

  it('shows a stock change and a catalogue change once the versions are read again', async () => {
    const from = addDays(fixture.today, 3);
    const query = { id: String(fixture.timeslotOfferId), from, to: from };
    const first = await get(catalogueRoutes.availabilityByOffer, { query });
    const left = (res: typeof first) => res.json<AvailabilityRow[]>().find((r) => r.time === '18:00')?.left;
    const seatsBefore = left(first);
    expect(seatsBefore).toBeGreaterThan(2);
    await t.database.db
      .update(slots)
      .set({ left: sql`${slots.left} - 2` })
      .where(and(eq(slots.offerId, fixture.timeslotOfferId), eq(slots.date, from), eq(slots.startTime, '18:00')));
    await afterPoll();
    const changed = await get(catalogueRoutes.availabilityByOffer, {
      query,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect([changed.statusCode, left(changed)]).toEqual([200, (seatsBefore ?? 0) - 2]);
    expect(changed.headers.etag).not.toBe(first.headers.etag);

    const params = { id: String(fixture.id) };
    const tourBefore = await get(catalogueRoutes.tour, { params });
    await t.database.db
      .update(tours)
      .set({ title: sql`jsonb_set(${tours.title}, '{en}', '"Renamed by the back office"')` })
      .where(eq(tours.id, fixture.id));
    await afterPoll();
    const tourAfter = await get(catalogueRoutes.tour, { params });
    expect(tourAfter.json<TourDetails>().title).toBe('Renamed by the back office');
    expect(tourAfter.headers.etag).not.toBe(tourBefore.headers.etag);
  });

  it('answers a bad query with 422 even after good ones were cached', async () => {
    const from = addDays(fixture.today, 1);
    const good = { id: String(fixture.timeslotOfferId), from, to: from };
    expect((await get(catalogueRoutes.availabilityByOffer, { query: good })).statusCode).toBe(200);
    const bad = await get(catalogueRoutes.availabilityByOffer, { query: { ...good, id: 'x' } });
    expect(bad.statusCode).toBe(422);
  });
});
