import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { stockWatchRoutes as routes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { cancelStockWatch, createStockWatch, openStockWatches } from './stock-watches.service.ts';

// Notify me (issue 9): an agent's requests to hear when seats come back. The e-mails are sent by the jobs in app.ts.
export const stockWatchRoutesPlugin = fp(
  async (app: FastifyInstance) => {
    registerRoute(app, routes.createStockWatch, async ({ body, ctx }) =>
      createStockWatch(ctx, await app.catalogue.snapshot(), body),
    );
    registerRoute(app, routes.stockWatches, async ({ query, ctx }) => openStockWatches(ctx, query));
    registerRoute(app, routes.cancelStockWatch, ({ params, ctx }) => cancelStockWatch(ctx, params.id));
  },
  { name: 'stock-watches', dependencies: ['catalogue'] },
);
