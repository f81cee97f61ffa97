import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INSIGHT_BATCH_MAX_BYTES, MESSAGES, insightRoutes, isInsightSessionId } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { refuseOverBudget } from '../../lib/rate-budget.ts';
import { registerRoute } from '../../lib/route.ts';
import { ingestBatch } from './insight-ingest.service.ts';
import { isFromPortalPage, portalHosts } from './page-origin.ts';

// Issue 31: the web app's analytics batches, in a scope of their own. What is refused is refused before anything is
// stored: a page the portal did not serve (403), too many batches from one address or one session (429), a body
// past the batch's byte cap (413), a batch the contract's shape does not describe (422).
export async function insightRoutesPlugin(app: FastifyInstance) {
  const { config, sites } = app.deps;
  const hosts = portalHosts(sites.all);

  // sendBeacon posts text/plain (the type it may send without asking): both are the batch's JSON, within its cap
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: INSIGHT_BATCH_MAX_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.addHook('onRequest', async (request) => {
    if (!isFromPortalPage(request, hosts)) throw new AppError('forbidden', MESSAGES.forbidden);
  });
  // two budgets besides the app-wide one per address (createRateLimit counts without marking the request as limited,
  // so all three apply); with REDIS_URL they count across nodes
  const window = { timeWindow: '1 minute' } as const;
  const perAddress = app.createRateLimit({
    ...window,
    max: config.insight.batchesPerIp,
    keyGenerator: (request) => `insight-ip:${request.ip}`,
  });
  const perSession = app.createRateLimit({
    ...window,
    max: config.insight.batchesPerSession,
    keyGenerator: (request) => `insight-session:${sessionOf(request) ?? request.ip}`,
  });
  app.addHook('onRequest', async (request) => refuseOverBudget(perAddress, request));
  app.addHook('preHandler', async (request) => refuseOverBudget(perSession, request));

  registerRoute(app, insightRoutes.ingest, ({ ctx, body }) => ingestBatch(ctx, body));
}

function sessionOf(request: FastifyRequest): string | undefined {
  const body = request.body;
  const id = typeof body === 'object' && body !== null && 'sessionId' in body ? body.sessionId : undefined;
  return isInsightSessionId(id) ? id : undefined;
}
