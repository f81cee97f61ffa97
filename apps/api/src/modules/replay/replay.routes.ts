import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { REPLAY_UPLOAD_MAX_BYTES, replayRoutes } from '@portal/contract';
import { refuseOverAddressAndSessionBudgets } from '../../lib/rate-budget.ts';
import { registerRoute } from '../../lib/route.ts';
import { refuseForeignPages } from '../insight/index.ts';
import { agencySessions, appendGroupOf, bookingSessions, sessionRecording, uploadRecording } from './replay.service.ts';
import { uploadChecker } from './upload-checker.ts';

// Issue 31 item 3: support replay. The operator's reads, and the recorder's uploads in a scope of their own.
export async function replayRoutesPlugin(app: FastifyInstance) {
  await app.register(uploadScope);
  registerRoute(app, replayRoutes.agencySessions, ({ ctx, params }) => agencySessions(ctx, params.id));
  registerRoute(app, replayRoutes.bookingSessions, ({ ctx, params }) => bookingSessions(ctx, params.id));
  registerRoute(app, replayRoutes.recording, ({ ctx, params, query }) => sessionRecording(ctx, params.id, query.from));
}

// Uploads: the body is kept as bytes (gzip, or JSON where the browser cannot compress) up to its cap (413); one
// address or one session past its budget per minute is 429; then the route's own checks — the session's agent
// (401/403 by role), a page the portal served, as the analytics batches (403) — and the service's, all before anything
// is stored. The page's origin is checked after the caller is known, so a suspended agency hears why.
async function uploadScope(app: FastifyInstance) {
  const { config, sites } = app.deps;
  const refuseForeignPage = refuseForeignPages(sites.all);
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: REPLAY_UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  refuseOverAddressAndSessionBudgets(
    app,
    'replay',
    { perAddress: config.replay.uploadsPerIp, perSession: config.replay.uploadsPerSession },
    { carrier: (request) => request.query, hook: 'onRequest' },
  );

  const checker = uploadChecker(app.log);
  app.addHook('onClose', () => checker.close());
  // on shutdown the uploads waiting for their group's window are written at once, before the database closes
  app.addHook('preClose', (done) => {
    appendGroupOf(app.deps.db).flush();
    done();
  });
  new Gauge({
    name: 'portal_replay_upload_checks',
    help: "Replay uploads checked since start: on the checker's thread (worker), or on the main thread after it failed",
    labelNames: ['on'] as const,
    registers: [app.metrics.registry],
    collect() {
      const { onWorker, onMainThread } = checker.stats();
      this.set({ on: 'worker' }, onWorker);
      this.set({ on: 'main_thread' }, onMainThread);
    },
  });
  registerRoute(app, replayRoutes.upload, ({ ctx, query, request }) => {
    refuseForeignPage(request);
    return uploadRecording(ctx, query.sessionId, request.body, checker);
  });
}
