import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDays, insightAdminRoutes as routes, minorToMajor, type RouteDescriptor } from '@portal/contract';
import { apiKeys, bookings, insightEvents, insightSessions, tours, users } from '../../db/schema/index.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { bookingBody, createBookingWorld, retireTour, type BookingWorld } from '../../../test/booking-fixtures.ts';
import { buildOwnTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  createAgency,
  createOperator,
  insertWidget,
  loginAs,
  type TestAgency,
} from '../../../test/factories.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

// The Insight pages read every agency's events and bookings: on PostgreSQL this suite has a database of its own, so
// what it counts is exactly what it wrote. Events and sessions are written as rows (the web's ingestion is another
// module's); bookings are one real booking made through the API and copies of it with the columns each case needs.

let t: TestApp;
let w: BookingWorld;
let ru: TestAgency;
let idle: TestAgency;
let operator: string;
let names: { a: string; b: string };
let otherTourId: number;

// the period the cases read, and the ten days before it
const FROM = '2026-03-01';
const TO = '2026-03-10';
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+04:00`);
const IN = at('2026-03-05');
const BEFORE = at('2026-02-25');
const S = Object.fromEntries(['s1', 's2', 's3', 's4', 's5', 's6', 's7'].map((k) => [k, randomUUID()])) as Record<
  's1' | 's2' | 's3' | 's4' | 's5' | 's6' | 's7',
  string
>;
const D1 = '2026-04-01';
const D2 = '2026-04-02';
const D3 = '2026-04-03';
const bookingIds: Record<string, string> = {};

async function copyBooking(templateId: string, overrides: Record<string, SQL>): Promise<string> {
  const { rows } = (await t.database.db.execute(
    sql`SELECT column_name FROM information_schema.columns
        WHERE table_name = 'bookings' AND table_schema = current_schema() ORDER BY ordinal_position`,
  )) as unknown as { rows: { column_name: string }[] };
  const id = randomUUID();
  const given = { id: sql`${id}::uuid`, reference: sql`${`INS${id.slice(0, 8)}`}`, ...overrides };
  const kept = rows.map((r) => r.column_name).filter((name) => !(name in given));
  const columns = [...Object.keys(given), ...kept].map((name) => sql.identifier(name));
  await t.database.db.execute(sql`
    INSERT INTO bookings (${sql.join(columns, sql`, `)})
    SELECT ${sql.join([...Object.values(given), ...kept.map((name) => sql.identifier(name))], sql`, `)}
    FROM bookings WHERE id = ${templateId}::uuid`);
  return id;
}

function event(
  kind: string,
  session: string | null,
  agencyId: string,
  values: Partial<typeof insightEvents.$inferInsert> = {},
): typeof insightEvents.$inferInsert {
  return { kind, sessionId: session, agencyId, at: IN, siteId: agencyId === ru.id ? 'ru' : 'general', ...values };
}

beforeAll(async () => {
  t = await buildOwnTestApp('insight_admin');
  const db = t.database.db;
  w = await createBookingWorld(t.app, db);
  ru = await createAgency(db, { siteId: 'ru' });
  idle = await createAgency(db);
  // pending and never active: no row at all
  await createAgency(db, { status: 'pending' });
  operator = await loginAs(t.app, (await createOperator(db)).email);
  const [other] = await db.select({ id: tours.id }).from(tours).where(eq(tours.url, 'dubai-frame'));
  if (!other) throw new Error('demo tour missing');
  otherTourId = other.id;
  const agencyNames = await db.execute(
    sql`SELECT id, name FROM agencies WHERE id IN (${w.agency.id}::uuid, ${ru.id}::uuid)`,
  );
  const byId = new Map((agencyNames as unknown as { rows: { id: string; name: string }[] }).rows.map((r) => [r.id, r]));
  names = { a: byId.get(w.agency.id)?.name ?? '', b: byId.get(ru.id)?.name ?? '' };

  // one real booking, paid from the balance in session s1
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/b2b/bookings',
    headers: { ...bearer(w.tokens.admin), 'x-insight-session': S.s1 },
    payload: bookingBody(w),
  });
  if (made.statusCode !== 200) throw new Error(`booking: ${made.body}`);
  const template: string = made.json().booking.id;
  await db.update(bookings).set({ createdAt: IN }).where(eq(bookings.id, template));
  bookingIds.s1 = template;
  // s2: booked, not paid
  bookingIds.s2 = await copyBooking(template, {
    insight_session_id: sql`${S.s2}::uuid`,
    status: sql`'pending_payment'`,
    payment_method: sql`'card'`,
    confirmed_at: sql`NULL`,
  });
  // a portal booking without a session, in dollars
  bookingIds.noSession = await copyBooking(template, {
    insight_session_id: sql`NULL`,
    currency: sql`'usd'`,
    net_total_minor: sql`10000`,
  });
  // the period before: one booking
  bookingIds.before = await copyBooking(template, {
    insight_session_id: sql`NULL`,
    created_at: sql`${BEFORE.toISOString()}::timestamptz`,
  });
  // a widget sale, paid
  const widget = await insertWidget(db, w.agency, { slug: `insight-${w.agency.id.slice(0, 8)}`, name: 'Shop' });
  bookingIds.widget = await copyBooking(template, {
    insight_session_id: sql`NULL`,
    channel: sql`'widget'`,
    widget_id: sql`${widget?.id}::uuid`,
    created_by: sql`NULL`,
    sale_currency: sql`'aed'`,
    sale_total_minor: sql`50000`,
    customer_token: sql`${randomUUID()}`,
    payment_method: sql`'card'`,
    net_total_minor: sql`20000`,
  });
  // the other agency's reservation through the API (not paid), and a test key's booking (never counted)
  const [key] = await db
    .insert(apiKeys)
    .values({
      agencyId: ru.id,
      userId: ru.users.admin.id,
      name: 'Engine',
      prefix: 'gfk_insight',
      secretHash: `insight-${ru.id}`,
    })
    .returning({ id: apiKeys.id });
  const viaApi = (isTest: boolean) => ({
    insight_session_id: sql`NULL`,
    agency_id: sql`${ru.id}::uuid`,
    created_by: sql`${ru.users.admin.id}::uuid`,
    site_id: sql`'ru'`,
    channel: sql`'api'`,
    api_key_id: sql`${key?.id}::uuid`,
    octo_uuid: sql`${randomUUID()}`,
    status: sql`${isTest ? 'completed' : 'pending_payment'}`,
    confirmed_at: isTest ? sql`now()` : sql`NULL`,
    is_test: sql`${isTest}`,
    stock_units: sql`0`,
    stock_adults: sql`0`,
    stock_children: sql`0`,
  });
  bookingIds.api = await copyBooking(template, viaApi(false));
  bookingIds.apiTest = await copyBooking(template, viaApi(true));

  const sessionRow = (id: string, agency: string, startedAt = IN) => ({
    id,
    agencyId: agency,
    siteId: agency === ru.id ? 'ru' : 'general',
    startedAt,
    lastSeenAt: new Date(startedAt.getTime() + 20 * 60_000),
  });
  await db
    .insert(insightSessions)
    .values([
      sessionRow(S.s1, w.agency.id),
      sessionRow(S.s2, w.agency.id),
      sessionRow(S.s3, w.agency.id),
      sessionRow(S.s4, ru.id),
      sessionRow(S.s5, w.agency.id),
      sessionRow(S.s6, w.agency.id, BEFORE),
      sessionRow(S.s7, w.agency.id),
    ]);
  const a = w.agency.id;
  const tour = w.tour.id;
  const o1 = w.tour.timeslotOfferId;
  const o2 = w.tour.sameTicketOfferId;
  const journey = (session: string, agency: string, steps: ('search' | 'tour_view' | 'checkout_started')[]) =>
    steps.map((kind) =>
      event(kind, session, agency, kind === 'search' ? { props: { query: 'safari', results: 3 } } : { tourId: tour }),
    );
  const asked = (
    session: string | null,
    agency: string,
    offerId: number,
    date: string,
    seats: number,
    reason: string,
  ) => event('availability', session, agency, { tourId: tour, offerId, date, seats, reason });
  await db.insert(insightEvents).values([
    // s1: every step (two searches), s2: up to the checkout, s3: search and tour, s4 (the other agency): search
    ...journey(S.s1, a, ['search', 'search', 'tour_view', 'checkout_started']),
    ...journey(S.s2, a, ['search', 'tour_view', 'checkout_started']),
    ...journey(S.s3, a, ['search', 'tour_view']),
    ...journey(S.s4, ru.id, ['search']),
    // s5: a tour and its checkout without a search: no step of the funnel
    ...journey(S.s5, a, ['tour_view', 'checkout_started']),
    // s6: a search in the period before
    event('search', S.s6, a, { at: BEFORE }),
    // s7: a search and another tour
    event('search', S.s7, a),
    event('tour_view', S.s7, a, { tourId: otherTourId }),
    // pages and errors count at no step
    event('page_view', S.s1, a, { path: '/' }),
    event('error', S.s3, a, { props: { message: 'boom' } }),
    // demand not served
    asked(S.s1, a, o1, D1, 4, 'sold_out'),
    asked(S.s1, a, o1, D1, 4, 'sold_out'),
    asked(S.s3, a, o1, D1, 2, 'not_enough_seats'),
    asked(S.s4, ru.id, o1, D1, 3, 'sold_out'),
    asked(S.s2, a, o2, D2, 10, 'past_cut_off'),
    asked(null, a, o1, D3, 1, 'no_slot'),
    asked(null, a, o1, D3, 1, 'no_slot'),
    // served (something was free), and before the period: not demand lost in it
    event('availability', S.s1, a, { tourId: tour, offerId: o1, date: D1, seats: 2 }),
  ]);
  await db.insert(insightEvents).values({ ...asked(S.s6, a, o1, D1, 50, 'sold_out'), at: BEFORE });
  // last logins: the agency's latest is its senior's
  await db
    .update(users)
    .set({ lastLoginAt: null })
    .where(inArray(users.agencyId, [a, ru.id, idle.id]));
  await db
    .update(users)
    .set({ lastLoginAt: at('2026-03-04') })
    .where(eq(users.id, w.agency.users.admin.id));
  await db
    .update(users)
    .set({ lastLoginAt: at('2026-03-06') })
    .where(eq(users.id, w.agency.users.senior.id));
  await db
    .update(users)
    .set({ lastLoginAt: at('2026-03-02') })
    .where(eq(users.id, ru.users.junior.id));
});

afterAll(async () => {
  await retireTour(t.database.db, w.tour.id);
  await t.close();
});

const get = <R extends RouteDescriptor>(route: R, query: Record<string, string | number> = {}, token = operator) =>
  t.app.inject({ method: 'GET', url: routeUrl(route, { query } as never), headers: bearer(token) });
const period = { from: FROM, to: TO };

describe('GET /admin/insight/funnel', () => {
  const steps = (body: { steps: { step: string; sessions: number }[] }) =>
    Object.fromEntries(body.steps.map((s) => [s.step, s.sessions]));

  it('counts the sessions that reached each step having reached the ones before, with conversions', async () => {
    const res = await get(routes.funnel, period);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.period).toEqual({ from: FROM, to: TO, previousFrom: '2026-02-19', previousTo: '2026-02-28' });
    expect(body.steps).toEqual([
      { step: 'search', sessions: 5, fromPrevious: null, fromFirst: null },
      { step: 'tour_view', sessions: 4, fromPrevious: 0.8, fromFirst: 0.8 },
      { step: 'checkout_started', sessions: 2, fromPrevious: 0.5, fromFirst: 0.4 },
      { step: 'booking_created', sessions: 2, fromPrevious: 1, fromFirst: 0.4 },
      { step: 'booking_paid', sessions: 1, fromPrevious: 0.5, fromFirst: 0.2 },
    ]);
    expect(body.channels).toEqual([
      { channel: 'portal', booked: 3, paid: 2 },
      { channel: 'widget', booked: 1, paid: 1 },
      { channel: 'api', booked: 1, paid: 0 },
    ]);
  });

  it('narrows by tour, site, agency and channel', async () => {
    expect(steps((await get(routes.funnel, { ...period, tourId: w.tour.id })).json())).toEqual({
      search: 5,
      tour_view: 3,
      checkout_started: 2,
      booking_created: 2,
      booking_paid: 1,
    });
    expect(steps((await get(routes.funnel, { ...period, tourId: otherTourId })).json())).toEqual({
      search: 5,
      tour_view: 1,
      checkout_started: 0,
      booking_created: 0,
      booking_paid: 0,
    });
    const ruSite = (await get(routes.funnel, { ...period, siteId: 'ru' })).json();
    expect(steps(ruSite)).toEqual({
      search: 1,
      tour_view: 0,
      checkout_started: 0,
      booking_created: 0,
      booking_paid: 0,
    });
    expect(ruSite.channels).toEqual([
      { channel: 'portal', booked: 0, paid: 0 },
      { channel: 'widget', booked: 0, paid: 0 },
      { channel: 'api', booked: 1, paid: 0 },
    ]);
    expect(steps((await get(routes.funnel, { ...period, agencyId: ru.id })).json())).toEqual(steps(ruSite));
    const widget = (await get(routes.funnel, { ...period, channel: 'widget' })).json();
    expect(widget.steps).toEqual([]);
    expect(widget.channels).toEqual([{ channel: 'widget', booked: 1, paid: 1 }]);
    const portal = (await get(routes.funnel, { ...period, channel: 'portal' })).json();
    expect(steps(portal).booking_paid).toBe(1);
    expect(portal.channels).toEqual([{ channel: 'portal', booked: 3, paid: 2 }]);
  });

  it('reads the period asked: the days before it hold only s6', async () => {
    const before = (await get(routes.funnel, { from: '2026-02-19', to: '2026-02-28' })).json();
    expect(before.steps[0]).toEqual({ step: 'search', sessions: 1, fromPrevious: null, fromFirst: null });
    expect(before.channels).toEqual([
      { channel: 'portal', booked: 1, paid: 1 },
      { channel: 'widget', booked: 0, paid: 0 },
      { channel: 'api', booked: 0, paid: 0 },
    ]);
  });

  it('shows the last 30 days, today included, without dates', async () => {
    const body = (await get(routes.funnel)).json();
    const today = dubaiDate();
    expect(body.period).toEqual({
      from: addDays(today, -29),
      to: today,
      previousFrom: addDays(today, -59),
      previousTo: addDays(today, -30),
    });
    expect(body.steps.map((s: { sessions: number }) => s.sessions)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('GET /admin/insight/agencies', () => {
  it('lists activity against the previous period, busiest first, and the dormant agencies', async () => {
    const res = await get(routes.agencies, period);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect({ total: body.total, dormant: body.dormant, page: body.page }).toEqual({ total: 3, dormant: 1, page: 1 });
    expect(body.items).toEqual([
      {
        agencyId: w.agency.id,
        name: names.a,
        siteId: 'general',
        status: 'approved',
        lastLoginAt: at('2026-03-06').toISOString(),
        sessions: 5,
        searches: 5,
        bookings: 4,
        previousSearches: 1,
        previousBookings: 1,
        isDormant: false,
      },
      {
        agencyId: ru.id,
        name: names.b,
        siteId: 'ru',
        status: 'approved',
        lastLoginAt: at('2026-03-02').toISOString(),
        sessions: 1,
        searches: 1,
        bookings: 1,
        previousSearches: 0,
        previousBookings: 0,
        isDormant: false,
      },
      expect.objectContaining({ agencyId: idle.id, lastLoginAt: null, sessions: 0, bookings: 0, isDormant: true }),
    ]);
  });

  it('narrows by site, agency, channel, dormancy and page', async () => {
    const ids = (body: { items: { agencyId: string }[] }) => body.items.map((i) => i.agencyId);
    expect(ids((await get(routes.agencies, { ...period, siteId: 'ru' })).json())).toEqual([ru.id]);
    expect(ids((await get(routes.agencies, { ...period, agencyId: idle.id })).json())).toEqual([idle.id]);
    const dormant = (await get(routes.agencies, { ...period, view: 'dormant' })).json();
    expect({ ids: ids(dormant), total: dormant.total, dormant: dormant.dormant }).toEqual({
      ids: [idle.id],
      total: 1,
      dormant: 1,
    });
    const widget = (await get(routes.agencies, { ...period, channel: 'widget' })).json();
    expect(widget.items.map((i: { bookings: number; previousBookings: number }) => i.bookings)).toEqual([1, 0, 0]);
    // a session keeps an agency without widget sales from being dormant
    expect(widget.dormant).toBe(1);
    const second = (await get(routes.agencies, { ...period, onPage: 2, page: 2 })).json();
    expect({ ids: ids(second), total: second.total }).toEqual({ ids: [idle.id], total: 3 });
    const past = (await get(routes.agencies, { ...period, onPage: 2, page: 9 })).json();
    expect({ ids: ids(past), total: past.total }).toEqual({ ids: [], total: 3 });
  });
});

describe('GET /admin/insight/demand', () => {
  it('ranks tour, option and date by seats wanted (each session once), with reasons, asks and agencies', async () => {
    const res = await get(routes.demand, period);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    const tourTitle = body.items[0].tourTitle;
    expect(tourTitle.en).toMatch(/^Test safari/);
    expect(body.items).toEqual([
      {
        tourId: w.tour.id,
        tourTitle,
        offerId: w.tour.sameTicketOfferId,
        offerName: expect.objectContaining({ en: expect.any(String) }),
        date: D2,
        reasons: ['past_cut_off'],
        seats: 10,
        asked: 1,
        agencies: 1,
        agencyNames: [names.a],
      },
      {
        tourId: w.tour.id,
        tourTitle,
        offerId: w.tour.timeslotOfferId,
        offerName: expect.objectContaining({ en: expect.any(String) }),
        date: D1,
        reasons: ['not_enough_seats', 'sold_out'],
        seats: 9,
        asked: 4,
        agencies: 2,
        agencyNames: [names.a, names.b].sort(),
      },
      expect.objectContaining({ offerId: w.tour.timeslotOfferId, date: D3, reasons: ['no_slot'], seats: 2, asked: 2 }),
    ]);
  });

  it('narrows by reason, agency, site, tour and page', async () => {
    const short = (body: { items: { date: string; seats: number; asked: number }[] }) =>
      body.items.map((i) => [i.date, i.seats, i.asked]);
    expect(short((await get(routes.demand, { ...period, reason: 'sold_out' })).json())).toEqual([[D1, 7, 3]]);
    expect(short((await get(routes.demand, { ...period, agencyId: ru.id })).json())).toEqual([[D1, 3, 1]]);
    expect(short((await get(routes.demand, { ...period, siteId: 'ru' })).json())).toEqual([[D1, 3, 1]]);
    expect(short((await get(routes.demand, { ...period, tourId: otherTourId })).json())).toEqual([]);
    const second = (await get(routes.demand, { ...period, onPage: 2, page: 2 })).json();
    expect({ rows: short(second), total: second.total }).toEqual({ rows: [[D3, 2, 2]], total: 3 });
  });
});

describe('GET /admin/insight/sales', () => {
  it('sums the paid bookings that stand per channel and currency', async () => {
    const [template] = await t.database.db
      .select({ net: bookings.netTotalMinor })
      .from(bookings)
      .where(eq(bookings.id, bookingIds.s1 ?? ''));
    const res = await get(routes.sales, period);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([
      { channel: 'portal', currencyCode: 'aed', bookings: 1, net: minorToMajor(template?.net ?? 0) },
      { channel: 'portal', currencyCode: 'usd', bookings: 1, net: 100 },
      { channel: 'widget', currencyCode: 'aed', bookings: 1, net: 200 },
    ]);
    expect((await get(routes.sales, { ...period, channel: 'widget' })).json().rows).toEqual([
      { channel: 'widget', currencyCode: 'aed', bookings: 1, net: 200 },
    ]);
    expect((await get(routes.sales, { ...period, siteId: 'ru' })).json().rows).toEqual([]);
    expect((await get(routes.sales, { ...period, tourId: otherTourId })).json().rows).toEqual([]);
  });
});

describe('exports', () => {
  it('writes the funnel as CSV: the page rows, the channels, text never a formula', async () => {
    const res = await get(routes.funnelExport, { ...period, format: 'csv', language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="insight-funnel-${FROM}-${TO}.csv"`);
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFChannel,Step,Counted,Count,From the previous step,From the first step',
      'Portal,Search,Sessions,5,,',
      'Portal,Tour view,Sessions,4,0.8,0.8',
      'Portal,Checkout,Sessions,2,0.5,0.4',
      'Portal,Booked,Sessions,2,1,0.4',
      'Portal,Paid,Sessions,1,0.5,0.2',
      'Portal,Booked,Bookings,3,,',
      'Portal,Paid,Bookings,2,,',
      'Widget shop,Booked,Bookings,1,,',
      'Widget shop,Paid,Bookings,1,,',
      'Reseller API,Booked,Bookings,1,,',
      'Reseller API,Paid,Bookings,0,,',
      '',
    ]);
  });

  it('writes the agencies as xlsx in Russian, with the trend and a name that looks like a formula kept as text', async () => {
    await t.database.db.execute(sql`UPDATE agencies SET name = '=HYPERLINK("x")' WHERE id = ${ru.id}::uuid`);
    try {
      const res = await get(routes.agenciesExport, { ...period, format: 'xlsx', language: 'ru' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect(sheet?.name).toBe('Агентства');
      const values = (n: number) => (sheet?.getRow(n).values as unknown[]).slice(1);
      expect(values(1)).toEqual([`Период ${FROM} – ${TO}`]);
      expect(values(3)[0]).toBe('Агентство');
      expect(values(4)).toEqual([
        names.a,
        'general',
        'Одобрено',
        new Date(at('2026-03-06').getTime() + 4 * 3_600_000),
        5,
        5,
        1,
        4,
        4,
        1,
        3,
        'Нет',
      ]);
      expect(values(5)[0]).toBe('=HYPERLINK("x")');
      expect(sheet?.getRow(5).getCell(1).type).toBe(ExcelJS.ValueType.String);
      expect(values(6)).toEqual([
        expect.any(String),
        'general',
        'Одобрено',
        undefined,
        0,
        0,
        0,
        undefined,
        0,
        0,
        undefined,
        'Да',
      ]);
    } finally {
      await t.database.db.execute(sql`UPDATE agencies SET name = ${names.b} WHERE id = ${ru.id}::uuid`);
    }
  });

  it('writes demand and sales as CSV with every row', async () => {
    const demand = await get(routes.demandExport, { ...period, format: 'csv', onPage: 1 } as never);
    expect(demand.statusCode).toBe(200);
    const lines = demand.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFTour,Option,Date,Reasons,Seats wanted,Times asked,Agencies,Agency names');
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(2, 7))).toEqual([
      [D2, 'Past cut-off', '10', '1', '1'],
      [D1, '"Not enough seats', ' Sold out"', '9', '4'],
      [D3, 'No slot', '2', '2', '1'],
    ]);
    const sales = await get(routes.salesExport, { ...period, format: 'csv', channel: 'widget' });
    expect(sales.body).toBe('\uFEFFChannel,Currency,Bookings,Net amount\r\nWidget shop,AED,1,200.00\r\n');
  });
});

