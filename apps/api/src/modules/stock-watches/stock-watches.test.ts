import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ErrorItem, StockWatch } from '@portal/contract';
import { addDays, bookingRoutes, stockWatchRoutes } from '@portal/contract';
import { agencies, bookings, mailOutbox, slots, stockWatches } from '../../db/schema/index.ts';
import { createAgency, loginAs } from '../../../test/factories.ts';
import { bookingBody, postBooking, slotLeft, bookingSuite } from '../../../test/booking-fixtures.ts';
import { closePastStockWatches, notifyReturnedSeats } from './stock-watches.service.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

const { t, w } = bookingSuite();
afterAll(async () => {
  // the tour is retired, not removed; its requests go with the suite
  await t.database.db.delete(stockWatches).where(eq(stockWatches.offerId, w.tour.timeslotOfferId));
});

const day = (n: number) => addDays(w.tour.today, n);
const db = () => t.database.db;
const runNotifyJob = async () => notifyReturnedSeats(t.app.deps, await t.app.catalogue.snapshot());

const subscribe = (token: string, payload: Record<string, unknown>) =>
  injectRoute(t.app, stockWatchRoutes.createStockWatch, { payload, token });
const watchesOn = (token: string, offerId: number, date: string) =>
  injectRoute(t.app, stockWatchRoutes.stockWatches, { query: { offerId: String(offerId), date }, token });

// A slot of the shared 4x4 with exactly `left` seats (a fresh date per test: day 3 + n has no bookings yet)
async function slotWith(date: string, time: string, left: number) {
  await db()
    .insert(slots)
    .values({ offerId: w.tour.timeslotOfferId, date, startTime: time, capacity: 20, left })
    .onConflictDoUpdate({ target: [slots.offerId, slots.date, slots.startTime], set: { left, capacity: 20 } });
}

async function mailsTo(email: string) {
  return db()
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email));
}

async function watchRow(id: string) {
  const [row] = await db().select().from(stockWatches).where(eq(stockWatches.id, id));
  return row;
}

async function bookAll(date: string, time: string, adults: number) {
  const res = await postBooking(t.app, w.tokens.admin, bookingBody(w, { date, time, adults, children: 0 }));
  expect(res.statusCode).toBe(200);
  return res.json().booking.id as string;
}

const cancel = (id: string) => injectRoute(t.app, bookingRoutes.cancel, { params: { id }, token: w.tokens.admin });

describe('POST /api/b2b/stock-watches', () => {
  it('asking twice for the same option, date and time keeps one request (with the latest people)', async () => {
    const body = { offerId: w.tour.timeslotOfferId, date: day(4), time: '10:00', adults: 2, language: 'ru' };
    const first = await subscribe(w.tokens.junior, body);
    const second = await subscribe(w.tokens.junior, { ...body, adults: 3 });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json<StockWatch>().id).toBe(first.json<StockWatch>().id);
    const rows = await db()
      .select()
      .from(stockWatches)
      .where(and(eq(stockWatches.offerId, w.tour.timeslotOfferId), eq(stockWatches.date, day(4))));
    expect(rows.map((r) => [r.startTime, r.adults, r.language, r.closedAt])).toEqual([['10:00', 3, 'ru', null]]);
    // another time of the same date is another request
    expect((await subscribe(w.tokens.junior, { ...body, time: '18:00' })).json<StockWatch>().id).not.toBe(
      first.json<StockWatch>().id,
    );
    const listed = (await watchesOn(w.tokens.junior, w.tour.timeslotOfferId, day(4))).json<StockWatch[]>();
    expect(listed.map((r) => r.time)).toEqual(['10:00', '18:00']);
  });

  it('shows an agent only their own requests; another agency sees none', async () => {
    await subscribe(w.tokens.junior, { offerId: w.tour.timeslotOfferId, date: day(4), time: '10:00', adults: 2 });
    const other = await createAgency(db());
    const otherToken = await loginAs(t.app, other.users.admin.email);
    expect((await watchesOn(otherToken, w.tour.timeslotOfferId, day(4))).json()).toEqual([]);
    expect((await watchesOn(w.tokens.senior, w.tour.timeslotOfferId, day(4))).json()).toEqual([]);
  });

  it.each([
    ['a past date', { date: '2021-01-01' }, 'date', 'Choose today or a later date'],
    ['a time the option does not run', { time: '12:00' }, 'time', 'This option has no such start time'],
    ['nobody', { adults: 0 }, 'adults', 'Add at least one adult or child'],
    ['infants only', { adults: 0, infants: 1 }, 'adults', 'Add at least one adult or child'],
    ['fewer people than the option takes', { adults: 1 }, 'adults', 'Minimum number of people: 2'],
    ['an unknown option', { offerId: 2_147_483_000 }, 'offerId', 'Unknown offer'],
  ] as const)('refuses %s with 422 on its field and stores nothing', async (_name, overrides, field, message) => {
    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(stockWatches)
      )[0]?.n;
    const before = await count();
    const res = await subscribe(w.tokens.junior, {
      offerId: w.tour.timeslotOfferId,
      date: day(5),
      time: '10:00',
      adults: 2,
      ...overrides,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorItem[]>()).toContainEqual({ fieldName: field, errorMessage: message });
    expect(await count()).toBe(before);
  });
});

