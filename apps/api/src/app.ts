import path from 'node:path';
import { loggableError } from './lib/loggable-error.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_LIMIT_BYTES } from '@portal/contract';
import type { AppConfig } from './config/env.ts';
import { loadSites } from './config/sites.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createLocalDiskStorage, createS3Storage, type FileStorage } from './lib/storage.ts';
import { createFrontDoor } from './lib/front-door.ts';
import { loadOrCreateSecret } from './lib/secrets.ts';
import { createTokenService } from './lib/tokens.ts';
import { errorHandlerPlugin } from './plugins/app/error-handler.ts';
import { maintenancePlugin } from './plugins/app/maintenance.ts';
import { sitesPlugin } from './plugins/app/sites.ts';
import { docsPlugin } from './plugins/external/docs.ts';
import { securityPlugin } from './plugins/external/security.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { refreshStaleSessions } from './modules/account/session-refresh.ts';
import { passwordResetWorker } from './modules/account/account.service.ts';
import { deleteExpiredRows } from './modules/retention/retention.service.ts';
import { agencyRoutesPlugin } from './modules/agency/agency.routes.ts';
import { agentRoutesPlugin } from './modules/agents/agents.routes.ts';
import { adminAgencyRoutes } from './modules/admin/admin.routes.ts';
import { adminDeskRoutes } from './modules/admin/desk.routes.ts';
import { bookingsPlugin } from './modules/bookings/bookings.routes.ts';
import { commissionsPlugin } from './modules/bookings/commissions.routes.ts';
import { paymentsPlugin } from './modules/payments/payments.routes.ts';
import { balancePlugin } from './modules/balance/balance.routes.ts';
import { catalogueRoutesPlugin } from './modules/catalogue/catalogue.routes.ts';
import { adminCatalogueRoutesPlugin } from './modules/catalogue/admin-catalogue.routes.ts';
import { fileRoutes } from './modules/files/files.routes.ts';
import { layoutInfoRoutes } from './modules/layout/layout.routes.ts';
import { startMailWorker } from './modules/mail/mail-worker.ts';
import { jobRegistry, startJobRunner } from './modules/jobs/job-runner.ts';
import { createMetrics, metricsRoutes } from './modules/metrics/metrics.ts';
import { stockWatchRoutesPlugin } from './modules/stock-watches/stock-watches.routes.ts';
import { widgetRoutesPlugin } from './modules/widgets/widgets.routes.ts';
import { widgetDomainRoutesPlugin } from './modules/widgets/widget-domains.routes.ts';
import { widgetShopPlugin } from './modules/widgets/widget-shop.routes.ts';
import { systemRoutesPlugin } from './modules/system/system.routes.ts';
import { webAppPlugin } from './modules/web/web-app.ts';
import { apiKeyRoutesPlugin } from './modules/api-keys/api-keys.routes.ts';
import { OCTO_PREFIX, octoBookingRenderer, octoRoutes } from './modules/octo/index.ts';
import { webhookRoutesPlugin } from './modules/webhooks/index.ts';
import { insightRoutesPlugin } from './modules/insight/index.ts';
import { insightAdminPlugin } from './modules/insight-admin/insight-admin.routes.ts';
import { replayRoutesPlugin } from './modules/replay/index.ts';

export type BuildAppOptions = { config: AppConfig; database: DatabaseHandle; storage?: FileStorage };

