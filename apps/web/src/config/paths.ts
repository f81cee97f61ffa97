// /balance opens on the monthly summary (the header's "Statement"); the other tabs are named in the URL
type BalanceTab = 'summary' | 'transactions' | 'deposit';
// /top-up: the method chosen, and the return from the card provider's pay page
type TopUpQuery = { method?: 'card' | 'bank_transfer'; amount?: string; topUp?: string; payment?: string };

// /city shows a city (country + city), a category (category, optionally narrowed by city) or search results (q)
type CityQuery = { country?: string; city?: string; category?: string; q?: string };
// The tour page keeps its selection in the URL, so a link can open a tour on a date, option and time
type TourQuery = {
  date?: string;
  type?: string;
  offer?: string;
  time?: string;
  adults?: string;
  children?: string;
  infants?: string;
};
type CheckoutQuery = TourQuery & {
  tour?: string;
  promo?: string;
  mode?: 'instant' | 'request';
  booking?: string;
  payment?: string;
};
// The bookings and requests lists keep their filters and page in the URL
type BookingListQuery = {
  status?: string;
  dateFrom?: string;
  dateTo?: string;
  createdFrom?: string;
  createdTo?: string;
  tourId?: string;
  agentId?: string;
  search?: string;
  page?: string;
};
type BookingListPath = '/bookings' | '/my-bookings' | '/requests';
// The back office's Insight pages share their filters, kept in the URL (issue 31)
type InsightQuery = { from?: string; to?: string; site?: string; agency?: string; tour?: string; channel?: string };

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  tour: {
    path: '/tour',
    getHref: (id: number | string, query: TourQuery = {}) => withQuery('/tour', { id: String(id), ...query }),
  },
  checkout: { path: '/checkout', getHref: (query: CheckoutQuery = {}) => withQuery('/checkout', query) },
  bookings: { path: '/bookings', getHref: (query: BookingListQuery = {}) => withQuery('/bookings', query) },
  requests: { path: '/requests', getHref: (query: BookingListQuery = {}) => withQuery('/requests', query) },
  // a booking opened from a list (a drawer over it), keeping the list's query
  bookingDetail: {
    path: ':bookingId',
    getHref: (list: BookingListPath, id: string, search = '') => `${list}/${encodeURIComponent(id)}${search}`,
  },
  city: {
    path: '/city',
    getHref: (query: CityQuery = {}) => withQuery('/city', query),
  },
  country: { path: '/:country', getHref: (country: string) => `/${encodeURIComponent(country)}` },
  signUp: { path: '/sign-up', getHref: () => '/sign-up' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => withQuery('/reset-password', { token }),
  },
  myAccount: { path: '/my-account', getHref: () => '/my-account' },
  balance: {
    path: '/balance',
    getHref: (tab?: BalanceTab) => withQuery('/balance', { tab: tab === 'summary' ? undefined : tab }),
  },
  topUp: { path: '/top-up', getHref: (query: TopUpQuery = {}) => withQuery('/top-up', query) },
  myBookings: { path: '/my-bookings', getHref: (query: BookingListQuery = {}) => withQuery('/my-bookings', query) },
  myCommissions: { path: '/my-commissions', getHref: () => '/my-commissions' },
  myAgencies: { path: '/my-agencies', getHref: () => '/my-agencies' },
  termsOfUse: { path: '/terms-of-use', getHref: () => '/terms-of-use' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  widgets: { path: '/widgets', getHref: () => '/widgets' },
  apiKeys: { path: '/api-keys', getHref: () => '/api-keys' },
  widgetsCreate: { path: '/widgets/create', getHref: () => '/widgets/create' },
  widgetEdit: { path: '/widgets/:id', getHref: (id: string) => `/widgets/${encodeURIComponent(id)}` },
  agents: { path: '/agents', getHref: () => '/agents' },
  notFound: { path: '/404', getHref: () => '/404' },
  // The tours company's back office (operators only): one lazy section, its pages under /admin
  backOffice: {
    path: '/admin/*',
    dashboard: { path: '', getHref: () => '/admin' },
    agencies: {
      path: 'agencies',
      getHref: (query: { status?: string; q?: string } = {}) => withQuery('/admin/agencies', query),
    },
    agency: { path: 'agencies/:id', getHref: (id: string) => `/admin/agencies/${encodeURIComponent(id)}` },
    tours: { path: 'tours', getHref: () => '/admin/tours' },
    tour: { path: 'tours/:id', getHref: (id: number | 'new') => `/admin/tours/${id}` },
    // `date`: the slots editor opens on that date's month
    slots: {
      path: 'offers/:id/slots',
      getHref: (offerId: number, query: { date?: string } = {}) => withQuery(`/admin/offers/${offerId}/slots`, query),
    },
    promoCodes: { path: 'promo-codes', getHref: () => '/admin/promo-codes' },
    requests: { path: 'requests', getHref: () => '/admin/requests' },
    bookings: { path: 'bookings', getHref: () => '/admin/bookings' },
    booking: { path: 'bookings/:id', getHref: (id: string) => `/admin/bookings/${encodeURIComponent(id)}` },
    money: { path: 'money', getHref: () => '/admin/money' },
    insightFunnel: { path: 'insight', getHref: (query: InsightQuery = {}) => withQuery('/admin/insight', query) },
    insightAgencies: {
      path: 'insight/agencies',
      getHref: (query: InsightQuery = {}) => withQuery('/admin/insight/agencies', query),
    },
    insightDemand: {
      path: 'insight/demand',
      getHref: (query: InsightQuery = {}) => withQuery('/admin/insight/demand', query),
    },
    insightSales: {
      path: 'insight/sales',
      getHref: (query: InsightQuery = {}) => withQuery('/admin/insight/sales', query),
    },
    // support replay: one recorded session (issue 31)
    replay: { path: 'replays/:id', getHref: (sessionId: string) => `/admin/replays/${encodeURIComponent(sessionId)}` },
    audit: {
      path: 'audit',
      getHref: (query: { entity?: string; entityId?: string; agencyId?: string; actorId?: string } = {}) =>
        withQuery('/admin/audit', query),
    },
  },
  // Served by the API (non-production only), not a SPA route: link to it with a full page load.
  devMailbox: { href: '/dev/mailbox' },
} as const;

export type {
  BalanceTab,
  BookingListPath,
  BookingListQuery,
  CheckoutQuery,
  CityQuery,
  InsightQuery,
  TopUpQuery,
  TourQuery,
};
