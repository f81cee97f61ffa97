import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import {
  agencies,
  bookings,
  cities,
  hotels,
  idempotencyKeys,
  offers,
  slots,
  topUps,
  tours,
} from '../../db/schema/index.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { findUserByEmail, issueToken } from '../account/index.ts';
import { SANDBOX_TEST_CARDS, latestPaymentFor, type PaymentOwnerKey } from '../payments/index.ts';

// The demo history's world (demo-history.ts): its people's sessions, the two agencies, the catalogue's offers it
// books, and the portal's routes as those people call them (app.inject). Every step that makes something either
// carries an Idempotency-Key (a replay reads back what an earlier start made) or looks first at what exists.

export const GENERAL = 'localhost';
export const RU = 'ru.localhost';
export const SEED_IP = '127.0.0.1';
export const CARD_OK = SANDBOX_TEST_CARDS.succeeds;
export const CARD_DECLINED = SANDBOX_TEST_CARDS.declined;

export type Json = Record<string, unknown>;
type Call = { method: 'GET' | 'POST'; url: string; host?: string; token?: string; key?: string; body?: unknown };
type Offer = { id: number };

// What an earlier start already made under this key (the step then only reads it: its body, with the day's dates,
// may differ now)
async function madeUnder(db: Db, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, key), isNotNull(idempotencyKeys.resourceId)))
    .limit(1);
  return row?.id ?? null;
}

export type HistoryWorld = Awaited<ReturnType<typeof historyWorld>>;

