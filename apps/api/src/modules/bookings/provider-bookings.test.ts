import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bookings, paymentRefunds, payments } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createOperator, loginAs } from '../../../test/factories.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stand-ins/stripe-stand-in.ts';
import { postTapWebhook, startTapStandIn, type TapStandIn } from '../../../test/stand-ins/tap-stand-in.ts';
import {
  bookingBody,
  createBookingWorld,
  postBooking,
  retireTour,
  slotLeft,
  type BookingWorld,
} from '../../../test/booking-fixtures.ts';
import { adminDeskRoutes, bookingRoutes, minorToMajor, toMinor, type RouteDescriptor } from '@portal/contract';
import { injectRoute, routeUrl, type InjectRouteOptions } from '../../../test/inject-route.ts';

// The booking engine with the real provider adapters, pointed at local stand-ins of the providers' APIs.
let stripe: StripeStandIn;
let tap: TapStandIn;
let t: TestApp;
let w: BookingWorld;
let operatorToken = '';
const desk = <R extends RouteDescriptor>(route: R, options: InjectRouteOptions<R> = {}) =>
  injectRoute(t.app, route, { ...options, token: operatorToken });
beforeAll(async () => {
  stripe = await startStripeStandIn();
  tap = await startTapStandIn();
  t = await buildTestApp({
    payment: {
      provider: 'stripe',
      stripeSecretKey: stripe.secretKey,
      stripeWebhookSecret: stripe.webhookSecret,
      stripePublishableKey: 'pk_test_stand_in',
      stripeApiBase: stripe.apiBase,
      tapSecretKey: tap.secretKey,
      tapApiBase: tap.apiBase,
    },
  });
  w = await createBookingWorld(t.app, t.database.db);
  const operator = await createOperator(t.database.db);
  operatorToken = await loginAs(t.app, operator.email);
});
afterAll(async () => {
  await retireTour(t.database.db, w.tour.id);
  await t.close();
  await stripe.close();
  await tap.close();
});

async function paymentOf(bookingId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  if (!row?.providerRef) throw new Error('no provider reference');
  return row;
}

// a signed event delivered to the portal's Stripe webhook, as Stripe sends it
const stripeWebhook = (event: { rawBody: Buffer; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: event.headers, payload: event.rawBody });

// a card booking through Stripe: `card` confirmed at Stripe and its webhook delivered
async function stripeBooking(card: 'pm_card_visa' | 'pm_card_chargeDeclined', date = w.date) {
  const booking = (
    await postBooking(t.app, w.tokens.admin, bookingBody(w, { date }), {
      url: routeUrl(bookingRoutes.createWithPaymentIntent),
    })
  ).json().booking;
  const payment = await paymentOf(booking.id);
  const intent = stripe.confirm(payment.providerRef ?? '', card);
  const type = card === 'pm_card_visa' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
  expect((await stripeWebhook(stripe.signedWebhook(type, intent))).statusCode).toBe(200);
  return { booking, payment, intent };
}

