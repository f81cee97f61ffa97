import type { FastifyInstance } from 'fastify';
import { agencyRoutes, COMPANY_MESSAGES } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { readOneUpload } from '../../lib/upload.ts';
import * as service from './agency.service.ts';
import { sendLicenceAlerts } from './licence-alerts.service.ts';

// SPEC §2 /my-agencies, §7 GET/PUT /b2b/agency: company settings, their documents and history
export async function agencyRoutesPlugin(app: FastifyInstance) {
  // admins mailed once per expiry date when the agency's trade licence expires within 30 days
  if (app.deps.config.accountJobsMs > 0)
    app.jobs.add({
      name: 'licence-alerts',
      everyMs: app.deps.config.accountJobsMs,
      run: () => sendLicenceAlerts(app.deps),
    });
  registerRoute(app, agencyRoutes.get, ({ ctx }) => service.getAgencyDetails(ctx, requireAgencyActor(ctx)));
  registerRoute(app, agencyRoutes.update, ({ ctx, body }) =>
    service.updateAgencyDetails(ctx, requireAgencyActor(ctx), body),
  );
  registerRoute(app, agencyRoutes.uploadFile, async ({ ctx, params, request }) => {
    const actor = requireAgencyActor(ctx);
    const upload = await readOneUpload(request, COMPANY_MESSAGES.fileRequired);
    return service.uploadAgencyDocument(ctx, actor, params.kind, upload);
  });
  registerRoute(app, agencyRoutes.history, ({ ctx, query }) =>
    service.agencyHistory(ctx, requireAgencyActor(ctx), query),
  );
}
