import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearerToken, startHttpStandIn, type StandInRequest, type StandInResponse } from './http-stand-in.ts';

export type StandInTapCharge = {
  id: string;
  object: 'charge';
  live_mode: false;
  status: string;
  amount: number;
  currency: string;
  threeDSecure: boolean;
  description: string;
  metadata: Record<string, unknown>;
  transaction: { timezone: string; created: string; url: string; expiry: { period: number; type: string } };
  reference: { transaction: string; order: string; payment: string; gateway: string; track: string };
  response: { code: string; message: string };
  customer: Record<string, unknown>;
  source: { id: string };
  redirect: { status: string; url: string };
  post: { status: string; url: string } | null;
};

export type StandInTapRefund = {
  id: string;
  object: 'refund';
  charge_id: string;
  amount: number;
  currency: string;
  status: string;
  reason: string;
};

export type TapStandIn = {
  apiBase: string;
  secretKey: string;
  charges: Map<string, StandInTapCharge>;
  refunds: StandInTapRefund[];
  requests: StandInRequest[];
  // the next refund requests' answers lost on the way back (HTTP 503): 'made' when Tap made the refund first,
  // 'not-made' when it did not
  lostRefundAnswers: ('made' | 'not-made')[];
  // what the customer's visit to transaction.url would end in
  complete: (chargeId: string, outcome: 'CAPTURED' | 'DECLINED' | 'ABANDONED' | 'CANCELLED') => StandInTapCharge;
  signedWebhook: (
    chargeId: string,
    options?: { secret?: string },
  ) => { rawBody: Buffer; headers: Record<string, string> };
  close: () => Promise<void>;
};

const RESPONSES: Record<string, { code: string; message: string }> = {
  CAPTURED: { code: '000', message: 'Captured' },
  DECLINED: { code: '507', message: 'Declined, Card Issuer' },
  ABANDONED: { code: '301', message: 'Abandoned' },
  CANCELLED: { code: '302', message: 'Cancelled' },
};

function tapError(status: number, code: string, description: string): StandInResponse {
  return { status, body: { errors: [{ code, description }] } };
}

