import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { bearerToken, startHttpStandIn, type StandInRequest, type StandInResponse } from './http-stand-in.ts';

// The PaymentIntent fields the adapter reads, as Stripe's API returns them.
export type StandInPaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  last_payment_error: { type: string; code: string; message: string } | null;
  latest_charge: string | null;
  cancellation_reason: string | null;
  next_action: { type: string } | null;
  automatic_payment_methods: Record<string, unknown> | null;
  payment_method_types: string[];
  livemode: false;
  created: number;
};

export type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded' | 'failed';
  failure_reason?: string;
  metadata: Record<string, string>;
  created: number;
};

// Stripe's test payment methods, as the SDK's confirm call would send them.
export type TestPaymentMethod = 'pm_card_visa' | 'pm_card_chargeDeclined' | 'pm_card_threeDSecure2Required';

export type StripeStandIn = {
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  intents: Map<string, StandInPaymentIntent>;
  refunds: StandInRefund[];
  requests: StandInRequest[];
  confirm: (intentId: string, paymentMethod: TestPaymentMethod) => StandInPaymentIntent;
  completeAuthentication: (intentId: string, outcome: 'succeed' | 'fail') => StandInPaymentIntent;
  // a refund made earlier fails after all (a closed card, say), as Stripe reports with refund.failed
  failRefund: (refundId: string, reason: string) => StandInRefund;
  signedWebhook: (
    type: string,
    object: StandInPaymentIntent | StandInRefund,
    options?: { secret?: string; timestamp?: number },
  ) => { rawBody: Buffer; headers: Record<string, string> };
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function stripeError(status: number, type: string, message: string, code?: string): StandInResponse {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

// `a[b]=1&c[0]=x` → { a: { b: '1' }, c: { 0: 'x' } }: the SDK's form encoding of nested params.
export function parseStripeForm(rawBody: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(rawBody)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      const child: Record<string, unknown> =
        typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : {};
      node[segment] = child;
      node = child;
    });
  }
  return root;
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export async function startStripeStandIn(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_stand_in';
  const webhookSecret = options.webhookSecret ?? 'whsec_stand_in';
  const intents = new Map<string, StandInPaymentIntent>();
  const refunds: StandInRefund[] = [];
  const idempotent = new Map<string, StandInResponse>();

  function confirm(intentId: string, paymentMethod: TestPaymentMethod): StandInPaymentIntent {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`No such payment_intent: ${intentId}`);
    if (intent.status !== 'requires_payment_method')
      throw new Error(`Cannot confirm a PaymentIntent with status ${intent.status}`);
    if (paymentMethod === 'pm_card_visa') succeed(intent);
    if (paymentMethod === 'pm_card_chargeDeclined') {
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    }
    if (paymentMethod === 'pm_card_threeDSecure2Required') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
    }
    return intent;
  }

  function completeAuthentication(intentId: string, outcome: 'succeed' | 'fail'): StandInPaymentIntent {
    const intent = intents.get(intentId);
    if (!intent || intent.status !== 'requires_action')
      throw new Error(`No PaymentIntent awaiting authentication: ${intentId}`);
    intent.next_action = null;
    if (outcome === 'succeed') return succeed(intent);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    };
    return intent;
  }

  function succeed(intent: StandInPaymentIntent): StandInPaymentIntent {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = id('ch');
    intent.last_payment_error = null;
    return intent;
  }

  function handle(request: StandInRequest): StandInResponse {
    if (bearerToken(request.headers) !== secretKey)
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    const url = new URL(request.path, 'http://stand-in');
    const body = parseStripeForm(request.rawBody);
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(\/cancel|\/confirm)?$/.exec(url.pathname);

    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0)
        return stripeError(400, 'invalid_request_error', 'Invalid integer: amount', 'parameter_invalid_integer');
      if (typeof body.currency !== 'string')
        return stripeError(400, 'invalid_request_error', 'Missing required param: currency.', 'parameter_missing');
      const intentId = id('pi');
      const intent: StandInPaymentIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: body.currency,
        description: typeof body.description === 'string' ? body.description : null,
        metadata: stringRecord(body.metadata),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        last_payment_error: null,
        latest_charge: null,
        cancellation_reason: null,
        next_action: null,
        automatic_payment_methods:
          typeof body.automatic_payment_methods === 'object' ? stringRecord(body.automatic_payment_methods) : null,
        payment_method_types: ['card'],
        livemode: false,
        created: now(),
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }

    if (intentMatch) {
      const [, intentId = '', action] = intentMatch;
      const intent = intents.get(intentId);
      if (!intent)
        return stripeError(404, 'invalid_request_error', `No such payment_intent: '${intentId}'`, 'resource_missing');
      if (request.method === 'GET' && !action) return { status: 200, body: intent };
      if (request.method === 'POST' && action === '/cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return stripeError(
            400,
            'invalid_request_error',
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        }
        intent.status = 'canceled';
        intent.cancellation_reason = typeof body.cancellation_reason === 'string' ? body.cancellation_reason : null;
        return { status: 200, body: intent };
      }
      if (request.method === 'POST' && action === '/confirm') {
        try {
          return { status: 200, body: confirm(intentId, String(body.payment_method) as TestPaymentMethod) };
        } catch (error) {
          return stripeError(
            400,
            'invalid_request_error',
            error instanceof Error ? error.message : String(error),
            'payment_intent_unexpected_state',
          );
        }
      }
    }

    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = typeof body.payment_intent === 'string' ? intents.get(body.payment_intent) : undefined;
      if (!intent) return stripeError(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
      if (intent.status !== 'succeeded')
        return stripeError(
          400,
          'invalid_request_error',
          'This PaymentIntent does not have a successful charge to refund.',
          'charge_not_refundable',
        );
      // a failed refund gives its amount back to what can be refunded, as at Stripe
      const already = refunds
        .filter((r) => r.payment_intent === intent.id && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = body.amount === undefined ? intent.amount - already : Number(body.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0 || already + amount > intent.amount) {
        return stripeError(
          400,
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - already})`,
          'amount_too_large',
        );
      }
      const refund: StandInRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: stringRecord(body.metadata),
        created: now(),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }

    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${url.pathname}).`);
  }

  const server = await startHttpStandIn((request) => {
    const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const cacheKey = typeof key === 'string' ? `${request.path} ${key}` : null;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) return { ...cached, headers: { 'idempotent-replayed': 'true' } };
    const response = handle(request);
    if (cacheKey) idempotent.set(cacheKey, { status: response.status, body: structuredClone(response.body) });
    return response;
  });

  return {
    apiBase: server.baseUrl,
    secretKey,
    webhookSecret,
    intents,
    refunds,
    requests: server.requests,
    confirm,
    completeAuthentication,
    failRefund(refundId, reason) {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = 'failed';
      refund.failure_reason = reason;
      return refund;
    },
    signedWebhook(type, object, signOptions = {}) {
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: signOptions.secret ?? webhookSecret,
        timestamp: signOptions.timestamp,
      });
      return {
        rawBody: Buffer.from(payload),
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      };
    },
    close: server.close,
  };
}
