import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMPANY_MESSAGES, widgetRoutes as routes } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { detectFileType } from '../../lib/file-type.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { readOneUpload } from '../../lib/upload.ts';
import * as service from './widgets.service.ts';

// SPEC §2 /widgets, widgets/create; DESIGN GET/POST /b2b/widgets, GET/PUT/DELETE /b2b/widgets/{id}, …/duplicate
export const widgetRoutesPlugin = fp(
  async (app: FastifyInstance) => {
    registerRoute(app, routes.list, ({ ctx }) => service.listWidgets(ctx, requireAgencyActor(ctx)));
    registerRoute(app, routes.offerPrices, async ({ ctx, query }) =>
      service.offerPrices(ctx, requireAgencyActor(ctx), await app.catalogue.snapshot(), query),
    );
    registerRoute(app, routes.get, ({ ctx, params }) => service.getWidget(ctx, requireAgencyActor(ctx), params.id));
    registerRoute(app, routes.create, async ({ ctx, body }) =>
      service.createWidget(ctx, requireAgencyActor(ctx), await app.catalogue.snapshot(), body),
    );
    registerRoute(app, routes.update, async ({ ctx, params, body }) =>
      service.updateWidget(ctx, requireAgencyActor(ctx), await app.catalogue.snapshot(), params.id, body),
    );
    registerRoute(app, routes.duplicate, ({ ctx, params }) =>
      service.duplicateWidget(ctx, requireAgencyActor(ctx), params.id),
    );
    registerRoute(app, routes.remove, ({ ctx, params }) =>
      service.deleteWidget(ctx, requireAgencyActor(ctx), params.id),
    );
    registerRoute(app, routes.uploadImage, async ({ ctx, request }) => {
      const actor = requireAgencyActor(ctx);
      await service.assertWidgetsAllowed(ctx, actor);
      const upload = await readOneUpload(request, COMPANY_MESSAGES.fileRequired);
      return service.uploadWidgetImage(ctx, actor, upload);
    });
    // Public: the shop shows these. Our type from the content, never rendered as anything but an image.
    registerRoute(app, routes.image, async ({ ctx, params, reply }) => {
      const image = await service.widgetImage(ctx, params.id);
      const type = image ? detectFileType(image.data) : null;
      if (!image || !type || type.format === 'PDF') throw AppError.notFound();
      return reply
        .header('Content-Type', type.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(image.data);
    });
  },
  { name: 'widgets', dependencies: ['catalogue'] },
);
