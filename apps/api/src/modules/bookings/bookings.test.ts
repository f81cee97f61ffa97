import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  BOOKING_MESSAGES,
  CATALOGUE_MESSAGES,
  MESSAGES,
  addDays,
  bookingRoutes,
  peopleMessages,
  refundPercent,
  toMinor,
} from '@portal/contract';
import { bookings, hotels, ledgerEntries, mailOutbox, slots } from '../../db/schema/index.ts';
import { bearer, createAgency, loginAs } from '../../../test/factories.ts';
import { readBalance, sumLedger } from '../ledger/ledger.repo.ts';
import {
  bookingBody,
  countBookings,
  guest,
  postBooking,
  slotLeft,
  type BookingWorld,
  bookingSuite,
} from '../../../test/booking-fixtures.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

const { t, w } = bookingSuite();

// the same-ticket offer is not instantly confirmable: two adults (and `children`) there, no hotel, make a quotation
// request
const postRequest = (children: number) =>
  postBooking(
    t.app,
    w.tokens.admin,
    bookingBody(w, {
      offerId: w.tour.sameTicketOfferId,
      time: null,
      adults: 2,
      children,
      guest: guest(w, { hotelId: null }),
    }),
  );

async function snapshot(agencyId = w.agency.id) {
  return {
    bookings: await countBookings(t.database.db, agencyId),
    balance: (await readBalance(t.database.db, agencyId, 'aed')).balanceMinor,
    left18: (await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left,
  };
}

describe('POST /api/b2b/bookings', () => {
  it('books from the balance: stock, ledger, tickets, pick-up time and a mail in one go', async () => {
    const before = await snapshot();
    const res = await postBooking(t.app, w.tokens.junior, bookingBody(w, { promoCode: '' }));
    expect(res.statusCode).toBe(200);
    const { booking, message } = res.json();
    expect(message).toBeNull();
    expect(booking).toMatchObject({
      status: 'completed',
      statusLabel: 'Completed',
      isRequest: false,
      date: w.date,
      time: '18:00',
      adults: 2,
      children: 1,
      paymentMethod: 'balance',
      amounts: {
        currencyCode: 'aed',
        netTotal: 398,
        publishedTotal: 467,
        discount: 0,
        cardSurcharge: 0,
        tax: null,
        fee: null,
      },
    });
    expect(booking.ticketNumbers).toHaveLength(3);
    expect(booking.documents.voucher).toBe(`/api/b2b/bookings/${booking.id}/documents/voucher`);
    const [hotel] = await t.database.db.select().from(hotels).where(eq(hotels.id, w.dubaiHotelId));
    const lead = hotel?.pickUpLeadMinutes ?? 0;
    const pickUp = 18 * 60 - lead;
    expect(booking.pickUpTime).toBe(
      `${String(Math.floor(pickUp / 60)).padStart(2, '0')}:${String(pickUp % 60).padStart(2, '0')}`,
    );
    const after = await snapshot();
    expect(after).toEqual({
      bookings: before.bookings + 1,
      balance: before.balance - 39_800,
      left18: (before.left18 ?? 0) - 3,
    });
    // booked by a junior: the balance after it is an admin's figure (SPEC §6)
    expect(booking.balanceAfter).toBeNull();
    expect(await sumLedger(t.database.db, w.agency.id, 'aed')).toBe(after.balance);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, w.agency.users.junior.email));
    expect(mails.map((m) => m.subject)).toContain(`Booking ${booking.reference} confirmed`);
  });

  it('applies a promo code to the net price', async () => {
    const res = await postBooking(t.app, w.tokens.admin, bookingBody(w, { promoCode: 'welcome10', children: 0 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.amounts).toMatchObject({
      netBeforeDiscount: 288,
      discount: 28.8,
      netTotal: 259.2,
      publishedTotal: 338,
    });
    expect(res.json().booking.promoPercent).toBe(10);
  });

  const bad: [string, Record<string, unknown>, number, { fieldName: string; errorMessage: string }[] | string][] = [
    [
      'a name with digits',
      { guest: guest({} as BookingWorld, { name: 'Maria 2' }) },
      422,
      [{ fieldName: 'guest.name', errorMessage: MESSAGES.nameLettersOnly }],
    ],
    [
      'a missing guest name',
      { guest: guest({} as BookingWorld, { name: undefined }) },
      422,
      [{ fieldName: 'guest.name', errorMessage: MESSAGES.required }],
    ],
    [
      'e-mails that differ',
      { guest: guest({} as BookingWorld, { confirmEmail: 'other@example.test' }) },
      422,
      [{ fieldName: 'guest.confirmEmail', errorMessage: BOOKING_MESSAGES.emailsDoNotMatch }],
    ],
    [
      'no room',
      { guest: guest({} as BookingWorld, { room: ' ' }) },
      422,
      [{ fieldName: 'guest.room', errorMessage: MESSAGES.required }],
    ],
    [
      'a malformed date',
      { date: '2026-13-01' },
      422,
      [{ fieldName: 'date', errorMessage: CATALOGUE_MESSAGES.dateFormat }],
    ],
    [
      'a time the offer does not run',
      { time: '11:30' },
      422,
      [{ fieldName: 'time', errorMessage: BOOKING_MESSAGES.timeslotsNotAvailable }],
    ],
    [
      'too many people',
      { adults: 9, children: 0 },
      422,
      [{ fieldName: 'adults', errorMessage: peopleMessages.max(8) }],
    ],
    ['too few people', { adults: 1, children: 0 }, 422, [{ fieldName: 'adults', errorMessage: peopleMessages.min(2) }]],
    [
      'a wrong promo code',
      { promoCode: 'NOPE' },
      422,
      [{ fieldName: 'promoCode', errorMessage: CATALOGUE_MESSAGES.wrongPromoCode }],
    ],
    ['an unknown offer', { offerId: 2_000_000_000 }, 404, CATALOGUE_MESSAGES.unknownOffer],
  ];
  it.each(bad)('refuses %s and changes nothing', async (_name, overrides, status, expected) => {
    const before = await snapshot();
    const body = { ...bookingBody(w), ...overrides };
    if ('guest' in overrides) body.guest = { ...guest(w), ...(overrides.guest as object) };
    const res = await postBooking(t.app, w.tokens.admin, body);
    expect(res.statusCode).toBe(status);
    if (typeof expected === 'string') expect(res.body).toBe(expected);
    else expect(res.json()).toEqual(expected);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a date in the past, a hotel outside the pick-up cities and a missing hotel', async () => {
    const before = await snapshot();
    const past = await postBooking(t.app, w.tokens.admin, bookingBody(w, { date: addDays(w.tour.today, -1) }));
    expect(past.json()).toEqual([{ fieldName: 'date', errorMessage: BOOKING_MESSAGES.timeslotsNotAvailable }]);
    const elsewhere = await postBooking(
      t.app,
      w.tokens.admin,
      bookingBody(w, { guest: guest(w, { hotelId: w.otherCityHotelId }) }),
    );
    expect(elsewhere.json()).toEqual([{ fieldName: 'guest.hotelId', errorMessage: BOOKING_MESSAGES.invalidCity }]);
    const noHotel = await postBooking(t.app, w.tokens.admin, bookingBody(w, { guest: guest(w, { hotelId: null }) }));
    expect(noHotel.json()).toEqual([{ fieldName: 'guest.hotelId', errorMessage: BOOKING_MESSAGES.hotelRequired }]);
    expect(await snapshot()).toEqual(before);
  });

  it("answers a sold-out slot with 'Tickets out of stock' and a short one with how many are left", async () => {
    const soldOut = await postBooking(
      t.app,
      w.tokens.admin,
      bookingBody(w, { date: addDays(w.tour.today, 1), time: '10:00' }),
    );
    expect(soldOut.json()).toEqual([{ fieldName: 'tickets', errorMessage: BOOKING_MESSAGES.outOfStock }]);
    const date = addDays(w.tour.today, 3);
    await t.database.db
      .update(slots)
      .set({ left: 2 })
      .where(and(eq(slots.offerId, w.tour.timeslotOfferId), eq(slots.date, date), eq(slots.startTime, '18:00')));
    const before = await snapshot();
    const short = await postBooking(t.app, w.tokens.admin, bookingBody(w, { date, adults: 3, children: 0 }));
    expect(short.json()).toEqual([{ fieldName: 'tickets', errorMessage: peopleMessages.stock(2) }]);
    expect(await snapshot()).toEqual(before);
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, date, '18:00'))?.left).toBe(2);
  });

  it('changes nothing when the balance is insufficient', async () => {
    const poor = await createAgency(t.database.db);
    const token = await loginAs(t.app, poor.users.admin.email);
    const before = await snapshot(poor.id);
    const res = await postBooking(t.app, token, bookingBody(w));
    expect(res.json()).toEqual([{ fieldName: 'paymentMethod', errorMessage: BOOKING_MESSAGES.insufficientBalance }]);
    expect(await snapshot(poor.id)).toEqual(before);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.agencyId, poor.id));
    expect(entries).toEqual([]);
  });

  it('turns a not instantly confirmable offer into a quotation request without taking stock or money', async () => {
    const before = await snapshot();
    const stock = await slotLeft(t.database.db, w.tour.sameTicketOfferId, w.date, null);
    const res = await postRequest(1);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(BOOKING_MESSAGES.noAutomaticBooking);
    expect(res.json().booking).toMatchObject({
      status: 'request',
      statusLabel: 'Quotation Request',
      isRequest: true,
      paymentMethod: null,
      documents: null,
    });
    expect(await slotLeft(t.database.db, w.tour.sameTicketOfferId, w.date, null)).toEqual(stock);
    expect(await snapshot()).toEqual({ ...before, bookings: before.bookings + 1 });
  });

  it('turns a booking past the cut-off (Asia/Dubai) into a quotation request', async () => {
    // the private car has a 24-hour cut-off, so today's 15:00 is always past it
    const res = await postBooking(
      t.app,
      w.tokens.admin,
      bookingBody(w, { offerId: w.tour.tripOfferId, date: w.tour.today, time: '15:00', adults: 2, children: 0 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.status).toBe('request');
    expect(res.json().booking.amounts).toMatchObject({ netTotal: 1275, publishedTotal: 1500 });
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored response for the same key and body: one booking', async () => {
    const before = await snapshot();
    const key = `key-${crypto.randomUUID()}`;
    const first = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    const second = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().booking.id).toBe(first.json().booking.id);
    const after = await snapshot();
    expect(after.bookings).toBe(before.bookings + 1);
    expect(after.balance).toBe(before.balance - 39_800);
  });

  it('refuses the same key with another body (422) and a malformed key', async () => {
    const key = `key-${crypto.randomUUID()}`;
    await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    const before = await snapshot();
    const other = await postBooking(t.app, w.tokens.admin, bookingBody(w, { adults: 3 }), { key });
    expect([other.statusCode, other.json()]).toEqual([
      422,
      [{ fieldName: 'Idempotency-Key', errorMessage: BOOKING_MESSAGES.idempotencyMismatch }],
    ]);
    const malformed = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key: 'x' });
    expect(malformed.json()).toEqual([
      { fieldName: 'Idempotency-Key', errorMessage: BOOKING_MESSAGES.idempotencyKeyFormat },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('replays a stored refusal too', async () => {
    const key = `key-${crypto.randomUUID()}`;
    const body = bookingBody(w, { promoCode: 'NOPE' });
    const first = await postBooking(t.app, w.tokens.admin, body, { key });
    const second = await postBooking(t.app, w.tokens.admin, body, { key });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual(first.json());
  });
});

describe('who sees the balance (SPEC §6)', () => {
  it('gives the figures to admins only; juniors and seniors learn whether it covers an amount', async () => {
    for (const role of ['junior', 'senior'] as const) {
      const res = await injectRoute(t.app, bookingRoutes.balance, { token: w.tokens[role] });
      expect([role, res.statusCode]).toEqual([role, 403]);
    }
    const admin = await injectRoute(t.app, bookingRoutes.balance, { token: w.tokens.admin });
    const available = admin.json().available as number;
    const covers = (amount: number) =>
      injectRoute(t.app, bookingRoutes.balanceCovers, { query: { amount }, token: w.tokens.junior });
    expect((await covers(available)).json()).toEqual({ currencyCode: 'aed', covers: true });
    expect((await covers(available + 0.01)).json()).toEqual({ currencyCode: 'aed', covers: false });
    expect((await covers(-1)).statusCode).toBe(422);
  });

  it('shows the balance after a booking to an admin, never to a junior, in the answer, the detail and the list', async () => {
    const junior = (await postBooking(t.app, w.tokens.junior, bookingBody(w))).json().booking;
    expect(junior.balanceAfter).toBeNull();
    const asAdmin = await injectRoute(t.app, bookingRoutes.detail, {
      params: { id: junior.id },
      token: w.tokens.admin,
    });
    expect(asAdmin.json().balanceAfter).toEqual(expect.any(Number));
    const asJunior = await injectRoute(t.app, bookingRoutes.detail, {
      params: { id: junior.id },
      token: w.tokens.junior,
    });
    expect(asJunior.json().balanceAfter).toBeNull();
    const list = await injectRoute(t.app, bookingRoutes.filtered, { body: {}, token: w.tokens.junior });
    const rows = list.json().items as { finalBalance: number | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.finalBalance === null)).toBe(true);
  });
});

describe('GET /api/b2b/bookings and tenant isolation', () => {
  it("keeps another agency's bookings out of sight: detail and cancel are 404", async () => {
    const mine = (await postBooking(t.app, w.tokens.admin, bookingBody(w))).json().booking;
    const other = await createAgency(t.database.db);
    const token = await loginAs(t.app, other.users.admin.email);
    for (const route of [
      bookingRoutes.detail,
      bookingRoutes.cancellationPreview,
      bookingRoutes.cancel,
      bookingRoutes.document,
    ]) {
      const url = routeUrl(route, { params: { id: mine.id, kind: 'voucher' } });
      const res = await t.app.inject({ method: route.method, url, headers: bearer(token) });
      expect([url, res.statusCode, res.body]).toEqual([url, 404, BOOKING_MESSAGES.unknownBooking]);
    }
    const list = await injectRoute(t.app, bookingRoutes.list, { token });
    expect(list.json()).toMatchObject({ items: [], total: 0 });
    const [row] = await t.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, mine.id));
    expect(row?.status).toBe('completed');
  });

  it("lets a junior list only their own bookings; senior and admin see the agency's", async () => {
    const agency = await createAgency(t.database.db);
    const { fund } = await import('../../../test/booking-fixtures.ts');
    await fund(t.database.db, agency.id, 500_000);
    const [junior, senior] = await Promise.all([
      loginAs(t.app, agency.users.junior.email),
      loginAs(t.app, agency.users.senior.email),
    ]);
    const byJunior = (await postBooking(t.app, junior, bookingBody(w))).json().booking;
    const bySenior = (await postBooking(t.app, senior, bookingBody(w))).json().booking;
    const juniorList = await injectRoute(t.app, bookingRoutes.filtered, { body: {}, token: junior });
    expect(juniorList.json().items.map((r: { id: string }) => r.id)).toEqual([byJunior.id]);
    const filteredByAgent = await injectRoute(t.app, bookingRoutes.filtered, {
      body: { agentId: agency.users.senior.id },
      token: junior,
    });
    expect(filteredByAgent.json().total).toBe(0);
    expect(
      (await injectRoute(t.app, bookingRoutes.detail, { params: { id: bySenior.id }, token: junior })).statusCode,
    ).toBe(404);
    const seniorList = await injectRoute(t.app, bookingRoutes.list, { query: { page: 1, onPage: 10 }, token: senior });
    expect(
      seniorList
        .json()
        .items.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([byJunior.id, bySenior.id].sort());
    const options = await injectRoute(t.app, bookingRoutes.options, { token: junior });
    expect(options.json().agents).toEqual([]);
    expect(options.json().statuses).toContainEqual({ value: 'request', label: 'Quotation Request' });
  });

  it('filters by status, dates and search, and rejects a reversed range', async () => {
    const res = await injectRoute(t.app, bookingRoutes.filtered, {
      body: { status: 'request', dateFrom: w.tour.today, dateTo: addDays(w.tour.today, 5), onPage: 50 },
      token: w.tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
    expect(res.json().items.every((r: { status: string }) => r.status === 'request')).toBe(true);
    const requests = await injectRoute(t.app, bookingRoutes.requests, { body: {}, token: w.tokens.admin });
    expect(requests.json().items.every((r: { isRequest: boolean }) => r.isRequest)).toBe(true);
    const reversed = await injectRoute(t.app, bookingRoutes.filtered, {
      body: { dateFrom: '2026-05-02', dateTo: '2026-05-01' },
      token: w.tokens.admin,
    });
    expect([reversed.statusCode, reversed.json()]).toEqual([
      422,
      [{ fieldName: 'dateFrom', errorMessage: 'The start date must not be after the end date' }],
    ]);
  });
});

describe('POST /api/b2b/bookings/{id}/cancel', () => {
  it('previews the fee, then refunds by the tier and returns the stock', async () => {
    const booking = (await postBooking(t.app, w.tokens.admin, bookingBody(w))).json().booking;
    const preview = (
      await injectRoute(t.app, bookingRoutes.cancellationPreview, { params: { id: booking.id }, token: w.tokens.admin })
    ).json();
    const percent = refundPercent(
      [
        { hours: 24, percents: 50 },
        { hours: 48, percents: 100 },
      ],
      preview.hoursBeforeStart,
    );
    expect(preview).toMatchObject({
      cancellable: true,
      refundPercent: percent,
      refundTo: 'balance',
      currencyCode: 'aed',
    });
    expect(preview.refundAmount + preview.cancellationFee).toBeCloseTo(398, 2);
    const before = await snapshot();
    const res = await injectRoute(t.app, bookingRoutes.cancel, { params: { id: booking.id }, token: w.tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      statusLabel: 'Cancelled',
      refundAmount: preview.refundAmount,
      cancellationFee: preview.cancellationFee,
    });
    const after = await snapshot();
    expect(after.balance).toBe(before.balance + toMinor(preview.refundAmount));
    expect(after.left18).toBe((before.left18 ?? 0) + 3);
    expect(await sumLedger(t.database.db, w.agency.id, 'aed')).toBe(after.balance);
    const again = await injectRoute(t.app, bookingRoutes.cancel, { params: { id: booking.id }, token: w.tokens.admin });
    expect([again.statusCode, again.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: BOOKING_MESSAGES.notCancellable }],
    ]);
    expect(await snapshot()).toEqual(after);
  });
});

