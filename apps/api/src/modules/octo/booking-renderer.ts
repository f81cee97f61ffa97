import type { FastifyInstance } from 'fastify';
import { siteUrl } from '../../lib/site-url.ts';
import { findBooking } from '../bookings/index.ts';
import { bookingRenderer } from './octo.service.ts';
import { OCTO_PREFIX } from './octo.routes.ts';

// The booking the agency's webhooks carry: the OCTO booking, its links on the agency's own site

export function octoBookingRenderer(app: FastifyInstance) {
  return bookingRenderer({
    snapshot: () => app.catalogue.snapshot(),
    find: (tx, id) => findBooking(tx, id),
    baseUrlOf: (siteId) => {
      const site = app.deps.sites.byId(siteId) ?? app.deps.sites.all[0];
      return site ? `${siteUrl(site, app.deps.config)}${OCTO_PREFIX}` : OCTO_PREFIX;
    },
  });
}
