import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, addDays, bookingRoutes, chargedTotal, siteCharges } from '@portal/contract';
import { agencies, bookings, payments, sandboxCharges, slots, webhookEvents } from '../../db/schema/index.ts';
import { SANDBOX_CARD, payOnSandboxPage } from '../../../test/sandbox-pay.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';
import { buildSandboxEvent } from '../payments/providers/sandbox.ts';
import { readBalance } from '../ledger/ledger.repo.ts';
import { bookingBody, postBooking, slotLeft, bookingSuite } from '../../../test/booking-fixtures.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

const { t, w } = bookingSuite();

const CARD = SANDBOX_CARD;

async function cardBooking(overrides: Record<string, unknown> = {}) {
  const res = await postBooking(t.app, w.tokens.admin, bookingBody(w, overrides), {
    url: routeUrl(bookingRoutes.createWithPaymentIntent),
  });
  expect(res.statusCode).toBe(200);
  const booking = res.json().booking;
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
  if (!payment?.providerRef) throw new Error('no sandbox charge');
  return { booking, payment, chargeId: payment.providerRef };
}

async function bookingRow(id: string) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

// the card goes through at the sandbox and its signed webhook arrives (without the pay page, which would refuse a
// booking cancelled meanwhile)
async function chargeSucceeds(chargeId: string) {
  await t.database.db.update(sandboxCharges).set({ status: 'succeeded' }).where(eq(sandboxCharges.id, chargeId));
  const secret = loadOrCreateSecret(t.dataDir, 'sandbox-webhook');
  const { rawBody, headers } = buildSandboxEvent(chargeId, { status: 'succeeded', failureMessage: null }, secret);
  return t.app.inject({ method: 'POST', url: '/api/payments/sandbox/webhook', headers, payload: rawBody });
}

