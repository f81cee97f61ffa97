// The routes the web app's first pages call (the home page, the tour page, the checkout and the agent layout around
// them), as method, path and whether the call carries the agent's token: these pages load without the route
// descriptors and so without zod (decision 0156). The descriptors take their method and path from here, so each has
// one source; contract.test checks that `auth` agrees with each descriptor's access and that the types in
// first-page-routes.ts name the same descriptors.
export const FIRST_PAGE_ROUTES = {
  login: { method: 'POST', path: '/b2b/account/login', auth: false },
  me: { method: 'GET', path: '/b2b/account/me', auth: true },
  layoutInfo: { method: 'GET', path: '/layout/info', auth: false },
  homepage: { method: 'GET', path: '/homepage', auth: false },
  tours: { method: 'GET', path: '/b2b/tours', auth: true },
  promoTours: { method: 'GET', path: '/b2b/tours/promo', auth: true },
  tour: { method: 'GET', path: '/b2b/tours/{id}', auth: true },
  offersPrices: { method: 'GET', path: '/b2b/offersPrices', auth: true },
  availabilityByTour: { method: 'GET', path: '/b2b/availability/ByTour', auth: true },
  availabilityByOffer: { method: 'GET', path: '/b2b/availability/ByOffer', auth: true },
  ticketsForTour: { method: 'GET', path: '/b2b/tickets/fortour/{id}', auth: true },
  promoCode: { method: 'GET', path: '/b2b/promo/{code}', auth: true },
  alternatives: { method: 'GET', path: '/b2b/availability/alternatives', auth: true },
  stockWatches: { method: 'GET', path: '/b2b/stock-watches', auth: true },
  createStockWatch: { method: 'POST', path: '/b2b/stock-watches', auth: true },
  cancelStockWatch: { method: 'DELETE', path: '/b2b/stock-watches/{id}', auth: true },
  agency: { method: 'GET', path: '/b2b/agency', auth: true },
  createBooking: { method: 'POST', path: '/b2b/bookings', auth: true },
  createBookingWithCard: { method: 'POST', path: '/b2b/bookings/withpaymentintent', auth: true },
  bookingDetail: { method: 'GET', path: '/b2b/bookings/{id}', auth: true },
  requestDetail: { method: 'GET', path: '/b2b/bookings/requests/{id}', auth: true },
  payBooking: { method: 'POST', path: '/b2b/bookings/{id}/pay', auth: true },
  balance: { method: 'GET', path: '/b2b/balance', auth: true },
  balanceCovers: { method: 'GET', path: '/b2b/balance/covers', auth: true },
  paymentStatus: { method: 'GET', path: '/b2b/payments/{id}', auth: true },
  // every page sends its analytics batches (issue 31)
  insightEvents: { method: 'POST', path: '/insight/events', auth: false },
} as const;

export type FirstPageRouteKey = keyof typeof FIRST_PAGE_ROUTES;

// A descriptor's method and path, from its first-page entry
export function firstPageRoute<K extends FirstPageRouteKey>(key: K) {
  const { method, path } = FIRST_PAGE_ROUTES[key];
  return { method, path };
}
