import type { FastifyInstance } from 'fastify';
import { INSIGHT_BATCH_MAX_BYTES, insightRoutes } from '@portal/contract';
import { addressAndSessionBudgets, refuseOverBudget } from '../../lib/rate-budget.ts';
import { registerRoute } from '../../lib/route.ts';
import { ingestBatch } from './insight-ingest.service.ts';
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
  const budgets = addressAndSessionBudgets(
    app,
    'insight',
    { perAddress: config.insight.batchesPerIp, perSession: config.insight.batchesPerSession },
    (request) => request.body,
  );
  app.addHook('onRequest', async (request) => refuseOverBudget(budgets.perAddress, request));
  app.addHook('preHandler', async (request) => refuseOverBudget(budgets.perSession, request));

  registerRoute(app, insightRoutes.ingest, ({ ctx, body }) => ingestBatch(ctx, body));
}
