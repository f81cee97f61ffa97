import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { widgetDomainRoutes as routes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import * as service from './widget-domains.service.ts';

// Issue 13 item 5: a widget's own domain — its DNS records and status, a check on demand, and the TLS proxy's "ask"
export const widgetDomainRoutesPlugin = fp(
  async (app: FastifyInstance) => {
    const dns = service.domainDns(app.deps.config);
    // pending and failed domains asked about again, verified ones now and then (DNS only)
    if (app.deps.config.domainCheckMs > 0)
      app.jobs.add({
        name: 'widget-domains',
        everyMs: app.deps.config.domainCheckMs,
        run: () => service.checkDueDomains(app.deps, dns),
      });
    registerRoute(app, routes.get, ({ ctx, params }) => service.widgetDomain(ctx, requireAgencyActor(ctx), params.id));
    registerRoute(app, routes.verify, ({ ctx, params }) =>
      service.verifyWidgetDomainNow(ctx, requireAgencyActor(ctx), dns, params.id),
    );
    registerRoute(app, routes.allowed, ({ ctx, query }) => service.assertAllowedDomain(ctx, query.domain));
  },
  { name: 'widget-domains' },
);