describe('DELETE /api/b2b/stock-watches/{id}: stop notifying', () => {
  it('the agent stops their own request: closed, no mail when seats come back; twice answers the same', async () => {
    const date = day(11);
    await slotWith(date, '18:00', 0);
    const watch = (
      await subscribe(w.tokens.junior, { offerId: w.tour.timeslotOfferId, date, time: '18:00', adults: 2 })
    ).json<StockWatch>();
    const stop = (token: string, id = watch.id) =>
      injectRoute(t.app, stockWatchRoutes.cancelStockWatch, { params: { id }, token });

    // another agent of the same agency, and a malformed id: refused, nothing changed
    const other = await stop(w.tokens.senior);
    expect([other.statusCode, other.body]).toEqual([404, 'This notify-me request was not found']);
    expect(await watchRow(watch.id)).toMatchObject({ closedAt: null });
    const bad = await stop(w.tokens.junior, 'not-an-id');
    expect([bad.statusCode, bad.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: 'This notify-me request was not found' }],
    ]);

    const stopped = await stop(w.tokens.junior);
    expect([stopped.statusCode, stopped.json()]).toEqual([200, { id: watch.id }]);
    expect(await watchRow(watch.id)).toMatchObject({ closedAt: expect.any(Date), notifiedAt: null });
    expect((await stop(w.tokens.junior)).json()).toEqual({ id: watch.id });
    expect((await watchesOn(w.tokens.junior, w.tour.timeslotOfferId, date)).json()).toEqual([]);

    // seats come back: no mail for a stopped request
    const before = (await mailsTo(w.agency.users.junior.email)).length;
    await slotWith(date, '18:00', 10);
    await runNotifyJob();
    expect((await mailsTo(w.agency.users.junior.email)).length).toBe(before);
  });
});

