import type { BrowserContext } from 'playwright-core';
import type { StripeStandIn, TestPaymentMethod } from '../../apps/api/test/stand-ins/stripe-stand-in.ts';

// A local fake of Stripe.js (the browser never reaches Stripe here): Stripe(pk).elements({clientSecret}) mounts a
// plain card-number field, and confirmPayment posts it to api.stripe.com, which routeStripe answers from the Stripe
// API stand-in the portal talks to, so the PaymentIntent the server later reads is the one the page confirmed.
// Like the real element it reports 'change' (complete, the method picked) and answers an incomplete card with a
// validation_error before any request. It keeps the options the page created the element with
// (window.__fakeStripeElementOptions). A headless Chromium has no Apple Pay or Google Pay, and neither has this fake,
// unless a test gives the browser one (window.__fakeStripeDeviceWallet = 'google_pay' | 'apple_pay'): then, if the
// page's options allow that wallet, a tab for it shows; its sheet is answered by window.__fakeStripeWalletAnswer —
// 'close' (the payer closed it: a validation_error, what Stripe.js answers when no wallet payment method came back)
// or 'pay' (the wallet's card, 4242, is confirmed like a typed one).
const FAKE_STRIPE_JS = `
window.Stripe = function (publishableKey) {
  return {
    elements: function (options) {
      var state = { clientSecret: options.clientSecret, locale: options.locale, input: null, method: 'card' };
      return {
        __state: state,
        create: function (type, elementOptions) {
          var handlers = {};
          var root = null;
          var emitChange = function () {
            var digits = (state.input && state.input.value || '').replace(/\\D/g, '');
            var isWallet = state.method !== 'card';
            if (handlers.change)
              handlers.change({ complete: isWallet || digits.length >= 16, empty: !isWallet && digits.length === 0, value: { type: state.method } });
          };
          window.__fakeStripeElementOptions = elementOptions || {};
          return {
            on: function (event, handler) { handlers[event] = handler; },
            mount: function (element) {
              root = document.createElement('div');
              var label = document.createElement('label');
              label.textContent = state.locale === 'ru' ? 'Номер карты ' : 'Card number ';
              var input = document.createElement('input');
              input.setAttribute('data-testid', 'fake-stripe-card');
              input.setAttribute('inputmode', 'numeric');
              input.addEventListener('input', function () { state.method = 'card'; emitChange(); });
              label.appendChild(input);
              var device = window.__fakeStripeDeviceWallet;
              var allowed = ((elementOptions || {}).wallets || {})[device === 'apple_pay' ? 'applePay' : 'googlePay'] !== 'never';
              if (device && allowed) {
                var tab = document.createElement('button');
                tab.type = 'button';
                tab.textContent = device === 'apple_pay' ? 'Apple Pay' : 'Google Pay';
                tab.setAttribute('data-testid', 'fake-stripe-wallet');
                tab.addEventListener('click', function () { state.method = device; emitChange(); });
                root.appendChild(tab);
              }
              root.appendChild(label);
              element.appendChild(root);
              state.input = input;
              setTimeout(function () { if (handlers.ready) handlers.ready({}); }, 0);
            },
            destroy: function () { if (root) root.remove(); },
          };
        },
      };
    },
    confirmPayment: function (options) {
      var state = options.elements.__state;
      var intent = state.clientSecret.split('_secret_')[0];
      var isWallet = state.method !== 'card';
      if (isWallet && window.__fakeStripeWalletAnswer !== 'pay')
        return Promise.resolve({ error: { type: 'validation_error', message: 'The payment sheet was closed.' } });
      var card = isWallet ? '4242424242424242' : (state.input && state.input.value || '').replace(/\\s/g, '');
      if (card.length < 16)
        return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
      var body = new URLSearchParams({
        key: publishableKey,
        client_secret: state.clientSecret,
        card: card,
        return_url: options.confirmParams.return_url,
      });
      return fetch('https://api.stripe.com/v1/payment_intents/' + intent + '/confirm', { method: 'POST', body: body })
        .then(function (response) { return response.json(); })
        .then(function (json) { return json.error ? { error: json.error } : { paymentIntent: json }; });
    },
  };
};
`;

const TEST_CARDS: Record<string, TestPaymentMethod> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
};

export type StripeRouting = { confirmed: string[]; blockScript: (blocked: boolean) => void };

export async function routeStripe(
  context: BrowserContext,
  stripe: StripeStandIn,
  publishableKey: string,
): Promise<StripeRouting> {
  const confirmed: string[] = [];
  let isBlocked = false;
  await context.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    isBlocked
      ? route.abort('connectionrefused')
      : route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
  await context.route(/^https:\/\/api\.stripe\.com\/v1\/payment_intents\/[^/]+\/confirm$/, async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    const intentId = /payment_intents\/([^/]+)\/confirm$/.exec(route.request().url())?.[1] ?? '';
    const intent = stripe.intents.get(intentId);
    const headers = { 'access-control-allow-origin': '*' };
    const fail = (status: number, message: string, type = 'invalid_request_error') =>
      route.fulfill({ status, headers, json: { error: { type, message } } });
    // what Stripe checks: the page's key and the intent's own secret
    if (form.get('key') !== publishableKey) return fail(401, 'Invalid API Key provided.');
    if (!intent || form.get('client_secret') !== intent.client_secret) return fail(404, 'No such payment_intent.');
    const method = TEST_CARDS[form.get('card') ?? ''];
    if (!method) return fail(402, 'Your card number is incorrect.', 'card_error');
    // a declined card leaves the intent waiting for another one, as Stripe does
    if (intent.status === 'requires_payment_method') intent.last_payment_error = null;
    const after = stripe.confirm(intentId, method);
    confirmed.push(intentId);
    if (after.last_payment_error) return fail(402, after.last_payment_error.message, 'card_error');
    return route.fulfill({ status: 200, headers, json: after });
  });
  return { confirmed, blockScript: (blocked) => (isBlocked = blocked) };
}
