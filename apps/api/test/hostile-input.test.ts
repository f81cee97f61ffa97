import { describe, expect, it } from 'vitest';
import { MESSAGES, authRoutes, bookingRoutes } from '@portal/contract';
import { loadOrCreateSecret } from '../src/lib/secrets.ts';
import { readBalance } from '../src/modules/ledger/ledger.repo.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../src/modules/payments/providers/sandbox.ts';
import { bookingBody, countBookings, guest, postBooking, bookingSuite } from './booking-fixtures.ts';
import { multipart } from './factories.ts';
import { injectRoute } from './inject-route.ts';

const { t, w } = bookingSuite();

async function state() {
  return {
    bookings: await countBookings(t.database.db, w.agency.id),
    balance: (await readBalance(t.database.db, w.agency.id, 'aed')).balanceMinor,
  };
}

const TOO_LARGE = 2_147_483_648;

describe('hostile input gets a 4xx on its field and changes nothing', () => {
  it.each([
    ['offerId', { offerId: TOO_LARGE }],
    ['guest.hotelId', { hotelId: 99_999_999_999 }],
  ])('an integer id beyond the database range: %s', async (field, overrides) => {
    const before = await state();
    const { hotelId, ...top } = overrides as { hotelId?: number };
    const body = bookingBody(w, { ...top, ...(hotelId ? { guest: guest(w, { hotelId }) } : {}) });
    const res = await postBooking(t.app, w.tokens.admin, body, { key: `hostile-${crypto.randomUUID()}` });
    expect([res.statusCode, res.json()]).toEqual([422, [{ fieldName: field, errorMessage: MESSAGES.idOutOfRange }]]);
    expect(await state()).toEqual(before);
  });

  it('an id beyond the range in the bookings filter', async () => {
    const res = await injectRoute(t.app, bookingRoutes.filtered, {
      body: { tourId: TOO_LARGE },
      token: w.tokens.admin,
    });
    expect([res.statusCode, res.json()]).toEqual([422, [{ fieldName: 'tourId', errorMessage: MESSAGES.idOutOfRange }]]);
  });

  it.each([
    ['guest.hotel', { hotel: 'Address\u0000Downtown' }, {}],
    ['guest.room', { room: '12\u000004' }, {}],
    ['notes', {}, { notes: 'late \u0000 arrival' }],
    ['promoCode', {}, { promoCode: 'WELCOME\u000010' }],
  ])('a NUL character in %s', async (field, guestOverrides, overrides) => {
    const before = await state();
    const res = await postBooking(
      t.app,
      w.tokens.admin,
      bookingBody(w, { ...overrides, guest: guest(w, guestOverrides) }),
    );
    expect([res.statusCode, res.json()]).toEqual([
      422,
      [{ fieldName: field, errorMessage: MESSAGES.controlCharacters }],
    ]);
    expect(await state()).toEqual(before);
  });

  it('a NUL character in a query string and in a login', async () => {
    // sent as q=Ad%00dress
    const hotels = await injectRoute(t.app, bookingRoutes.hotels, {
      query: { q: 'Ad\u0000dress' },
      token: w.tokens.admin,
    });
    expect([hotels.statusCode, hotels.json()]).toEqual([
      422,
      [{ fieldName: 'q', errorMessage: MESSAGES.controlCharacters }],
    ]);
    const login = await injectRoute(t.app, authRoutes.login, {
      body: { email: 'a\u0000@example.test', password: 'x' },
    });
    expect([login.statusCode, login.json()]).toEqual([
      422,
      [{ fieldName: 'email', errorMessage: MESSAGES.controlCharacters }],
    ]);
  });

  it('a body nested 20,000 levels deep, with an Idempotency-Key', async () => {
    const before = await state();
    const payload = `{"offerId":1,"extra":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
    const res = await injectRoute(t.app, bookingRoutes.create, {
      payload,
      token: w.tokens.admin,
      idempotencyKey: `deep-${crypto.randomUUID()}`,
      headers: { 'content-type': 'application/json' },
    });
    expect([res.statusCode, res.json()]).toEqual([422, [{ fieldName: 'body', errorMessage: MESSAGES.bodyTooDeep }]]);
    expect(await state()).toEqual(before);
  });

  it('a multipart sign-up without a boundary, and one cut off mid-way', async () => {
    const noBoundary = await injectRoute(t.app, authRoutes.signup, {
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect([noBoundary.statusCode, noBoundary.json()]).toEqual([
      422,
      [{ fieldName: 'body', errorMessage: MESSAGES.malformedBody }],
    ]);
    const form = multipart([{ name: 'companyName', value: 'Cut Off LLC' }]);
    const cut = await injectRoute(t.app, authRoutes.signup, {
      payload: form.payload.subarray(0, form.payload.length - 20),
      headers: form.headers,
    });
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
  });

  it('a correctly signed sandbox webhook whose body is not JSON, or not an event we know', async () => {
    const secret = loadOrCreateSecret(t.dataDir, 'sandbox-webhook');
    for (const raw of [
      'not json at all',
      JSON.stringify({ id: 'evt_1', type: 'charge.succeeded', data: { unexpected: true } }),
      '[]',
    ]) {
      const body = Buffer.from(raw);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/webhook',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, secret) },
        payload: body,
      });
      expect([raw, res.statusCode, res.body]).toEqual([raw, 400, 'Malformed webhook body']);
    }
  });
});
