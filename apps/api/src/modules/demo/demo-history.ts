import { createHash } from 'node:crypto';
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
import { creditDueMargins } from '../bookings/index.ts';
import { issueMonthlyInvoice } from '../invoices/index.ts';
import { SANDBOX_TEST_CARDS, latestPaymentFor, type PaymentOwnerKey } from '../payments/index.ts';
import { moveDemoHistory, type HistoryMoves } from './demo-history-shift.ts';
import { DEMO_HISTORY_FIRST_KEY, DEMO_SIGNUP_EMAIL, demoHistoryDone } from './demo-history-state.ts';

// The demo agencies' last three months (issue 28 item 10; docs/decisions/0110-lived-in-demo.md). Everything is made
// through the portal's own routes (app.inject: the calls the web app and the shop's customers make), so each
// balance is its ledger and each page shows what the services wrote. The services use the clock; what happened
// "weeks ago" is made now, in the order it happened, and then moved to its day in one transaction
// (demo-history-shift.ts). What happens "today" (a request waiting, a quote to pay, a failed card, a transfer
// waiting, a sign-up waiting) is made after the move and keeps its real time.
//
// The people's sessions are signed as a login signs them (`issueToken`), without checking the demo password.
//
// Crash-safe and idempotent: every step either carries an Idempotency-Key (bookings, top-ups, cancellations: what
// an earlier start made under a key is read back, never made again), or looks first at what exists (card payments,
// confirmations, the widget, its sales by their token, a quote, the sign-up); the move runs once (its own marker);
// the last step, the sign-up, marks the history done (demo-history-state.ts#demoHistoryDone). server.ts runs it on the start that
// created the demo accounts, and again on a start after one that stopped half-way (`demoHistoryUnfinished`).

const GENERAL = 'localhost';
const RU = 'ru.localhost';
const SEED_IP = '127.0.0.1';
const CARD_OK = SANDBOX_TEST_CARDS.succeeds;
const CARD_DECLINED = SANDBOX_TEST_CARDS.declined;

type Json = Record<string, unknown>;
type Call = { method: 'GET' | 'POST'; url: string; host?: string; token?: string; key?: string; body?: unknown };

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

// Dubai wall-clock time `days` from today (negative: in the past), as an instant
function dayAndClock(today: string, days: number, clock: string): Date {
  return new Date(`${addDays(today, days)}T${clock}:00+04:00`);
}

export async function seedDemoHistory(app: FastifyInstance, db: Db, now: Date = new Date()): Promise<boolean> {
  if (await demoHistoryDone(db)) return false;
  // a hundred calls: the console shows that the history was made, not each request
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    await makeHistory(app, db, now);
  } finally {
    app.log.level = level;
  }
  return true;
}

