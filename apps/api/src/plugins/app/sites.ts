import fp from 'fastify-plugin';
import type { Site } from '../../config/sites.ts';

// SPEC §1, DESIGN "Variants": every request knows its site from the host name.
export const sitesPlugin = fp(
  async (app) => {
    app.decorateRequest('site', null as unknown as Site);
    app.decorateRequest('actor', null);
    // callback hooks here and in the other plugins every request passes: an async hook costs a promise per request
    app.addHook('onRequest', (request, _reply, done) => {
      request.site = app.deps.sites.byHost(request.hostname);
      done();
    });
  },
  { name: 'sites' },
);
