import fp from 'fastify-plugin';
import { MESSAGES } from '@portal/contract';
import { requestPath } from '../../lib/route.ts';

// SPEC §8: 503 'Server is under maintenance' on every API call while maintenance mode is on.
export const maintenancePlugin = fp(
  async (app) => {
    if (!app.deps.config.maintenanceMode) return;
    app.addHook('onRequest', async (request, reply) => {
      if (!requestPath(request).startsWith('/api/')) return;
      return reply.code(503).type('text/plain; charset=utf-8').send(MESSAGES.maintenance);
    });
  },
  { name: 'maintenance' },
);
