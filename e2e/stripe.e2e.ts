import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { BalanceResponse, BookingView, TopUpFeeResponse, TopUpView } from '@portal/contract';
import { startStripeStandIn, type StripeStandIn } from '../apps/api/test/stand-ins/stripe-stand-in.ts';
import { routeStripe, type StripeRouting } from './support/fake-stripe.ts';
import { LAYOUTS, screenshot, startPortal, type Portal, noSideScroll } from './support/portal.ts';
import { ADMIN, agentSessions } from './support/session.ts';
import { bookable, bookingSlots, instantPerPerson } from './support/booking-slots.ts';
import { atTenPercentOf, createShop, fillGuest, twoOffers } from './support/widgets.ts';
import { toMinor } from '@portal/contract';

// PAYMENT_PROVIDER=stripe: the card form is Stripe.js's Payment Element on our page. Stripe.js is a local fake
// (support/fake-stripe.ts) and the portal talks to a Stripe API stand-in, so nothing leaves the machine.
const PUBLISHABLE_KEY = 'pk_test_e2e_portal';

let portal: Portal;
let stripe: StripeStandIn;
const { api, openAs } = agentSessions(() => portal);
const { findSlot, bookViaApi } = bookingSlots(api);

beforeAll(async () => {
  stripe = await startStripeStandIn();
  portal = await startPortal({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_API_BASE: stripe.apiBase,
  });
});
afterAll(async () => {
  await portal?.stop();
  await stripe?.close();
});

// the button's words, with the currency's no-break space as a plain one
const payLabel = async (page: Page) =>
  ((await page.getByTestId('card-form-pay').textContent()) ?? '').replace(/\s/g, ' ');
const intentOf = (clientSecret: string | null | undefined) => (clientSecret ?? '').split('_secret_')[0] ?? '';

// An instant card booking on a new slot, and the admin's browser on its checkout with Stripe routed to the fakes;
// `before` readies the browser first (a language, a wallet, a blocked script)
async function cardCheckout(
  options: { width?: number; before?: (context: BrowserContext, routing: StripeRouting) => Promise<void> | void } = {},
) {
  const slot = await findSlot(ADMIN, 'aed', instantPerPerson(false), bookable);
  const booking = await bookViaApi(ADMIN, slot, { card: true });
  const session = await openAs(ADMIN, { width: options.width });
  const routing = await routeStripe(session.context, stripe, PUBLISHABLE_KEY);
  await options.before?.(session.context, routing);
  await session.go(`/checkout?booking=${booking.id}&payment=${booking.payment?.id ?? ''}`);
  return { ...session, booking, routing };
}

// what the fake Stripe.js reads and keeps on the page's window (support/fake-stripe.ts)
type FakeStripeWindow = {
  __fakeStripeElementOptions?: unknown;
  __fakeStripeDeviceWallet?: 'google_pay' | 'apple_pay';
  __fakeStripeWalletAnswer?: 'close' | 'pay';
};
// a browser with a wallet in it, and how its payer answers the wallet's sheet (before the page's scripts run)
const giveWallet = (context: BrowserContext, fake: FakeStripeWindow) =>
  context.addInitScript((fields) => Object.assign(window, fields), fake);

