import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import {
  addSandboxRefund,
  findSandboxCharge,
  insertSandboxCharge,
  transitionSandboxCharge,
  type SandboxChargeRow,
} from './sandbox-charges.repo.ts';
import {
  assertChargeInput,
  headerValue,
  ProviderRequestError,
  WebhookSignatureError,
  type CreateChargeInput,
  type PaymentProvider,
  type ProviderCharge,
  type ChargeEvent,
  type ProviderStatus,
  type WebhookHeaders,
} from './provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_SIGNATURE_TOLERANCE_SECONDS = 300;

type SandboxEventType = 'charge.succeeded' | 'charge.failed' | 'charge.cancelled';
type SandboxOutcome = 'succeeded' | 'failed' | 'cancelled';
export type SandboxEvent = {
  id: string;
  type: SandboxEventType;
  data: { chargeId: string; status: SandboxOutcome; failureMessage: string | null };
};

const sandboxEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(['charge.succeeded', 'charge.failed', 'charge.cancelled']),
  data: z.object({
    chargeId: z.string().min(1),
    status: z.enum(['succeeded', 'failed', 'cancelled']),
    failureMessage: z.string().nullable(),
  }),
});

export type SandboxProviderOptions = { db: Db; publicBaseUrl: string; secret: string };

export function sandboxPayPath(chargeId: string): string {
  return `/api/payments/sandbox/pay/${encodeURIComponent(chargeId)}`;
}

export function createSandboxProvider({ db, publicBaseUrl, secret }: SandboxProviderOptions): PaymentProvider {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const toCharge = (row: SandboxChargeRow): ProviderCharge => ({
    providerRef: row.id,
    status: row.status,
    redirectUrl:
      row.status === 'pending' || row.status === 'requires_action' ? `${base}${sandboxPayPath(row.id)}` : null,
    clientSecret: null,
    failureMessage: row.failureMessage,
    amountMinor: row.amountMinor,
  });
  const load = async (providerRef: string): Promise<SandboxChargeRow> => {
    const row = await findSandboxCharge(db, providerRef);
    if (!row) throw new ProviderRequestError('sandbox', `No such sandbox charge: ${providerRef}`, 404);
    return row;
  };

  return {
    name: 'sandbox',
    // the sandbox keeps the attempt ids it refunded, as a real provider keeps idempotency keys
    refundsIdempotent: true,
    async createCharge(input: CreateChargeInput) {
      assertChargeInput(input);
      const row = await insertSandboxCharge(db, {
        id: `sbx_ch_${randomBytes(18).toString('base64url')}`,
        amountMinor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        language: input.language,
        returnUrl: input.returnUrl,
      });
      return toCharge(row);
    },
    async retrieveCharge(providerRef) {
      return toCharge(await load(providerRef));
    },
    async cancelCharge(providerRef) {
      const cancelled = await transitionSandboxCharge(db, providerRef, ['pending', 'requires_action'], {
        status: 'cancelled',
      });
      return toCharge(cancelled ?? (await load(providerRef)));
    },
    async refund(providerRef, amountMinor, _reason, attemptId) {
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
        throw new Error('Refund amount must be a positive integer of minor units');
      await load(providerRef);
      const refunded = await addSandboxRefund(db, providerRef, amountMinor, attemptId);
      return {
        refundRef: `sbx_re_${randomBytes(12).toString('base64url')}`,
        status: refunded ? 'succeeded' : 'failed',
      };
    },
    parseWebhook(rawBody, headers) {
      return parseSandboxWebhook(rawBody, headers, secret);
    },
  };
}

// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`: the timestamp is signed too, so it cannot be replaced.
export function signSandboxPayload(
  rawBody: Buffer,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  return `t=${nowSeconds},v1=${sandboxDigest(rawBody, secret, nowSeconds)}`;
}

export function buildSandboxEvent(
  chargeId: string,
  outcome: { status: SandboxOutcome; failureMessage: string | null },
  secret: string,
): { event: SandboxEvent; rawBody: Buffer; headers: Record<string, string> } {
  const event: SandboxEvent = {
    id: `sbx_evt_${randomBytes(12).toString('base64url')}`,
    type: `charge.${outcome.status}`,
    data: { chargeId, status: outcome.status, failureMessage: outcome.failureMessage },
  };
  const rawBody = Buffer.from(JSON.stringify(event));
  return {
    event,
    rawBody,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(rawBody, secret) },
  };
}

export function parseSandboxWebhook(
  rawBody: Buffer,
  headers: WebhookHeaders,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): ChargeEvent {
  const header = headerValue(headers, SANDBOX_SIGNATURE_HEADER);
  if (!header) throw new WebhookSignatureError(`Missing ${SANDBOX_SIGNATURE_HEADER} header`);
  const parts = new Map(
    header
      .split(',')
      .map((part) => [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()]),
  );
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature))
    throw new WebhookSignatureError('Malformed sandbox signature header');
  const expected = Buffer.from(sandboxDigest(rawBody, secret, timestamp), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    throw new WebhookSignatureError('Sandbox signature mismatch');
  if (Math.abs(nowSeconds - timestamp) > SANDBOX_SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookSignatureError('Sandbox signature timestamp outside the tolerance');
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new Error('Sandbox webhook body is not JSON');
  }
  const parsed = sandboxEventSchema.safeParse(json);
  if (!parsed.success) throw new Error('Sandbox webhook body does not match the event schema');
  const { id, data } = parsed.data;
  const status: ProviderStatus = data.status;
  return { eventId: id, providerRef: data.chargeId, status, failureMessage: data.failureMessage };
}

function sandboxDigest(rawBody: Buffer, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}
