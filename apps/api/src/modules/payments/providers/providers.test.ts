import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../db/client.ts';
import { runMigrations } from '../../../db/migrate.ts';
import { startStripeStandIn, parseStripeForm, type StripeStandIn } from '../../../../test/stand-ins/stripe-stand-in.ts';
import { startTapStandIn, type TapStandIn } from '../../../../test/stand-ins/tap-stand-in.ts';
import { SANDBOX_MESSAGES } from '../sandbox-cards.ts';
import { sandboxPayPage } from '../sandbox-page.ts';
import { formatMajor, parseMajor } from './amount.ts';
import { loadPaymentConfig } from '../../../config/payment-config.ts';
import { createPaymentProviders } from './index.ts';
import {
  ProviderRequestError,
  UnhandledWebhookEventError,
  WebhookSignatureError,
  type CreateChargeInput,
  type PaymentProvider,
} from './provider.ts';
import { transitionSandboxCharge } from './sandbox-charges.repo.ts';
import { buildSandboxEvent, createSandboxProvider, parseSandboxWebhook, signSandboxPayload } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';
import { createTapProvider } from './tap.ts';
import { HOSTILE, HOSTILE_ESCAPED, expectOnlyEscaped } from '../../../../test/hostile-html.ts';

const PUBLIC_BASE = 'https://portal.example';
const RETURN_URL = 'https://agency.example/bookings/BK-1/payment-return';
const SANDBOX_SECRET = 'sandbox-secret-for-tests-0123456789';

function chargeInput(overrides: Partial<CreateChargeInput> = {}): CreateChargeInput {
  return {
    paymentId: crypto.randomUUID(),
    reference: `BK-${Math.floor(Math.random() * 1e6)}`,
    amountMinor: 123_450,
    currency: 'aed',
    description: 'Desert safari <b>& BBQ</b> "VIP"',
    language: 'en',
    customerEmail: 'agent@agency.example',
    returnUrl: RETURN_URL,
    ...overrides,
  };
}

let database: DatabaseHandle;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  database = await openDatabase(url ? { kind: 'postgres', url, poolSize: 4 } : { kind: 'pglite', dataDir: null });
  await runMigrations(database);
});

afterAll(async () => {
  await database.close();
});