describe('card bookings through Stripe (PaymentIntents + webhooks)', () => {
  it('creates a PaymentIntent for the net total and completes on payment_intent.succeeded, once', async () => {
    const res = await postBooking(t.app, w.tokens.admin, bookingBody(w), {
      url: routeUrl(bookingRoutes.createWithPaymentIntent),
    });
    expect(res.statusCode).toBe(200);
    const booking = res.json().booking;
    expect(booking.payment).toMatchObject({ provider: 'stripe', status: 'pending', redirectUrl: null, amount: 398 });
    expect(booking.payment.clientSecret).toEqual(expect.any(String));
    // the Payment Element on our page confirms the card with the account's publishable key, never the secret one
    expect(booking.payment.publishableKey).toBe('pk_test_stand_in');
    expect(res.body).not.toContain(stripe.secretKey);
    // and the page may load Stripe.js, its frames and its API
    const page = await t.app.inject({ method: 'GET', url: '/checkout' });
    const csp = String(page.headers['content-security-policy']).split(';');
    // (and the home page's first-paint gate, by its hash)
    expect(csp).toContainEqual(
      expect.stringMatching(/^script-src 'self' https:\/\/js\.stripe\.com 'sha256-[\w+/]+=*'$/),
    );
    expect(csp).toContain("frame-src 'self' blob: https://js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    const payment = await paymentOf(booking.id);
    const intent = stripe.intents.get(payment.providerRef ?? '');
    expect(intent).toMatchObject({ amount: 39_800, currency: 'aed' });
    const confirmed = stripe.confirm(payment.providerRef ?? '', 'pm_card_visa');
    const event = stripe.signedWebhook('payment_intent.succeeded', confirmed);
    for (let i = 0; i < 2; i++) expect((await stripeWebhook(event)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'completed', heldUnits: 0 });
    expect(row?.ticketNumbers).toHaveLength(3);
  });

  it('refunds the card by the policy when the agent cancels', async () => {
    const { booking, payment } = await stripeBooking('pm_card_visa');
    const left = await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00');
    const preview = (
      await injectRoute(t.app, bookingRoutes.cancellationPreview, { params: { id: booking.id }, token: w.tokens.admin })
    ).json();
    expect(preview.refundTo).toBe('card');
    const cancelled = await injectRoute(t.app, bookingRoutes.cancel, {
      params: { id: booking.id },
      token: w.tokens.admin,
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: preview.refundAmount });
    const refunds = stripe.refunds.filter((r) => r.payment_intent === payment.providerRef);
    expect(refunds.map((r) => r.amount)).toEqual(preview.refundAmount > 0 ? [toMinor(preview.refundAmount)] : []);
    expect((await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left).toBe((left?.left ?? 0) + 3);
  });

  it('a refund Stripe reports failed later is owed again, waits for the operator and is refunded once when asked', async () => {
    const { booking, payment } = await stripeBooking('pm_card_visa', w.refundableDate);
    const intentId = payment.providerRef ?? '';
    const cancelled = await injectRoute(t.app, bookingRoutes.cancel, {
      params: { id: booking.id },
      token: w.tokens.admin,
    });
    const refundMinor = toMinor(cancelled.json().refundAmount);
    const [made] = stripe.refunds.filter((r) => r.payment_intent === intentId);
    if (!made) throw new Error('no refund at the stand-in');
    // cancelled well ahead: all of it back, the payment refunded
    expect(refundMinor).toBe(payment.amountMinor);
    expect(await paymentOf(booking.id)).toMatchObject({
      status: 'refunded',
      refundedMinor: refundMinor,
      refundDueMinor: 0,
    });
    const [recorded] = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundRef, made.id));
    expect(recorded).toMatchObject({ paymentId: payment.id, amountMinor: refundMinor, status: 'succeeded' });

    // the card was closed: Stripe says so days later
    const failed = stripe.signedWebhook('refund.failed', stripe.failRefund(made.id, 'expired_or_canceled_card'));
    expect((await stripeWebhook(failed)).statusCode).toBe(200);
    const owed = {
      status: 'succeeded',
      refundedMinor: 0,
      refundDueMinor: refundMinor,
      refundHold: 'refused',
      failureMessage: expect.stringMatching(
        new RegExp(
          `^stripe reported the refund of ${minorToMajor(refundMinor).toFixed(2)} failed: expired_or_canceled_card\\.`,
        ),
      ),
    };
    expect(await paymentOf(booking.id)).toMatchObject(owed);
    // the same event again, and another event about the same refund: nothing more changes
    expect((await stripeWebhook(failed)).statusCode).toBe(200);
    expect((await stripeWebhook(stripe.signedWebhook('refund.failed', made))).statusCode).toBe(200);
    expect(await paymentOf(booking.id)).toMatchObject(owed);
    // the sweeper leaves it to the operator
    await t.app.payments.retryDueRefunds();
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    const listed = (
      await desk(adminDeskRoutes.payments, { query: { view: 'failedRefunds', agencyId: w.agency.id } })
    ).json();
    expect(listed.items.find((p: { id: string }) => p.id === payment.id)).toMatchObject({
      refund: { state: 'needs_check', hold: 'refused', owed: minorToMajor(refundMinor), refunded: 0 },
    });
    // the operator asks again: a new refund, once
    const again = await desk(adminDeskRoutes.retryRefund, { params: { id: payment.id } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refund).toMatchObject({ state: 'refunded', hold: null, refunded: minorToMajor(refundMinor) });
    const refunds = stripe.refunds.filter((r) => r.payment_intent === intentId);
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([
      [refundMinor, 'failed'],
      [refundMinor, 'succeeded'],
    ]);
    expect(await paymentOf(booking.id)).toMatchObject({
      refundedMinor: refundMinor,
      refundDueMinor: 0,
      refundHold: null,
    });
  });

  it('a failed refund the portal never made changes nothing and is answered 200', async () => {
    const { booking, intent } = await stripeBooking('pm_card_visa');
    const before = await paymentOf(booking.id);
    // made by hand on Stripe's dashboard, then failed
    const byHand = {
      id: 're_by_hand_1',
      object: 'refund' as const,
      amount: 100,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'failed' as const,
      failure_reason: 'lost_or_stolen_card',
      metadata: {},
      created: Math.floor(Date.now() / 1000),
    };
    expect((await stripeWebhook(stripe.signedWebhook('refund.failed', byHand))).statusCode).toBe(200);
    expect(await paymentOf(booking.id)).toEqual(before);
  });

  it('marks a declined PaymentIntent as Payment Failed and keeps the hold', async () => {
    const { booking } = await stripeBooking('pm_card_chargeDeclined');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'payment_failed', heldUnits: 3 });
  });

  it("another card on the same page: the page's check asks Stripe about the attempt now open", async () => {
    const booking = (
      await postBooking(t.app, w.tokens.admin, bookingBody(w), { url: routeUrl(bookingRoutes.createWithPaymentIntent) })
    ).json().booking;
    const first = await paymentOf(booking.id);
    stripe.confirm(first.providerRef ?? '', 'pm_card_chargeDeclined');
    // the page (its URL names the first attempt) asks, and hears of the decline without a webhook
    const check = () =>
      injectRoute(t.app, bookingRoutes.paymentStatus, { params: { id: first.id }, token: w.tokens.admin });
    expect((await check()).json().booking).toMatchObject({ status: 'payment_failed', canRetryCard: true });
    const retry = await injectRoute(t.app, bookingRoutes.pay, {
      params: { id: booking.id },
      body: { paymentMethod: 'card' },
      token: w.tokens.admin,
      idempotencyKey: `stripe-another-${booking.id}`,
    });
    const second = retry.json().booking.payment;
    expect(second).toMatchObject({ provider: 'stripe', status: 'pending', publishableKey: 'pk_test_stand_in' });
    const [secondRow] = await t.database.db.select().from(payments).where(eq(payments.id, second.id));
    stripe.confirm(secondRow?.providerRef ?? '', 'pm_card_visa');
    // the same URL's check now completes the booking with the second attempt
    expect((await check()).json().booking).toMatchObject({
      status: 'completed',
      payment: { id: second.id, status: 'succeeded' },
    });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'completed', paidPaymentId: second.id });
  });
});

