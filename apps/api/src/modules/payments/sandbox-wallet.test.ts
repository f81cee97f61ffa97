import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, balanceRoutes, bookingRoutes } from '@portal/contract';
import { agencies, payments, sandboxCharges, topUps, webhookEvents } from '../../db/schema/index.ts';
import {
  SANDBOX_CARD,
  closeSandboxWallet,
  payOnSandboxPage,
  payWithSandboxWallet,
  postSandboxForm,
} from '../../../test/sandbox-pay.ts';
import { readBalance } from '../ledger/ledger.repo.ts';
import { bookingBody, postBooking, bookingSuite } from '../../../test/booking-fixtures.ts';
import { SANDBOX_MESSAGES } from './sandbox-cards.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

// SPEC §8 (wallet payments): the sandbox's hosted page offers a test wallet beside the card. Its sheet asks the payer's
// name and e-mail; closed or sent without them it says 'Please enter your personal information to complete the
// booking' and changes nothing; completed, it pays like a card — the same charge move and the same signed event
// through the portal's webhook handler, so the booking or top-up is paid once, on the provider's word.
const { t, w } = bookingSuite({}, { balanceMinor: 0 });

const PERSONAL = BOOKING_MESSAGES.personalInformation;
const CARD_DETAILS = BOOKING_MESSAGES.enterCardDetails;
const payPath = (chargeId: string) => `/api/payments/sandbox/pay/${chargeId}`;
// the page's text as a reader sees it (apostrophes and quotes are escaped in the markup)
const textOf = (html: string) =>
  html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
let keys = 0;

async function cardBooking() {
  const res = await postBooking(t.app, w.tokens.admin, bookingBody(w), {
    url: routeUrl(bookingRoutes.createWithPaymentIntent),
  });
  expect(res.statusCode, res.body).toBe(200);
  const booking = res.json().booking;
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
  if (!payment?.providerRef) throw new Error('no sandbox charge');
  return { booking, chargeId: payment.providerRef };
}

async function cardTopUp(amount: number) {
  const res = await injectRoute(t.app, balanceRoutes.topUp, {
    body: { method: 'card', amount, currencyCode: 'aed' },
    token: w.tokens.admin,
    idempotencyKey: `wallet-top-up-${Date.now()}-${keys++}`,
  });
  expect(res.statusCode).toBe(200);
  const view = res.json();
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.topUpId, view.id));
  if (!payment?.providerRef) throw new Error('no sandbox charge');
  return { topUpId: view.id as string, chargeId: payment.providerRef };
}

async function bookingState(bookingId: string, paymentId: string) {
  const res = await injectRoute(t.app, bookingRoutes.paymentStatus, {
    params: { id: paymentId },
    token: w.tokens.admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  const booking = res.json().booking;
  expect(booking.id).toBe(bookingId);
  return { status: booking.status as string, payment: booking.payment?.status as string };
}

async function chargeStatus(chargeId: string) {
  const [row] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
  return row?.status;
}

async function sandboxEvents() {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEvents)
    .where(eq(webhookEvents.provider, 'sandbox'));
  return row?.n ?? 0;
}

async function topUpStatus(topUpId: string) {
  const [row] = await t.database.db.select({ status: topUps.status }).from(topUps).where(eq(topUps.id, topUpId));
  return row?.status;
}

const balance = async () => (await readBalance(t.database.db, w.agency.id, 'aed')).balanceMinor;

describe('GET /api/payments/sandbox/pay/:id (the test wallet)', () => {
  it('offers "Pay with test wallet" beside the card form; ?sheet=wallet opens its sheet over the page', async () => {
    const { chargeId } = await cardBooking();
    const page = await t.app.inject({ method: 'GET', url: payPath(chargeId) });
    expect(page.statusCode).toBe(200);
    // a page under the API's paths gets a document's headers back, beside its own policy (docs/decisions/0153)
    expect(page.headers).toMatchObject({ 'x-frame-options': 'SAMEORIGIN', 'referrer-policy': 'no-referrer' });
    expect(page.headers['content-security-policy']).toContain("default-src 'none'; style-src 'unsafe-inline'");
    expect(page.body).toContain('Pay with test wallet');
    expect(page.body).toContain('name="cardNumber"');
    expect(page.body).not.toContain('role="dialog"');

    const sheet = await t.app.inject({ method: 'GET', url: `${payPath(chargeId)}?sheet=wallet` });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.body).toContain('role="dialog"');
    expect(sheet.body).toContain('<main inert>');
    for (const field of ['name="name"', 'name="email"', 'value="wallet"', 'value="wallet-dismiss"'])
      expect(sheet.body).toContain(field);
    expect(sheet.body).not.toContain('<script');
    // opening the sheet changes nothing
    expect(await chargeStatus(chargeId)).toBe('pending');
  });
});

