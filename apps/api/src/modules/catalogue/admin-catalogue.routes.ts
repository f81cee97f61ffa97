import type { FastifyInstance } from 'fastify';
import { CATALOGUE_ADMIN_MESSAGES, adminCatalogueRoutes as routes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { readOneUpload } from '../../lib/upload.ts';
import * as service from './admin-catalogue.service.ts';
import { createVideoLibrary } from './media.ts';

// The tours company's back office, catalogue and stock (issue 12): tours, photos, options, price periods, time slots
// and promo codes, for operators only (the contract's OPERATOR_ONLY).
export async function adminCatalogueRoutesPlugin(app: FastifyInstance) {
  const videos = createVideoLibrary().keys();

  registerRoute(app, routes.reference, ({ ctx }) => service.reference(ctx, videos));
  registerRoute(app, routes.listTours, ({ ctx, query }) => service.listTours(ctx, query));
  registerRoute(app, routes.tour, ({ ctx, params }) => service.getTour(ctx, params.id));
  registerRoute(app, routes.createTour, ({ ctx, body }) => service.createTour(ctx, body, videos));
  registerRoute(app, routes.updateTour, ({ ctx, params, body }) => service.updateTour(ctx, params.id, body, videos));
  registerRoute(app, routes.uploadPhoto, async ({ ctx, params, request }) => {
    const upload = await readOneUpload(request, CATALOGUE_ADMIN_MESSAGES.photoRequired);
    return service.addPhoto(ctx, params.id, upload);
  });
  registerRoute(app, routes.deletePhoto, async ({ ctx, params }) => {
    await service.deletePhoto(ctx, params.id);
    return { ok: true as const };
  });

  registerRoute(app, routes.createOffer, ({ ctx, params, body }) => service.createOffer(ctx, params.id, body));
  registerRoute(app, routes.updateOffer, ({ ctx, params, body }) => service.updateOffer(ctx, params.id, body));
  registerRoute(app, routes.updatePrices, ({ ctx, params, body }) => service.updatePrices(ctx, params.id, body));

  registerRoute(app, routes.slots, ({ ctx, params, query }) => service.listSlots(ctx, params.id, query));
  registerRoute(app, routes.generateSlots, ({ ctx, params, body }) => service.generateSlots(ctx, params.id, body));
  registerRoute(app, routes.updateSlots, ({ ctx, params, body }) => service.updateSlots(ctx, params.id, body));

  registerRoute(app, routes.listPromoCodes, ({ ctx }) => service.listPromoCodes(ctx));
  registerRoute(app, routes.createPromoCode, ({ ctx, body }) => service.createPromoCode(ctx, body));
  registerRoute(app, routes.updatePromoCode, ({ ctx, params, body }) =>
    service.updatePromoCode(ctx, params.code, body),
  );
}