describe('sandbox provider', () => {
  let sandbox: PaymentProvider;
  let page: FastifyInstance;
  const deliver = vi.fn<(rawBody: Buffer, headers: Record<string, string>) => Promise<void>>(async () => undefined);

  beforeAll(async () => {
    sandbox = createSandboxProvider({ db: database.db, publicBaseUrl: `${PUBLIC_BASE}/`, secret: SANDBOX_SECRET });
    page = Fastify({ logger: false });
    await page.register(sandboxPayPage({ db: database.db, secret: SANDBOX_SECRET, deliver }));
    await page.ready();
  });
  afterAll(async () => {
    await page.close();
  });

  const payPath = (id: string) => `/api/payments/sandbox/pay/${id}`;
  const post = (id: string, fields: Record<string, string>) =>
    page.inject({
      method: 'POST',
      url: payPath(id),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const payWith = (id: string, cardNumber: string, extra: Record<string, string> = {}) =>
    post(id, { step: 'card', cardNumber, expiry: '12 / 40', cvc: '123', name: 'Amira Test', ...extra });
  const lastDelivered = () => {
    const call = deliver.mock.calls.at(-1);
    if (!call) throw new Error('deliver was not called');
    return sandbox.parseWebhook(call[0], call[1]);
  };

  it('creates a pending charge whose redirect URL is the hosted pay page, and retrieves it', async () => {
    const charge = await sandbox.createCharge(chargeInput());
    expect(charge).toMatchObject({ status: 'pending', clientSecret: null, failureMessage: null, amountMinor: 123_450 });
    expect(charge.redirectUrl).toBe(`${PUBLIC_BASE}/api/payments/sandbox/pay/${charge.providerRef}`);
    expect(await sandbox.retrieveCharge(charge.providerRef)).toEqual(charge);
    await expect(sandbox.retrieveCharge('sbx_ch_missing')).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('refuses amounts that are not positive integers of minor units and non-http return URLs', async () => {
    await expect(sandbox.createCharge(chargeInput({ amountMinor: 10.5 }))).rejects.toThrow(/integer/);
    await expect(sandbox.createCharge(chargeInput({ amountMinor: 0 }))).rejects.toThrow(/positive/);
    await expect(sandbox.createCharge(chargeInput({ returnUrl: 'javascript:alert(1)' }))).rejects.toThrow(/returnUrl/);
  });

  it('GET shows an escaped card form with the amount, the test cards and a CSP that allows no script', async () => {
    const charge = await sandbox.createCharge(chargeInput());
    const response = await page.inject({ method: 'GET', url: payPath(charge.providerRef) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('AED 1,234.50');
    expect(response.body).toContain('Desert safari &lt;b&gt;&amp; BBQ&lt;/b&gt; &quot;VIP&quot;');
    expect(response.body).not.toContain('<b>& BBQ');
    for (const field of ['cardNumber', 'expiry', 'cvc', 'name']) expect(response.body).toContain(`name="${field}"`);
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 3220'])
      expect(response.body).toContain(card);
    expect(response.body).not.toContain('<script');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' https://agency.example");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  // docs/decisions/0130: the pay page is JSX whose runtime escapes every text and attribute
  it('a hostile description or typed value appears only escaped on every step of the pay page', async () => {
    const hostile = HOSTILE;
    const escaped = HOSTILE_ESCAPED;
    // the pay page runs no script of its own either
    const onlyEscaped = (html: string) => {
      expectOnlyEscaped(html);
      expect(html).not.toContain('<script');
    };
    const charge = await sandbox.createCharge(chargeInput({ description: `Tour ${hostile}` }));
    const card = await page.inject({ method: 'GET', url: payPath(charge.providerRef) });
    onlyEscaped(card.body);
    // our own text with its tags stays markup
    expect(card.body).toContain('<strong>Test cards</strong> (any future expiry date');
    const wallet = await page.inject({ method: 'GET', url: `${payPath(charge.providerRef)}?sheet=wallet` });
    expect(wallet.body).toContain('<main inert>');
    onlyEscaped(wallet.body);
    const typed = await payWith(charge.providerRef, hostile, { name: hostile });
    expect(typed.statusCode).toBe(422);
    expect(typed.body).toContain(`maxlength="120" required value="${escaped}">`);
    onlyEscaped(typed.body);
    const sheet = await post(charge.providerRef, { step: 'wallet', name: hostile, email: hostile });
    expect(sheet.statusCode).toBe(422);
    onlyEscaped(sheet.body);
    await transitionSandboxCharge(database.db, charge.providerRef, ['pending'], {
      status: 'requires_action',
      cardLast4: '3220',
    });
    const challenge = await page.inject({ method: 'GET', url: payPath(charge.providerRef) });
    expect(challenge.body).toContain('card ending in <strong>3220</strong>.');
    onlyEscaped(challenge.body);
    await transitionSandboxCharge(database.db, charge.providerRef, ['requires_action'], {
      status: 'failed',
      failureMessage: hostile,
    });
    const outcome = await page.inject({ method: 'GET', url: payPath(charge.providerRef) });
    expect(outcome.body).toContain(`<p class="error">${escaped}</p>`);
    onlyEscaped(outcome.body);
  });

  it('an unknown charge gives a 404 page', async () => {
    const response = await page.inject({ method: 'GET', url: payPath('sbx_ch_nope') });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('This payment link is not valid.');
  });

  it('4242 4242 4242 4242 succeeds once: signed event delivered, redirect to the return URL, no second charge', async () => {
    const charge = await sandbox.createCharge(chargeInput());
    deliver.mockClear();
    const response = await payWith(charge.providerRef, '4242 4242 4242 4242');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(RETURN_URL);
    expect(deliver).toHaveBeenCalledTimes(1);
    expect(lastDelivered()).toMatchObject({
      providerRef: charge.providerRef,
      status: 'succeeded',
      failureMessage: null,
    });
    expect(await sandbox.retrieveCharge(charge.providerRef)).toMatchObject({ status: 'succeeded', redirectUrl: null });

    const again = await payWith(charge.providerRef, '4242424242424242');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(payPath(charge.providerRef));
    expect(deliver).toHaveBeenCalledTimes(1);
    const shown = await page.inject({ method: 'GET', url: payPath(charge.providerRef) });
    expect(shown.body).toContain('Payment successful');
    expect(shown.body).toContain('Card ending in 4242');
    expect(shown.body).not.toContain('name="cardNumber"');
  });

  it('only one of several concurrent settlements of a charge wins (the guard against a double charge)', async () => {
    const charge = await sandbox.createCharge(chargeInput());
    const results = await Promise.all(
      (['succeeded', 'failed', 'succeeded'] as const).map((status) =>
        transitionSandboxCharge(database.db, charge.providerRef, ['pending'], { status }),
      ),
    );
    const winners = results.filter((row) => row !== null);
    expect(winners).toHaveLength(1);
    expect((await sandbox.retrieveCharge(charge.providerRef)).status).toBe(winners[0]?.status);
  });

  it('4000 0000 0000 0002 is declined: failed event with "Your card was declined." and redirect', async () => {
    const charge = await sandbox.createCharge(chargeInput());
    deliver.mockClear();
    const response = await payWith(charge.providerRef, '4000 0000 0000 0002');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(RETURN_URL);
    expect(lastDelivered()).toMatchObject({
      providerRef: charge.providerRef,
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    expect(await sandbox.retrieveCharge(charge.providerRef)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    const shown = await page.inject({ method: 'GET', url: payPath(charge.providerRef) });
    expect(shown.body).toContain('Payment failed');
    expect(shown.body).toContain('Your card was declined.');
  });

  it('4000 0000 0000 3220 asks for confirmation; "Complete" succeeds and "Fail" fails', async () => {
    for (const [outcome, status] of [
      ['complete', 'succeeded'],
      ['fail', 'failed'],
    ] as const) {
      const charge = await sandbox.createCharge(chargeInput());
      deliver.mockClear();
      const first = await payWith(charge.providerRef, '4000000000003220');
      expect(first.statusCode).toBe(303);
      expect(first.headers.location).toBe(payPath(charge.providerRef));
      expect(deliver).not.toHaveBeenCalled();
      expect((await sandbox.retrieveCharge(charge.providerRef)).status).toBe('requires_action');
      const challenge = await page.inject({ method: 'GET', url: payPath(charge.providerRef) });
      expect(challenge.body).toContain('value="complete"');
      expect(challenge.body).toContain('value="fail"');
      expect(challenge.body).toContain('3220');

      const done = await post(charge.providerRef, { step: 'challenge', outcome });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(RETURN_URL);
      expect(deliver).toHaveBeenCalledTimes(1);
      expect(lastDelivered()).toMatchObject({ providerRef: charge.providerRef, status });
      expect((await sandbox.retrieveCharge(charge.providerRef)).status).toBe(status);
      const replay = await post(charge.providerRef, { step: 'challenge', outcome: 'complete' });
      expect(replay.headers.location).toBe(payPath(charge.providerRef));
      expect(deliver).toHaveBeenCalledTimes(1);
      expect((await sandbox.retrieveCharge(charge.providerRef)).status).toBe(status);
    }
  });

  it('any other card number is shown as incorrect on the page and changes nothing', async () => {
    const charge = await sandbox.createCharge(chargeInput());
    deliver.mockClear();
    const response = await payWith(charge.providerRef, '4111 1111 1111 1111', { name: '<img src=x onerror=alert(1)>' });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain(SANDBOX_MESSAGES.incorrectNumber);
    expect(response.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(response.body).not.toContain('<img src=x');
    expect(deliver).not.toHaveBeenCalled();
    expect((await sandbox.retrieveCharge(charge.providerRef)).status).toBe('pending');
    const expired = await payWith(charge.providerRef, '4242424242424242', { expiry: '01/20' });
    expect(expired.statusCode).toBe(422);
    expect(expired.body).toContain(escapeForHtml(SANDBOX_MESSAGES.expired));
    expect((await sandbox.retrieveCharge(charge.providerRef)).status).toBe('pending');
  });

  it('a failing deliver still settles the charge and redirects', async () => {
    const charge = await sandbox.createCharge(chargeInput());
    deliver.mockRejectedValueOnce(new Error('handler down'));
    const response = await payWith(charge.providerRef, '4242424242424242');
    expect(response.headers.location).toBe(RETURN_URL);
    expect((await sandbox.retrieveCharge(charge.providerRef)).status).toBe('succeeded');
  });

  it('cancelCharge cancels an open charge; its page then shows the outcome and cannot be paid', async () => {
    const charge = await sandbox.createCharge(chargeInput());
    expect(await sandbox.cancelCharge(charge.providerRef)).toMatchObject({ status: 'cancelled', redirectUrl: null });
    deliver.mockClear();
    const response = await payWith(charge.providerRef, '4242424242424242');
    expect(response.headers.location).toBe(payPath(charge.providerRef));
    expect(deliver).not.toHaveBeenCalled();
    expect((await page.inject({ method: 'GET', url: payPath(charge.providerRef) })).body).toContain(
      'Payment cancelled',
    );
  });

  it('cancelCharge on a paid charge leaves it succeeded (the caller refunds)', async () => {
    const charge = await sandbox.createCharge(chargeInput());
    await payWith(charge.providerRef, '4242424242424242');
    expect((await sandbox.cancelCharge(charge.providerRef)).status).toBe('succeeded');
  });

  it('refunds partially, then fully, and never more than was paid', async () => {
    const charge = await sandbox.createCharge(chargeInput({ amountMinor: 10_000 }));
    expect((await sandbox.refund(charge.providerRef, 100, 'not paid yet', crypto.randomUUID())).status).toBe('failed');
    await payWith(charge.providerRef, '4242424242424242');
    const key = crypto.randomUUID();
    const partial = await sandbox.refund(charge.providerRef, 2_500, 'cancellation fee kept', key);
    expect(partial.status).toBe('succeeded');
    // the same attempt asked again refunds nothing more
    expect((await sandbox.refund(charge.providerRef, 2_500, 'cancellation fee kept', key)).status).toBe('succeeded');
    expect(partial.refundRef).toMatch(/^sbx_re_/);
    expect((await sandbox.retrieveCharge(charge.providerRef)).status).toBe('succeeded');
    expect((await sandbox.refund(charge.providerRef, 7_501, 'too much', crypto.randomUUID())).status).toBe('failed');
    expect((await sandbox.refund(charge.providerRef, 7_500, 'rest', crypto.randomUUID())).status).toBe('succeeded');
    expect((await sandbox.retrieveCharge(charge.providerRef)).status).toBe('refunded');
    expect((await sandbox.refund(charge.providerRef, 1, 'again', crypto.randomUUID())).status).toBe('failed');
  });

  it('webhooks: a good signature parses, a bad, tampered, missing or stale one throws WebhookSignatureError', () => {
    const { rawBody, headers, event } = buildSandboxEvent(
      'sbx_ch_1',
      { status: 'failed', failureMessage: 'Your card was declined.' },
      SANDBOX_SECRET,
    );
    expect(sandbox.parseWebhook(rawBody, headers)).toEqual({
      eventId: event.id,
      providerRef: 'sbx_ch_1',
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    const other = buildSandboxEvent('sbx_ch_1', { status: 'succeeded', failureMessage: null }, 'another-secret');
    expect(() => sandbox.parseWebhook(other.rawBody, other.headers)).toThrow(WebhookSignatureError);
    const tampered = Buffer.from(rawBody.toString().replace('failed', 'succeeded'));
    expect(() => sandbox.parseWebhook(tampered, headers)).toThrow(WebhookSignatureError);
    expect(() => sandbox.parseWebhook(rawBody, {})).toThrow(WebhookSignatureError);
    expect(() => sandbox.parseWebhook(rawBody, { 'x-sandbox-signature': 'garbage' })).toThrow(WebhookSignatureError);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    expect(() =>
      sandbox.parseWebhook(rawBody, {
        'x-sandbox-signature': signSandboxPayload(rawBody, SANDBOX_SECRET, sixMinutesAgo),
      }),
    ).toThrow(WebhookSignatureError);
    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 240;
    expect(
      parseSandboxWebhook(
        rawBody,
        { 'x-sandbox-signature': signSandboxPayload(rawBody, SANDBOX_SECRET, fourMinutesAgo) },
        SANDBOX_SECRET,
      ).status,
    ).toBe('failed');
    const [t, v1] = signSandboxPayload(rawBody, SANDBOX_SECRET, sixMinutesAgo).split(',');
    const replayed = `t=${Math.floor(Date.now() / 1000)},${v1}`;
    expect(t).toMatch(/^t=/);
    expect(() => sandbox.parseWebhook(rawBody, { 'x-sandbox-signature': replayed })).toThrow(WebhookSignatureError);
  });
});

describe('stripe provider (SDK against a loopback stand-in)', () => {
  let standIn: StripeStandIn;
  let stripe: PaymentProvider;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = createStripeProvider({
      secretKey: standIn.secretKey,
      webhookSecret: standIn.webhookSecret,
      apiBase: standIn.apiBase,
    });
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('create → retrieve → succeed → refund', async () => {
    const input = chargeInput();
    const charge = await stripe.createCharge(input);
    expect(charge).toMatchObject({ status: 'pending', redirectUrl: null, failureMessage: null, amountMinor: 123_450 });
    expect(charge.providerRef).toMatch(/^pi_/);
    expect(charge.clientSecret).toMatch(new RegExp(`^${charge.providerRef}_secret_`));
    const created = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    if (!created) throw new Error('no create request');
    expect(parseStripeForm(created.rawBody)).toMatchObject({
      amount: '123450',
      currency: 'aed',
      metadata: { paymentId: input.paymentId, reference: input.reference },
      automatic_payment_methods: { enabled: 'true' },
    });
    expect(created.headers['idempotency-key']).toBe(`portal-charge-${input.paymentId}`);

    expect(await stripe.retrieveCharge(charge.providerRef)).toMatchObject({ status: 'pending' });
    standIn.confirm(charge.providerRef, 'pm_card_visa');
    expect(await stripe.retrieveCharge(charge.providerRef)).toMatchObject({
      status: 'succeeded',
      failureMessage: null,
    });

    const refund = await stripe.refund(charge.providerRef, 20_000, 'Booking cancelled by agent', crypto.randomUUID());
    expect(refund).toMatchObject({ status: 'succeeded' });
    expect(refund.refundRef).toMatch(/^re_/);
    expect(standIn.refunds.at(-1)).toMatchObject({
      payment_intent: charge.providerRef,
      amount: 20_000,
      metadata: { reason: 'Booking cancelled by agent' },
    });
    await expect(stripe.refund(charge.providerRef, 200_000, 'too much', crypto.randomUUID())).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
  });

  it('the same payment id creates one PaymentIntent (idempotency key)', async () => {
    const input = chargeInput();
    const [a, b] = [await stripe.createCharge(input), await stripe.createCharge(input)];
    expect(b.providerRef).toBe(a.providerRef);
  });

  it('a declined card reads as failed with the card message; 3-D Secure reads as requires_action', async () => {
    const declined = await stripe.createCharge(chargeInput());
    standIn.confirm(declined.providerRef, 'pm_card_chargeDeclined');
    expect(await stripe.retrieveCharge(declined.providerRef)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    const secure = await stripe.createCharge(chargeInput());
    standIn.confirm(secure.providerRef, 'pm_card_threeDSecure2Required');
    expect((await stripe.retrieveCharge(secure.providerRef)).status).toBe('requires_action');
    standIn.completeAuthentication(secure.providerRef, 'succeed');
    expect((await stripe.retrieveCharge(secure.providerRef)).status).toBe('succeeded');
  });

  it('cancelCharge cancels an open intent and reports a paid one as it is', async () => {
    const open = await stripe.createCharge(chargeInput());
    expect((await stripe.cancelCharge(open.providerRef)).status).toBe('cancelled');
    expect(standIn.intents.get(open.providerRef)?.cancellation_reason).toBe('abandoned');
    const paid = await stripe.createCharge(chargeInput());
    standIn.confirm(paid.providerRef, 'pm_card_visa');
    expect((await stripe.cancelCharge(paid.providerRef)).status).toBe('succeeded');
  });

  it('a wrong secret key surfaces as ProviderRequestError', async () => {
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: standIn.webhookSecret,
      apiBase: standIn.apiBase,
    });
    await expect(wrong.retrieveCharge('pi_x')).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('webhooks: signed events map to ProviderEvents; bad, missing or stale signatures throw WebhookSignatureError', async () => {
    const charge = await stripe.createCharge(chargeInput());
    const intent = standIn.confirm(charge.providerRef, 'pm_card_visa');
    const succeeded = standIn.signedWebhook('payment_intent.succeeded', intent);
    const eventId = (JSON.parse(succeeded.rawBody.toString()) as { id: string }).id;
    expect(stripe.parseWebhook(succeeded.rawBody, succeeded.headers)).toEqual({
      eventId,
      providerRef: charge.providerRef,
      status: 'succeeded',
      failureMessage: null,
    });

    const declinedIntent = standIn.confirm(
      (await stripe.createCharge(chargeInput())).providerRef,
      'pm_card_chargeDeclined',
    );
    const failed = standIn.signedWebhook('payment_intent.payment_failed', declinedIntent);
    expect(stripe.parseWebhook(failed.rawBody, failed.headers)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    for (const [type, status] of [
      ['payment_intent.canceled', 'cancelled'],
      ['payment_intent.requires_action', 'requires_action'],
    ] as const) {
      const event = standIn.signedWebhook(type, intent);
      expect(stripe.parseWebhook(event.rawBody, event.headers)).toMatchObject({ status });
    }

    // a refund that failed after Stripe confirmed it
    const refund = await stripe.refund(charge.providerRef, 1_000, 'cancelled', crypto.randomUUID());
    const refundFailed = standIn.signedWebhook(
      'refund.failed',
      standIn.failRefund(refund.refundRef, 'expired_or_canceled_card'),
    );
    expect(stripe.parseWebhook(refundFailed.rawBody, refundFailed.headers)).toEqual({
      kind: 'refundFailed',
      eventId: (JSON.parse(refundFailed.rawBody.toString()) as { id: string }).id,
      refundRef: refund.refundRef,
      providerRef: charge.providerRef,
      failureMessage: 'expired_or_canceled_card',
    });

    const badSecret = standIn.signedWebhook('payment_intent.succeeded', intent, { secret: 'whsec_other' });
    expect(() => stripe.parseWebhook(badSecret.rawBody, badSecret.headers)).toThrow(WebhookSignatureError);
    const tampered = Buffer.from(succeeded.rawBody.toString().replace('"succeeded"', '"canceled"'));
    expect(() => stripe.parseWebhook(tampered, succeeded.headers)).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(succeeded.rawBody, {})).toThrow(WebhookSignatureError);
    const stale = standIn.signedWebhook('payment_intent.succeeded', intent, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => stripe.parseWebhook(stale.rawBody, stale.headers)).toThrow(WebhookSignatureError);
    const other = standIn.signedWebhook('customer.created', intent);
    expect(() => stripe.parseWebhook(other.rawBody, other.headers)).toThrow(UnhandledWebhookEventError);
  });
});

describe('tap provider (fetch against a loopback stand-in)', () => {
  let standIn: TapStandIn;
  let tap: PaymentProvider;

  beforeAll(async () => {
    standIn = await startTapStandIn();
    tap = createTapProvider({
      secretKey: standIn.secretKey,
      apiBase: standIn.apiBase,
      webhookUrl: `${PUBLIC_BASE}/api/payments/tap/webhook`,
    });
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('create → retrieve → capture → refund', async () => {
    const input = chargeInput({ amountMinor: 123_450 });
    const charge = await tap.createCharge(input);
    expect(charge).toMatchObject({
      status: 'requires_action',
      clientSecret: null,
      failureMessage: null,
      amountMinor: 123_450,
    });
    expect(charge.redirectUrl).toBe(`${standIn.apiBase}/gosell/pay/${charge.providerRef}`);
    const created = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v2/charges');
    if (!created) throw new Error('no create request');
    expect(created.headers.authorization).toBe(`Bearer ${standIn.secretKey}`);
    expect(JSON.parse(created.rawBody)).toMatchObject({
      amount: 1234.5,
      currency: 'AED',
      customer: { email: 'agent@agency.example' },
      source: { id: 'src_all' },
      redirect: { url: RETURN_URL },
      post: { url: `${PUBLIC_BASE}/api/payments/tap/webhook` },
      reference: { transaction: input.paymentId, order: input.reference },
      metadata: { paymentId: input.paymentId, reference: input.reference },
    });

    expect(await tap.retrieveCharge(charge.providerRef)).toMatchObject({ status: 'requires_action' });
    standIn.complete(charge.providerRef, 'CAPTURED');
    expect(await tap.retrieveCharge(charge.providerRef)).toMatchObject({
      status: 'succeeded',
      redirectUrl: null,
      amountMinor: 123_450,
    });

    const refund = await tap.refund(charge.providerRef, 100_005, 'Booking cancelled by agent', crypto.randomUUID());
    expect(refund.status).toBe('succeeded');
    expect(standIn.refunds.at(-1)).toMatchObject({
      charge_id: charge.providerRef,
      amount: 1000.05,
      currency: 'AED',
      reason: 'Booking cancelled by agent',
    });
    await expect(tap.refund(charge.providerRef, 23_446, 'more than left', crypto.randomUUID())).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
  });

  it("a declined charge reads as failed with Tap's message; cancelCharge reports the charge as it is", async () => {
    const charge = await tap.createCharge(chargeInput({ currency: 'usd', amountMinor: 9_999 }));
    expect(JSON.parse(standIn.requests.at(-1)?.rawBody ?? '{}')).toMatchObject({ amount: 99.99, currency: 'USD' });
    expect((await tap.cancelCharge(charge.providerRef)).status).toBe('requires_action');
    standIn.complete(charge.providerRef, 'DECLINED');
    expect(await tap.retrieveCharge(charge.providerRef)).toMatchObject({
      status: 'failed',
      failureMessage: 'Declined, Card Issuer',
      amountMinor: 9_999,
    });
    await expect(tap.retrieveCharge('chg_missing')).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('webhooks: a correctly hashed charge parses; a wrong key, a tampered body or no hashstring throws WebhookSignatureError', async () => {
    const charge = await tap.createCharge(chargeInput());
    standIn.complete(charge.providerRef, 'CAPTURED');
    const good = standIn.signedWebhook(charge.providerRef);
    expect(tap.parseWebhook(good.rawBody, good.headers)).toEqual({
      eventId: `${charge.providerRef}:CAPTURED`,
      providerRef: charge.providerRef,
      status: 'succeeded',
      failureMessage: null,
    });
    const wrongKey = standIn.signedWebhook(charge.providerRef, { secret: 'sk_test_other' });
    expect(() => tap.parseWebhook(wrongKey.rawBody, wrongKey.headers)).toThrow(WebhookSignatureError);
    const tamperedAmount = Buffer.from(good.rawBody.toString().replace('"amount":1234.5', '"amount":1.5'));
    expect(tamperedAmount.equals(good.rawBody)).toBe(false);
    expect(() => tap.parseWebhook(tamperedAmount, good.headers)).toThrow(WebhookSignatureError);
    const tamperedStatus = Buffer.from(good.rawBody.toString().replace('"status":"CAPTURED"', '"status":"DECLINED"'));
    expect(() => tap.parseWebhook(tamperedStatus, good.headers)).toThrow(WebhookSignatureError);
    expect(() => tap.parseWebhook(good.rawBody, {})).toThrow(WebhookSignatureError);

    const declined = await tap.createCharge(chargeInput());
    standIn.complete(declined.providerRef, 'DECLINED');
    const failed = standIn.signedWebhook(declined.providerRef);
    expect(tap.parseWebhook(failed.rawBody, failed.headers)).toMatchObject({
      status: 'failed',
      failureMessage: 'Declined, Card Issuer',
    });
  });
});

describe('payment configuration', () => {
  it("defaults to the sandbox and needs the chosen provider's keys", () => {
    expect(loadPaymentConfig({})).toMatchObject({ provider: 'sandbox' });
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() =>
      loadPaymentConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'w' }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    // the secret key pasted where the browser's key goes would be sent to every agent's browser
    expect(() =>
      loadPaymentConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'w',
        STRIPE_PUBLISHABLE_KEY: 'sk_test_1',
      }),
    ).toThrow('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…), never the secret key');
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER: 'tap' })).toThrow(/TAP_SECRET_KEY/);
    expect(() =>
      loadPaymentConfig({ PAYMENT_PROVIDER: 'tap', TAP_SECRET_KEY: 'sk', TAP_API_BASE: 'not a url' }),
    ).toThrow(/TAP_API_BASE/);
    expect(
      loadPaymentConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      }),
    ).toEqual({
      provider: 'stripe',
      stripeSecretKey: 'sk_test_1',
      stripeWebhookSecret: 'whsec_1',
      stripePublishableKey: 'pk_test_1',
      stripeApiBase: 'http://127.0.0.1:9',
      tapSecretKey: undefined,
      tapApiBase: undefined,
    });
  });

  it('always offers the sandbox, and Stripe or Tap only when configured', async () => {
    const deps = { db: database.db, publicBaseUrl: PUBLIC_BASE, sandboxSecret: SANDBOX_SECRET };
    const plain = await createPaymentProviders(loadPaymentConfig({}), deps);
    expect(plain.default.name).toBe('sandbox');
    expect(plain.byName('sandbox')?.name).toBe('sandbox');
    expect(plain.byName('stripe')).toBeNull();
    expect(plain.byName('tap')).toBeNull();
    const withTap = await createPaymentProviders(
      loadPaymentConfig({ PAYMENT_PROVIDER: 'tap', TAP_SECRET_KEY: 'sk_test_1' }),
      deps,
    );
    expect(withTap.default.name).toBe('tap');
    expect(withTap.byName('sandbox')?.name).toBe('sandbox');
    const withStripe = await createPaymentProviders(
      loadPaymentConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      }),
      deps,
    );
    expect(withStripe.default.name).toBe('stripe');
    expect(withStripe.byName('tap')).toBeNull();
    await expect(createPaymentProviders({ provider: 'stripe' }, deps)).rejects.toThrow(/not configured/);
  });
});

describe('amounts', () => {
  it('convert between minor units and major-unit strings without float drift', () => {
    expect(formatMajor(123_450, 2)).toBe('1234.50');
    expect(formatMajor(5, 2)).toBe('0.05');
    expect(formatMajor(1_005, 3)).toBe('1.005');
    expect(parseMajor(1234.5, 2)).toBe(123_450);
    expect(parseMajor(0.29, 2)).toBe(29);
    expect(parseMajor('19.99', 2)).toBe(1_999);
    expect(() => parseMajor('1.234', 2)).toThrow();
  });
});

function escapeForHtml(text: string): string {
  return text.replace(/'/g, '&#39;');
}
