import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { currencyDecimals, formatMajor, parseMajor } from './amount.ts';
import {
  assertChargeInput,
  headerValue,
  ProviderRequestError,
  UnhandledWebhookEventError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderEvent,
  type ProviderRefund,
  type ProviderStatus,
} from './provider.ts';

export const TAP_DEFAULT_API_BASE = 'https://api.tap.company';

export type TapProviderOptions = {
  secretKey: string;
  // a local stand-in in tests; Tap's public API otherwise
  apiBase?: string;
  // where Tap posts charge updates (our POST /api/payments/tap/webhook)
  webhookUrl?: string;
};

const tapChargeSchema = z.looseObject({
  id: z.string().min(1),
  object: z.string().optional(),
  status: z.string(),
  amount: z.union([z.number(), z.string()]),
  currency: z.string(),
  transaction: z
    .looseObject({ url: z.string().nullish(), created: z.union([z.string(), z.number()]).nullish() })
    .nullish(),
  reference: z.looseObject({ gateway: z.string().nullish(), payment: z.string().nullish() }).nullish(),
  response: z.looseObject({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});
export type TapCharge = z.infer<typeof tapChargeSchema>;

const tapRefundSchema = z.looseObject({ id: z.string().min(1), status: z.string() });
const tapErrorSchema = z.looseObject({
  errors: z.array(z.looseObject({ code: z.unknown().optional(), description: z.string().optional() })),
});

export function createTapProvider({
  secretKey,
  apiBase = TAP_DEFAULT_API_BASE,
  webhookUrl,
}: TapProviderOptions): PaymentProvider {
  const base = apiBase.replace(/\/+$/, '');

  async function request<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new ProviderRequestError(
        'tap',
        `Tap: request failed (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new ProviderRequestError('tap', `Tap: HTTP ${response.status} with a non-JSON body`, response.status);
    }
    if (!response.ok) {
      const errors = tapErrorSchema.safeParse(json);
      const detail = errors.success
        ? errors.data.errors.map((e) => e.description ?? String(e.code)).join('; ')
        : `HTTP ${response.status}`;
      throw new ProviderRequestError('tap', `Tap: ${detail}`, response.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new ProviderRequestError('tap', `Tap: unexpected response to ${method} ${path}`, response.status);
    return parsed.data;
  }

  const retrieve = (providerRef: string) =>
    request('GET', `/v2/charges/${encodeURIComponent(providerRef)}`, tapChargeSchema);

  return {
    name: 'tap',
    // Tap documents no idempotency key for refunds (see refund below)
    refundsIdempotent: false,
    async createCharge(input) {
      assertChargeInput(input);
      const currency = input.currency.toUpperCase();
      const charge = await request('POST', '/v2/charges', tapChargeSchema, {
        amount: Number(formatMajor(input.amountMinor, currencyDecimals(currency))),
        currency,
        customer_initiated: true,
        threeDSecure: true,
        save_card: false,
        description: input.description,
        metadata: { paymentId: input.paymentId, reference: input.reference },
        reference: { transaction: input.paymentId, order: input.reference },
        receipt: { email: false, sms: false },
        customer: { first_name: customerName(input.customerEmail), email: input.customerEmail },
        source: { id: 'src_all' },
        ...(webhookUrl ? { post: { url: webhookUrl } } : {}),
        redirect: { url: input.returnUrl },
      });
      return toCharge(charge);
    },
    async retrieveCharge(providerRef) {
      return toCharge(await retrieve(providerRef));
    },
    // Tap has no call to cancel a charge: an unpaid one expires on Tap's side, so report where it stands.
    async cancelCharge(providerRef) {
      return toCharge(await retrieve(providerRef));
    },
    // Tap documents no idempotency key for refunds: the attempt id goes in the refund's metadata, and the caller
    // makes sure one node asks once per attempt (payments.service claims it)
    async refund(providerRef, amountMinor, reason, attemptId): Promise<ProviderRefund> {
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
        throw new Error('Refund amount must be a positive integer of minor units');
      const charge = await retrieve(providerRef);
      const currency = charge.currency.toUpperCase();
      const refund = await request('POST', '/v2/refunds', tapRefundSchema, {
        charge_id: providerRef,
        amount: Number(formatMajor(amountMinor, currencyDecimals(currency))),
        currency,
        reason: reason.slice(0, 255) || 'requested_by_customer',
        metadata: { chargeId: providerRef, attemptId },
      });
      return { refundRef: refund.id, status: mapTapRefundStatus(refund.status) };
    },
    parseWebhook(rawBody, headers): ProviderEvent {
      const received = headerValue(headers, 'hashstring');
      if (!received || !/^[0-9a-fA-F]{64}$/.test(received))
        throw new WebhookSignatureError('Missing or malformed hashstring header');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureError('Tap webhook body is not JSON');
      }
      const parsed = tapChargeSchema.safeParse(json);
      if (!parsed.success) throw new WebhookSignatureError('Tap webhook body is not a charge');
      const charge = parsed.data;
      const expected = Buffer.from(tapHashString(charge, secretKey), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(received.toLowerCase(), 'hex')))
        throw new WebhookSignatureError('Tap hashstring mismatch');
      if (charge.object && charge.object !== 'charge') throw new UnhandledWebhookEventError(`tap.${charge.object}`);
      const mapped = toCharge(charge);
      // Tap posts the charge itself, with no event id: one event per (charge, status).
      return {
        eventId: `${charge.id}:${charge.status}`,
        providerRef: charge.id,
        status: mapped.status,
        failureMessage: mapped.failureMessage,
      };
    },
  };
}

// Tap's webhook hash: HMAC-SHA256 (secret key) of x_id…x_amount…x_currency…x_gateway_reference…x_payment_reference…x_status…x_created…
export function tapHashString(charge: TapCharge, secretKey: string): string {
  const decimals = currencyDecimals(charge.currency);
  const amount = formatMajor(parseMajor(charge.amount, decimals), decimals);
  const text =
    `x_id${charge.id}` +
    `x_amount${amount}` +
    `x_currency${charge.currency}` +
    `x_gateway_reference${charge.reference?.gateway ?? ''}` +
    `x_payment_reference${charge.reference?.payment ?? ''}` +
    `x_status${charge.status}` +
    `x_created${charge.transaction?.created ?? ''}`;
  return createHmac('sha256', secretKey).update(text).digest('hex');
}

export function mapTapStatus(charge: Pick<TapCharge, 'status' | 'transaction'>): ProviderStatus {
  switch (charge.status.toUpperCase()) {
    case 'INITIATED':
      return charge.transaction?.url ? 'requires_action' : 'pending';
    case 'IN_PROGRESS':
    case 'AUTHORIZED':
    case 'UNKNOWN':
      return 'pending';
    case 'CAPTURED':
      return 'succeeded';
    case 'CANCELLED':
    case 'VOID':
      return 'cancelled';
    case 'REFUNDED':
      return 'refunded';
    default:
      // DECLINED, FAILED, ABANDONED, RESTRICTED, TIMEDOUT, …
      return 'failed';
  }
}

function toCharge(charge: TapCharge): ProviderCharge {
  const status = mapTapStatus(charge);
  return {
    providerRef: charge.id,
    status,
    redirectUrl: status === 'requires_action' || status === 'pending' ? (charge.transaction?.url ?? null) : null,
    clientSecret: null,
    failureMessage:
      status === 'failed' ? (charge.response?.message ?? `The card payment was ${charge.status.toLowerCase()}.`) : null,
    amountMinor: parseMajor(charge.amount, currencyDecimals(charge.currency)),
  };
}

function mapTapRefundStatus(status: string): ProviderRefund['status'] {
  const value = status.toUpperCase();
  if (value === 'REFUNDED' || value === 'SUCCEEDED') return 'succeeded';
  if (value === 'PENDING' || value === 'IN_PROGRESS' || value === 'INITIATED') return 'pending';
  return 'failed';
}

// Tap requires a first name; the portal only passes an e-mail.
function customerName(email: string): string {
  const local = email.split('@')[0]?.trim() ?? '';
  return local.slice(0, 50) || 'Customer';
}