async function makeHistory(app: FastifyInstance, db: Db, now: Date): Promise<void> {
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
  const admin = await sessionOf('admin@desertrose.test');
  const senior = await sessionOf('senior@desertrose.test');
  const junior = await sessionOf('junior@desertrose.test');
  const volga = await sessionOf('admin@volga.test', 'ru');
  const ops = await sessionOf('ops@portal.test');
  const agencyId = async (name: string) => {
    const [row] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, name)).limit(1);
    if (!row) throw new Error(`demo history: no agency ${name}`);
    return row.id;
  };
  const desertRoseId = await agencyId('Desert Rose Travel LLC');
  const volgaId = await agencyId('Volga Tours');
  const [dubaiHotel] = await db
    .select({ id: hotels.id, name: hotels.name })
    .from(hotels)
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .where(eq(cities.url, 'dubai'))
    .orderBy(asc(hotels.id))
    .limit(1);

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
  const burj = await offerOf('burj-khalifa-at-the-top');
  const frame = await offerOf('dubai-frame');
  const palm = await offerOf('the-view-at-the-palm');
  const aqua = await offerOf('aquaventure-waterpark');
  const frameTimed = await offerOf('dubai-frame', 1); // on request
  const skyViews = await offerOf('sky-views-dubai', 1); // on request
  // the first day from `from` with room for `people` (and its first time with room, for a timed option)
  const seatsFrom = async (offer: { id: number }, from: number, people: number, notBefore?: string) => {
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
    hotel: dubaiHotel?.name ?? 'Address Downtown',
    hotelId: dubaiHotel?.id ?? null,
    room: String(100 + email.length * 7),
  });

  type BookingStep = {
    key: string;
    token: string;
    host?: string;
    offer: { id: number };
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
  // The agent's browser on the sandbox's pay page (only while the payment is still open)
  const payByCard = async (owner: PaymentOwnerKey, card: string) => {
    const payment = await latestPaymentFor(db, owner);
    if (!payment?.providerRef || (payment.status !== 'pending' && payment.status !== 'requires_action')) return;
    await postForm(`/api/payments/sandbox/pay/${payment.providerRef}`, GENERAL, {
      step: 'card',
      cardNumber: card,
      expiry: '12/30',
      cvc: '123',
      name: 'Layla Haddad',
    });
  };
  const postForm = (url: string, host: string, fields: Record<string, string>, remoteAddress = SEED_IP) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const cancel = async (bookingId: string, token: string, key: string, host = GENERAL) => {
    const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    if (row?.status === 'cancelled') return;
    await api({ method: 'POST', url: `/api/b2b/bookings/${bookingId}/cancel`, host, token, key, body: {} });
  };
  const topUp = async (token: string, key: string, body: Json, host = GENERAL) =>
    (await madeUnder(db, key)) ??
    String((await api({ method: 'POST', url: '/api/b2b/balance/topup', host, token, key, body })).json.id);
  const confirmTransfer = async (id: string) => {
    const [row] = await db.select({ status: topUps.status }).from(topUps).where(eq(topUps.id, id));
    if (row?.status === 'pending') await api({ method: 'POST', url: `/api/admin/topups/${id}/confirm`, token: ops });
  };

  // ---- the widget shop and its customers ----
  const shop = async () => {
    const list = await api({ method: 'GET', url: '/api/b2b/widgets', token: admin });
    const items = (list.json.items ?? []) as Json[];
    const existing = items.find((w) => w.slug === 'desert-rose');
    if (existing) return String(existing.id);
    const prices = await api({ method: 'GET', url: '/api/b2b/widgets/offer-prices?currency=aed', token: admin });
    const net = new Map(
      (prices.json.tours as { offers: { offerId: number; netAdult: number | null; netChild: number | null }[] }[])
        .flatMap((t) => t.offers)
        .map((o) => [o.offerId, o]),
    );
    // the customer pays about a fifth above NET (the rule asks at least 5 %)
    const sale = (v: number | null | undefined) => (v ? Math.ceil(v * 1.2) : null);
    const made = await api({
      method: 'POST',
      url: '/api/b2b/widgets',
      token: admin,
      body: {
        name: 'Desert Rose Holidays',
        type: 'multipleTours',
        currency: 'aed',
        language: 'en',
        slug: 'desert-rose',
        offersSectionTitle: 'Dubai highlights',
        footerText: 'Desert Rose Travel LLC, licensed by Dubai Economy and Tourism (DED-884211).',
        metaTitle: 'Desert Rose Holidays: Dubai tickets and tours',
        description: 'Observation decks, water parks and the Dubai Frame at our prices, booked in minutes.',
        contacts: {
          address: 'Office 305, Al Attar Business Tower, Sheikh Zayed Road, Dubai',
          mapLink: '',
          email: 'hello@desertrose.test',
          telegram: '',
          phone: '+971 4 321 0000',
          whatsapp: '+971 50 123 4501',
          viber: '',
        },
        offers: [burj, frame, palm].map((o) => ({
          offerId: o.id,
          saleAdult: sale(net.get(o.id)?.netAdult),
          saleChild: sale(net.get(o.id)?.netChild),
          saleTrip: null,
        })),
      },
    });
    return String(made.json.id);
  };
  // A customer in the shop: the checkout form, then the card on the sandbox's page. The token names the sale, so a
  // replay finds it instead of selling again.
  const widgetSale = async (name: string, offer: { id: number }, adults: number, fromDay: number, ip: string) => {
    const token = createHash('sha256').update(`demo-widget-sale:${name}`).digest('base64url').slice(0, 32);
    const [existing] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerToken, token));
    if (existing) return existing.id;
    const seats = await seatsFrom(offer, fromDay, adults);
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@customer.test`;
    const booked = await postForm(
      '/embedded/checkout?widget=desert-rose',
      GENERAL,
      {
        widget: 'desert-rose',
        offer: String(offer.id),
        date: seats.date,
        time: seats.time ?? '',
        adults: String(adults),
        children: '0',
        infants: '0',
        token,
        name,
        email,
        confirmEmail: email,
        phone: '+49 151 2345 6789',
        hotel: dubaiHotel?.name ?? 'Address Downtown',
        hotelId: String(dubaiHotel?.id ?? ''),
        room: '812',
        notes: '',
      },
      ip,
    );
    const chargeId = /\/api\/payments\/sandbox\/pay\/([^/?]+)$/.exec(String(booked.headers.location ?? ''))?.[1];
    if (booked.statusCode !== 303 || !chargeId)
      throw new Error(`demo history: the shop's checkout answered ${booked.statusCode} ${textOf(booked.body)}`);
    await postForm(
      `/api/payments/sandbox/pay/${chargeId}`,
      GENERAL,
      { step: 'card', cardNumber: CARD_OK, expiry: '12/30', cvc: '123', name },
      ip,
    );
    const [sale] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerToken, token));
    if (!sale) throw new Error(`demo history: the sale of ${name} was not made`);
    return sale.id;
  };

  const moves: HistoryMoves = { bookings: [], topUps: [], openings: [], widgets: [], agencies: [] };
  const at = (days: number, clock: string) => dayAndClock(today, days, clock);
  const past = (id: string, created: [number, string], tourDay: number, extra: { cancelled?: [number, string] } = {}) =>
    moves.bookings.push({
      id,
      createdAt: at(...created),
      tourDate: addDays(today, tourDay),
      cancelledAt: extra.cancelled ? at(...extra.cancelled) : null,
      marginAt: null,
    });

  // ---- Desert Rose: about three months (days before today) ----
  moves.agencies.push({ id: desertRoseId, createdAt: at(-92, '09:30') }, { id: volgaId, createdAt: at(-90, '12:10') });
  moves.openings.push({ agencyId: desertRoseId, reference: 'DEMO-OPENING', createdAt: at(-88, '09:05') });
  past(
    await book({
      key: DEMO_HISTORY_FIRST_KEY,
      token: admin,
      offer: burj,
      adults: 2,
      guest: guest('James Whitfield', 'james.w@mail.test'),
    }),
    [-84, '10:12'],
    -80,
  );
  past(
    await book({
      key: 'demo-dr-02',
      token: senior,
      offer: frame,
      adults: 2,
      children: 2,
      guest: guest('Sofia Rossi', 'sofia.rossi@mail.test'),
    }),
    [-76, '11:40'],
    -72,
  );
  past(
    await book({
      key: 'demo-dr-03',
      token: junior,
      offer: aqua,
      adults: 3,
      guest: guest('Hans Becker', 'h.becker@mail.test'),
    }),
    [-69, '15:05'],
    -66,
  );
  const transfer = await topUp(admin, 'demo-dr-transfer-1', {
    method: 'bank_transfer',
    amount: 10_000,
    currencyCode: 'aed',
    transferDate: addDays(today, -64),
    bankReference: 'ENBD-FT-2291734',
    note: 'Top-up for the autumn season',
  });
  await confirmTransfer(transfer);
  moves.topUps.push({ id: transfer, createdAt: at(-63, '10:00'), creditedAt: at(-62, '12:30') });
  const widgetId = await shop();
  moves.widgets.push({ id: widgetId, createdAt: at(-60, '16:20') });
  past(
    await book({
      key: 'demo-dr-04',
      token: admin,
      offer: palm,
      adults: 2,
      guest: guest('Emma Laurent', 'emma.laurent@mail.test'),
    }),
    [-58, '09:20'],
    -50,
  );
  const sale1 = await widgetSale('Lukas Meyer', frame, 2, 5, '10.61.0.11');
  past(
    await book({
      key: 'demo-dr-05',
      token: senior,
      offer: burj,
      adults: 4,
      guest: guest('Aarav Sharma', 'aarav.s@mail.test'),
    }),
    [-47, '13:00'],
    -44,
  );
  // the margin of the first sale, credited by the job's own code the day after its tour
  await creditMarginsOf(app, db, [sale1]);
  const cancelled = await book({
    key: 'demo-dr-06',
    token: junior,
    offer: frame,
    adults: 2,
    guest: guest('Olivia Brown', 'olivia.b@mail.test'),
  });
  await cancel(cancelled, junior, 'demo-dr-06-cancel');
  past(cancelled, [-42, '16:30'], -35, { cancelled: [-40, '10:10'] });
  past(
    await book({
      key: 'demo-dr-07',
      token: admin,
      offer: frame,
      adults: 2,
      children: 1,
      guest: guest('Mateo Garcia', 'mateo.g@mail.test'),
    }),
    [-38, '11:00'],
    -34,
  );
  const cardTopUp = await topUp(admin, 'demo-dr-card-1', { method: 'card', amount: 5_000, currencyCode: 'aed' });
  await payByCard({ topUpId: cardTopUp }, CARD_OK);
  moves.topUps.push({ id: cardTopUp, createdAt: at(-33, '14:45'), creditedAt: at(-33, '14:47') });
  past(
    await book({
      key: 'demo-dr-08',
      token: senior,
      offer: palm,
      adults: 2,
      guest: guest('Chen Wei', 'chen.wei@mail.test'),
      card: CARD_OK,
    }),
    [-31, '12:00'],
    -28,
  );
  const sale2 = await widgetSale('Ingrid Larsen', burj, 2, 6, '10.61.0.12');
  await creditMarginsOf(app, db, [sale2]);
  past(
    await book({
      key: 'demo-dr-09',
      token: admin,
      offer: aqua,
      adults: 2,
      children: 2,
      guest: guest('Noah Williams', 'noah.w@mail.test'),
    }),
    [-20, '10:30'],
    -16,
  );
  past(
    await book({
      key: 'demo-dr-10',
      token: junior,
      offer: palm,
      adults: 2,
      guest: guest('Yuki Tanaka', 'yuki.t@mail.test'),
    }),
    [-12, '17:45'],
    -9,
  );
  // booked last week for a tour still ahead: its tour date stays the one booked
  const ahead = await book({
    key: 'demo-dr-11',
    token: admin,
    offer: burj,
    adults: 2,
    // not the option's first time: `npm run bench` resets those slots ahead and counts their bookings
    notBefore: '10:00',
    guest: guest('Fatima Khan', 'fatima.k@mail.test'),
  });
  moves.bookings.push({ id: ahead, createdAt: at(-6, '09:50'), tourDate: null, cancelledAt: null, marginAt: null });
  const sale3 = await widgetSale('Marco Bianchi', palm, 3, 12, '10.61.0.13');
  moves.bookings.push(
    {
      id: sale1,
      createdAt: at(-54, '20:15'),
      tourDate: addDays(today, -47),
      cancelledAt: null,
      marginAt: at(-46, '02:00'),
    },
    {
      id: sale2,
      createdAt: at(-27, '21:00'),
      tourDate: addDays(today, -22),
      cancelledAt: null,
      marginAt: at(-21, '02:00'),
    },
    { id: sale3, createdAt: at(-4, '19:30'), tourDate: null, cancelledAt: null, marginAt: null },
  );

  // ---- Volga Tours (Russian site, USD) ----
  const volgaTransfer = await topUp(
    volga,
    'demo-volga-transfer-1',
    {
      method: 'bank_transfer',
      amount: 4_000,
      currencyCode: 'usd',
      transferDate: addDays(today, -72),
      bankReference: 'SBER-77120394',
      note: 'Депозит на сезон',
    },
    RU,
  );
  await confirmTransfer(volgaTransfer);
  moves.topUps.push({ id: volgaTransfer, createdAt: at(-71, '11:00'), creditedAt: at(-70, '10:15') });
  past(
    await book({
      key: 'demo-volga-01',
      token: volga,
      host: RU,
      offer: burj,
      adults: 2,
      guest: guest('Ivan Petrov', 'ivan.petrov@mail.test'),
    }),
    [-65, '12:30'],
    -61,
  );
  const volgaCancelled = await book({
    key: 'demo-volga-02',
    token: volga,
    host: RU,
    offer: aqua,
    adults: 2,
    children: 1,
    guest: guest('Elena Smirnova', 'elena.s@mail.test'),
  });
  await cancel(volgaCancelled, volga, 'demo-volga-02-cancel', RU);
  past(volgaCancelled, [-40, '14:00'], -30, { cancelled: [-39, '09:40'] });
  past(
    await book({
      key: 'demo-volga-03',
      token: volga,
      host: RU,
      offer: palm,
      adults: 3,
      guest: guest('Dmitry Volkov', 'd.volkov@mail.test'),
    }),
    [-25, '15:20'],
    -19,
  );
  const volgaAhead = await book({
    key: 'demo-volga-04',
    token: volga,
    host: RU,
    offer: frame,
    adults: 2,
    guest: guest('Olga Ivanova', 'olga.i@mail.test'),
  });
  moves.bookings.push({
    id: volgaAhead,
    createdAt: at(-3, '10:05'),
    tourDate: null,
    cancelledAt: null,
    marginAt: null,
  });

  // ---- the move to the past, once ----
  await moveDemoHistory(db, moves);

  // Closed months' tax invoices, issued by the service a first download (or the issuing job) calls; the months are
  // the ones the balance page offers as ready
  for (const [token, host, agency, siteId, currency] of [
    [admin, GENERAL, desertRoseId, 'general', 'aed'],
    [volga, RU, volgaId, 'ru', 'usd'],
  ] as const) {
    const site = app.deps.sites.byId(siteId);
    const year = Number(today.slice(0, 4));
    for (const y of [year - 1, year]) {
      const summary = await api({ method: 'GET', url: `/api/b2b/balance/summary?year=${y}`, host, token });
      for (const row of monthsOf(summary.json))
        if (site && row.taxInvoice.status === 'ready')
          await issueMonthlyInvoice(db, site, { agencyId: agency, currency }, { year: row.year, month: row.month });
    }
  }

  // ---- today: what waits for someone ----
  // a quotation request waiting for the operator
  await book(
    {
      key: 'demo-dr-request-1',
      token: senior,
      offer: frameTimed,
      adults: 6,
      guest: guest('Grace Okafor', 'grace.o@mail.test'),
    },
    14,
  );
  // a request the operator quoted: the agency's to pay
  const quoted = await book(
    {
      key: 'demo-dr-request-2',
      token: admin,
      offer: skyViews,
      adults: 4,
      guest: guest('Liam Murphy', 'liam.murphy@mail.test'),
    },
    9,
  );
  const [request] = await db
    .select({ status: bookings.status, net: bookings.netTotalMinor })
    .from(bookings)
    .where(eq(bookings.id, quoted));
  if (request?.status === 'request')
    await api({
      method: 'POST',
      url: `/api/admin/requests/${quoted}/quote`,
      token: ops,
      body: { netTotal: Math.round((request.net * 0.95) / 100), validHours: 72, note: 'Private pod for the group.' },
    });
  // a card the bank declined
  await book({
    key: 'demo-dr-12',
    token: junior,
    offer: palm,
    adults: 2,
    guest: guest('Ana Souza', 'ana.souza@mail.test'),
    card: CARD_DECLINED,
  });
  // a bank transfer declared today, waiting for the tours company
  await topUp(admin, 'demo-dr-transfer-2', {
    method: 'bank_transfer',
    amount: 2_500,
    currencyCode: 'aed',
    transferDate: addDays(today, -1),
    bankReference: 'ENBD-FT-2307781',
    note: '',
  });
  // last: a new agency's sign-up waiting for approval (it also marks the history done)
  await signUp(app);
}