export async function historyWorld(app: FastifyInstance, db: Db, now: Date) {
  const today = dubaiDate(now);
  const api = async (call: Call, expected: number[] = [200]): Promise<{ status: number; json: Json; body: string }> => {
    const res = await app.inject({
      method: call.method,
      url: call.url,
      remoteAddress: SEED_IP,
      headers: {
        host: call.host ?? GENERAL,
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        ...(call.key ? { 'idempotency-key': call.key } : {}),
      },
      ...(call.body === undefined ? {} : { payload: call.body as Json }),
    });
    if (!expected.includes(res.statusCode))
      throw new Error(`demo history: ${call.method} ${call.url} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
    const json = String(res.headers['content-type'] ?? '').includes('json') ? (res.json() as Json) : {};
    return { status: res.statusCode, json, body: res.body };
  };
  // Each person's session as a login gives it (account.service.ts#issueToken), without checking the demo password
  // five times: a password check is a deliberately slow hash, a tenth of the first start each
  const sessionOf = async (email: string, siteId = 'general') => {
    const row = await findUserByEmail(db, email);
    const site = app.deps.sites.byId(siteId);
    if (!row || !site) throw new Error(`demo history: no ${email} or site ${siteId}`);
    return issueToken({ ...app.deps, site, actor: null, ip: SEED_IP }, row);
  };
  const people = {
    admin: await sessionOf('admin@desertrose.test'),
    senior: await sessionOf('senior@desertrose.test'),
    junior: await sessionOf('junior@desertrose.test'),
    volga: await sessionOf('admin@volga.test', 'ru'),
    ops: await sessionOf('ops@portal.test'),
  };
  const agencyId = async (name: string) => {
    const [row] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, name)).limit(1);
    if (!row) throw new Error(`demo history: no agency ${name}`);
    return row.id;
  };
  const agencyIds = { desertRose: await agencyId('Desert Rose Travel LLC'), volga: await agencyId('Volga Tours') };
  const [dubaiHotel] = await db
    .select({ id: hotels.id, name: hotels.name })
    .from(hotels)
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .where(eq(cities.url, 'dubai'))
    .orderBy(asc(hotels.id))
    .limit(1);
  const hotel = { id: dubaiHotel?.id ?? null, name: dubaiHotel?.name ?? 'Address Downtown' };

  // ---- the catalogue's offers the history uses (first option of each tour unless said) ----
  const offerOf = async (tourUrl: string, index = 0) => {
    const [row] = await db
      .select({ id: offers.id, timed: sql<boolean>`${offers.availabilityType} = 'timeslots'` })
      .from(offers)
      .innerJoin(tours, eq(tours.id, offers.tourId))
      .where(and(eq(tours.url, tourUrl), eq(offers.sortOrder, index)))
      .limit(1);
    if (!row) throw new Error(`demo history: no offer ${tourUrl} #${index}`);
    return row;
  };
  const offersUsed = {
    burj: await offerOf('burj-khalifa-at-the-top'),
    frame: await offerOf('dubai-frame'),
    palm: await offerOf('the-view-at-the-palm'),
    aqua: await offerOf('aquaventure-waterpark'),
    frameTimed: await offerOf('dubai-frame', 1), // on request
    skyViews: await offerOf('sky-views-dubai', 1), // on request
  };
  // the first day from `from` with room for `people` (and its first time with room, for a timed option)
  const seatsFrom = async (offer: Offer, from: number, people: number, notBefore?: string) => {
    const [row] = await db
      .select({ date: slots.date, time: slots.startTime })
      .from(slots)
      .where(
        and(
          eq(slots.offerId, offer.id),
          gte(slots.date, addDays(today, from)),
          gte(slots.left, people),
          eq(slots.isClosed, false),
          sql`(${slots.leftAdultsTickets} IS NULL OR ${slots.leftAdultsTickets} >= ${people})`,
          notBefore ? gte(slots.startTime, notBefore) : undefined,
        ),
      )
      .orderBy(asc(slots.date), asc(slots.startTime))
      .limit(1);
    if (!row) throw new Error(`demo history: no seats on offer ${offer.id}`);
    return row;
  };
  const guest = (name: string, email: string) => ({
    name,
    email,
    confirmEmail: email,
    phone: '+44 7700 900123',
    hotel: hotel.name,
    hotelId: hotel.id,
    room: String(100 + email.length * 7),
  });
  const postForm = (url: string, host: string, fields: Record<string, string>, remoteAddress = SEED_IP) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  // The payer's browser on the sandbox's pay page: the card form
  const payOnSandbox = (chargeId: string, card: string, name: string, ip = SEED_IP) =>
    postForm(
      `/api/payments/sandbox/pay/${chargeId}`,
      GENERAL,
      { step: 'card', cardNumber: card, expiry: '12/30', cvc: '123', name },
      ip,
    );
  // The agent's browser on the sandbox's pay page (only while the payment is still open)
  const payByCard = async (owner: PaymentOwnerKey, card: string) => {
    const payment = await latestPaymentFor(db, owner);
    if (!payment?.providerRef || (payment.status !== 'pending' && payment.status !== 'requires_action')) return;
    await payOnSandbox(payment.providerRef, card, 'Layla Haddad');
  };

  type BookingStep = {
    key: string;
    token: string;
    host?: string;
    offer: Offer;
    adults: number;
    children?: number;
    guest: ReturnType<typeof guest>;
    card?: string; // paid by card (the sandbox card), else from the balance
    notBefore?: string; // a start time from this one on
  };
  // A booking as the web's checkout makes it (Idempotency-Key: a replay answers the same booking)
  const book = async (step: BookingStep, fromDay = 10) => {
    const earlier = await madeUnder(db, step.key);
    if (earlier) {
      if (step.card) await payByCard({ bookingId: earlier }, step.card);
      return earlier;
    }
    const seats = await seatsFrom(step.offer, fromDay, step.adults + (step.children ?? 0), step.notBefore);
    const body = {
      offerId: step.offer.id,
      date: seats.date,
      time: seats.time,
      adults: step.adults,
      children: step.children ?? 0,
      infants: 0,
      guest: step.guest,
    };
    const url = step.card ? '/api/b2b/bookings/withpaymentintent' : '/api/b2b/bookings';
    const made = await api({ method: 'POST', url, host: step.host, token: step.token, key: step.key, body });
    const booking = made.json.booking as { id: string; status: string };
    if (step.card && booking.status !== 'completed') await payByCard({ bookingId: booking.id }, step.card);
    return booking.id;
  };
  const cancel = async (bookingId: string, token: string, key: string, host = GENERAL) => {
    const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    if (row?.status === 'cancelled') return;
    await api({ method: 'POST', url: `/api/b2b/bookings/${bookingId}/cancel`, host, token, key, body: {} });
  };
  const topUp = async (token: string, key: string, body: Json, host = GENERAL) =>
    (await madeUnder(db, key)) ??
    String((await api({ method: 'POST', url: '/api/b2b/balance/topup', host, token, key, body })).json.id);
  // a bank transfer declared `daysAgo` (a top-up the operator confirms, or one still waiting)
  const transfer = (
    token: string,
    key: string,
    t: { amount: number; currencyCode: 'aed' | 'usd'; daysAgo: number; bankReference: string; note: string },
    host = GENERAL,
  ) =>
    topUp(
      token,
      key,
      {
        method: 'bank_transfer',
        amount: t.amount,
        currencyCode: t.currencyCode,
        transferDate: addDays(today, -t.daysAgo),
        bankReference: t.bankReference,
        note: t.note,
      },
      host,
    );
  const confirmTransfer = async (id: string) => {
    const [row] = await db.select({ status: topUps.status }).from(topUps).where(eq(topUps.id, id));
    if (row?.status === 'pending')
      await api({ method: 'POST', url: `/api/admin/topups/${id}/confirm`, token: people.ops });
  };

  return {
    app,
    db,
    today,
    people,
    agencyIds,
    hotel,
    offers: offersUsed,
    api,
    seatsFrom,
    guest,
    postForm,
    payOnSandbox,
    payByCard,
    book,
    cancel,
    topUp,
    transfer,
    confirmTransfer,
  };
}
