import Stripe from 'stripe';
import {
  assertChargeInput,
  headerValue,
  ProviderRequestError,
  UnhandledWebhookEventError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderRefund,
  type ProviderStatus,
} from './provider.ts';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  // e.g. http://127.0.0.1:12345 for a local stand-in; the SDK's own default otherwise
  apiBase?: string;
};

export function stripeConnection(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function createStripeProvider({ secretKey, webhookSecret, apiBase }: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(secretKey, {
    ...stripeConnection(apiBase),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    name: 'stripe',
    refundsIdempotent: true,
    async createCharge(input) {
      assertChargeInput(input);
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency,
            description: input.description,
            metadata: { paymentId: input.paymentId, reference: input.reference },
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey: `portal-charge-${input.paymentId}` },
        ),
      );
      return toCharge(intent);
    },
    async retrieveCharge(providerRef) {
      return toCharge(await call(() => stripe.paymentIntents.retrieve(providerRef)));
    },
    async cancelCharge(providerRef) {
      const current = await call(() => stripe.paymentIntents.retrieve(providerRef));
      if (!CANCELLABLE.has(current.status)) return toCharge(current);
      try {
        return toCharge(await stripe.paymentIntents.cancel(providerRef, { cancellation_reason: 'abandoned' }));
      } catch (error) {
        // It moved on (e.g. succeeded) between the two calls: report where it is now.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return toCharge(await call(() => stripe.paymentIntents.retrieve(providerRef)));
        throw wrap(error);
      }
    },
    async refund(providerRef, amountMinor, reason, attemptId): Promise<ProviderRefund> {
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
        throw new Error('Refund amount must be a positive integer of minor units');
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: providerRef, amount: amountMinor, metadata: { reason: reason.slice(0, 500), attemptId } },
          { idempotencyKey: `portal-refund-${attemptId}` },
        ),
      );
      return { refundRef: refund.id, status: mapRefundStatus(refund.status) };
    },
    parseWebhook(rawBody, headers) {
      const signature = headerValue(headers, 'stripe-signature');
      if (!signature) throw new WebhookSignatureError('Missing stripe-signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new WebhookSignatureError(error.message);
        throw error;
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
          return toEvent(event.id, event.data.object, 'succeeded');
        case 'payment_intent.payment_failed':
          return toEvent(event.id, event.data.object, 'failed');
        case 'payment_intent.canceled':
          return toEvent(event.id, event.data.object, 'cancelled');
        case 'payment_intent.requires_action':
          return toEvent(event.id, event.data.object, 'requires_action');
        case 'payment_intent.processing':
          return toEvent(event.id, event.data.object, 'pending');
        // a refund answered succeeded or pending that did not reach the card after all
        case 'refund.failed':
          return {
            kind: 'refundFailed',
            eventId: event.id,
            refundRef: event.data.object.id,
            providerRef: idOf(event.data.object.payment_intent),
            failureMessage: event.data.object.failure_reason ?? null,
          };
        default:
          throw new UnhandledWebhookEventError(event.type);
      }
    },
  };
}

const CANCELLABLE = new Set<string>([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
]);

export function mapPaymentIntentStatus(
  intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>,
): ProviderStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'cancelled';
    case 'requires_action':
      return 'requires_action';
    // Back to requires_payment_method after a failed attempt: the same as the payment_failed webhook says.
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

function toCharge(intent: Stripe.PaymentIntent): ProviderCharge {
  const status = mapPaymentIntentStatus(intent);
  return {
    providerRef: intent.id,
    status,
    redirectUrl: null,
    clientSecret: intent.client_secret,
    failureMessage: status === 'failed' ? failureMessageOf(intent) : null,
    amountMinor: intent.amount,
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

function toEvent(eventId: string, intent: Stripe.PaymentIntent, status: ProviderStatus) {
  return {
    eventId,
    providerRef: intent.id,
    status,
    failureMessage: status === 'failed' ? failureMessageOf(intent) : null,
  };
}

function failureMessageOf(intent: Stripe.PaymentIntent): string {
  return intent.last_payment_error?.message ?? 'The card payment failed.';
}

function mapRefundStatus(status: string | null): ProviderRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw wrap(error);
  }
}

function wrap(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeError) {
    return new ProviderRequestError('stripe', `Stripe: ${error.message}`, error.statusCode ?? null);
  }
  return error instanceof Error ? error : new Error(String(error));
}