// a page's words, for an error message
const textOf = (html: string) =>
  html
    .replace(/<(style|script)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 400);

type SummaryRow = { year: number; month: number; taxInvoice: { status: string } };
const monthsOf = (summary: Json): SummaryRow[] => (summary.rows ?? []) as SummaryRow[];

// The widget-margins job's code, its clock on the day after the given sales' tours (still the dates booked, ahead,
// until the move): the margins are credited in the ledger's order of the history
async function creditMarginsOf(app: FastifyInstance, db: Db, saleIds: string[]) {
  const rows = await db
    .select({ date: bookings.date, status: bookings.marginStatus })
    .from(bookings)
    .where(
      sql`${bookings.id} IN (${sql.join(
        saleIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  const due = rows.filter((r) => r.status === 'pending').map((r) => r.date);
  if (due.length === 0) return;
  const latest = due.sort().at(-1) ?? '';
  await creditDueMargins(db, app.log, new Date(`${addDays(latest, 1)}T12:00:00+04:00`));
}

// A travel agency signs up on the general site, as the sign-up form sends it (its trade licence attached)
async function signUp(app: FastifyInstance) {
  const boundary = '----demo-signup-boundary';
  const fields: Record<string, string> = {
    companyName: 'Palm Oasis Travel LLC',
    tradeLicenseNumber: 'DED-903377',
    tradeLicenseExpiry: '2028-09-30',
    address: 'Unit 12, Gold & Diamond Park, Al Quoz, Dubai',
    country: 'United Arab Emirates',
    city: 'Dubai',
    name: 'Karim Mansour',
    jobTitle: 'Owner',
    email: DEMO_SIGNUP_EMAIL,
    phone: '+971 55 987 6543',
    language: 'en',
    acceptTerms: 'true',
  };
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  );
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="tradeLicense"; filename="trade-licence.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/b2b/account/signup',
    remoteAddress: SEED_IP,
    headers: { host: GENERAL, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  if (res.statusCode !== 200) throw new Error(`demo history: the sign-up answered ${res.statusCode} ${res.body}`);
}