describe('card bookings through Tap (charges + webhooks)', () => {
  it('creates a Tap charge, sends the agent to its page and completes on the CAPTURED webhook', async () => {
    const res = await postBooking(t.app, w.tokens.admin, bookingBody(w), {
      url: routeUrl(bookingRoutes.createWithTapCharge),
    });
    const booking = res.json().booking;
    expect(booking.payment).toMatchObject({
      provider: 'tap',
      status: expect.stringMatching(/pending|requires_action/),
    });
    expect(booking.payment.redirectUrl).toEqual(expect.any(String));
    const payment = await paymentOf(booking.id);
    expect(tap.charges.get(payment.providerRef ?? '')).toMatchObject({ currency: 'AED' });
    tap.complete(payment.providerRef ?? '', 'CAPTURED');
    const bad = await postTapWebhook(t.app, tap, payment.providerRef ?? '', { hashstring: 'f'.repeat(64) });
    expect(bad.statusCode).toBe(400);
    expect((await postTapWebhook(t.app, tap, payment.providerRef ?? '')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('completed');
  });
});

// Tap documents no idempotency key for refunds: an attempt whose answer was lost is never asked again blindly
describe('Tap refunds whose answer was lost', () => {
  // a full refund's tier at any hour the suite runs
  async function capturedTapBooking() {
    const body = bookingBody(w, { adults: 2, children: 0, date: w.refundableDate });
    const res = await postBooking(t.app, w.tokens.admin, body, {
      url: routeUrl(bookingRoutes.createWithTapCharge),
    });
    const booking = res.json().booking;
    const payment = await paymentOf(booking.id);
    tap.complete(payment.providerRef ?? '', 'CAPTURED');
    await postTapWebhook(t.app, tap, payment.providerRef ?? '');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('completed');
    return { booking, payment };
  }
  const refundsAtTap = (chargeId: string) => tap.refunds.filter((r) => r.charge_id === chargeId);
  const refundCalls = () => tap.requests.filter((r) => r.method === 'POST' && r.path === '/v2/refunds').length;
  async function cancelAndLoseAnswer(lost: 'made' | 'not-made') {
    const { booking, payment } = await capturedTapBooking();
    tap.lostRefundAnswers.push(lost);
    const cancelled = await injectRoute(t.app, bookingRoutes.cancel, {
      params: { id: booking.id },
      token: w.tokens.admin,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [held] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(held).toMatchObject({ refundHold: 'unconfirmed', refundedMinor: 0 });
    expect(held?.refundAttemptId).toEqual(expect.any(String));
    expect(held?.failureMessage).toContain(held?.refundAttemptId ?? 'no attempt');
    // the sweeper, even long after the attempt's lease, does not ask Tap again
    const calls = refundCalls();
    await t.database.db
      .update(payments)
      .set({ refundAttemptUntil: sql`now() - interval '1 hour'` })
      .where(eq(payments.id, payment.id));
    await t.app.bookings.sweepExpiredHolds();
    expect(refundCalls()).toBe(calls);
    return { booking, payment: held ?? payment };
  }

  it('waits for the operator, who finds the refund made at Tap and records it: refunded once', async () => {
    const { payment } = await cancelAndLoseAnswer('made');
    const chargeId = payment.providerRef ?? '';
    expect(refundsAtTap(chargeId)).toHaveLength(1);
    const listed = (
      await desk(adminDeskRoutes.payments, { query: { view: 'failedRefunds', agencyId: w.agency.id } })
    ).json();
    expect(listed.items.find((p: { id: string }) => p.id === payment.id)).toMatchObject({
      refund: {
        state: 'needs_check',
        hold: 'unconfirmed',
        owed: minorToMajor(payment.amountMinor),
        canRecordMade: true,
      },
    });
    const made = await desk(adminDeskRoutes.recordRefundMade, { params: { id: payment.id } });
    expect(made.statusCode, made.body).toBe(200);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'refunded', refundedMinor: payment.amountMinor, refundHold: null });
    expect(refundsAtTap(chargeId)).toHaveLength(1);
    expect((await desk(adminDeskRoutes.recordRefundMade, { params: { id: payment.id } })).statusCode).toBe(409);
  });

  it('asks Tap again only when the operator, having looked, asks: then refunded once', async () => {
    const { payment } = await cancelAndLoseAnswer('not-made');
    const chargeId = payment.providerRef ?? '';
    expect(refundsAtTap(chargeId)).toHaveLength(0);
    const again = await desk(adminDeskRoutes.retryRefund, { params: { id: payment.id } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refund).toMatchObject({ state: 'refunded', hold: null });
    expect(refundsAtTap(chargeId).map((r) => r.amount)).toEqual([minorToMajor(payment.amountMinor)]);
  });
});