// Written from Tap's documentation on its own, so the adapter's hash is checked against an independent implementation.
export function tapWebhookHash(charge: StandInTapCharge, secretKey: string): string {
  const decimals = ['KWD', 'BHD', 'OMR', 'JOD'].includes(charge.currency) ? 3 : 2;
  const toBeHashed =
    'x_id' +
    charge.id +
    'x_amount' +
    charge.amount.toFixed(decimals) +
    'x_currency' +
    charge.currency +
    'x_gateway_reference' +
    charge.reference.gateway +
    'x_payment_reference' +
    charge.reference.payment +
    'x_status' +
    charge.status +
    'x_created' +
    charge.transaction.created;
  return createHmac('sha256', secretKey).update(toBeHashed).digest('hex');
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export async function startTapStandIn(options: { secretKey?: string } = {}): Promise<TapStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_tap_stand_in';
  const charges = new Map<string, StandInTapCharge>();
  const refunds: StandInTapRefund[] = [];
  const lostRefundAnswers: ('made' | 'not-made')[] = [];
  let baseUrl = '';

  function handle(request: StandInRequest): StandInResponse {
    if (bearerToken(request.headers) !== secretKey) return tapError(401, '2107', 'Authorization Required');
    const { pathname } = new URL(request.path, 'http://stand-in');
    let body: Record<string, unknown> = {};
    try {
      body = request.rawBody ? asRecord(JSON.parse(request.rawBody)) : {};
    } catch {
      return tapError(400, '1100', 'Invalid JSON');
    }

    if (request.method === 'POST' && pathname === '/v2/charges') {
      const amount = body.amount;
      const currency = body.currency;
      if (typeof amount !== 'number' || amount <= 0) return tapError(400, '1117', 'Invalid Amount');
      if (typeof currency !== 'string' || currency !== currency.toUpperCase())
        return tapError(400, '1118', 'Invalid Currency');
      const chargeId = `chg_TS0${randomBytes(10).toString('hex')}`;
      const reference = asRecord(body.reference);
      const post = asRecord(body.post);
      const charge: StandInTapCharge = {
        id: chargeId,
        object: 'charge',
        live_mode: false,
        status: 'INITIATED',
        amount,
        currency,
        threeDSecure: body.threeDSecure !== false,
        description: String(body.description ?? ''),
        metadata: asRecord(body.metadata),
        transaction: {
          timezone: 'UTC+03:00',
          created: String(Date.now()),
          url: `${baseUrl}/gosell/pay/${chargeId}`,
          expiry: { period: 30, type: 'MINUTE' },
        },
        reference: {
          transaction: String(reference.transaction ?? ''),
          order: String(reference.order ?? ''),
          payment: String(Date.now()).slice(-10) + String(Math.floor(Math.random() * 1e6)).padStart(6, '0'),
          gateway: '',
          track: `tck_TS0${randomBytes(6).toString('hex')}`,
        },
        response: { code: '100', message: 'Initiated' },
        customer: asRecord(body.customer),
        source: { id: String(asRecord(body.source).id ?? '') },
        redirect: { status: 'PENDING', url: String(asRecord(body.redirect).url ?? '') },
        post: typeof post.url === 'string' ? { status: 'PENDING', url: post.url } : null,
      };
      charges.set(chargeId, charge);
      return { status: 200, body: charge };
    }

    const chargeMatch = /^\/v2\/charges\/([^/]+)$/.exec(pathname);
    if (request.method === 'GET' && chargeMatch) {
      const charge = charges.get(chargeMatch[1] ?? '');
      return charge ? { status: 200, body: charge } : tapError(404, '1126', 'Charge Not Found');
    }

    if (request.method === 'POST' && pathname === '/v2/refunds') {
      const lost = lostRefundAnswers.shift();
      if (lost === 'not-made') return tapError(503, '503', 'Service Unavailable');
      const charge = charges.get(String(body.charge_id ?? ''));
      if (!charge) return tapError(404, '1126', 'Charge Not Found');
      if (charge.status !== 'CAPTURED') return tapError(400, '1305', 'Charge is not captured');
      if (body.currency !== charge.currency) return tapError(400, '1118', 'Invalid Currency');
      const amount = Number(body.amount);
      const already = refunds.filter((r) => r.charge_id === charge.id).reduce((sum, r) => sum + r.amount, 0);
      if (!(amount > 0) || Math.round((already + amount) * 1000) > Math.round(charge.amount * 1000))
        return tapError(400, '1306', 'Refund amount exceeds the charge');
      if (typeof body.reason !== 'string' || body.reason === '') return tapError(400, '1307', 'Reason is required');
      const refund: StandInTapRefund = {
        id: `re_TS0${randomBytes(10).toString('hex')}`,
        object: 'refund',
        charge_id: charge.id,
        amount,
        currency: charge.currency,
        status: 'REFUNDED',
        reason: body.reason,
      };
      refunds.push(refund);
      if (lost === 'made') return tapError(503, '503', 'Service Unavailable');
      return { status: 200, body: refund };
    }

    return tapError(404, '404', `No route ${request.method} ${pathname}`);
  }

  const server = await startHttpStandIn(handle);
  baseUrl = server.baseUrl;

  return {
    apiBase: server.baseUrl,
    secretKey,
    charges,
    refunds,
    requests: server.requests,
    lostRefundAnswers,
    complete(chargeId, outcome) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`No such Tap charge: ${chargeId}`);
      charge.status = outcome;
      charge.response = RESPONSES[outcome] ?? { code: '999', message: outcome };
      charge.reference.gateway = outcome === 'CAPTURED' ? String(Math.floor(Math.random() * 1e6)).padStart(6, '0') : '';
      charge.redirect.status = 'SUCCESS';
      return charge;
    },
    signedWebhook(chargeId, signOptions = {}) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`No such Tap charge: ${chargeId}`);
      return {
        rawBody: Buffer.from(JSON.stringify(charge)),
        headers: {
          'content-type': 'application/json',
          hashstring: tapWebhookHash(charge, signOptions.secret ?? secretKey),
        },
      };
    },
    close: server.close,
  };
}

// Tap calling our webhook about the charge as it stands now, signed; `headers` replace the signed ones (a forged hash)
export function postTapWebhook(
  app: FastifyInstance,
  tap: TapStandIn,
  chargeId: string,
  headers: Record<string, string> = {},
) {
  const event = tap.signedWebhook(chargeId);
  return app.inject({
    method: 'POST',
    url: '/api/payments/tap/webhook',
    headers: { ...event.headers, ...headers },
    payload: event.rawBody,
  });
}