describe('POST /api/payments/sandbox/pay/:id (the test wallet)', () => {
  it('a card booking paid with the test wallet completes once: one succeeded event, as a card', async () => {
    const { booking, chargeId } = await cardBooking();
    const events = await sandboxEvents();
    const paid = await payWithSandboxWallet(t.app, chargeId);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain(`/checkout?booking=${booking.id}&payment=`);
    expect(await chargeStatus(chargeId)).toBe('succeeded');
    expect(await sandboxEvents()).toBe(events + 1);
    expect(await bookingState(booking.id, booking.payment.id)).toEqual({ status: 'completed', payment: 'succeeded' });

    // sent again (a double click, the browser's Back): the page shows the outcome, nothing more is paid or told
    const again = await payWithSandboxWallet(t.app, chargeId);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(payPath(chargeId));
    const card = await payOnSandboxPage(t.app, chargeId, SANDBOX_CARD.ok);
    expect(card.headers.location).toBe(payPath(chargeId));
    expect(await sandboxEvents()).toBe(events + 1);
    const shown = await t.app.inject({ method: 'GET', url: payPath(chargeId) });
    expect(shown.body).toContain('Payment successful');
    expect(shown.body).not.toContain('Pay with test wallet');
  });

  it('a card top-up paid with the test wallet credits the amount once, the fee never', async () => {
    const before = await balance();
    const { topUpId, chargeId } = await cardTopUp(500);
    const paid = await payWithSandboxWallet(t.app, chargeId, { name: 'Layla Haddad', email: 'layla@example.test' });
    expect(paid.statusCode).toBe(303);
    expect(await topUpStatus(topUpId)).toBe('credited');
    expect(await balance()).toBe(before + 50_000);

    await payWithSandboxWallet(t.app, chargeId);
    await t.app.bookings.sweepExpiredHolds();
    expect(await balance()).toBe(before + 50_000);
  });

  it(`closing the sheet says '${PERSONAL}' and changes nothing; the card still pays after`, async () => {
    const { booking, chargeId } = await cardBooking();
    const events = await sandboxEvents();
    const closed = await closeSandboxWallet(t.app, chargeId);
    expect(closed.statusCode).toBe(200);
    expect(textOf(closed.body)).toContain(`<p class="error" role="alert">${PERSONAL}</p>`);
    // back on the card page, the sheet gone
    expect(closed.body).toContain('name="cardNumber"');
    expect(closed.body).not.toContain('role="dialog"');
    expect(await chargeStatus(chargeId)).toBe('pending');
    expect(await sandboxEvents()).toBe(events);
    expect(await bookingState(booking.id, booking.payment.id)).toMatchObject({ payment: 'pending' });

    const paid = await payOnSandboxPage(t.app, chargeId, SANDBOX_CARD.ok);
    expect(paid.statusCode).toBe(303);
    expect(await bookingState(booking.id, booking.payment.id)).toEqual({ status: 'completed', payment: 'succeeded' });
  });

  it(`a top-up's sheet closed credits nothing and says '${PERSONAL}'`, async () => {
    const before = await balance();
    const { topUpId, chargeId } = await cardTopUp(300);
    const closed = await closeSandboxWallet(t.app, chargeId);
    expect(textOf(closed.body)).toContain(PERSONAL);
    expect(await chargeStatus(chargeId)).toBe('pending');
    expect(await topUpStatus(topUpId)).toBe('pending');
    expect(await balance()).toBe(before);
  });

  it(`a sheet sent without the payer's name or a valid e-mail says '${PERSONAL}', keeps what was typed and changes nothing`, async () => {
    const { booking, chargeId } = await cardBooking();
    const events = await sandboxEvents();
    for (const payer of [
      { name: '', email: '' },
      { name: 'Maria Lopez', email: '' },
      { name: '   ', email: 'maria@example.test' },
      { name: 'Maria Lopez', email: 'not-an-address' },
    ]) {
      const sent = await payWithSandboxWallet(t.app, chargeId, payer);
      expect(sent.statusCode, JSON.stringify(payer)).toBe(422);
      expect(textOf(sent.body)).toContain(`<p class="error" role="alert">${PERSONAL}</p>`);
      // the sheet stays open with the payer's typing
      expect(sent.body).toContain('role="dialog"');
      expect(sent.body).toContain(`value="${payer.email}"`);
    }
    // no field at all (a hand-made post) is the same
    const bare = await postSandboxForm(t.app, chargeId, { step: 'wallet' });
    expect(bare.statusCode).toBe(422);
    expect(textOf(bare.body)).toContain(PERSONAL);
    expect(await chargeStatus(chargeId)).toBe('pending');
    expect(await sandboxEvents()).toBe(events);
    expect(await bookingState(booking.id, booking.payment.id)).toMatchObject({ payment: 'pending' });
  });

  it(`a card form sent with a field left empty says '${CARD_DETAILS}' and changes nothing`, async () => {
    const { chargeId } = await cardBooking();
    const full = { step: 'card', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Maria Lopez' };
    for (const empty of ['cardNumber', 'expiry', 'cvc', 'name'] as const) {
      const sent = await postSandboxForm(t.app, chargeId, { ...full, [empty]: ' ' });
      expect(sent.statusCode, empty).toBe(422);
      expect(textOf(sent.body)).toContain(`<p class="error" role="alert">${CARD_DETAILS}</p>`);
    }
    // a wrong number is still said as such
    const wrong = await payOnSandboxPage(t.app, chargeId, '4111 1111 1111 1111');
    expect(textOf(wrong.body)).toContain(SANDBOX_MESSAGES.incorrectNumber);
    expect(await chargeStatus(chargeId)).toBe('pending');
  });

  it("speaks a Russian agency's language, in the web's own Russian wording of both messages", async () => {
    const ru = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../packages/i18n/locales/ru/core.json'), 'utf8'),
    ) as { bookingMessages: Record<string, string> };
    await t.database.db.update(agencies).set({ language: 'ru' }).where(eq(agencies.id, w.agency.id));
    try {
      const { chargeId } = await cardBooking();
      const page = await t.app.inject({ method: 'GET', url: payPath(chargeId) });
      expect(page.body).toContain('Оплатить тестовым кошельком');
      const sheet = await t.app.inject({ method: 'GET', url: `${payPath(chargeId)}?sheet=wallet` });
      expect(sheet.body).toContain('Тестовый кошелёк');
      const closed = await closeSandboxWallet(t.app, chargeId);
      expect(textOf(closed.body)).toContain(ru.bookingMessages.personalInformation);
      expect(closed.body).not.toContain(PERSONAL);
      const empty = await payWithSandboxWallet(t.app, chargeId, { name: '', email: '' });
      expect(textOf(empty.body)).toContain(ru.bookingMessages.personalInformation);
      const card = await postSandboxForm(t.app, chargeId, {
        step: 'card',
        cardNumber: '',
        expiry: '',
        cvc: '',
        name: '',
      });
      expect(textOf(card.body)).toContain(ru.bookingMessages.enterCardDetails);
      expect(await chargeStatus(chargeId)).toBe('pending');
    } finally {
      await t.database.db.update(agencies).set({ language: 'en' }).where(eq(agencies.id, w.agency.id));
    }
  });
});
