import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  BOOKING_MESSAGES,
  DESK_MESSAGES,
  adminDeskRoutes,
  balanceRoutes,
  bookingRoutes,
  buildPath,
  toMinor,
  minorToMajor,
  type AdminBookingsQuery,
  type RouteDescriptor,
} from '@portal/contract';
import {
  agencyBalances,
  auditEvents,
  bookings,
  ledgerEntries,
  payments,
  sandboxCharges,
  topUps,
} from '../../db/schema/index.ts';
import { bearer, createAgency, createOperator, loginAs } from '../../../test/factories.ts';
import { SANDBOX_CARD, payOnSandboxPage } from '../../../test/sandbox-pay.ts';
import {
  bookingBody,
  createBookingWorld,
  fund,
  guest,
  postBooking,
  retireTour,
  slotLeft,
  bookingSuite,
} from '../../../test/booking-fixtures.ts';
import { injectRoute, routeUrl, type InjectRouteOptions } from '../../../test/inject-route.ts';

// The tours company's desk (issue 12 items 4, 5, 6): quotation requests, bank transfers, card payments and refunds,
// every agency's bookings. Each operator change writes one audit row in its own transaction.
let ops: string;
let operatorId: string;
const { t, w } = bookingSuite();
beforeAll(async () => {
  const operator = await createOperator(t.database.db);
  operatorId = operator.id;
  ops = await loginAs(t.app, operator.email);
});

// the operator's call unless another token is given
const call = <R extends RouteDescriptor>(route: R, options: InjectRouteOptions<R> = {}) =>
  injectRoute(t.app, route, { token: ops, ...options });

const auditFor = (entityId: string) =>
  t.database.db
    .select({
      action: auditEvents.action,
      entity: auditEvents.entity,
      agencyId: auditEvents.agencyId,
      actor: auditEvents.actorUserId,
      changes: auditEvents.changes,
    })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, entityId))
    .orderBy(auditEvents.id);

const balanceOf = async (agencyId: string) => {
  const [row] = await t.database.db
    .select({ balance: agencyBalances.balanceMinor })
    .from(agencyBalances)
    .where(and(eq(agencyBalances.agencyId, agencyId), eq(agencyBalances.currency, 'aed')));
  return row?.balance ?? 0;
};

async function newRequest(token = w.tokens.admin) {
  const res = await postBooking(
    t.app,
    token,
    bookingBody(w, {
      offerId: w.tour.sameTicketOfferId,
      time: null,
      adults: 2,
      children: 0,
      guest: guest(w, { hotelId: null }),
      notes: 'Two vegetarian meals please',
    }),
  );
  expect(res.json().booking.status).toBe('request');
  return res.json().booking as { id: string; reference: string };
}

