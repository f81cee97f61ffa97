import type { FastifyInstance } from 'fastify';

// Pays a sandbox charge on its hosted page as an agent's browser would (the card form's POST)
export function payOnSandboxPage(app: FastifyInstance, chargeId: string, cardNumber: string) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/pay/${chargeId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      step: 'card',
      cardNumber,
      expiry: '12/30',
      cvc: '123',
      name: 'Maria Lopez',
    }).toString(),
  });
}

export const SANDBOX_CARD = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };
