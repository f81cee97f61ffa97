import type { FastifyInstance } from 'fastify';
import { layoutRoutes } from '@portal/contract';
import { TOP_DESTINATIONS } from '../../config/sites.ts';
import { registerRoute } from '../../lib/route.ts';

export async function layoutInfoRoutes(app: FastifyInstance) {
  registerRoute(app, layoutRoutes.info, async ({ ctx }) => {
    const { site } = ctx;
    return {
      site: {
        id: site.id,
        kind: site.kind,
        name: site.name,
        defaultLanguage: site.defaultLanguage,
        defaultCurrency: site.defaultCurrency,
        features: site.features,
        apiBase: site.apiBase,
        topDestinations: site.features.topDestinations ? TOP_DESTINATIONS : [],
      },
      contactInfo: site.contactInfo,
      hostData: site.hostData,
      legal: site.legal,
      supportPhone: site.supportPhone,
    };
  });
}
