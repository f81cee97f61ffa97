import type { FastifyInstance } from 'fastify';
import { agencyRoutes, COMPANY_MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { checkUpload, readMultipartForm } from '../../lib/upload.ts';
import * as service from './agency.service.ts';

// SPEC §2 /my-agencies, §7 GET/PUT /b2b/agency: company settings, their documents and history
export async function agencyRoutesPlugin(app: FastifyInstance) {
  registerRoute(app, agencyRoutes.get, ({ ctx }) => service.getAgencyDetails(ctx, requireAgencyActor(ctx)));
  registerRoute(app, agencyRoutes.update, ({ ctx, body }) =>
    service.updateAgencyDetails(ctx, requireAgencyActor(ctx), body),
  );
  registerRoute(app, agencyRoutes.uploadFile, async ({ ctx, params, request }) => {
    const actor = requireAgencyActor(ctx);
    if (!request.isMultipart()) throw AppError.field('file', COMPANY_MESSAGES.fileRequired);
    const { files } = await readMultipartForm(request, ['file']);
    if (!files.file) throw AppError.field('file', COMPANY_MESSAGES.fileRequired);
    const checked = checkUpload('file', files.file);
    if (checked.error) throw AppError.validation([checked.error]);
    return service.uploadAgencyDocument(ctx, actor, params.kind, checked.upload);
  });
  registerRoute(app, agencyRoutes.history, ({ ctx, query }) =>
    service.agencyHistory(ctx, requireAgencyActor(ctx), query),
  );
}