describe('[STRIPE] card payments on our page with Stripe.js', () => {
  it('[STRIPE][BOOKING]: the form shows at once; a declined card fails the attempt, another card completes the booking once', async () => {
    const { page, context, booking, routing } = await cardCheckout();
    // the browser gets the publishable key with the intent's secret, and no pay page to go to
    expect(booking.payment).toMatchObject({ provider: 'stripe', redirectUrl: null, publishableKey: PUBLISHABLE_KEY });
    await page.getByTestId('card-form').waitFor();
    expect(await page.getByTestId('processing').count()).toBe(0);
    expect(await payLabel(page)).toBe(`Pay AED ${booking.payment?.amount.toFixed(2) ?? ''}`);

    await page.getByTestId('fake-stripe-card').fill('4000 0000 0000 0002');
    await page.getByTestId('card-form-pay').click();
    // Stripe's answer on the form, then the server hears the attempt failed: SPEC §4 Payment Failed, seats still held
    const failed = page.getByTestId('payment-failed');
    await failed.getByText('Your card was declined.').waitFor({ timeout: 15_000 });
    const afterDecline = await api<BookingView>(ADMIN, `/b2b/bookings/${booking.id}`);
    expect(afterDecline).toMatchObject({ status: 'payment_failed', canRetryCard: true });

    await page.getByTestId('try-another-card').click();
    await page.getByTestId('fake-stripe-card').waitFor();
    await page.getByTestId('fake-stripe-card').fill('4242 4242 4242 4242');
    await page.getByTestId('card-form-pay').click();
    // no webhook here: the page's own check (which asks Stripe for the attempt now open) completes it
    await page.getByTestId('confirmation-completed').waitFor({ timeout: 30_000 });

    const paid = await api<BookingView>(ADMIN, `/b2b/bookings/${booking.id}`);
    expect(paid).toMatchObject({ status: 'completed', paymentMethod: 'card', payment: { status: 'succeeded' } });
    const first = intentOf(booking.payment?.clientSecret);
    const second = intentOf(paid.payment?.clientSecret);
    expect(second).not.toBe(first);
    // the money was taken once, by the second intent, for the booking's amount
    expect(stripe.intents.get(first)?.status).not.toBe('succeeded');
    expect(stripe.intents.get(second)).toMatchObject({
      status: 'succeeded',
      amount: toMinor(paid.payment?.amount ?? 0),
    });
    expect(routing.confirmed).toEqual([first, second]);
    await context.close();
  });

  it('[STRIPE][TOP-UP]: 1,000 AED by card on the top-up page — the total with the fee is charged, exactly 1,000 credited', async () => {
    const before = await api<BalanceResponse>(ADMIN, '/b2b/balance?currencyCode=aed');
    const quote = await api<TopUpFeeResponse>(ADMIN, '/b2b/balance/topupfee?amount=1000&type=card&currency=aed');
    const { page, context, go } = await openAs(ADMIN);
    await routeStripe(context, stripe, PUBLISHABLE_KEY);
    await go('/top-up');
    await page.getByLabel('Amount to top up', { exact: true }).fill('1000');
    await page.locator('[data-testid="fee-breakdown"][data-stale="false"]').waitFor();
    await page.getByTestId('pay-top-up').and(page.locator(':enabled')).click();
    await page.waitForURL((url) => url.pathname === '/top-up' && url.searchParams.has('topUp'));
    await page.getByTestId('card-form').waitFor();
    const total = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(quote.total);
    expect(await payLabel(page)).toBe(`Pay AED ${total}`);
    await page.getByTestId('fake-stripe-card').fill('4242 4242 4242 4242');
    await page.getByTestId('card-form-pay').click();
    await page.getByTestId('top-up-credited').waitFor({ timeout: 30_000 });

    const topUpId = new URL(page.url()).searchParams.get('topUp') ?? '';
    const topUp = await api<TopUpView>(ADMIN, `/b2b/balance/topups/${topUpId}`);
    expect(topUp).toMatchObject({ status: 'credited', method: 'card', amount: 1000, fee: quote.fee });
    const after = await api<BalanceResponse>(ADMIN, '/b2b/balance?currencyCode=aed');
    expect(toMinor(after.balance - before.balance)).toBe(100_000);
    await context.close();
  });

  it("[STRIPE][WALLETS]: Apple Pay and Google Pay are asked for; an incomplete card and a closed wallet sheet say SPEC §8's words and charge nothing; the wallet then pays once", async () => {
    // headless Chromium has no wallet: the fake gives this browser Google Pay, whose payer first closes the sheet
    const { page, context, booking, routing } = await cardCheckout({
      before: (browser) =>
        giveWallet(browser, { __fakeStripeDeviceWallet: 'google_pay', __fakeStripeWalletAnswer: 'close' }),
    });
    await page.getByTestId('fake-stripe-card').waitFor();
    expect(await page.evaluate(() => (window as unknown as FakeStripeWindow).__fakeStripeElementOptions)).toEqual({
      layout: 'tabs',
      wallets: { applePay: 'auto', googlePay: 'auto' },
    });

    await page.getByTestId('card-form-pay').click();
    await page.getByTestId('card-form-error').getByText('Please enter your credit card details').waitFor();
    await page.getByTestId('fake-stripe-wallet').click();
    await page.getByTestId('card-form-pay').click();
    await page
      .getByTestId('card-form-error')
      .getByText('Please enter your personal information to complete the booking', { exact: true })
      .waitFor();
    // nothing reached Stripe, nothing changed on the server
    expect(routing.confirmed).toEqual([]);
    expect((await api<BookingView>(ADMIN, `/b2b/bookings/${booking.id}`)).payment).toMatchObject({ status: 'pending' });

    await page.evaluate(() => ((window as unknown as FakeStripeWindow).__fakeStripeWalletAnswer = 'pay'));
    await page.getByTestId('card-form-pay').click();
    await page.getByTestId('confirmation-completed').waitFor({ timeout: 30_000 });
    const intent = intentOf(booking.payment?.clientSecret);
    expect(routing.confirmed).toEqual([intent]);
    expect(stripe.intents.get(intent)?.status).toBe('succeeded');
    const paid = await api<BookingView>(ADMIN, `/b2b/bookings/${booking.id}`);
    expect(paid).toMatchObject({ status: 'completed', payment: { status: 'succeeded' } });
    await context.close();
  });

  it('[STRIPE][WALLETS][TOP-UP]: a card top-up paid with the wallet credits the amount once', async () => {
    const before = await api<BalanceResponse>(ADMIN, '/b2b/balance?currencyCode=aed');
    const { page, context, go } = await openAs(ADMIN);
    const routing = await routeStripe(context, stripe, PUBLISHABLE_KEY);
    await giveWallet(context, { __fakeStripeDeviceWallet: 'apple_pay', __fakeStripeWalletAnswer: 'pay' });
    await go('/top-up');
    await page.getByLabel('Amount to top up', { exact: true }).fill('500');
    await page.locator('[data-testid="fee-breakdown"][data-stale="false"]').waitFor();
    await page.getByTestId('pay-top-up').and(page.locator(':enabled')).click();
    await page.getByTestId('fake-stripe-wallet').getByText('Apple Pay').click();
    await page.getByTestId('card-form-pay').click();
    await page.getByTestId('top-up-credited').waitFor({ timeout: 30_000 });
    expect(routing.confirmed).toHaveLength(1);
    const after = await api<BalanceResponse>(ADMIN, '/b2b/balance?currencyCode=aed');
    expect(toMinor(after.balance - before.balance)).toBe(50_000);
    await context.close();
  });

  it('[STRIPE][LOAD]: when Stripe.js cannot load the page says so, and Try again brings the form', async () => {
    const { page, context, routing } = await cardCheckout({ before: (_, routes) => routes.blockScript(true) });
    const failed = page.getByTestId('card-form-failed');
    await failed.getByText('The card form could not load. Check your connection and try again.').waitFor();
    expect(await page.getByTestId('card-form-pay').isDisabled()).toBe(true);
    routing.blockScript(false);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('fake-stripe-card').waitFor();
    expect(await page.getByTestId('card-form-pay').isDisabled()).toBe(false);
    await context.close();
  });

  for (const [width, language] of LAYOUTS) {
    it(`[STRIPE][LAYOUT]: the card form at ${width} px in ${language}`, async () => {
      const { page, context } = await cardCheckout({
        width,
        before: async (browser) => {
          if (language === 'ru') await browser.addInitScript(() => localStorage.setItem('language', 'ru'));
        },
      });
      await page.getByTestId('fake-stripe-card').waitFor();
      await page.getByText(language === 'en' ? 'Card details' : 'Данные карты', { exact: true }).waitFor();
      expect(await noSideScroll(page)).toBe(true);
      await screenshot(page, `stripe-card-form-${width}-${language}`);
      await context.close();
    });
  }
  it("[STRIPE][WIDGET]: a widget shop's customer pays the sale price in Stripe's form on the sale's page, once", async () => {
    const picks = await twoOffers(api, ADMIN, 'aed');
    const widget = await createShop(api, ADMIN, {
      name: 'Desert Rose by Stripe',
      currency: 'aed',
      language: 'en',
      offers: atTenPercentOf(picks),
    });
    const context = await portal.browser.newContext({ viewport: { width: 390, height: 900 } });
    await routeStripe(context, stripe, PUBLISHABLE_KEY);
    const page = await context.newPage();
    await page.goto(`${portal.url()}/w/${widget.slug}`);
    await page.getByTestId('shop-book').first().click();
    await page.getByTestId('checkout-continue').click();
    const total = Number(await page.getByTestId('checkout-total').getAttribute('data-amount'));
    await fillGuest(page, 'stripe.customer@example.com');
    await page.getByTestId('checkout-pay').click();
    // no hosted page with Stripe: the sale's own page carries the Payment Element
    await page.getByTestId('sale-card').waitFor();
    await page.getByTestId('fake-stripe-card').fill('4242 4242 4242 4242');
    await screenshot(page, 'widget-checkout-stripe-390-en');
    await page.getByTestId('sale-card-pay').click();
    await page.getByTestId('sale-confirmed').waitFor({ timeout: 30_000 });
    const paid = [...stripe.intents.values()].filter(
      (intent) => intent.status === 'succeeded' && intent.amount === total,
    );
    expect(paid).toHaveLength(1);
    await context.close();
  });
});
