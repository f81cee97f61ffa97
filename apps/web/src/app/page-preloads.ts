// What the server announces in index.html for a path, so that a page's code and texts download beside the entry
// chunk instead of after it has run (one round trip less on a phone). Read by the build
// (scripts/page-preloads-plugin.ts), which turns each module into its files and fails when one is not a page
// chunk. Keep it beside the router: a page the router loads lazily belongs here with the same module and texts.
// The home page lists the visitor's half (public-home); an agent's half comes from the cache after the first visit.
import type { LocalePart } from '@/lib/i18n';

export type PagePreload = {
  path: string;
  // also for the paths under it (a booking opened over its list)
  prefix?: boolean;
  modules: readonly string[];
  parts: readonly Exclude<LocalePart, 'core'>[];
};

// a logged-in page's header shows the agency's menu
const AGENT_NAV = 'src/components/agent-nav.tsx';
const BOOKING_LISTS = [AGENT_NAV, 'src/features/bookings/routes/bookings.tsx'];

export const PAGE_PRELOADS: readonly PagePreload[] = [
  { path: '/', modules: ['src/app/home-route.tsx', 'src/features/auth/components/public-home.tsx'], parts: [] },
  { path: '/sign-up', modules: ['src/features/auth/routes/sign-up.tsx'], parts: ['auth'] },
  { path: '/forgot-password', modules: ['src/features/auth/routes/forgot-password.tsx'], parts: ['auth'] },
  { path: '/reset-password', modules: ['src/features/auth/routes/reset-password.tsx'], parts: ['auth'] },
  { path: '/terms-of-use', modules: ['src/features/legal/routes/terms-of-use.tsx'], parts: [] },
  { path: '/privacy-policy', modules: ['src/features/legal/routes/privacy-policy.tsx'], parts: [] },
  { path: '/404', modules: ['src/features/misc/routes/not-found.tsx'], parts: [] },
  { path: '/my-account', modules: [AGENT_NAV, 'src/features/auth/routes/my-account.tsx'], parts: ['account', 'auth'] },
  { path: '/tour', modules: [AGENT_NAV, 'src/features/catalogue/routes/tour.tsx'], parts: ['catalogue'] },
  {
    path: '/checkout',
    modules: [AGENT_NAV, 'src/features/bookings/routes/checkout.tsx'],
    parts: ['bookings', 'catalogue'],
  },
  { path: '/city', modules: [AGENT_NAV, 'src/features/catalogue/routes/city.tsx'], parts: ['catalogue'] },
  { path: '/bookings', prefix: true, modules: BOOKING_LISTS, parts: ['bookings', 'catalogue'] },
  { path: '/requests', prefix: true, modules: BOOKING_LISTS, parts: ['bookings', 'catalogue'] },
  { path: '/my-bookings', prefix: true, modules: BOOKING_LISTS, parts: ['bookings', 'catalogue'] },
  { path: '/balance', modules: [AGENT_NAV, 'src/features/balance/routes/balance.tsx'], parts: ['balance'] },
  { path: '/top-up', modules: [AGENT_NAV, 'src/features/balance/routes/top-up.tsx'], parts: ['balance'] },
  {
    path: '/my-commissions',
    modules: [AGENT_NAV, 'src/features/commissions/routes/my-commissions.tsx'],
    parts: ['commissions'],
  },
  { path: '/my-agencies', modules: [AGENT_NAV, 'src/features/company/routes/my-agencies.tsx'], parts: ['company'] },
  {
    path: '/widgets',
    prefix: true,
    modules: [AGENT_NAV, 'src/features/widgets/routes/widgets.tsx'],
    parts: ['widgets'],
  },
  { path: '/agents', modules: [AGENT_NAV, 'src/features/agents/routes/agents.tsx'], parts: ['agents'] },
  {
    path: '/admin',
    prefix: true,
    modules: ['src/features/back-office/routes/back-office.tsx'],
    parts: ['backOffice', 'backOfficeCatalogue', 'backOfficeDesk', 'backOfficeInsight'],
  },
];