describe('access and filters', () => {
  const all = Object.values(routes);

  it('refuses every agency role (403) and anyone not logged in (401)', async () => {
    for (const route of all) {
      for (const role of ['admin', 'senior', 'junior'] as const)
        expect([route.path, role, (await get(route, { ...period, format: 'csv' }, w.tokens[role])).statusCode]).toEqual(
          [route.path, role, 403],
        );
      const anonymous = await t.app.inject({ method: 'GET', url: routeUrl(route) });
      expect([route.path, anonymous.statusCode]).toEqual([route.path, 401]);
    }
  });

  it.each([
    ['from', { from: '2026-03-10', to: '2026-03-01' }],
    ['from', { from: '2025-01-01', to: '2026-03-01' }],
    ['from', { from: 'yesterday' }],
    ['to', { to: '2026-02-30' }],
    ['siteId', { siteId: 'mars' }],
    ['agencyId', { agencyId: 'not-an-id' }],
    ['tourId', { tourId: 'abc' }],
    ['tourId', { tourId: 0 }],
    ['channel', { channel: 'fax' }],
  ] as const)('a bad %s is a 422 on that field, on every page and export', async (field, bad) => {
    const pages = [
      [routes.funnel, routes.funnelExport],
      [routes.agencies, routes.agenciesExport],
      [routes.demand, routes.demandExport],
      [routes.sales, routes.salesExport],
    ] as const;
    const asked: string[] = [];
    for (const [page, file] of pages) {
      for (const route of [page, file]) {
        const takes = Object.keys((route.query as unknown as { shape: object }).shape).includes(field);
        if (!takes) continue;
        asked.push(route.path);
        const res = await get(route, { format: 'csv', ...bad });
        expect([route.path, res.statusCode]).toEqual([route.path, 422]);
        expect(res.json()).toEqual([{ fieldName: field, errorMessage: expect.any(String) }]);
      }
    }
    // a filter no route takes would check nothing
    expect(asked).not.toEqual([]);
  });

  it('refuses an unknown reason, view, format, language or page', async () => {
    const refused = async (route: RouteDescriptor, query: Record<string, string | number>, field: string) => {
      const res = await get(route, query);
      expect([route.path, res.statusCode, res.json().map((i: { fieldName: string }) => i.fieldName)]).toEqual([
        route.path,
        422,
        [field],
      ]);
    };
    await refused(routes.demand, { reason: 'bored' }, 'reason');
    await refused(routes.agencies, { view: 'asleep' }, 'view');
    await refused(routes.salesExport, { format: 'pdf' }, 'format');
    await refused(routes.salesExport, { format: 'csv', language: 'fr' }, 'language');
    await refused(routes.demand, { page: 0 }, 'page');
    await refused(routes.agencies, { onPage: 1000 }, 'onPage');
  });

  it('answers an export only with its format', async () => {
    const res = await injectRoute(t.app, routes.salesExport, { token: operator });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ fieldName: 'format', errorMessage: expect.any(String) }]);
  });
});

describe('GET /admin/insight/options', () => {
  it("offers the portal's sites and the tours", async () => {
    const body = (await get(routes.options)).json();
    expect(body.sites.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(['general', 'ru']));
    expect(body.tours.map((tour: { id: number }) => tour.id)).toEqual(expect.arrayContaining([w.tour.id, otherTourId]));
  });
});
