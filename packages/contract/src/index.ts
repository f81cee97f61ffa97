export * from './common.ts';
export * from './errors.ts';
export * from './define-route.ts';
export * from './validation.ts';
export * from './auth.ts';
export * from './layout.ts';
export * from './system.ts';
export * from './admin.ts';
export * from './catalogue.ts';
export * from './bookings.ts';
export * from './pricing.ts';
export * from './calendar.ts';
export * from './balance.ts';
export * from './stock-watches.ts';
export * from './commissions.ts';

import { adminRoutes } from './admin.ts';
import { authRoutes } from './auth.ts';
import { catalogueRoutes } from './catalogue.ts';
import { bookingRoutes } from './bookings.ts';
import { balanceRoutes } from './balance.ts';
import { stockWatchRoutes } from './stock-watches.ts';
import { commissionRoutes } from './commissions.ts';
import { layoutRoutes } from './layout.ts';
import { systemRoutes } from './system.ts';
import type { RouteDescriptor } from './define-route.ts';

export const contractRoutes: RouteDescriptor[] = [
  ...Object.values(authRoutes),
  ...Object.values(layoutRoutes),
  ...Object.values(systemRoutes),
  ...Object.values(adminRoutes),
  ...Object.values(catalogueRoutes),
  ...Object.values(bookingRoutes),
  ...Object.values(balanceRoutes),
  ...Object.values(stockWatchRoutes),
  ...Object.values(commissionRoutes),
];
