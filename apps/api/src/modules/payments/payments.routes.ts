import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadOrCreateSecret } from '../../lib/secrets.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';
import { createPaymentProviders } from './providers/index.ts';
import {
  MalformedWebhookError,
  UnhandledWebhookEventError,
  WebhookSignatureError,
  type ProviderName,
} from './providers/provider.ts';
import { sandboxPayPage } from './sandbox-page.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

// Card payments for the modules that sell something: `app.payments`, the providers' webhooks and the sandbox's
// hosted pay page. What a payment pays for is told by its owner (`app.payments.registerOwner`).
export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app.deps;
    const publicBaseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
    const sandboxSecret = loadOrCreateSecret(config.dataDir, 'sandbox-webhook');
    const providers = await createPaymentProviders(config.payment, { db, publicBaseUrl, sandboxSecret });
    const payments = createPaymentsService({ db, providers, log: app.log });
    app.decorate('payments', payments);

    // Webhooks read the raw body (signatures are over the exact bytes), in their own scope
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      scope.post<{ Params: { provider: string } }>('/api/payments/:provider/webhook', async (request, reply) => {
        const provider = request.params.provider;
        if (provider !== 'sandbox' && provider !== 'stripe' && provider !== 'tap')
          return reply.code(404).type('text/plain').send('Not found');
        if (!providers.byName(provider)) return reply.code(404).type('text/plain').send('Not found');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          await payments.handleWebhook(provider satisfies ProviderName, raw, request.headers);
        } catch (error) {
          if (error instanceof WebhookSignatureError)
            return reply.code(400).type('text/plain').send('Invalid webhook signature');
          if (error instanceof UnhandledWebhookEventError)
            return reply.code(200).send({ received: true, handled: false });
          if (error instanceof MalformedWebhookError)
            return reply.code(400).type('text/plain').send('Malformed webhook body');
          throw error;
        }
        return reply.code(200).send({ received: true });
      });
    });
    await app.register(
      sandboxPayPage({
        db,
        secret: sandboxSecret,
        deliver: (raw, headers) => payments.handleWebhook('sandbox', raw, headers),
      }),
    );
  },
  { name: 'payments' },
);
