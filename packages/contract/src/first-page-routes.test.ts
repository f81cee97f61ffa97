import { describe, expect, it } from 'vitest';
import {
  agencyRoutes,
  authRoutes,
  bookingRoutes,
  catalogueRoutes,
  contractRoutes,
  insightRoutes,
  layoutRoutes,
  stockWatchRoutes,
  type FirstPageRoutes,
} from './index.ts';
import { FIRST_PAGE_ROUTES, type FirstPageRouteKey } from './paths.ts';

// The descriptor each key names: typed by FirstPageRoutes, so a key pointing at another descriptor than its type
// says fails to compile, and the checks below hold the runtime entry to the same descriptor.
const DESCRIPTORS: FirstPageRoutes = {
  login: authRoutes.login,
  me: authRoutes.me,
  layoutInfo: layoutRoutes.info,
  homepage: catalogueRoutes.homepage,
  tours: catalogueRoutes.tours,
  promoTours: catalogueRoutes.promoTours,
  tour: catalogueRoutes.tour,
  offersPrices: catalogueRoutes.offersPrices,
  availabilityByTour: catalogueRoutes.availabilityByTour,
  availabilityByOffer: catalogueRoutes.availabilityByOffer,
  ticketsForTour: catalogueRoutes.ticketsForTour,
  promoCode: catalogueRoutes.promoCode,
  alternatives: catalogueRoutes.alternatives,
  stockWatches: stockWatchRoutes.stockWatches,
  createStockWatch: stockWatchRoutes.createStockWatch,
  cancelStockWatch: stockWatchRoutes.cancelStockWatch,
  agency: agencyRoutes.get,
  createBooking: bookingRoutes.create,
  createBookingWithCard: bookingRoutes.createWithPaymentIntent,
  bookingDetail: bookingRoutes.detail,
  requestDetail: bookingRoutes.requestDetail,
  payBooking: bookingRoutes.pay,
  balance: bookingRoutes.balance,
  balanceCovers: bookingRoutes.balanceCovers,
  paymentStatus: bookingRoutes.paymentStatus,
  insightEvents: insightRoutes.ingest,
};

const keys = Object.keys(FIRST_PAGE_ROUTES) as FirstPageRouteKey[];

describe('first-page routes', () => {
  it('name every key once, and only keys of FIRST_PAGE_ROUTES', () => {
    expect(Object.keys(DESCRIPTORS).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s has its descriptor’s method and path, and sends the token exactly when it is not public', (key) => {
    const plain = FIRST_PAGE_ROUTES[key];
    const descriptor = DESCRIPTORS[key];
    expect({ method: descriptor.method, path: descriptor.path }).toEqual({ method: plain.method, path: plain.path });
    expect(plain.auth).toBe(descriptor.access.kind !== 'public');
  });

  it('each is a route the server serves, and no two share a method and path', () => {
    for (const key of keys) {
      const { method, path } = FIRST_PAGE_ROUTES[key];
      expect(contractRoutes.filter((route) => route.method === method && route.path === path)).toHaveLength(1);
    }
    expect(new Set(keys.map((key) => `${FIRST_PAGE_ROUTES[key].method} ${FIRST_PAGE_ROUTES[key].path}`)).size).toBe(
      keys.length,
    );
  });
});
