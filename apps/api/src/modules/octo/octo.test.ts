import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  MESSAGES,
  addDays,
  apiKeyRoutes,
  bookingRoutes,
  commissionRoutes,
  spendingCapMessage,
  type RouteDescriptor,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { agencies, apiKeys, auditEvents, bookings, ledgerEntries, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { readBalance } from '../ledger/ledger.repo.ts';
import { createAgency, loginAs } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { countBookings, fund, slotLeft, bookingSuite } from '../../../test/booking-fixtures.ts';
import { injectRoute, type InjectRouteOptions } from '../../../test/inject-route.ts';

// Issue 30: API keys and the OCTO supplier API on the booking kernel — the same stock, ledger, caps and cancellation
// terms as the portal; every bad input a 400 in OCTO's shape that changes nothing.
const { t, w } = bookingSuite();

const octo = (
  app: FastifyInstance,
  secret: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url: `/octo/v1${url}`,
    headers: { authorization: `Bearer ${secret}`, 'octo-capabilities': 'octo/pricing', ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function allowApi(db: Db, agencyId: string, allowed = true) {
  await db
    .update(agencies)
    .set({ isApiAllowed: allowed ? 1 : 0 })
    .where(eq(agencies.id, agencyId));
}

async function makeKey(app: FastifyInstance, adminToken: string, name = 'Engine', role?: 'senior' | 'junior') {
  const res = await injectRoute(app, apiKeyRoutes.create, {
    body: { name, ...(role ? { role } : {}) },
    token: adminToken,
  });
  return res;
}

// an agency the tours company allowed the API (funded when asked) and its admin's session
async function apiAgency(app: FastifyInstance, db: Db, fundMinor = 0) {
  const agency = await createAgency(db);
  await allowApi(db, agency.id);
  if (fundMinor > 0) await fund(db, agency.id, fundMinor);
  return { agency, admin: await loginAs(app, agency.users.admin.email) };
}

const secretOf = async (app: FastifyInstance, adminToken: string, name?: string) =>
  ((await makeKey(app, adminToken, name)).json() as { secret: string }).secret;

// the portal's own calls, as the agency's people make them
const portal = <R extends RouteDescriptor>(token: string, route: R, options: InjectRouteOptions<R> = {}) =>
  injectRoute(t.app, route, { token, ...options });

async function ledgerRows(db: Db, agencyId: string) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.agencyId, agencyId));
}

const at = (date: string, time: string) => `${date}T${time}:00+04:00`;

// what a reservation names unless a test says otherwise: two adults at 18:00 on the refundable date, picked up
const reservation = (extra: Record<string, unknown> = {}) => ({
  productId: String(w.tour.id),
  optionId: String(w.tour.timeslotOfferId),
  availabilityId: at(w.refundableDate, '18:00'),
  unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
  pickupPointId: String(w.dubaiHotelId),
  ...extra,
});

