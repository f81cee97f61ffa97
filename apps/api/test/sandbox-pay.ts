import type { FastifyInstance } from 'fastify';
import { SANDBOX_TEST_CARDS } from '../src/modules/payments/index.ts';

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

export const SANDBOX_CARD = { ok: SANDBOX_TEST_CARDS.succeeds, declined: SANDBOX_TEST_CARDS.declined };

// The sandbox's test wallet, as a payer's browser uses it: its sheet sent (with the payer's details or without), or
// closed
export function postSandboxForm(app: FastifyInstance, chargeId: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/pay/${chargeId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export function payWithSandboxWallet(
  app: FastifyInstance,
  chargeId: string,
  payer: { name: string; email: string } = { name: 'Maria Lopez', email: 'maria@example.test' },
) {
  return postSandboxForm(app, chargeId, { step: 'wallet', ...payer });
}

export function closeSandboxWallet(app: FastifyInstance, chargeId: string) {
  return postSandboxForm(app, chargeId, { step: 'wallet-dismiss' });
}