describe('operator quotes', () => {
  it('quote → Payment Required → paid from the balance → Completed; a declined request is Cancelled', async () => {
    const { createOperator } = await import('../../../test/factories.ts');
    const operator = await createOperator(t.database.db);
    const ops = await loginAs(t.app, operator.email);
    const request = (await postRequest(0)).json().booking;
    expect(
      (
        await injectRoute(t.app, bookingRoutes.adminQuote, {
          params: { id: request.id },
          body: { netTotal: 80 },
          token: w.tokens.admin,
        })
      ).statusCode,
    ).toBe(403);
    for (const netTotal of [0.001, 10.005, 0]) {
      const bad = await injectRoute(t.app, bookingRoutes.adminQuote, {
        params: { id: request.id },
        body: { netTotal },
        token: ops,
      });
      expect([bad.statusCode, bad.json()]).toEqual([
        422,
        [{ fieldName: 'netTotal', errorMessage: BOOKING_MESSAGES.amountCents }],
      ]);
    }
    const listed = await injectRoute(t.app, bookingRoutes.adminRequests, {
      query: { status: 'request', agencyId: w.agency.id, onPage: 200 },
      token: ops,
    });
    expect(listed.json().items.map((r: { id: string }) => r.id)).toContain(request.id);
    const quoted = await injectRoute(t.app, bookingRoutes.adminQuote, {
      params: { id: request.id },
      body: { netTotal: 80, validHours: 24, note: 'Confirmed with the camp' },
      token: ops,
    });
    expect(quoted.json()).toMatchObject({
      status: 'payment_required',
      statusLabel: 'Payment Required',
      quote: { netTotal: 80, note: 'Confirmed with the camp' },
    });
    const before = await snapshot();
    const stock = await slotLeft(t.database.db, w.tour.sameTicketOfferId, w.date, null);
    const paid = await injectRoute(t.app, bookingRoutes.pay, {
      params: { id: request.id },
      body: { paymentMethod: 'balance' },
      token: w.tokens.admin,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().booking).toMatchObject({
      status: 'completed',
      paymentMethod: 'balance',
      amounts: { netTotal: 80 },
    });
    expect((await snapshot()).balance).toBe(before.balance - 8_000);
    expect(await slotLeft(t.database.db, w.tour.sameTicketOfferId, w.date, null)).toEqual({
      left: (stock?.left ?? 0) - 2,
      adults: (stock?.adults ?? 0) - 2,
      children: stock?.children,
    });
    const payAgain = await injectRoute(t.app, bookingRoutes.pay, {
      params: { id: request.id },
      body: { paymentMethod: 'balance' },
      token: w.tokens.admin,
    });
    expect(payAgain.json()).toEqual([{ fieldName: 'id', errorMessage: BOOKING_MESSAGES.notPayable }]);

    const other = (await postRequest(0)).json().booking;
    const declined = await injectRoute(t.app, bookingRoutes.adminDecline, {
      params: { id: other.id },
      body: { reason: 'The camp is closed that day' },
      token: ops,
    });
    expect(declined.json()).toMatchObject({ status: 'cancelled', declineReason: 'The camp is closed that day' });
    const empty = await injectRoute(t.app, bookingRoutes.adminDecline, {
      params: { id: other.id },
      body: { reason: '' },
      token: ops,
    });
    expect(empty.json()).toEqual([{ fieldName: 'reason', errorMessage: MESSAGES.required }]);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.id, other.id));
    expect(count?.n).toBe(1);
  });
});