describe('API keys', () => {
  it('are refused while the tours company has not allowed the agency', async () => {
    const res = await makeKey(t.app, w.tokens.admin);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(
      'The reseller API is not enabled for your agency. Ask the tours company to switch it on.',
    );
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(eq(apiKeys.agencyId, w.agency.id));
    expect(row?.n).toBe(0);
  });

  it('show the secret once, keep only its hash, and are an admin’s', async () => {
    await allowApi(t.database.db, w.agency.id);
    const created = await makeKey(t.app, w.tokens.admin, 'Website');
    expect(created.statusCode).toBe(200);
    const key = created.json() as { id: string; secret: string; prefix: string; role: string };
    expect(key.secret).toMatch(/^gfk_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 12));
    expect(key.role).toBe('senior');
    const list = await portal(w.tokens.admin, apiKeyRoutes.list);
    expect(list.body).not.toContain(key.secret);
    expect(list.json().baseUrl).toMatch(/\/octo\/v1$/);
    const [stored] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.secret);
    for (const token of [w.tokens.senior, w.tokens.junior]) {
      expect((await makeKey(t.app, token)).statusCode).toBe(403);
      expect((await portal(token, apiKeyRoutes.list)).statusCode).toBe(403);
    }
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'apiKey'), eq(auditEvents.entityId, key.id)));
    expect(audit.map((a) => a.action)).toEqual(['apiKey.created']);
  });

  it('refuse a blank name on its field and change nothing', async () => {
    const before = await t.database.db.select().from(apiKeys).where(eq(apiKeys.agencyId, w.agency.id));
    const res = await makeKey(t.app, w.tokens.admin, '   ');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ fieldName: 'name', errorMessage: MESSAGES.required }]);
    const after = await t.database.db.select().from(apiKeys).where(eq(apiKeys.agencyId, w.agency.id));
    expect(after.length).toBe(before.length);
  });

  it('once revoked, are refused on the very next call; revoking again changes nothing', async () => {
    const key = (await makeKey(t.app, w.tokens.admin, 'Short-lived')).json() as { id: string; secret: string };
    expect((await octo(t.app, key.secret, 'GET', '/supplier')).statusCode).toBe(200);
    const revoke = () => portal(w.tokens.admin, apiKeyRoutes.revoke, { params: { id: key.id } });
    const first = await revoke();
    expect(first.statusCode).toBe(200);
    expect(first.json().revokedAt).not.toBeNull();
    const refused = await octo(t.app, key.secret, 'GET', '/supplier');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    expect((await revoke()).statusCode).toBe(200);
    const audit = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'apiKey'), eq(auditEvents.entityId, key.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['apiKey.created', 'apiKey.revoked']);
    // another agency's admin cannot revoke (or see) it
    const other = await apiAgency(t.app, t.database.db);
    const foreign = await portal(other.admin, apiKeyRoutes.revoke, { params: { id: key.id } });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('OCTO', () => {
  let secret: string;
  beforeAll(async () => {
    await allowApi(t.database.db, w.agency.id);
    secret = await secretOf(t.app, w.tokens.admin, 'Booking engine');
  });

  it('refuses calls without a valid key, and agencies switched off', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/octo/v1/products' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      error: 'UNAUTHORIZED',
      errorMessage: 'A valid API key is required: Authorization: Bearer <key>',
    });
    expect((await octo(t.app, 'gfk_not-a-key', 'GET', '/products')).statusCode).toBe(401);
    const other = await apiAgency(t.app, t.database.db);
    const otherSecret = await secretOf(t.app, other.admin);
    await allowApi(t.database.db, other.agency.id, false);
    const off = await octo(t.app, otherSecret, 'GET', '/products');
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toBe('FORBIDDEN');
  });

  it('lists the tour as a product with its options, units and the agency’s net rate', async () => {
    const res = await octo(t.app, secret, 'GET', `/products/${w.tour.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['octo-capabilities']).toBe('octo/pricing');
    const product = res.json();
    expect(product).toMatchObject({ id: String(w.tour.id), availabilityType: 'START_TIME', timeZone: 'Asia/Dubai' });
    const option = product.options.find((o: { id: string }) => o.id === String(w.tour.timeslotOfferId));
    expect(option).toMatchObject({
      availabilityLocalStartTimes: ['10:00', '18:00'],
      restrictions: { minUnits: 2, maxUnits: 8 },
      pickupRequired: true,
      cancellationCutoffAmount: 48,
    });
    const adult = option.units.find((u: { id: string }) => u.id === 'adult');
    expect(adult.pricingFrom).toEqual([
      { original: 16_900, retail: 16_900, net: 14_400, currency: 'AED', currencyPrecision: 2, includedTaxes: [] },
    ]);
    const ru = await octo(t.app, secret, 'GET', `/products/${w.tour.id}`, undefined, { 'accept-language': 'ru' });
    expect(ru.json().internalName).toMatch(/^Тестовое сафари/);
    const plain = await octo(t.app, secret, 'GET', `/products/${w.tour.id}`, undefined, { 'octo-capabilities': '' });
    expect(plain.json().options[0].units[0].pricingFrom).toBeUndefined();
  });

  it('reserves, confirms from the balance once, and cancels with the policy’s refund', async () => {
    const db = t.database.db;
    const date = w.refundableDate;
    const before = (await slotLeft(db, w.tour.timeslotOfferId, date, '18:00'))?.left ?? 0;
    const balanceBefore = (await readBalance(db, w.agency.id, 'aed')).balanceMinor;
    const uuid = randomUUID();
    const body = { uuid, ...reservation({ pickupRequested: true, resellerReference: 'RES-1' }) };
    const reserved = await octo(t.app, secret, 'POST', '/bookings', body);
    expect(reserved.statusCode).toBe(200);
    expect(reserved.json()).toMatchObject({ uuid, status: 'ON_HOLD', resellerReference: 'RES-1' });
    expect(reserved.json().pricing).toMatchObject({ net: 28_800, retail: 33_800, currency: 'AED' });
    expect((await slotLeft(db, w.tour.timeslotOfferId, date, '18:00'))?.left).toBe(before - 2);
    // the same uuid again: the same reservation, the seats taken once
    const again = await octo(t.app, secret, 'POST', '/bookings', body);
    expect(again.json().id).toBe(reserved.json().id);
    expect((await slotLeft(db, w.tour.timeslotOfferId, date, '18:00'))?.left).toBe(before - 2);
    expect((await readBalance(db, w.agency.id, 'aed')).balanceMinor).toBe(balanceBefore);

    const contact = { fullName: 'Anna Smith', emailAddress: 'anna@example.test', phoneNumber: '+44 20 7946 0000' };
    const confirmed = await octo(t.app, secret, 'POST', `/bookings/${uuid}/confirm`, { contact });
    expect(confirmed.statusCode).toBe(200);
    const booking = confirmed.json();
    expect(booking.status).toBe('CONFIRMED');
    expect(booking.voucher.deliveryOptions[0].deliveryValue).toMatch(
      new RegExp(`/octo/v1/bookings/${uuid}/voucher\\.pdf$`),
    );
    expect((await octo(t.app, secret, 'POST', `/bookings/${uuid}/confirm`, { contact })).json().status).toBe(
      'CONFIRMED',
    );
    expect((await readBalance(db, w.agency.id, 'aed')).balanceMinor).toBe(balanceBefore - 28_800);
    const entries = (await ledgerRows(db, w.agency.id)).filter((e) => e.bookingId === booking.id);
    expect(entries.map((e) => [e.kind, Number(e.amountMinor)])).toEqual([['booking', -28_800]]);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      channel: 'api',
      status: 'completed',
      guestName: 'Anna Smith',
      paymentMethod: 'balance',
    });
    expect(row?.ticketNumbers.length).toBe(2);

    const pdf = await octo(t.app, secret, 'GET', `/bookings/${uuid}/voucher.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const cancelled = await octo(t.app, secret, 'POST', `/bookings/${uuid}/cancel`, { reason: 'Guest ill' });
    expect(cancelled.json()).toMatchObject({
      status: 'CANCELLED',
      cancellation: { refund: 'FULL', reason: 'Guest ill' },
    });
    expect((await readBalance(db, w.agency.id, 'aed')).balanceMinor).toBe(balanceBefore);
    expect((await slotLeft(db, w.tour.timeslotOfferId, date, '18:00'))?.left).toBe(before);
    // listed by the reseller's reference and by ours
    const byRef = await octo(t.app, secret, 'GET', '/bookings?resellerReference=RES-1');
    expect(byRef.json().map((b: { uuid: string }) => b.uuid)).toEqual([uuid]);
    const bySupplier = await octo(t.app, secret, 'GET', `/bookings?supplierReference=${row?.reference}`);
    expect(bySupplier.json().length).toBe(1);
  });

  it('gives an expired reservation’s seats back and never confirms it', async () => {
    const db = t.database.db;
    const date = w.refundableDate;
    const before = (await slotLeft(db, w.tour.timeslotOfferId, date, '18:00'))?.left ?? 0;
    const balanceBefore = (await readBalance(db, w.agency.id, 'aed')).balanceMinor;
    const res = await octo(
      t.app,
      secret,
      'POST',
      '/bookings',
      reservation({ unitItems: [{ unitId: 'adult' }, { unitId: 'child' }], expirationMinutes: 5 }),
    );
    expect(res.statusCode).toBe(200);
    const { uuid, id } = res.json();
    expect((await slotLeft(db, w.tour.timeslotOfferId, date, '18:00'))?.left).toBe(before - 2);
    await db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, id));
    await t.app.bookings.sweepExpiredHolds();
    expect((await slotLeft(db, w.tour.timeslotOfferId, date, '18:00'))?.left).toBe(before);
    expect((await octo(t.app, secret, 'GET', `/bookings/${uuid}`)).json().status).toBe('EXPIRED');
    const confirm = await octo(t.app, secret, 'POST', `/bookings/${uuid}/confirm`, {
      contact: { fullName: 'Late Guest', emailAddress: 'late@example.test' },
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().error).toBe('UNPROCESSABLE_ENTITY');
    expect((await readBalance(db, w.agency.id, 'aed')).balanceMinor).toBe(balanceBefore);
  });

  it('answers bad input with OCTO’s errors and changes nothing', async () => {
    const db = t.database.db;
    const count = await countBookings(db, w.agency.id);
    const base = reservation();
    const cases: [unknown, string][] = [
      [{ ...base, productId: 'abc' }, 'INVALID_PRODUCT_ID'],
      [{ ...base, optionId: '999999999' }, 'INVALID_OPTION_ID'],
      [{ ...base, availabilityId: 'tomorrow' }, 'INVALID_AVAILABILITY_ID'],
      [{ ...base, availabilityId: at(w.refundableDate, '11:11') }, 'INVALID_AVAILABILITY_ID'],
      [{ ...base, unitItems: [{ unitId: 'dragon' }] }, 'INVALID_UNIT_ID'],
      [{ ...base, unitItems: [] }, 'UNPROCESSABLE_ENTITY'],
      [{ ...base, unitItems: 'two adults' }, 'BAD_REQUEST'],
      [{ ...base, unitItems: Array(101).fill({ unitId: 'adult' }) }, 'UNPROCESSABLE_ENTITY'],
      [{ ...base, unitItems: [{ unitId: 'adult' }] }, 'UNPROCESSABLE_ENTITY'],
      [{ ...base, pickupPointId: undefined }, 'UNPROCESSABLE_ENTITY'],
      [{ ...base, pickupPointId: 'the Hilton' }, 'UNPROCESSABLE_ENTITY'],
      [{ ...base, uuid: 'not-a-uuid' }, 'BAD_REQUEST'],
      [{ ...base, availabilityId: at(addDays(w.tour.today, -3), '18:00') }, 'INVALID_AVAILABILITY_ID'],
      [[1, 2, 3], 'INVALID_PRODUCT_ID'],
    ];
    for (const [payload, error] of cases) {
      const res = await octo(t.app, secret, 'POST', '/bookings', payload);
      expect({ payload, status: res.statusCode, error: res.json().error }).toEqual({ payload, status: 400, error });
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/octo/v1/bookings',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload: '{"productId":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBe('BAD_REQUEST');
    const unknownPath = await octo(t.app, secret, 'GET', '/nothing-here');
    expect(unknownPath.statusCode).toBe(404);
    expect(await countBookings(db, w.agency.id)).toBe(count);
    const pickUpRequired = await octo(t.app, secret, 'POST', '/bookings', { ...base, pickupPointId: undefined });
    expect(pickUpRequired.json().errorMessage).toBe(BOOKING_MESSAGES.hotelRequired);
  });

  it('never shows one agency’s bookings to another’s key', async () => {
    const uuid = randomUUID();
    const made = await octo(t.app, secret, 'POST', '/bookings', {
      uuid,
      productId: String(w.tour.id),
      optionId: String(w.tour.tripOfferId),
      availabilityId: at(addDays(w.tour.today, 3), '15:00'),
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'adult' }],
    });
    expect(made.statusCode).toBe(200);
    const other = await apiAgency(t.app, t.database.db, 1_000_000);
    const otherSecret = await secretOf(t.app, other.admin);
    for (const [method, url] of [
      ['GET', `/bookings/${uuid}`],
      ['POST', `/bookings/${uuid}/confirm`],
      ['POST', `/bookings/${uuid}/cancel`],
      ['PATCH', `/bookings/${uuid}`],
    ] as const) {
      const res = await octo(
        t.app,
        otherSecret,
        method,
        url,
        method === 'GET' ? undefined : { contact: { fullName: 'X Y', emailAddress: 'x@example.test' } },
      );
      expect({ url, status: res.statusCode, error: res.json().error }).toEqual({
        url,
        status: 400,
        error: 'INVALID_BOOKING_UUID',
      });
    }
    expect((await octo(t.app, secret, 'GET', `/bookings/${uuid}`)).json().status).toBe('ON_HOLD');
    // a trip is priced per booking: the booking's price is the trip's
    expect(made.json().pricing).toMatchObject({ net: 127_500, retail: 150_000 });
  });

  it('refuses a confirmation the balance cannot pay and keeps the seats held', async () => {
    const db = t.database.db;
    const poor = await apiAgency(t.app, db);
    const poorSecret = await secretOf(t.app, poor.admin);
    const uuid = randomUUID();
    const reserved = await octo(t.app, poorSecret, 'POST', '/bookings', { uuid, ...reservation() });
    expect(reserved.statusCode).toBe(200);
    const refused = await octo(t.app, poorSecret, 'POST', `/bookings/${uuid}/confirm`, {
      contact: { fullName: 'Anna Smith', emailAddress: 'anna@example.test' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
    expect(refused.json().errorMessage).toMatch(/balance/i);
    expect((await octo(t.app, poorSecret, 'GET', `/bookings/${uuid}`)).json().status).toBe('ON_HOLD');
    expect(await ledgerRows(db, poor.agency.id)).toEqual([]);
  });

  it('counts a junior-rights key’s bookings toward its user’s monthly spending cap', async () => {
    const db = t.database.db;
    const { agency: capped, admin } = await apiAgency(t.app, db, 1_000_000);
    const made = await makeKey(t.app, admin, 'Capped engine', 'junior');
    expect(made.json().role).toBe('junior');
    const key = (made.json() as { secret: string }).secret;
    await db.update(users).set({ monthlyCapMinor: 30_000 }).where(eq(users.id, capped.users.admin.id));
    const reserve = (uuid: string) => octo(t.app, key, 'POST', '/bookings', { uuid, ...reservation() });
    const first = randomUUID();
    expect((await reserve(first)).statusCode).toBe(200);
    const over = await reserve(randomUUID());
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe('UNPROCESSABLE_ENTITY');
    expect(over.json().errorMessage).toBe(spendingCapMessage('300.00\u00a0AED', '12.00\u00a0AED'));
    expect(await countBookings(db, capped.id)).toBe(1);
    const confirmed = await octo(t.app, key, 'POST', `/bookings/${first}/confirm`, {
      contact: { fullName: 'Anna Smith', emailAddress: 'anna@example.test' },
    });
    expect(confirmed.json().status).toBe('CONFIRMED');
  });

  it('answers impossible dates and a reused uuid with OCTO errors, and confirms a doubled confirmation once', async () => {
    const db = t.database.db;
    const calendar = await octo(t.app, secret, 'POST', '/availability/calendar', {
      productId: String(w.tour.id),
      optionId: String(w.tour.timeslotOfferId),
      localDateStart: '2030-02-30',
      localDateEnd: '2030-03-02',
    });
    expect([calendar.statusCode, calendar.json().error]).toEqual([400, 'BAD_REQUEST']);
    const feb30 = await octo(
      t.app,
      secret,
      'POST',
      '/bookings',
      reservation({ availabilityId: '2030-02-30T18:00:00+04:00' }),
    );
    expect([feb30.statusCode, feb30.json().error]).toEqual([400, 'INVALID_AVAILABILITY_ID']);
    const byIds = await octo(t.app, secret, 'POST', '/availability', {
      productId: String(w.tour.id),
      optionId: String(w.tour.timeslotOfferId),
      availabilityIds: ['2020-01-01T18:00:00+04:00', '2999-01-01T18:00:00+04:00'],
    });
    expect([byIds.statusCode, byIds.json().error]).toEqual([400, 'BAD_REQUEST']);

    const uuid = randomUUID();
    const body = { uuid, ...reservation() };
    expect((await octo(t.app, secret, 'POST', '/bookings', body)).statusCode).toBe(200);
    const reused = await octo(t.app, secret, 'POST', '/bookings', {
      ...body,
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'adult' }],
    });
    expect([reused.statusCode, reused.json().error]).toEqual([400, 'INVALID_BOOKING_UUID']);
    const balanceBefore = (await readBalance(db, w.agency.id, 'aed')).balanceMinor;
    const contact = { contact: { fullName: 'Anna Smith', emailAddress: 'anna@example.test' } };
    const both = await Promise.all([
      octo(t.app, secret, 'POST', `/bookings/${uuid}/confirm`, contact),
      octo(t.app, secret, 'POST', `/bookings/${uuid}/confirm`, contact),
    ]);
    expect(both.map((r) => [r.statusCode, r.json().status])).toEqual([
      [200, 'CONFIRMED'],
      [200, 'CONFIRMED'],
    ]);
    expect((await readBalance(db, w.agency.id, 'aed')).balanceMinor).toBe(balanceBefore - 28_800);
  });

  it('never holds seats past two hours after the reservation, however often it is extended', async () => {
    const uuid = randomUUID();
    const made = await octo(t.app, secret, 'POST', '/bookings', { uuid, ...reservation() });
    // the reservation was made 110 minutes ago: an extension by 60 minutes ends at its two hours
    const createdAt = new Date(Date.now() - 110 * 60_000);
    await t.database.db.update(bookings).set({ createdAt }).where(eq(bookings.id, made.json().id));
    const extended = await octo(t.app, secret, 'POST', `/bookings/${uuid}/extend`, { expirationMinutes: 60 });
    expect(extended.statusCode).toBe(200);
    expect(Date.parse(extended.json().utcExpiresAt)).toBeLessThanOrEqual(createdAt.getTime() + 120 * 60_000);
    expect(Date.parse(extended.json().utcExpiresAt)).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it('limits the calls of one key per minute', async () => {
    const limited = await buildTestApp({ octoRateLimitPerKey: 3 });
    try {
      const db = limited.database.db;
      const { admin } = await apiAgency(limited.app, db);
      const first = await secretOf(limited.app, admin, 'One');
      const second = await secretOf(limited.app, admin, 'Two');
      // one budget for the key, whatever the route and however the header is spaced
      const codes = [
        (await octo(limited.app, first, 'GET', '/supplier')).statusCode,
        (await octo(limited.app, first, 'GET', '/products')).statusCode,
        (
          await limited.app.inject({
            method: 'GET',
            url: '/octo/v1/supplier',
            headers: { authorization: `Bearer  ${first} ` },
          })
        ).statusCode,
        (await octo(limited.app, first, 'GET', '/products')).statusCode,
      ];
      expect(codes).toEqual([200, 200, 200, 429]);
      const over = await octo(limited.app, first, 'GET', '/supplier');
      expect(over.json().error).toBe('TOO_MANY_REQUESTS');
      expect((await octo(limited.app, second, 'GET', '/supplier')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('calls without a valid key', () => {
  it('are counted per address in the per-key budget: past it, 429 instead of 401', async () => {
    const limited = await buildTestApp({ octoRateLimitPerKey: 3 });
    try {
      const guess = (remoteAddress: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/octo/v1/supplier',
          remoteAddress,
          headers: { authorization: 'Bearer not-a-key-0123456789' },
        });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await guess('10.8.0.1'));
      expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 429, 429]);
      expect(answers[3]?.json().error).toBe('TOO_MANY_REQUESTS');
      expect(answers[0]?.json().error).toBe('UNAUTHORIZED');
      // another address is not refused
      expect((await guess('10.8.0.2')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('test keys', () => {
  let live: string;
  let test: string;
  let admin: string;
  let agencyId: string;
  beforeAll(async () => {
    const db = t.database.db;
    const made = await apiAgency(t.app, db, 1_000_000);
    agencyId = made.agency.id;
    admin = made.admin;
    live = await secretOf(t.app, admin, 'Live');
    const testKey = await portal(admin, apiKeyRoutes.create, { body: { name: 'Sandbox', isTest: true } });
    expect(testKey.json().isTest).toBe(true);
    test = (testKey.json() as { secret: string }).secret;
  });

  const reserveWith = (key: string, uuid: string) => octo(t.app, key, 'POST', '/bookings', { uuid, ...reservation() });
  const contact = { contact: { fullName: 'Test Guest', emailAddress: 'test@example.test' } };

  it('book through the same rules and answers, taking no stock and no real money', async () => {
    const db = t.database.db;
    const stockBefore = (await slotLeft(db, w.tour.timeslotOfferId, w.refundableDate, '18:00'))?.left;
    const realBefore = (await readBalance(db, agencyId, 'aed')).balanceMinor;
    const uuid = randomUUID();
    // nothing to pay with yet: the test balance starts at zero
    const reserved = await reserveWith(test, uuid);
    expect(reserved.statusCode).toBe(200);
    expect(reserved.headers['octo-env']).toBe('test');
    expect(reserved.json()).toMatchObject({ status: 'ON_HOLD', testMode: true });
    const poor = await octo(t.app, test, 'POST', `/bookings/${uuid}/confirm`, contact);
    expect([poor.statusCode, poor.json().error]).toEqual([400, 'UNPROCESSABLE_ENTITY']);
    const refill = await portal(admin, apiKeyRoutes.refillTestBalance);
    expect(refill.json()).toEqual({ amount: 10_000, currencyCode: 'aed' });
    const confirmed = await octo(t.app, test, 'POST', `/bookings/${uuid}/confirm`, contact);
    expect(confirmed.json()).toMatchObject({ status: 'CONFIRMED', testMode: true });
    expect((await slotLeft(db, w.tour.timeslotOfferId, w.refundableDate, '18:00'))?.left).toBe(stockBefore);
    expect((await readBalance(db, agencyId, 'aed')).balanceMinor).toBe(realBefore);
    expect(await ledgerRows(db, agencyId)).toHaveLength(1); // the deposit only
    const list = await portal(admin, apiKeyRoutes.list);
    expect(list.json().testBalance).toEqual({ amount: 10_000 - 288, currencyCode: 'aed' });
    // kept apart: not in the bookings list nor its commissions; listed when asked for
    const real = await portal(admin, bookingRoutes.filtered, { body: { page: 1, onPage: 50 } });
    expect(real.json().items.map((b: { id: string }) => b.id)).not.toContain(confirmed.json().id);
    const tests = await portal(admin, bookingRoutes.filtered, { body: { page: 1, onPage: 50, test: true } });
    expect(tests.json().items.map((b: { id: string }) => b.id)).toEqual([confirmed.json().id]);
    const commissions = await portal(admin, commissionRoutes.list, { body: { page: 1, onPage: 50 } });
    expect(commissions.statusCode).toBe(200);
    expect(commissions.body).not.toContain(confirmed.json().supplierReference);
    // the portal cannot cancel it (that would refund real money): the key does, back to the test balance
    const portalCancel = await portal(admin, bookingRoutes.cancel, { params: { id: confirmed.json().id }, body: {} });
    expect(portalCancel.statusCode).toBe(422);
    const cancelled = await octo(t.app, test, 'POST', `/bookings/${uuid}/cancel`, { reason: 'Testing' });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancellation: { refund: 'FULL' } });
    expect((await portal(admin, apiKeyRoutes.list)).json().testBalance.amount).toBe(10_000);
    expect((await readBalance(db, agencyId, 'aed')).balanceMinor).toBe(realBefore);
  });

  it('and live keys never see each other’s bookings', async () => {
    const uuid = randomUUID();
    expect((await reserveWith(test, uuid)).statusCode).toBe(200);
    const fromLive = await octo(t.app, live, 'GET', `/bookings/${uuid}`);
    expect([fromLive.statusCode, fromLive.json().error]).toEqual([400, 'INVALID_BOOKING_UUID']);
    const liveUuid = randomUUID();
    expect((await reserveWith(live, liveUuid)).statusCode).toBe(200);
    const fromTest = await octo(t.app, test, 'POST', `/bookings/${liveUuid}/confirm`, contact);
    expect([fromTest.statusCode, fromTest.json().error]).toEqual([400, 'INVALID_BOOKING_UUID']);
    // the same uuid cannot name a test and a live booking
    const clash = await reserveWith(live, uuid);
    expect([clash.statusCode, clash.json().error]).toEqual([400, 'INVALID_BOOKING_UUID']);
  });
});
