import fp from 'fastify-plugin';
import type { Site } from '../../config/sites.ts';

// SPEC §1, DESIGN "Variants": every request knows its site from the host name.
export const sitesPlugin = fp(
  async (app) => {
    app.decorateRequest('site', null as unknown as Site);
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request) => {
      request.site = app.deps.sites.byHost(request.hostname);
    });
  },
  { name: 'sites' },
);
