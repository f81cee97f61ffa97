import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { findBooking } from '../bookings/index.ts';
import { bookingView } from './octo-booking.views.ts';
import { OCTO_PREFIX } from './octo.routes.ts';

// The booking the agency's webhooks carry: the OCTO booking, prices included, its links on the agency's own site

export function octoBookingRenderer(app: FastifyInstance) {
  const baseUrlOf = (siteId: string) => {
    const site = app.deps.sites.byId(siteId) ?? app.deps.sites.all[0];
    return site ? `${siteUrl(site, app.deps.config)}${OCTO_PREFIX}` : OCTO_PREFIX;
  };
  return async () => {
    const snapshot = await app.catalogue.snapshot();
    return async (tx: DbOrTx, bookingId: string): Promise<Record<string, unknown> | null> => {
      const row = await findBooking(tx, bookingId);
      if (!row) return null;
      return bookingView({ snapshot, now: new Date(), baseUrl: baseUrlOf(row.siteId), withPricing: true }, row);
    };
  };
}