async function declareTransfer(agencyToken: string, amount = 1500) {
  const res = await call(balanceRoutes.topUp, {
    body: {
      method: 'bank_transfer',
      amount,
      currencyCode: 'aed',
      transferDate: '2026-01-05',
      bankReference: 'FT-DESK-1',
    },
    token: agencyToken,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; reference: string };
}

describe('audit rows for the existing operator decisions', () => {
  it('a quote writes one booking.quoted row; a repeat quote another, a refused one none', async () => {
    const request = await newRequest();
    const quoted = await call(bookingRoutes.adminQuote, {
      params: { id: request.id },
      body: { netTotal: 80, validHours: 24 },
    });
    expect(quoted.statusCode).toBe(200);
    const rows = await auditFor(request.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'booking.quoted',
      entity: 'booking',
      agencyId: w.agency.id,
      actor: operatorId,
    });
    expect(rows[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 'request', to: 'payment_required' },
        { field: 'quotedNet', from: null, to: '80.00' },
      ]),
    );
    // a bad amount is refused before anything is written
    const bad = await call(bookingRoutes.adminQuote, { params: { id: request.id }, body: { netTotal: 0 } });
    expect(bad.statusCode).toBe(422);
    expect(await auditFor(request.id)).toHaveLength(1);
  });

  it('a decline writes one booking.declined row with the reason; declining again writes none', async () => {
    const request = await newRequest();
    const reason = 'The camp is closed that night';
    expect((await call(bookingRoutes.adminDecline, { params: { id: request.id }, body: { reason } })).statusCode).toBe(
      200,
    );
    const again = await call(bookingRoutes.adminDecline, { params: { id: request.id }, body: { reason } });
    expect(again.statusCode).toBe(422);
    expect(await auditFor(request.id)).toEqual([
      {
        action: 'booking.declined',
        entity: 'booking',
        agencyId: w.agency.id,
        actor: operatorId,
        changes: [
          { field: 'status', from: 'request', to: 'cancelled' },
          { field: 'declineReason', from: null, to: reason },
        ],
      },
    ]);
  });

  it('confirming a transfer writes one topUp.confirmed row, also when two operators race', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const transfer = await declareTransfer(token);
    const answers = await Promise.all(
      [1, 2].map(() => call(balanceRoutes.adminConfirmTopUp, { params: { id: transfer.id } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await balanceOf(agency.id)).toBe(150_000);
    expect(await auditFor(transfer.id)).toEqual([
      {
        action: 'topUp.confirmed',
        entity: 'topUp',
        agencyId: agency.id,
        actor: operatorId,
        changes: [{ field: 'status', from: 'pending', to: 'credited' }],
      },
    ]);
  });

  it('rejecting a transfer writes one topUp.rejected row; a missing reason writes nothing', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const transfer = await declareTransfer(token);
    const blank = await call(balanceRoutes.adminRejectTopUp, { params: { id: transfer.id }, body: { reason: '  ' } });
    expect([blank.statusCode, blank.json()[0]?.fieldName]).toEqual([422, 'reason']);
    expect(await auditFor(transfer.id)).toEqual([]);
    const reason = 'No such transfer on our account';
    expect(
      (await call(balanceRoutes.adminRejectTopUp, { params: { id: transfer.id }, body: { reason } })).statusCode,
    ).toBe(200);
    expect(
      (await call(balanceRoutes.adminRejectTopUp, { params: { id: transfer.id }, body: { reason } })).statusCode,
    ).toBe(422);
    expect((await call(balanceRoutes.adminConfirmTopUp, { params: { id: transfer.id } })).statusCode).toBe(422);
    expect(await auditFor(transfer.id)).toEqual([
      {
        action: 'topUp.rejected',
        entity: 'topUp',
        agencyId: agency.id,
        actor: operatorId,
        changes: [
          { field: 'status', from: 'pending', to: 'rejected' },
          { field: 'rejectReason', from: null, to: reason },
        ],
      },
    ]);
    const [row] = await t.database.db.select().from(topUps).where(eq(topUps.id, transfer.id));
    expect(row?.status).toBe('rejected');
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.agencyId, agency.id));
    expect(entries).toEqual([]);
  });
});

