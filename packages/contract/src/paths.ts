// API paths the web app's first page calls without loading the route descriptors (and so zod); the route
// descriptors use the same constants, so there is one source for each path.
export const FIRST_PAGE_PATHS = {
  login: '/b2b/account/login',
  layoutInfo: '/layout/info',
  homepage: '/homepage',
  tours: '/b2b/tours',
  promoTours: '/b2b/tours/promo',
  // every page sends its analytics batches (issue 31)
  insightEvents: '/insight/events',
} as const;
