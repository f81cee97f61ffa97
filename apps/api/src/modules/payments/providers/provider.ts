import type { PaymentProviderName } from '../../../config/payment-config.ts';

export type ProviderName = PaymentProviderName;
export type ProviderStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'cancelled' | 'refunded';

export type CreateChargeInput = {
  paymentId: string;
  reference: string;
  amountMinor: number;
  currency: 'aed' | 'usd';
  description: string;
  // the payer's language, for a hosted payment page that can speak it
  language: 'en' | 'ru';
  customerEmail: string;
  returnUrl: string;
};

export type ProviderCharge = {
  providerRef: string;
  status: ProviderStatus;
  redirectUrl: string | null;
  clientSecret: string | null;
  failureMessage: string | null;
  amountMinor: number;
};

// What a webhook tells: a charge's new status, or (Stripe) that a refund it had confirmed failed after all (the card
// was closed, say): the money never reached the payer
export type ProviderEvent = ChargeEvent | RefundFailedEvent;
export type ChargeEvent = {
  kind?: 'charge';
  eventId: string;
  providerRef: string;
  status: ProviderStatus;
  failureMessage: string | null;
};
export type RefundFailedEvent = {
  kind: 'refundFailed';
  eventId: string;
  refundRef: string;
  // the charge it refunded, when the provider says
  providerRef: string | null;
  failureMessage: string | null;
};

export type ProviderRefund = { refundRef: string; status: 'succeeded' | 'pending' | 'failed' };

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export type PaymentProvider = {
  name: ProviderName;
  // whether asking again for a refund under the same attempt id can never refund twice (an idempotency key)
  refundsIdempotent: boolean;
  createCharge(input: CreateChargeInput): Promise<ProviderCharge>;
  retrieveCharge(providerRef: string): Promise<ProviderCharge>;
  // Best effort, for an open charge whose hold expired: returns the charge as it stands afterwards
  // (it may have succeeded in the meantime; the caller then refunds).
  cancelCharge(providerRef: string): Promise<ProviderCharge>;
  // `attemptId`: our id of this refund, sent as the provider's idempotency key (asking twice refunds once)
  refund(providerRef: string, amountMinor: number, reason: string, attemptId: string): Promise<ProviderRefund>;
  // Throws WebhookSignatureError on a bad signature, UnhandledWebhookEventError on a genuine event of a kind we do not act on.
  parseWebhook(rawBody: Buffer, headers: WebhookHeaders): ProviderEvent;
};

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

// A correctly signed event the portal does not act on: answer 2xx so the provider stops retrying it.
// A correctly signed delivery whose body we cannot read: 400, so it shows in the provider's delivery log.
export class MalformedWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedWebhookError';
  }
}

export class UnhandledWebhookEventError extends Error {
  readonly eventType: string;

  constructor(eventType: string) {
    super(`Unhandled webhook event type: ${eventType}`);
    this.name = 'UnhandledWebhookEventError';
    this.eventType = eventType;
  }
}

// The provider answered with an error (HTTP status, provider message); no internals for end users.
export class ProviderRequestError extends Error {
  readonly provider: ProviderName;
  readonly httpStatus: number | null;

  constructor(provider: ProviderName, message: string, httpStatus: number | null = null) {
    super(message);
    this.name = 'ProviderRequestError';
    this.provider = provider;
    this.httpStatus = httpStatus;
  }
}

// The provider answered and said no (a 4xx other than a timeout, a conflict or a rate limit): asking again under the
// same attempt gets the same answer. No answer, or a 5xx, leaves the outcome unknown.
export function isRefusal(error: unknown): error is ProviderRequestError {
  if (!(error instanceof ProviderRequestError) || error.httpStatus === null) return false;
  return error.httpStatus >= 400 && error.httpStatus < 500 && ![408, 409, 425, 429].includes(error.httpStatus);
}

export function headerValue(headers: WebhookHeaders, name: string): string | null {
  const value = headers[name.toLowerCase()] ?? headers[name];
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

export function assertChargeInput(input: CreateChargeInput): void {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new Error('Charge amount must be a positive integer of minor units');
  const url = URL.canParse(input.returnUrl) ? new URL(input.returnUrl) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error('returnUrl must be an absolute http(s) URL');
}