describe('GET /admin/requests: the inbox', () => {
  it('lists the open requests first, filters by agency and status, and carries the quote and the note', async () => {
    const other = await createBookingWorld(t.app, t.database.db);
    const declined = await newRequest(other.tokens.admin);
    await call(bookingRoutes.adminDecline, { params: { id: declined.id }, body: { reason: 'Sold out' } });
    const quoted = await newRequest(other.tokens.admin);
    await call(bookingRoutes.adminQuote, {
      params: { id: quoted.id },
      body: {
        netTotal: 99.5,
        validHours: 12,
        note: 'Dinner included',
      },
    });
    const open = await newRequest(other.tokens.admin);

    const res = await call(bookingRoutes.adminRequests, { query: { agencyId: other.agency.id } });
    expect(res.statusCode).toBe(200);
    const page = res.json() as {
      items: { id: string; status: string; agencyId: string; notes: string; quote: unknown }[];
      total: number;
    };
    expect(page.total).toBe(3);
    const rows = page.items;
    expect(rows.map((r) => r.id)).toEqual([open.id, quoted.id, declined.id]);
    expect(rows.every((r) => r.agencyId === other.agency.id)).toBe(true);
    expect(rows[0]).toMatchObject({ status: 'request', notes: 'Two vegetarian meals please', quote: null });
    expect(rows[1]).toMatchObject({ status: 'payment_required', quote: { netTotal: 99.5, note: 'Dinner included' } });
    expect(rows[2]).toMatchObject({ status: 'cancelled', declineReason: 'Sold out' });

    const onlyQuoted = await call(bookingRoutes.adminRequests, {
      query: { agencyId: other.agency.id, status: 'payment_required' },
    });
    expect(onlyQuoted.json().items.map((r: { id: string }) => r.id)).toEqual([quoted.id]);
    // a page at a time, in the same order: nothing past the first page is out of reach (it stopped at 200 rows)
    const second = await call(bookingRoutes.adminRequests, {
      query: { agencyId: other.agency.id, onPage: 2, page: 2 },
    });
    expect(second.json()).toMatchObject({ total: 3, page: 2, onPage: 2 });
    expect(second.json().items.map((r: { id: string }) => r.id)).toEqual([declined.id]);
    const tooMany = await call(bookingRoutes.adminRequests, { query: { onPage: 500 } });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()[0]).toMatchObject({ fieldName: 'onPage' });
    const russian = await call(bookingRoutes.adminRequests, { query: { agencyId: other.agency.id, language: 'ru' } });
    expect(russian.statusCode).toBe(200);

    const bad = await call(bookingRoutes.adminRequests, { query: { agencyId: 'nope' } });
    expect([bad.statusCode, bad.json()]).toEqual([422, [{ fieldName: 'agencyId', errorMessage: 'Unknown agency' }]]);
    await retireTour(t.database.db, other.tour.id);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Bookings of every agency, cancelling on an agency's behalf, card payments and refunds
// ---------------------------------------------------------------------------------------------------------------
const NO_ID = '00000000-0000-4000-8000-000000000000';

async function balanceBooking(world = w, token = world.tokens.admin) {
  const res = await postBooking(t.app, token, bookingBody(world, { adults: 2, children: 0 }));
  expect(res.json().booking?.status, res.body).toBe('completed');
  return res.json().booking as { id: string; reference: string; amounts: { netTotal: number } };
}

async function cardBooking(world = w) {
  const res = await postBooking(t.app, world.tokens.admin, bookingBody(world, { adults: 2, children: 0 }), {
    url: routeUrl(bookingRoutes.createWithPaymentIntent),
  });
  const booking = res.json().booking as { id: string; reference: string; amounts: { netTotal: number } };
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
  if (!payment?.providerRef) throw new Error('no sandbox charge');
  expect((await payOnSandboxPage(t.app, payment.providerRef, SANDBOX_CARD.ok)).statusCode).toBe(303);
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
  expect(row?.status).toBe('completed');
  return { booking, paymentId: payment.id, chargeId: payment.providerRef };
}

const bookingRow = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const refundEntries = (reference: string) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.reference, reference), eq(ledgerEntries.kind, 'refund')));
const paymentRow = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0];

describe('the desk routes: operators only', () => {
  const urls = Object.values(adminDeskRoutes).map((route) => [route.method, buildPath(route.path, { id: NO_ID })]);
  it.each(urls)('%s %s refuses anonymous (401) and every agency role (403)', async (method, url) => {
    const inject = (headers: Record<string, string>) =>
      t.app.inject({ method: method as 'GET' | 'POST', url: `/api${url}`, headers, payload: {} });
    expect((await inject({})).statusCode).toBe(401);
    for (const token of Object.values(w.tokens)) expect((await inject(bearer(token))).statusCode).toBe(403);
    expect((await inject(bearer(ops))).statusCode).toBe(
      method === 'GET' && url === '/admin/bookings' ? 200 : url === '/admin/payments' ? 200 : 404,
    );
  });
});

