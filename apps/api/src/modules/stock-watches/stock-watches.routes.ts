import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { stockWatchRoutes as routes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import {
  cancelStockWatch,
  closePastStockWatches,
  createStockWatch,
  notifyReturnedSeats,
  openStockWatches,
} from './stock-watches.service.ts';

// Notify me (issue 9): an agent's requests to hear when seats come back, and the jobs that mail them.
export const stockWatchRoutesPlugin = fp(
  async (app: FastifyInstance) => {
    // mail when seats are back; close the requests whose date has passed
    if (app.deps.config.stockWatchPollMs > 0)
      app.jobs.add(
        {
          name: 'stock-watches-notify',
          everyMs: app.deps.config.stockWatchPollMs,
          run: async () => notifyReturnedSeats(app.deps, await app.catalogue.snapshot()),
        },
        { name: 'stock-watches-cleanup', everyMs: 15 * 60_000, run: () => closePastStockWatches(app.deps) },
      );
    registerRoute(app, routes.createStockWatch, async ({ body, ctx }) =>
      createStockWatch(ctx, await app.catalogue.snapshot(), body),
    );
    registerRoute(app, routes.stockWatches, async ({ query, ctx }) => openStockWatches(ctx, query));
    registerRoute(app, routes.cancelStockWatch, ({ params, ctx }) => cancelStockWatch(ctx, params.id));
  },
  { name: 'stock-watches', dependencies: ['catalogue'] },
);
