export * from './common.ts';
export * from './errors.ts';
export * from './define-route.ts';
export * from './paths.ts';
export type { FirstPageRoutes } from './first-page-routes.ts';
export * from './roles.ts';
export * from './company-rules.ts';
export * from './validation.ts';
export * from './auth.ts';
export * from './layout.ts';
export * from './system.ts';
export * from './admin.ts';
export * from './admin-catalogue.ts';
export * from './admin-desk.ts';
export * from './catalogue.ts';
export * from './bookings.ts';
export * from './money.ts';
export * from './pricing.ts';
export * from './calendar.ts';
export * from './booking-rules.ts';
export * from './balance.ts';
export * from './stock-watches.ts';
export * from './commissions.ts';
export * from './audit.ts';
export * from './agency.ts';
export * from './agents.ts';
export * from './widgets.ts';
export * from './widget-domains.ts';
export * from './widget-public.ts';
export * from './widget-checkout-form.ts';
export * from './api-keys.ts';
export * from './webhooks.ts';
export * from './octo.ts';
export * from './insight-events.ts';
export * from './insight-ingest.ts';
export * from './insight.ts';
export * from './replay-limits.ts';
export * from './replay.ts';

import { adminRoutes } from './admin.ts';
import { adminCatalogueRoutes } from './admin-catalogue.ts';
import { adminDeskRoutes } from './admin-desk.ts';
import { authRoutes } from './auth.ts';
import { catalogueRoutes } from './catalogue.ts';
import { bookingRoutes } from './bookings.ts';
import { balanceRoutes } from './balance.ts';
import { stockWatchRoutes } from './stock-watches.ts';
import { commissionRoutes } from './commissions.ts';
import { agencyRoutes } from './agency.ts';
import { agentRoutes } from './agents.ts';
import { widgetRoutes } from './widgets.ts';
import { widgetDomainRoutes } from './widget-domains.ts';
import { widgetPublicRoutes } from './widget-public.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { webhookRoutes } from './webhooks.ts';
import { insightAdminRoutes } from './insight.ts';
import { insightRoutes } from './insight-ingest.ts';
import { replayRoutes } from './replay.ts';
import { layoutRoutes } from './layout.ts';
import { systemRoutes } from './system.ts';
import type { RouteDescriptor } from './define-route.ts';

export const contractRoutes: RouteDescriptor[] = [
  ...Object.values(authRoutes),
  ...Object.values(layoutRoutes),
  ...Object.values(systemRoutes),
  ...Object.values(insightRoutes),
  ...Object.values(adminRoutes),
  ...Object.values(adminCatalogueRoutes),
  ...Object.values(adminDeskRoutes),
  ...Object.values(catalogueRoutes),
  ...Object.values(bookingRoutes),
  ...Object.values(balanceRoutes),
  ...Object.values(stockWatchRoutes),
  ...Object.values(commissionRoutes),
  ...Object.values(agencyRoutes),
  ...Object.values(agentRoutes),
  ...Object.values(widgetRoutes),
  ...Object.values(widgetDomainRoutes),
  ...Object.values(widgetPublicRoutes),
  ...Object.values(apiKeyRoutes),
  ...Object.values(webhookRoutes),
  ...Object.values(insightAdminRoutes),
  ...Object.values(replayRoutes),
];