// the hold runs out while the provider still waits for the card, and the sweeper releases it
async function holdExpiresUnpaid(bookingId: string, chargeId: string) {
  await t.database.db
    .update(bookings)
    .set({ holdExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(bookings.id, bookingId));
  await t.database.db.update(sandboxCharges).set({ status: 'requires_action' }).where(eq(sandboxCharges.id, chargeId));
  await t.app.bookings.sweepExpiredHolds();
}

async function setTenOClockLeft(date: string, left: number) {
  await t.database.db
    .update(slots)
    .set({ left })
    .where(
      sql`${slots.offerId} = ${w.tour.timeslotOfferId} AND ${slots.date} = ${date} AND ${slots.startTime} = '10:00'`,
    );
}

describe("the sandbox pay page speaks the agency's language (issue 9: it was English on the Russian site)", () => {
  it('shows a Russian agency the page, the tour and the card errors in Russian', async () => {
    await t.database.db.update(agencies).set({ language: 'ru' }).where(eq(agencies.id, w.agency.id));
    try {
      const { booking, chargeId } = await cardBooking();
      const row = await bookingRow(booking.id);
      const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/pay/${chargeId}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="ru">');
      expect(page.body).toContain('<h1>Оплата картой</h1>');
      expect(page.body).toContain('Отменить и вернуться');
      expect(page.body).toContain(`${row?.tourTitle.ru} — ${row?.offerName.ru}`);
      expect(page.body).not.toContain('Pay by card');
      const wrong = await payOnSandboxPage(t.app, chargeId, '1234 5678 9012 3456');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.body).toContain('<p class="error" role="alert">Неверный номер карты.</p>');
    } finally {
      await t.database.db.update(agencies).set({ language: 'en' }).where(eq(agencies.id, w.agency.id));
    }
  });

  it('and an English agency in English', async () => {
    const { chargeId } = await cardBooking();
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/pay/${chargeId}` });
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<h1>Pay by card</h1>');
  });
});

describe('POST /api/b2b/bookings/withpaymentintent (sandbox provider)', () => {
  it('holds the stock, sends the agent to the hosted page, and completes on a good card', async () => {
    const before = await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00');
    const balance = await readBalance(t.database.db, w.agency.id, 'aed');
    const { booking, chargeId } = await cardBooking();
    expect(booking).toMatchObject({
      status: 'pending_payment',
      statusLabel: 'Pending Payment',
      paymentMethod: 'card',
      documents: null,
    });
    expect(booking.payment).toMatchObject({ provider: 'sandbox', status: 'pending', amount: 398, currencyCode: 'aed' });
    expect(booking.payment.redirectUrl).toMatch(new RegExp(`/api/payments/sandbox/pay/${chargeId}$`));
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(
      (before?.left ?? 0) - 3,
    );

    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/pay/${chargeId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('4242 4242 4242 4242');
    const paid = await payOnSandboxPage(t.app, chargeId, CARD.ok);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain(`/checkout?booking=${booking.id}&payment=`);

    const status = await injectRoute(t.app, bookingRoutes.paymentStatus, {
      params: { id: booking.payment.id },
      token: w.tokens.admin,
    });
    expect(status.json().booking).toMatchObject({ status: 'completed', payment: { status: 'succeeded' } });
    expect(status.json().booking.ticketNumbers).toHaveLength(3);
    // a card booking does not touch the prepaid balance
    expect(await readBalance(t.database.db, w.agency.id, 'aed')).toEqual(balance);
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(
      (before?.left ?? 0) - 3,
    );
  });

  it('keeps the hold after a declined card so the agent can try another card', async () => {
    const before = await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00');
    const { booking, chargeId } = await cardBooking();
    const declined = await payOnSandboxPage(t.app, chargeId, CARD.declined);
    expect(declined.statusCode).toBe(303);
    const failed = (
      await injectRoute(t.app, bookingRoutes.detail, { params: { id: booking.id }, token: w.tokens.admin })
    ).json();
    expect(failed).toMatchObject({
      status: 'payment_failed',
      statusLabel: 'Payment Failed',
      payment: { status: 'failed', failureMessage: 'Your card was declined.' },
      canRetryCard: true,
      isHoldExpired: false,
    });
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(
      (before?.left ?? 0) - 3,
    );

    const retry = await injectRoute(t.app, bookingRoutes.pay, {
      params: { id: booking.id },
      body: { paymentMethod: 'card' },
      token: w.tokens.admin,
    });
    expect(retry.statusCode).toBe(200);
    const second = retry.json().booking.payment;
    expect(second.id).not.toBe(booking.payment.id);
    const [charge] = await t.database.db.select().from(payments).where(eq(payments.id, second.id));
    await payOnSandboxPage(t.app, charge?.providerRef ?? '', CARD.ok);
    expect((await bookingRow(booking.id))?.status).toBe('completed');
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(
      (before?.left ?? 0) - 3,
    );
  });

  it('releases an expired hold through the sweeper after asking the provider', async () => {
    const before = await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00');
    const { booking, chargeId } = await cardBooking();
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    expect(await t.app.bookings.sweepExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'payment_failed', heldUnits: 0 });
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(before?.left);
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect(charge?.status).toBe('cancelled');
    const retry = await injectRoute(t.app, bookingRoutes.pay, {
      params: { id: booking.id },
      body: { paymentMethod: 'card' },
      token: w.tokens.admin,
    });
    // the hold lapsed unpaid: the refusal says so, and nothing changes
    expect([retry.statusCode, retry.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: BOOKING_MESSAGES.holdExpired }],
    ]);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'payment_failed', heldUnits: 0, stockUnits: 0 });
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(before?.left);
    expect(await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
    const view = (
      await injectRoute(t.app, bookingRoutes.detail, { params: { id: booking.id }, token: w.tokens.admin })
    ).json();
    expect(view).toMatchObject({ status: 'payment_failed', canRetryCard: false, isHoldExpired: true });
  });

  it('a payment cancelled on the pay page comes back unpaid at once and another card pays the same hold', async () => {
    const before = await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00');
    const { booking, payment, chargeId } = await cardBooking();
    const held = await bookingRow(booking.id);
    const events = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, 'sandbox'));
    const cancelOnPage = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/pay/${chargeId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'step=cancel',
      });
    const cancelled = await cancelOnPage();
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toContain(`/checkout?booking=${booking.id}&payment=${payment.id}`);
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect(charge?.status).toBe('cancelled');
    const [paymentRow] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(paymentRow).toMatchObject({ status: 'cancelled', failureMessage: BOOKING_MESSAGES.paymentCancelled });
    // not paid, and the seats stay held for the same 15 minutes
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'payment_failed',
      heldUnits: 3,
      holdExpiresAt: held?.holdExpiresAt,
    });
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(
      (before?.left ?? 0) - 3,
    );
    const status = await injectRoute(t.app, bookingRoutes.paymentStatus, {
      params: { id: payment.id },
      token: w.tokens.admin,
    });
    expect(status.json().booking).toMatchObject({
      status: 'payment_failed',
      statusLabel: 'Payment Failed',
      canRetryCard: true,
      isHoldExpired: false,
      payment: { id: payment.id, status: 'cancelled', failureMessage: BOOKING_MESSAGES.paymentCancelled },
    });
    // a second press of Cancel (the back button, a double click) tells the portal nothing new
    const again = await cancelOnPage();
    expect(again.statusCode).toBe(303);
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, 'sandbox'))).toHaveLength(
      events.length + 1,
    );

    const retry = await injectRoute(t.app, bookingRoutes.pay, {
      params: { id: booking.id },
      body: { paymentMethod: 'card' },
      token: w.tokens.admin,
      idempotencyKey: 'retry-after-cancel-1',
    });
    expect(retry.statusCode).toBe(200);
    const next = retry.json().booking;
    expect(next).toMatchObject({ status: 'pending_payment', canRetryCard: false, payment: { status: 'pending' } });
    expect(next.payment.id).not.toBe(payment.id);
    expect(await bookingRow(booking.id)).toMatchObject({ heldUnits: 3, holdExpiresAt: held?.holdExpiresAt });
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(
      (before?.left ?? 0) - 3,
    );
    const [second] = await t.database.db.select().from(payments).where(eq(payments.id, next.payment.id));
    await payOnSandboxPage(t.app, second?.providerRef ?? '', CARD.ok);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'completed', paidPaymentId: next.payment.id });
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(
      (before?.left ?? 0) - 3,
    );
    // paid once: the cancelled attempt charged nothing
    const [first] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect(first).toMatchObject({ status: 'cancelled', refundedMinor: 0 });
  });

  it('a pay page left without an answer: another card closes that charge first, and only the new one pays', async () => {
    const before = await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00');
    const { booking, payment, chargeId } = await cardBooking();
    const held = await bookingRow(booking.id);
    // the agent went back from the pay page: nothing was answered, the booking still waits for the money
    const status = await injectRoute(t.app, bookingRoutes.paymentStatus, {
      params: { id: payment.id },
      token: w.tokens.admin,
    });
    expect(status.json().booking).toMatchObject({ status: 'pending_payment', payment: { status: 'pending' } });

    const pay = (key: string) =>
      injectRoute(t.app, bookingRoutes.pay, {
        params: { id: booking.id },
        body: { paymentMethod: 'card' },
        token: w.tokens.admin,
        idempotencyKey: key,
      });
    const retry = await pay(`another-card-${booking.id}`);
    expect(retry.statusCode).toBe(200);
    const next = retry.json().booking;
    expect(next).toMatchObject({ status: 'pending_payment', payment: { status: 'pending' } });
    expect(next.payment.id).not.toBe(payment.id);
    // the first charge is closed at the provider: it can no longer take money
    const [first] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect(first?.status).toBe('cancelled');
    const [firstPayment] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(firstPayment?.status).toBe('cancelled');
    await payOnSandboxPage(t.app, chargeId, CARD.ok);
    const [stillClosed] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect(stillClosed?.status).toBe('cancelled');
    // the seats stay held for the same 15 minutes, and the new charge pays them once
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'pending_payment',
      heldUnits: 3,
      holdExpiresAt: held?.holdExpiresAt,
    });
    const [second] = await t.database.db.select().from(payments).where(eq(payments.id, next.payment.id));
    expect((await payOnSandboxPage(t.app, second?.providerRef ?? '', CARD.ok)).statusCode).toBe(303);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'completed', paidPaymentId: next.payment.id });
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(
      (before?.left ?? 0) - 3,
    );
    const charges = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(charges.map((c) => c.status).sort()).toEqual(['cancelled', 'succeeded']);
  });

  it('a pay page left open but paid meanwhile: another card charges nothing and shows the booking completed', async () => {
    const { booking, payment, chargeId } = await cardBooking();
    // paid at the provider; its webhook has not arrived yet
    await t.database.db.update(sandboxCharges).set({ status: 'succeeded' }).where(eq(sandboxCharges.id, chargeId));
    const retry = await injectRoute(t.app, bookingRoutes.pay, {
      params: { id: booking.id },
      body: { paymentMethod: 'card' },
      token: w.tokens.admin,
      idempotencyKey: `paid-meanwhile-${booking.id}`,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      message: null,
      booking: { status: 'completed', payment: { id: payment.id, status: 'succeeded' } },
    });
    const charges = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(charges).toHaveLength(1);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'completed', paidPaymentId: payment.id });
  });

  it('refunds a payment that succeeds after its hold expired when no stock is left', async () => {
    const date = addDays(w.tour.today, 3);
    const { booking, chargeId } = await cardBooking({ date, time: '10:00' });
    // the provider has not heard of the payment yet when the sweeper asks, so the hold is released
    await holdExpiresUnpaid(booking.id, chargeId);
    // the stock goes to someone else, then the late payment arrives
    await setTenOClockLeft(date, 0);
    const res = await chargeSucceeds(chargeId);
    expect(res.statusCode).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'cancelled', refundMinor: 39_800 });
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect(charge?.refundedMinor).toBe(39_800);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ status: 'refunded', refundedMinor: 39_800 });
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, date, '10:00'))?.left).toBe(0);
  });

  it('completes a late payment when the stock is still there', async () => {
    const date = addDays(w.tour.today, 3);
    await setTenOClockLeft(date, 10);
    const { booking, chargeId } = await cardBooking({ date, time: '10:00' });
    await holdExpiresUnpaid(booking.id, chargeId);
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, date, '10:00'))?.left).toBe(10);
    await chargeSucceeds(chargeId);
    expect((await bookingRow(booking.id))?.status).toBe('completed');
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, date, '10:00'))?.left).toBe(7);
  });

  it('ignores a duplicate webhook and refuses a bad signature', async () => {
    const { booking, chargeId } = await cardBooking();
    const secret = loadOrCreateSecret(t.dataDir, 'sandbox-webhook');
    const { rawBody, headers, event } = buildSandboxEvent(
      chargeId,
      { status: 'succeeded', failureMessage: null },
      secret,
    );
    const deliver = () =>
      t.app.inject({ method: 'POST', url: '/api/payments/sandbox/webhook', headers, payload: rawBody });
    const first = await deliver();
    expect(first.statusCode).toBe(200);
    const afterFirst = await bookingRow(booking.id);
    const left = await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00');
    const second = await deliver();
    expect(second.statusCode).toBe(200);
    expect(await bookingRow(booking.id)).toEqual(afterFirst);
    expect(await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00')).toEqual(left);
    const rows = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    expect(rows).toHaveLength(1);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/webhook',
      headers: { ...headers, 'x-sandbox-signature': 't=1,v1=' + '0'.repeat(64) },
      payload: rawBody,
    });
    expect([forged.statusCode, forged.body]).toEqual([400, 'Invalid webhook signature']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/nope/webhook', payload: rawBody, headers })).statusCode,
    ).toBe(404);
  });

  it('cancels an unpaid card hold free of charge and gives the stock back', async () => {
    const before = await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00');
    const { booking, chargeId } = await cardBooking();
    const res = await injectRoute(t.app, bookingRoutes.cancel, { params: { id: booking.id }, token: w.tokens.admin });
    expect(res.json()).toMatchObject({ status: 'cancelled', refundAmount: null });
    expect(await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00')).toEqual(before);
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect(charge?.status).toBe('cancelled');
  });
});

describe('a cancel carries the terms the agent saw (the preview)', () => {
  const cancelWith = (id: string, payload?: unknown) =>
    injectRoute(t.app, bookingRoutes.cancel, { params: { id }, payload, token: w.tokens.admin });
  const preview = async (id: string) =>
    (await injectRoute(t.app, bookingRoutes.cancellationPreview, { params: { id }, token: w.tokens.admin })).json() as {
      refundAmount: number;
      refundTo: 'balance' | 'card' | null;
      cancellationFee: number;
    };
  const expectationOf = (p: { refundAmount: number; refundTo: 'balance' | 'card' | null }) => ({
    expectedRefund: p.refundAmount,
    expectedRefundTo: p.refundTo,
  });

  it('is refused when the card payment completed after the agent looked at a free cancel of the hold', async () => {
    const { booking, chargeId } = await cardBooking();
    const seen = await preview(booking.id);
    expect(seen).toMatchObject({ refundAmount: 0, refundTo: null, cancellationFee: 0 });
    // the customer's card goes through while the dialog is open
    await chargeSucceeds(chargeId);
    const paid = await bookingRow(booking.id);
    expect(paid?.status).toBe('completed');
    const left = await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00');

    const refused = await cancelWith(booking.id, expectationOf(seen));
    expect([refused.statusCode, refused.body]).toEqual([409, BOOKING_MESSAGES.cancellationChanged]);
    // nothing changed: still paid and booked, the seats still taken, nothing owed back to the card
    expect(await bookingRow(booking.id)).toEqual(paid);
    expect(await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00')).toEqual(left);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ status: 'succeeded', refundedMinor: 0, refundDueMinor: 0 });

    // looked at again: the terms of a paid booking, and the cancel goes through with them
    const now = await preview(booking.id);
    expect(now.refundTo).toBe('card');
    const done = await cancelWith(booking.id, expectationOf(now));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'cancelled', refundAmount: now.refundAmount });
  });

  it('is refused for another refund amount or destination; without the terms it takes those of the moment', async () => {
    const { booking, chargeId } = await cardBooking();
    await chargeSucceeds(chargeId);
    const seen = await preview(booking.id);
    const before = await bookingRow(booking.id);
    for (const wrong of [
      { ...expectationOf(seen), expectedRefund: seen.refundAmount + 0.01 },
      { ...expectationOf(seen), expectedRefundTo: 'balance' },
      { ...expectationOf(seen), expectedRefundTo: null },
    ]) {
      const res = await cancelWith(booking.id, wrong);
      expect([res.statusCode, res.body]).toEqual([409, BOOKING_MESSAGES.cancellationChanged]);
    }
    for (const [garbage, field] of [
      [{ expectedRefund: -1 }, 'expectedRefund'],
      [{ expectedRefund: 'all of it' }, 'expectedRefund'],
      [{ expectedRefundTo: 'cash' }, 'expectedRefundTo'],
    ] as const) {
      const res = await cancelWith(booking.id, garbage);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([expect.objectContaining({ fieldName: field })]);
    }
    expect(await bookingRow(booking.id)).toEqual(before);
    const plain = await cancelWith(booking.id);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ status: 'cancelled', refundAmount: seen.refundAmount });
  });
});

describe('card payments that arrive when they can no longer be honoured', () => {
  it('refunds in full a payment that succeeds after the agent cancelled the booking', async () => {
    const { booking, chargeId } = await cardBooking();
    await t.database.db
      .update(sandboxCharges)
      .set({ status: 'requires_action' })
      .where(eq(sandboxCharges.id, chargeId));
    // the charge cannot be cancelled any more at the provider (the customer is on the 3-D Secure step)…
    const cancelled = await injectRoute(t.app, bookingRoutes.cancel, {
      params: { id: booking.id },
      token: w.tokens.admin,
    });
    expect(cancelled.json().status).toBe('cancelled');
    // …and then it goes through
    expect((await chargeSucceeds(chargeId)).statusCode).toBe(200);
    expect((await bookingRow(booking.id))?.status).toBe('cancelled');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ status: 'refunded', refundedMinor: 39_800, refundDueMinor: 0 });
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect(charge?.refundedMinor).toBe(39_800);
  });

  it('refunds in full a charge for an earlier price; the booking keeps waiting for what it costs now', async () => {
    const before = await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00');
    const { booking, chargeId } = await cardBooking();
    // the price changed while this charge stayed open (a quote given again after a charge that was not closed)
    await t.database.db
      .update(bookings)
      .set({ netTotalMinor: sql`${bookings.netTotalMinor} + 10000` })
      .where(eq(bookings.id, booking.id));
    const paid = await payOnSandboxPage(t.app, chargeId, CARD.ok);
    expect(paid.statusCode).toBe(303);
    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ status: 'pending_payment', paidPaymentId: null, netTotalMinor: 49_800 });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({
      status: 'refunded',
      amountMinor: 39_800,
      refundedMinor: 39_800,
      refundDueMinor: 0,
    });
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    expect(charge?.refundedMinor).toBe(39_800);
    // the seats stay held for a charge of the right amount
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe(
      (before?.left ?? 0) - 3,
    );
  });

  it('answers a webhook for a charge it does not know with an error, so the provider retries it', async () => {
    const secret = loadOrCreateSecret(t.dataDir, 'sandbox-webhook');
    const { rawBody, headers } = buildSandboxEvent(
      'sbx_ch_unknown',
      { status: 'succeeded', failureMessage: null },
      secret,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/webhook', headers, payload: rawBody });
    expect(res.statusCode).toBe(500);
    const rows = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, 'sandbox'));
    expect(rows.map((r) => r.eventId)).not.toContain(JSON.parse(rawBody.toString()).id);
  });
});

describe('Russian site card surcharge', () => {
  it('adds 2% to a card payment and drops it when the agent pays the same hold from the balance', async () => {
    const { createAgency, loginAs } = await import('../../../test/factories.ts');
    const { fund } = await import('../../../test/booking-fixtures.ts');
    const volga = await createAgency(t.database.db, { siteId: 'ru', currency: 'usd' });
    await fund(t.database.db, volga.id, 100_000, 'usd');
    const token = await loginAs(t.app, volga.users.admin.email);
    const res = await postBooking(t.app, token, bookingBody(w, { adults: 2, children: 0 }), {
      url: routeUrl(bookingRoutes.createWithPaymentIntent),
    });
    const booking = res.json().booking;
    // 2 × 144 AED = 288 AED → 2 × 39.45 USD = 78.90; +2 % = 1.58
    expect(booking.amounts).toMatchObject({
      currencyCode: 'usd',
      netBeforeDiscount: 78.9,
      cardSurcharge: 1.58,
      netTotal: 80.48,
    });
    expect(booking.amounts.tax).toBeCloseTo(4.83, 2);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    await payOnSandboxPage(t.app, payment?.providerRef ?? '', CARD.declined);
    const paid = await injectRoute(t.app, bookingRoutes.pay, {
      params: { id: booking.id },
      body: { paymentMethod: 'balance' },
      token,
    });
    expect(paid.json().booking).toMatchObject({
      status: 'completed',
      paymentMethod: 'balance',
      amounts: { cardSurcharge: 0, netTotal: 78.9 },
    });
    expect((await readBalance(t.database.db, volga.id, 'usd')).balanceMinor).toBe(100_000 - 7_890);
  });

  it('charges a partner site in USD no surcharge, and the token tells the web which rule applies', async () => {
    const { createAgency, loginAs } = await import('../../../test/factories.ts');
    const partner = await createAgency(t.database.db, { siteId: 'oasis', currency: 'usd' });
    const token = await loginAs(t.app, partner.users.admin.email);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.siteKind).toBe('partner');
    const res = await postBooking(t.app, token, bookingBody(w, { adults: 2, children: 0 }), {
      url: routeUrl(bookingRoutes.createWithPaymentIntent),
    });
    expect(res.json().booking.amounts).toMatchObject({
      currencyCode: 'usd',
      netBeforeDiscount: 78.9,
      cardSurcharge: 0,
      netTotal: 78.9,
      tax: null,
      fee: null,
    });
    // the web's preview runs the same rule: what it shows is what the server charged
    const preview = chargedTotal(siteCharges(claims.siteKind), { netMinor: 7_890, promoPercent: null, method: 'card' });
    expect(preview).toEqual({
      discountMinor: 0,
      cardSurchargeMinor: 0,
      totalMinor: 7_890,
      taxMinor: null,
      feeMinor: null,
    });
    const ru = chargedTotal(siteCharges('ru'), { netMinor: 7_890, promoPercent: null, method: 'card' });
    expect(ru).toEqual({ discountMinor: 0, cardSurchargeMinor: 158, totalMinor: 8_048, taxMinor: 483, feeMinor: 322 });
  });
});