describe('GET /admin/bookings and /admin/bookings/{id}', () => {
  it('searches by reference, guest and agency name; filters by status, agency and dates; pages', async () => {
    const world = await createBookingWorld(t.app, t.database.db);
    const first = await balanceBooking(world);
    const second = await balanceBooking(world);
    const [agencyRow] = await t.database.db
      .execute(sql`SELECT name FROM agencies WHERE id = ${world.agency.id}`)
      .then((r) => (r as unknown as { rows: { name: string }[] }).rows);
    const list = async (query: AdminBookingsQuery) => {
      const res = await call(adminDeskRoutes.bookings, { query });
      expect(res.statusCode).toBe(200);
      return res.json() as { items: { id: string; agencyName: string }[]; total: number };
    };
    expect((await list({ search: first.reference })).items.map((r) => r.id)).toEqual([first.id]);
    const byAgency = await list({ search: agencyRow?.name ?? '' });
    expect(byAgency.items.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(byAgency.items[0]?.agencyName).toBe(agencyRow?.name);
    expect((await list({ agencyId: world.agency.id, status: 'completed' })).total).toBe(2);
    expect((await list({ agencyId: world.agency.id, status: 'cancelled' })).total).toBe(0);
    expect((await list({ agencyId: world.agency.id, dateFrom: world.date, dateTo: world.date })).total).toBe(2);
    expect((await list({ agencyId: world.agency.id, dateFrom: '2020-03-01', dateTo: '2020-03-02' })).total).toBe(0);
    const paged = await list({ agencyId: world.agency.id, onPage: 1, page: 2 });
    expect([paged.total, paged.items.map((r) => r.id)]).toEqual([2, [first.id]]);
    await retireTour(t.database.db, world.tour.id);
  });

  it('answers bad filters with 422 on the field', async () => {
    const cases: [string, string][] = [
      ['dateFrom=2026-02-10&dateTo=2026-02-01', 'dateFrom'],
      ['createdFrom=2026-02-10&createdTo=2026-02-01', 'createdFrom'],
      ['status=paid', 'status'],
      ['agencyId=acme', 'agencyId'],
      ['onPage=1000', 'onPage'],
    ];
    // typed by hand: values the query schema refuses
    const refused = (route: RouteDescriptor, query: string) =>
      t.app.inject({ method: 'GET', url: `${routeUrl(route)}?${query}`, headers: bearer(ops) });
    for (const [query, field] of cases) {
      const res = await refused(adminDeskRoutes.bookings, query);
      expect([query, res.statusCode, res.json()[0]?.fieldName]).toEqual([query, 422, field]);
    }
    const badView = await refused(adminDeskRoutes.payments, 'view=everything');
    expect([badView.statusCode, badView.json()[0]?.fieldName]).toEqual([422, 'view']);
    const badId = await call(adminDeskRoutes.booking, { params: { id: '123' } });
    expect([badId.statusCode, badId.json()[0]?.fieldName]).toEqual([422, 'id']);
    expect((await call(adminDeskRoutes.booking, { params: { id: NO_ID } })).statusCode).toBe(404);
  });

  it("shows the agency's preview by the same rule, and a detail with agency, agent, lines and payments", async () => {
    const booking = await balanceBooking();
    const agencyView = await call(bookingRoutes.cancellationPreview, {
      params: { id: booking.id },
      token: w.tokens.admin,
    });
    const preview = await call(adminDeskRoutes.cancellationPreview, { params: { id: booking.id } });
    expect(preview.json()).toEqual({ ...agencyView.json(), isPaid: true, paidTotal: booking.amounts.netTotal });
    const detail = await call(adminDeskRoutes.booking, { params: { id: booking.id } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      booking: { id: booking.id, status: 'completed', agent: { email: w.agency.users.admin.email } },
      agency: { id: w.agency.id },
      payments: [],
      history: [],
    });
    expect(detail.json().booking.amounts.lines.length).toBeGreaterThan(0);
  });
});

describe("POST /admin/bookings/{id}/cancel: on the agency's behalf", () => {
  it('refuses bad input on the right field and writes nothing', async () => {
    const booking = await balanceBooking();
    const before = { row: await bookingRow(booking.id), refunds: (await refundEntries(booking.reference)).length };
    const netMinor = toMinor(booking.amounts.netTotal);
    const cases: [object, string, string][] = [
      [{ feeOverride: 1000 }, 'reason', DESK_MESSAGES.overrideReasonRequired],
      [{ feeOverride: 1000, reason: '   ' }, 'reason', DESK_MESSAGES.overrideReasonRequired],
      [{ feeOverride: -1, reason: 'x' }, 'feeOverride', DESK_MESSAGES.feeAmount],
      [{ feeOverride: 10.5, reason: 'x' }, 'feeOverride', DESK_MESSAGES.feeAmount],
      // a wrong type is answered as every route answers one (lib/route.ts)
      [{ feeOverride: '100', reason: 'x' }, 'feeOverride', DESK_MESSAGES.feeAmount],
      [{ feeOverride: netMinor + 1, reason: 'x' }, 'feeOverride', DESK_MESSAGES.feeAbovePaid],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(adminDeskRoutes.cancel, { params: { id: booking.id }, payload: body });
      expect([JSON.stringify(body), res.statusCode, res.json()]).toEqual([
        JSON.stringify(body),
        422,
        [{ fieldName: field, errorMessage: message }],
      ]);
    }
    const unknown = await call(adminDeskRoutes.cancel, { params: { id: booking.id }, payload: { fee: 1 } });
    expect(unknown.statusCode).toBe(422);
    expect(await bookingRow(booking.id)).toEqual(before.row);
    expect((await refundEntries(booking.reference)).length).toBe(before.refunds);
    expect(await auditFor(booking.id)).toEqual([]);

    // a request (nothing paid) has no fee to override
    const request = await newRequest();
    const override = await call(adminDeskRoutes.cancel, {
      params: { id: request.id },
      body: { feeOverride: 0, reason: 'x' },
    });
    expect([override.statusCode, override.json()]).toEqual([
      422,
      [{ fieldName: 'feeOverride', errorMessage: DESK_MESSAGES.nothingPaid }],
    ]);
    expect((await bookingRow(request.id))?.status).toBe('request');
  });

  it('cancels a balance booking with a fee override: refund once to the balance, stock back, one audit row', async () => {
    const world = await createBookingWorld(t.app, t.database.db);
    const booking = await balanceBooking(world);
    const stock = await slotLeft(t.database.db, world.tour.timeslotOfferId, world.date, '18:00');
    const balance = await balanceOf(world.agency.id);
    const netMinor = toMinor(booking.amounts.netTotal);
    const reason = 'Guest fell ill; the supplier waived most of the fee';
    const answers = await Promise.all(
      [1, 2].map(() =>
        call(adminDeskRoutes.cancel, { params: { id: booking.id }, body: { feeOverride: 1_000, reason } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const ok = answers.find((a) => a.statusCode === 200)?.json();
    expect(ok).toMatchObject({ status: 'cancelled', cancellationFee: 10, refundAmount: (netMinor - 1_000) / 100 });
    expect(await balanceOf(world.agency.id)).toBe(balance + netMinor - 1_000);
    expect(await refundEntries(booking.reference)).toHaveLength(1);
    expect((await slotLeft(t.database.db, world.tour.timeslotOfferId, world.date, '18:00'))?.left).toBe(
      (stock?.left ?? 0) + 2,
    );
    expect(await auditFor(booking.id)).toEqual([
      {
        action: 'booking.cancelled',
        entity: 'booking',
        agencyId: world.agency.id,
        actor: operatorId,
        changes: [
          { field: 'status', from: 'completed', to: 'cancelled' },
          { field: 'cancellationFee', from: null, to: '10.00' },
          { field: 'refund', from: null, to: ((netMinor - 1_000) / 100).toFixed(2) },
          { field: 'refundTo', from: null, to: 'balance' },
          { field: 'feeOverrideReason', from: null, to: reason },
        ],
      },
    ]);
    const detail = (await call(adminDeskRoutes.booking, { params: { id: booking.id } })).json();
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['booking.cancelled']);
    await retireTour(t.database.db, world.tour.id);
  });

  it('without an override keeps the policy fee, as the agency would', async () => {
    const booking = await balanceBooking();
    const preview = (await call(adminDeskRoutes.cancellationPreview, { params: { id: booking.id } })).json();
    const res = await call(adminDeskRoutes.cancel, { params: { id: booking.id }, body: {} });
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancellationFee: preview.cancellationFee,
      refundAmount: preview.refundAmount,
    });
    expect(await auditFor(booking.id)).toHaveLength(1);
  });

  it('cancels on the terms the operator saw; a quote paid meanwhile is a 409 that changes nothing', async () => {
    await fund(t.database.db, w.agency.id, 500_000);
    const request = await newRequest();
    expect(
      (await call(bookingRoutes.adminQuote, { params: { id: request.id }, body: { netTotal: 80, validHours: 24 } }))
        .statusCode,
    ).toBe(200);
    // the operator opens the dialog: nothing paid yet, a free cancel
    const seen = (await call(adminDeskRoutes.cancellationPreview, { params: { id: request.id } })).json();
    expect(seen).toMatchObject({ isPaid: false, refundAmount: 0, refundTo: null });
    // the agency pays the quote from its balance meanwhile
    const paid = await injectRoute(t.app, bookingRoutes.pay, {
      params: { id: request.id },
      body: { paymentMethod: 'balance' },
      token: w.tokens.admin,
      idempotencyKey: `desk-terms-${request.id}`,
    });
    expect(paid.json().booking?.status, paid.body).toBe('completed');
    const before = { row: await bookingRow(request.id), balance: await balanceOf(w.agency.id) };
    const expected = { expectedRefund: seen.refundAmount, expectedRefundTo: seen.refundTo };
    const refused = await call(adminDeskRoutes.cancel, { params: { id: request.id }, body: expected });
    expect([refused.statusCode, refused.body]).toEqual([409, BOOKING_MESSAGES.cancellationChanged]);
    // with an override too: the refund it would give is not the one shown
    const withFee = await call(adminDeskRoutes.cancel, {
      params: { id: request.id },
      body: {
        ...expected,
        feeOverride: 500,
        reason: 'Supplier fee',
      },
    });
    expect([withFee.statusCode, withFee.body]).toEqual([409, BOOKING_MESSAGES.cancellationChanged]);
    expect(await bookingRow(request.id)).toEqual(before.row);
    expect(await balanceOf(w.agency.id)).toBe(before.balance);
    expect(await refundEntries(request.reference)).toHaveLength(0);
    expect((await auditFor(request.id)).map((a) => a.action)).toEqual(['booking.quoted']);

    // looked at again: the paid booking's terms, with the operator's fee
    const now = (await call(adminDeskRoutes.cancellationPreview, { params: { id: request.id } })).json();
    expect(now).toMatchObject({ isPaid: true, paidTotal: 80, refundTo: 'balance' });
    const ok = await call(adminDeskRoutes.cancel, {
      params: { id: request.id },
      body: {
        feeOverride: 500,
        reason: 'Supplier fee',
        expectedRefund: 75,
        expectedRefundTo: 'balance',
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'cancelled', refundAmount: 75, cancellationFee: 5 });
    expect(await balanceOf(w.agency.id)).toBe(before.balance + 7_500);
    expect(await refundEntries(request.reference)).toHaveLength(1);
  });

  it('refunds a card booking to the card exactly once under two parallel calls', async () => {
    const { booking, paymentId, chargeId } = await cardBooking();
    const answers = await Promise.all(
      [1, 2].map(() =>
        call(adminDeskRoutes.cancel, { params: { id: booking.id }, body: { feeOverride: 0, reason: 'Our mistake' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const netMinor = toMinor(booking.amounts.netTotal);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'refunded',
      refundedMinor: netMinor,
      refundDueMinor: 0,
      refundAttemptId: null,
    });
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect([charge?.refundedMinor, charge?.refundKeys.length]).toEqual([netMinor, 1]);
    const listed = (await call(adminDeskRoutes.payments, { query: { view: 'refunds', agencyId: w.agency.id } })).json();
    const item = listed.items.find((p: { id: string }) => p.id === paymentId);
    expect(item).toMatchObject({
      paidFor: { kind: 'booking', id: booking.id, reference: booking.reference },
      refund: { state: 'refunded', refunded: minorToMajor(netMinor), owed: 0, canRetry: false },
    });
    expect(await auditFor(booking.id)).toHaveLength(1);
  });
});

describe('card refunds the provider refused: held for the operator, asked again once, or recorded as made', () => {
  it('holds a refused refund from the sweeper; the operator asks again under a new attempt id, once', async () => {
    const { booking, paymentId, chargeId } = await cardBooking();
    const netMinor = toMinor(booking.amounts.netTotal);
    // the provider refuses: the charge looks refunded already
    await t.database.db.update(sandboxCharges).set({ refundedMinor: netMinor }).where(eq(sandboxCharges.id, chargeId));
    const cancelled = await call(adminDeskRoutes.cancel, {
      params: { id: booking.id },
      body: { feeOverride: 0, reason: 'Storm' },
    });
    expect(cancelled.statusCode).toBe(200);
    const failed = (
      await call(adminDeskRoutes.payments, { query: { view: 'failedRefunds', agencyId: w.agency.id } })
    ).json();
    const item = failed.items.find((p: { id: string }) => p.id === paymentId);
    expect(item).toMatchObject({
      failureMessage: `sandbox refused the refund of ${minorToMajor(netMinor).toFixed(2)}.`,
      refund: {
        state: 'needs_check',
        hold: 'refused',
        owed: minorToMajor(netMinor),
        canRetry: true,
        canRecordMade: true,
      },
    });
    // the refusal gave the amount back to what is owed, without an attempt: asked again, it gets a new id
    expect(await paymentRow(paymentId)).toMatchObject({ refundDueMinor: netMinor, refundAttemptId: null });

    // the sweeper does not ask a refused refund again
    await t.database.db.update(sandboxCharges).set({ refundedMinor: 0 }).where(eq(sandboxCharges.id, chargeId));
    await t.app.bookings.sweepExpiredHolds();
    const [untouched] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect([untouched?.refundedMinor, untouched?.refundKeys]).toEqual([0, []]);
    expect((await paymentRow(paymentId))?.refundHold).toBe('refused');

    // the operator has fixed it at the provider and asks again: two clicks at once refund once
    const retries = await Promise.all(
      [1, 2].map(() => call(adminDeskRoutes.retryRefund, { params: { id: paymentId } })),
    );
    expect(retries.map((r) => r.statusCode)).toContain(200);
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect([charge?.refundedMinor, charge?.refundKeys.length]).toEqual([netMinor, 1]);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'refunded',
      refundedMinor: netMinor,
      refundHold: null,
      failureMessage: null,
    });
    const after = await call(adminDeskRoutes.retryRefund, { params: { id: paymentId } });
    expect([after.statusCode, after.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: DESK_MESSAGES.noRefundOwed }],
    ]);
    const made = await call(adminDeskRoutes.recordRefundMade, { params: { id: paymentId } });
    expect([made.statusCode, made.body]).toEqual([409, DESK_MESSAGES.refundNotHeld]);
    expect((await call(adminDeskRoutes.retryRefund, { params: { id: NO_ID } })).statusCode).toBe(404);
    expect((await call(adminDeskRoutes.recordRefundMade, { params: { id: NO_ID } })).statusCode).toBe(404);
  });

  it('records a refused refund the operator made by hand at the provider: once, audited', async () => {
    const { booking, paymentId, chargeId } = await cardBooking();
    const netMinor = toMinor(booking.amounts.netTotal);
    await t.database.db.update(sandboxCharges).set({ refundedMinor: netMinor }).where(eq(sandboxCharges.id, chargeId));
    await call(adminDeskRoutes.cancel, { params: { id: booking.id }, body: { feeOverride: 0, reason: 'Storm' } });
    const auditBefore = (await auditFor(booking.id)).length;
    // an agent cannot
    const agent = await call(adminDeskRoutes.recordRefundMade, { params: { id: paymentId }, token: w.tokens.admin });
    expect(agent.statusCode).toBe(403);
    const answers = await Promise.all(
      [1, 2].map(() => call(adminDeskRoutes.recordRefundMade, { params: { id: paymentId } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const ok = answers.find((a) => a.statusCode === 200)?.json();
    expect(ok.refund).toMatchObject({ state: 'refunded', refunded: minorToMajor(netMinor), owed: 0, hold: null });
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'refunded',
      refundedMinor: netMinor,
      refundDueMinor: 0,
      refundHold: null,
    });
    const audit = await auditFor(booking.id);
    expect(audit.slice(auditBefore)).toEqual([
      {
        action: 'payment.refundRecorded',
        entity: 'booking',
        agencyId: w.agency.id,
        actor: operatorId,
        changes: [{ field: 'refunded', from: '0.00', to: minorToMajor(netMinor).toFixed(2) }],
      },
    ]);
    // nothing was sent to the provider
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect(charge?.refundKeys).toEqual([]);
  });
});
