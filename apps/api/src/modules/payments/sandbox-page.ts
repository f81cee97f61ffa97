import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { acceptFormPosts } from '../../lib/form-body.ts';
import { findSandboxCharge, transitionSandboxCharge, type SandboxChargeRow } from './providers/sandbox-charges.repo.ts';
import { buildSandboxEvent, sandboxPayPath } from './providers/sandbox.ts';
import {
  SANDBOX_MESSAGES,
  SANDBOX_TEST_CARDS,
  WALLET_CARD,
  formSchema,
  hasPersonalInformation,
  pageQuerySchema,
  validateCard,
} from './sandbox-cards.ts';
import {
  cardPage,
  challengePage,
  incompleteFormPage,
  notFoundPage,
  outcomePage,
  walletSheetPage,
} from './sandbox-pay.page.tsx';

export type SandboxPayPageDeps = {
  db: Db;
  secret: string;
  // The booking engine's webhook handler: the same code path as a provider's real webhook.
  deliver: (rawBody: Buffer, headers: Record<string, string>) => Promise<void>;
};

const paramsSchema = z.object({ id: z.string().min(1).max(100) });

// Not wrapped in fastify-plugin on purpose: the form-body parser stays inside this plugin's scope.
export function sandboxPayPage(deps: SandboxPayPageDeps): FastifyPluginAsync {
  return async (app) => {
    acceptFormPosts(app);

    app.get('/api/payments/sandbox/pay/:id', async (request, reply) => {
      const charge = await loadCharge(deps.db, request);
      if (!charge) return sendPage(reply, 404, null, notFoundPage());
      if (charge.status === 'pending')
        return sendPage(
          reply,
          200,
          charge,
          pageQuerySchema.parse(request.query).sheet === 'wallet'
            ? walletSheetPage(charge, null, null)
            : cardPage(charge, null, null),
        );
      if (charge.status === 'requires_action') return sendPage(reply, 200, charge, challengePage(charge));
      return sendPage(reply, 200, charge, outcomePage(charge));
    });

    app.post('/api/payments/sandbox/pay/:id', async (request, reply) => {
      const charge = await loadCharge(deps.db, request);
      if (!charge) return sendPage(reply, 404, null, notFoundPage());
      const form = formSchema.safeParse(request.body ?? {});
      if (!form.success) return sendPage(reply, 400, charge, incompleteFormPage(charge.language));
      const toPage = () => reply.header('cache-control', 'no-store').redirect(sandboxPayPath(charge.id), 303);

      // Like a real hosted page's cancel URL: the charge is closed and the portal told before the agent is back
      if (form.data.step === 'cancel') {
        const cancelled = await transitionSandboxCharge(deps.db, charge.id, ['pending', 'requires_action'], {
          status: 'cancelled',
          failureMessage: SANDBOX_MESSAGES.cancelled,
        });
        return cancelled
          ? finish(cancelled, request, reply)
          : reply.header('cache-control', 'no-store').redirect(charge.returnUrl, 303);
      }

      if (form.data.step === 'challenge') {
        const succeeded = form.data.outcome === 'complete';
        const settled = await transitionSandboxCharge(deps.db, charge.id, ['requires_action'], {
          status: succeeded ? 'succeeded' : 'failed',
          failureMessage: succeeded ? null : SANDBOX_MESSAGES.authenticationFailed,
        });
        return settled ? finish(settled, request, reply) : toPage();
      }

      if (charge.status !== 'pending') return toPage();

      // A wallet's sheet closed: nothing was paid nor changed; the card page says what the wallet needed
      if (form.data.step === 'wallet-dismiss')
        return sendPage(reply, 200, charge, cardPage(charge, null, SANDBOX_MESSAGES.personalInformation));
      if (form.data.step === 'wallet') {
        const wallet = form.data;
        if (!hasPersonalInformation(wallet))
          return sendPage(reply, 422, charge, walletSheetPage(charge, wallet, SANDBOX_MESSAGES.personalInformation));
        // the same move and event as a card's: the portal cannot tell them apart, and credits once either way
        const settled = await transitionSandboxCharge(deps.db, charge.id, ['pending'], {
          status: 'succeeded',
          failureMessage: null,
          cardLast4: WALLET_CARD.slice(-4),
        });
        return settled ? finish(settled, request, reply) : toPage();
      }

      const card = form.data;
      const problem = validateCard(card, new Date());
      if (problem) return sendPage(reply, 422, charge, cardPage(charge, card, problem));
      const digits = card.cardNumber.replace(/[\s-]/g, '');
      const last4 = digits.slice(-4);
      if (digits === SANDBOX_TEST_CARDS.authentication) {
        await transitionSandboxCharge(deps.db, charge.id, ['pending'], { status: 'requires_action', cardLast4: last4 });
        return toPage();
      }
      const succeeded = digits === SANDBOX_TEST_CARDS.succeeds;
      const settled = await transitionSandboxCharge(deps.db, charge.id, ['pending'], {
        status: succeeded ? 'succeeded' : 'failed',
        failureMessage: succeeded ? null : SANDBOX_MESSAGES.declined,
        cardLast4: last4,
      });
      return settled ? finish(settled, request, reply) : toPage();
    });
  };

  // Only the request that moved the charge to its final state delivers the event: no double notification.
  async function finish(charge: SandboxChargeRow, request: FastifyRequest, reply: FastifyReply) {
    const status = charge.status === 'succeeded' || charge.status === 'cancelled' ? charge.status : 'failed';
    const { rawBody, headers } = buildSandboxEvent(
      charge.id,
      { status, failureMessage: charge.failureMessage },
      deps.secret,
    );
    try {
      await deps.deliver(rawBody, headers);
    } catch (error) {
      // The charge is settled either way; the booking engine reconciles with retrieveCharge.
      request.log.error({ err: error, chargeId: charge.id }, 'sandbox webhook delivery failed');
    }
    return reply.header('cache-control', 'no-store').redirect(charge.returnUrl, 303);
  }
}

async function loadCharge(db: Db, request: FastifyRequest): Promise<SandboxChargeRow | null> {
  const params = paramsSchema.safeParse(request.params);
  return params.success ? findSandboxCharge(db, params.data.id) : null;
}

// Route-specific CSP: no scripts at all; the form may post here and the browser may follow our redirect to the return URL.
function pageCsp(charge: SandboxChargeRow | null): string {
  const returnOrigin = charge && URL.canParse(charge.returnUrl) ? new URL(charge.returnUrl).origin : null;
  const formAction = ["'self'", returnOrigin && returnOrigin !== 'null' ? returnOrigin : null]
    .filter(Boolean)
    .join(' ');
  return `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action ${formAction}; frame-ancestors 'self'; base-uri 'none'`;
}

function sendPage(reply: FastifyReply, status: number, charge: SandboxChargeRow | null, html: string) {
  return reply
    .code(status)
    .header('content-security-policy', pageCsp(charge))
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);
}