describe('notify me: the job that mails when seats come back', () => {
  it('a cancellation frees the seats: exactly one e-mail, in the language asked, and the request is closed', async () => {
    const date = day(6);
    await slotWith(date, '18:00', 2);
    const bookingId = await bookAll(date, '18:00', 2);
    expect((await slotLeft(db(), w.tour.timeslotOfferId, date, '18:00'))?.left).toBe(0);
    const watch = (
      await subscribe(w.tokens.junior, {
        offerId: w.tour.timeslotOfferId,
        date,
        time: '18:00',
        adults: 2,
        language: 'ru',
      })
    ).json<StockWatch>();
    const junior = w.agency.users.junior.email;
    const before = (await mailsTo(junior)).length;

    await runNotifyJob();
    expect((await mailsTo(junior)).length).toBe(before);

    expect((await cancel(bookingId)).statusCode).toBe(200);
    await runNotifyJob();
    await runNotifyJob();
    const mails = (await mailsTo(junior)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('появились места');
    expect(mails[0]?.text).toContain('Групповой внедорожник');
    expect(mails[0]?.text).toContain(`date=${date}`);
    expect(await watchRow(watch.id)).toMatchObject({ closedAt: expect.any(Date), notifiedAt: expect.any(Date) });
    expect((await watchesOn(w.tokens.junior, w.tour.timeslotOfferId, date)).json()).toEqual([]);
  });

  it('an expired card hold released by the sweeper, or stock added: one e-mail each, in English', async () => {
    const date = day(7);
    await slotWith(date, '10:00', 2);
    const card = await postBooking(
      t.app,
      w.tokens.admin,
      bookingBody(w, { date, time: '10:00', adults: 2, children: 0 }),
      { url: routeUrl(bookingRoutes.createWithPaymentIntent) },
    );
    expect(card.statusCode).toBe(200);
    // the hold took the last seats of 10:00; 18:00 is sold out
    await slotWith(date, '18:00', 0);
    await subscribe(w.tokens.senior, {
      offerId: w.tour.timeslotOfferId,
      date,
      time: '10:00',
      adults: 2,
      language: 'en',
    });
    // any time that day
    await subscribe(w.tokens.admin, { offerId: w.tour.timeslotOfferId, date, adults: 2, language: 'en' });
    expect(await runNotifyJob()).toBe(0);

    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, card.json().booking.id));
    expect(await t.app.bookings.sweepExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect((await slotLeft(db(), w.tour.timeslotOfferId, date, '10:00'))?.left).toBe(2);
    const senior = w.agency.users.senior.email;
    const admin = w.agency.users.admin.email;
    const [seniorBefore, adminBefore] = [(await mailsTo(senior)).length, (await mailsTo(admin)).length];
    // 10:00 is back: the senior's request (10:00) and the admin's (any time) are both due
    expect(await runNotifyJob()).toBe(2);
    expect((await mailsTo(senior)).slice(seniorBefore).map((m) => m.subject)).toEqual([
      expect.stringContaining('seats are back'),
    ]);
    expect((await mailsTo(admin)).slice(adminBefore)).toHaveLength(1);

    // stock added by an operator on a date someone waits for
    await slotWith(day(8), '18:00', 0);
    await subscribe(w.tokens.senior, { offerId: w.tour.timeslotOfferId, date: day(8), time: '18:00', adults: 2 });
    expect(await runNotifyJob()).toBe(0);
    await db()
      .update(slots)
      .set({ left: 5 })
      .where(and(eq(slots.offerId, w.tour.timeslotOfferId), eq(slots.date, day(8)), eq(slots.startTime, '18:00')));
    expect(await runNotifyJob()).toBe(1);
    expect(await runNotifyJob()).toBe(0);
  });

  it('an agency suspended since it asked gets no e-mail; its request is closed', async () => {
    await slotWith(day(11), '18:00', 0);
    const asked = await subscribe(w.tokens.senior, {
      offerId: w.tour.timeslotOfferId,
      date: day(11),
      time: '18:00',
      adults: 2,
    });
    const senior = w.agency.users.senior.email;
    const before = (await mailsTo(senior)).length;
    await db().update(agencies).set({ status: 'suspended' }).where(eq(agencies.id, w.agency.id));
    try {
      await slotWith(day(11), '18:00', 5);
      expect(await runNotifyJob()).toBe(0);
    } finally {
      await db().update(agencies).set({ status: 'approved' }).where(eq(agencies.id, w.agency.id));
    }
    expect((await mailsTo(senior)).length).toBe(before);
    expect((await watchRow(asked.json().id))?.closedAt).toBeInstanceOf(Date);
  });

  it('waits while the seats back are fewer than the people asked for', async () => {
    await slotWith(day(9), '18:00', 0);
    await subscribe(w.tokens.senior, { offerId: w.tour.timeslotOfferId, date: day(9), time: '18:00', adults: 4 });
    await slotWith(day(9), '18:00', 3);
    expect(await runNotifyJob()).toBe(0);
    await slotWith(day(9), '18:00', 4);
    expect(await runNotifyJob()).toBe(1);
  });

  it('a race of two releases, seen by two nodes at once: one e-mail', async () => {
    const date = day(10);
    await slotWith(date, '10:00', 4);
    const [a, b] = [await bookAll(date, '10:00', 2), await bookAll(date, '10:00', 2)];
    const watch = (
      await subscribe(w.tokens.junior, { offerId: w.tour.timeslotOfferId, date, time: '10:00', adults: 2 })
    ).json<StockWatch>();
    const junior = w.agency.users.junior.email;
    const before = (await mailsTo(junior)).length;
    const cancelled = await Promise.all([cancel(a), cancel(b)]);
    expect(cancelled.map((r) => r.statusCode)).toEqual([200, 200]);
    // two job runs at the same moment, as two nodes whose runs overlapped would make them
    const queued = await Promise.all([runNotifyJob(), runNotifyJob(), runNotifyJob()]);
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await mailsTo(junior)).slice(before)).toHaveLength(1);
    expect((await watchRow(watch.id))?.notifiedAt).toBeInstanceOf(Date);
  });

  it('requests for a date that has passed are closed by the clean-up job, without mail', async () => {
    const yesterday = day(-1);
    await slotWith(yesterday, '18:00', 10);
    const [past] = await db()
      .insert(stockWatches)
      .values({
        agencyId: w.agency.id,
        userId: w.agency.users.junior.id,
        offerId: w.tour.timeslotOfferId,
        date: yesterday,
        startTime: '18:00',
        adults: 2,
        language: 'en',
      })
      .returning({ id: stockWatches.id });
    const junior = w.agency.users.junior.email;
    const before = (await mailsTo(junior)).length;
    await runNotifyJob();
    expect(await closePastStockWatches(t.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await watchRow(past?.id ?? '')).toMatchObject({ closedAt: expect.any(Date), notifiedAt: null });
    expect((await mailsTo(junior)).length).toBe(before);
    const open = await db()
      .select({ id: stockWatches.id })
      .from(stockWatches)
      .where(and(isNull(stockWatches.closedAt), inArray(stockWatches.date, [yesterday])));
    expect(open).toEqual([]);
  });
});