describe('POST /api/b2b/bookings/download and the documents', () => {
  it('exports the filtered bookings as xlsx with a status, formula-looking cells kept as text as entered', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const booked = (
      await postBooking(
        t.app,
        w.tokens.admin,
        bookingBody(w, { guest: guest(w, { hotel: '+cmd|calc', room: '@SUM(A1)' }), notes: '-2+3' }),
      )
    ).json().booking;
    // a guest name imported from elsewhere (the API itself only accepts letters and spaces)
    await t.database.db.update(bookings).set({ guestName: '=HYPERLINK("x")' }).where(eq(bookings.id, booked.id));
    const res = await injectRoute(t.app, bookingRoutes.download, {
      body: { search: booked.reference },
      token: w.tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const cells: { value: unknown; numFmt: string }[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) row.eachCell((cell) => cells.push({ value: cell.value, numFmt: cell.numFmt }));
    });
    expect(sheet?.getRow(1).getCell(2).value).toBe('Status');
    for (const value of [booked.reference, 'Completed', '=HYPERLINK("x")', '+cmd|calc', '@SUM(A1)', '-2+3'])
      expect(cells).toContainEqual({ value, numFmt: '@' });
    expect(cells.some((c) => typeof c.value === 'string' && c.value.startsWith("'"))).toBe(false);
    expect(cells.some((c) => typeof c.value === 'object' && c.value !== null && 'formula' in c.value)).toBe(false);
  });

  it('serves the voucher, tickets and invoice of a completed booking as PDF, and none for a request', async () => {
    const booked = (await postBooking(t.app, w.tokens.junior, bookingBody(w))).json().booking;
    for (const kind of ['voucher', 'tickets', 'invoice'] as const) {
      const res = await injectRoute(t.app, bookingRoutes.document, {
        params: { id: booked.id, kind },
        token: w.tokens.junior,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${kind}-${booked.reference}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // a document kind the route refuses: typed by hand, as no descriptor can name it
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/b2b/bookings/${booked.id}/documents/receipt`,
      headers: bearer(w.tokens.junior),
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      422,
      [{ fieldName: 'kind', errorMessage: 'Unknown document' }],
    ]);
    const request = (
      await postBooking(
        t.app,
        w.tokens.admin,
        bookingBody(w, { offerId: w.tour.sameTicketOfferId, time: null, guest: guest(w, { hotelId: null }) }),
      )
    ).json().booking;
    const none = await injectRoute(t.app, bookingRoutes.document, {
      params: { id: request.id, kind: 'voucher' },
      token: w.tokens.admin,
    });
    expect(none.statusCode).toBe(404);
  });
});
