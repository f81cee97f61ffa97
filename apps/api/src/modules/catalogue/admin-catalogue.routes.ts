import type { FastifyInstance } from 'fastify';
import { CATALOGUE_ADMIN_MESSAGES, adminCatalogueRoutes as routes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { readOneUpload } from '../../lib/upload.ts';
import { createOffer, updateOffer, updatePrices } from './admin-offers.service.ts';
import { generateSlots, listSlots, updateSlots } from './admin-slots.service.ts';
import { addPhoto, createTour, deletePhoto, getTour, listTours, reference, updateTour } from './admin-tours.service.ts';
import { createVideoLibrary } from './media.ts';
import { createPromoCode, listPromoCodes, updatePromoCode } from './promo-codes.service.ts';

// The tours company's back office, catalogue and stock (issue 12): tours, photos, options, price periods, time slots
// and promo codes, for operators only (the contract's OPERATOR_ONLY).
export async function adminCatalogueRoutesPlugin(app: FastifyInstance) {
  const videos = createVideoLibrary().keys();

  registerRoute(app, routes.reference, ({ ctx }) => reference(ctx, videos));
  registerRoute(app, routes.listTours, ({ ctx, query }) => listTours(ctx, query));
  registerRoute(app, routes.tour, ({ ctx, params }) => getTour(ctx, params.id));
  registerRoute(app, routes.createTour, ({ ctx, body }) => createTour(ctx, body, videos));
  registerRoute(app, routes.updateTour, ({ ctx, params, body }) => updateTour(ctx, params.id, body, videos));
  registerRoute(app, routes.uploadPhoto, async ({ ctx, params, request }) => {
    const upload = await readOneUpload(request, CATALOGUE_ADMIN_MESSAGES.photoRequired);
    return addPhoto(ctx, params.id, upload);
  });
  registerRoute(app, routes.deletePhoto, async ({ ctx, params }) => {
    await deletePhoto(ctx, params.id);
    return { ok: true as const };
  });

  registerRoute(app, routes.createOffer, ({ ctx, params, body }) => createOffer(ctx, params.id, body));
  registerRoute(app, routes.updateOffer, ({ ctx, params, body }) => updateOffer(ctx, params.id, body));
  registerRoute(app, routes.updatePrices, ({ ctx, params, body }) => updatePrices(ctx, params.id, body));

  registerRoute(app, routes.slots, ({ ctx, params, query }) => listSlots(ctx, params.id, query));
  registerRoute(app, routes.generateSlots, ({ ctx, params, body }) => generateSlots(ctx, params.id, body));
  registerRoute(app, routes.updateSlots, ({ ctx, params, body }) => updateSlots(ctx, params.id, body));

  registerRoute(app, routes.listPromoCodes, ({ ctx }) => listPromoCodes(ctx));
  registerRoute(app, routes.createPromoCode, ({ ctx, body }) => createPromoCode(ctx, body));
  registerRoute(app, routes.updatePromoCode, ({ ctx, params, body }) => updatePromoCode(ctx, params.code, body));
}
