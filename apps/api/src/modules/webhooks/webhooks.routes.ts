import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webhookRoutes as routes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import {
  createEndpoint,
  listDeliveries,
  listEndpoints,
  removeEndpoint,
  retryDelivery,
  runWebhooks,
  sendTestEvent,
  updateEndpoint,
  type RenderBooking,
} from './webhooks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: { run: () => Promise<number> };
  }
}

// `renderBooking`: a booking's body in the events (the OCTO booking), given by the app that knows the reseller API
export const webhookRoutesPlugin = fp(
  async (app: FastifyInstance, options: { renderBooking: RenderBooking }) => {
    const run = () => runWebhooks({ ...app.deps, renderBooking: options.renderBooking });
    // "send a test event" and "send again" go out on the next run, brought forward to now (one run at a time)
    let running: Promise<unknown> | null = null;
    const kick = () => {
      if (app.deps.config.webhooks.pollMs <= 0 || running) return;
      running = run()
        .catch((error: unknown) => app.log.error({ err: error }, 'webhook run failed'))
        .finally(() => (running = null));
    };
    app.decorate('webhooks', { run });
    // events fanned out to endpoints, due deliveries sent (retries over about a day)
    if (app.deps.config.webhooks.pollMs > 0)
      app.jobs.add({ name: 'webhooks', everyMs: app.deps.config.webhooks.pollMs, run });
    app.addHook('onClose', async () => void (await running));
    registerRoute(app, routes.list, ({ ctx }) => listEndpoints(ctx));
    registerRoute(app, routes.create, ({ ctx, body }) => createEndpoint(ctx, body));
    registerRoute(app, routes.update, ({ ctx, params, body }) => updateEndpoint(ctx, params.id, body));
    registerRoute(app, routes.remove, ({ ctx, params }) => removeEndpoint(ctx, params.id));
    registerRoute(app, routes.deliveries, ({ ctx, params }) => listDeliveries(ctx, params.id));
    registerRoute(app, routes.test, ({ ctx, params }) => sendTestEvent(ctx, params.id, kick));
    registerRoute(app, routes.retry, ({ ctx, params }) => retryDelivery(ctx, params.id, kick));
  },
  { name: 'webhooks' },
);
