import type { FastifyInstance } from 'fastify';
import { INSIGHT_BATCH_MAX_BYTES, insightRoutes } from '@portal/contract';
import { refuseOverAddressAndSessionBudgets } from '../../lib/rate-budget.ts';
import { registerRoute } from '../../lib/route.ts';
import { ingestBatch, ongoingGroupOf } from './insight-ingest.service.ts';
import { refuseForeignPages } from './page-origin.ts';

// Issue 31: the web app's analytics batches, in a scope of their own. What is refused is refused before anything is
// stored: a page the portal did not serve (403), too many batches from one address or one session (429), a body
// past the batch's byte cap (413), a batch the contract's shape does not describe (422).
export async function insightRoutesPlugin(app: FastifyInstance) {
  const { config, sites } = app.deps;

  // sendBeacon posts text/plain (the type it may send without asking): both are the batch's JSON, within its cap
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: INSIGHT_BATCH_MAX_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );

  const refuseForeignPage = refuseForeignPages(sites.all);
  app.addHook('onRequest', async (request) => refuseForeignPage(request));
  // two budgets besides the app-wide one per address; the session is the body's, once it is parsed
  refuseOverAddressAndSessionBudgets(
    app,
    'insight',
    { perAddress: config.insight.batchesPerIp, perSession: config.insight.batchesPerSession },
    { carrier: (request) => request.body, hook: 'preHandler' },
  );

  registerRoute(app, insightRoutes.ingest, ({ ctx, body }) => ingestBatch(ctx, body));
  // on shutdown the batches waiting for their group's window are written at once, before the database closes
  app.addHook('preClose', (done) => {
    ongoingGroupOf(app.deps.db).flush();
    done();
  });
}