export async function buildApp({ config, database, storage }: BuildAppOptions): Promise<FastifyInstance> {
  // the catalogue's cached answers are sent before Fastify's router when they can be (docs/decisions/0161)
  const frontDoor = createFrontDoor();
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // the path without its query string (queries carry search words and other personal data); errors without a
      // failed query's parameters but with the database's reason (lib/loggable-error.ts)
      serializers: {
        err: loggableError,
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          remoteAddress: req.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    disableRequestLogging: config.logLevel === 'silent',
  });
  const jwtSecret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir, 'jwt');
  // polled by the job runner below; kickMail sends a new mail at once (each mail is claimed, so any node may)
  const mailWorker = startMailWorker({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    pollMs: 0,
    log: app.log,
  });
  const passwordResets = passwordResetWorker(() => app.deps);
  app.addHook('onClose', async () => passwordResets.stop());
  app.decorate('deps', {
    db: database.db,
    config,
    sites: loadSites(config.sitesFile),
    storage:
      storage ?? (config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(path.join(config.dataDir, 'files'))),
    tokens: createTokenService(jwtSecret, config.jwtTtlSeconds),
    log: app.log,
    kickMail: mailWorker.kick,
    kickPasswordResets: () => passwordResets.kick(),
  });
  app.decorate('mailWorker', mailWorker);
  app.decorate('frontDoor', frontDoor);
  app.addHook('preClose', (done) => {
    frontDoor.close();
    done();
  });
  // the catalogue's cache is read at scrape time (its plugin registers below)
  app.decorate(
    'metrics',
    createMetrics(database, () => app.catalogue?.stats()),
  );
  app.addHook('onClose', async () => mailWorker.stop());

  app.decorate('jobs', jobRegistry());
  await app.register(errorHandlerPlugin);
  await app.register(sitesPlugin);
  await app.register(securityPlugin);
  await app.register(maintenancePlugin);
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 4, fields: 40, fieldSize: 8 * 1024, parts: 60 },
  });
  await app.register(docsPlugin);
  refreshStaleSessions(app);

  await app.register(metricsRoutes);
  await app.register(systemRoutesPlugin);
  await app.register(insightRoutesPlugin);
  await app.register(layoutInfoRoutes);
  await app.register(accountRoutes);
  await app.register(fileRoutes);
  await app.register(adminAgencyRoutes);
  await app.register(catalogueRoutesPlugin);
  await app.register(adminCatalogueRoutesPlugin);
  await app.register(paymentsPlugin);
  await app.register(bookingsPlugin);
  await app.register(commissionsPlugin);
  await app.register(balancePlugin);
  await app.register(adminDeskRoutes);
  await app.register(stockWatchRoutesPlugin);
  await app.register(agencyRoutesPlugin);
  await app.register(agentRoutesPlugin);
  await app.register(widgetRoutesPlugin);
  await app.register(widgetDomainRoutesPlugin);
  await app.register(widgetShopPlugin);
  await app.register(apiKeyRoutesPlugin);
  // the reseller API (issue 30): its own error shape and key authentication, encapsulated under its prefix
  await app.register(octoRoutes, { prefix: OCTO_PREFIX });
  await app.register(webhookRoutesPlugin, { renderBooking: octoBookingRenderer(app) });
  await app.register(insightAdminPlugin);
  await app.register(replayRoutesPlugin);

  // The app's own background work (each plugin added its jobs with app.jobs.add while it loaded): the mail outbox
  // (a node that cannot send mail does not take the job from one that can) and the retention of rows that only
  // serve for a while (finished Idempotency-Keys, webhook events, analytics events and sessions, replay recordings,
  // job failures)
  if (config.smtpUrl)
    app.jobs.add({ name: 'mail-outbox', everyMs: config.mailPollMs, run: () => mailWorker.runOnce() });
  if (config.retentionJobMs > 0)
    app.jobs.add({
      name: 'retention',
      everyMs: config.retentionJobMs,
      run: () => deleteExpiredRows(app.deps, config.retention),
    });
  const jobRunner = startJobRunner({
    db: database.db,
    log: app.log,
    jobs: app.jobs.list(),
    onRun: (job, outcome) => app.metrics.jobRuns.inc({ job, outcome }),
  });
  app.decorate('jobRunner', jobRunner);
  app.addHook('onClose', async () => jobRunner.stop());

  await app.register(webAppPlugin);

  return app;
}
