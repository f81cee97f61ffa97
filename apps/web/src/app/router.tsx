import { Navigate, Outlet, createBrowserRouter, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { registerNavigator } from '@/lib/api-client';
import { getAuthState, useAuth } from '@/lib/session';
import { RouteErrorScreen } from './error-screen';
import { RootLayout } from './root-layout';

// SPEC §2 access rule: a spinner while auth loads; anything non-public redirects to / when logged out.
function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'unauthenticated') {
    return <Navigate to={paths.home.getHref()} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

const sections = () => import('@/features/misc/routes/coming-soon-sections');
const bookingLists = () => import('@/features/bookings/routes/bookings');
const bookingDetail = () => import('@/features/bookings/routes/booking-detail');

// The home route and the half of it this visitor needs (login or catalogue) load side by side, not one after the other.
function loadHome() {
  const half = getAuthState().status === 'authenticated'
    ? import('@/features/catalogue/components/agent-home')
    : import('@/features/auth/components/public-home');
  return Promise.all([import('./home-route'), half]).then(([m]) => ({ Component: m.HomeRoute }));
}

const publicRoutes: RouteObject[] = [
  { index: true, lazy: loadHome },
  { path: paths.signUp.path, lazy: () => import('@/features/auth/routes/sign-up').then((m) => ({ Component: m.SignUpRoute })) },
  {
    path: paths.forgotPassword.path,
    lazy: () => import('@/features/auth/routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
  },
  {
    path: paths.resetPassword.path,
    lazy: () => import('@/features/auth/routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
  },
  {
    path: paths.termsOfUse.path,
    lazy: () => import('@/features/legal/routes/terms-of-use').then((m) => ({ Component: m.TermsOfUseRoute })),
  },
  {
    path: paths.privacyPolicy.path,
    lazy: () => import('@/features/legal/routes/privacy-policy').then((m) => ({ Component: m.PrivacyPolicyRoute })),
  },
  { path: paths.notFound.path, lazy: () => import('@/features/misc/routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
];

const protectedRoutes: RouteObject[] = [
  { path: paths.myAccount.path, lazy: () => import('@/features/auth/routes/my-account').then((m) => ({ Component: m.MyAccountRoute })) },
  { path: paths.tour.path, lazy: () => import('@/features/catalogue/routes/tour').then((m) => ({ Component: m.TourRoute })) },
  { path: paths.embedded.path, lazy: () => sections().then((m) => ({ Component: m.EmbeddedRoute })) },
  { path: paths.checkout.path, lazy: () => import('@/features/bookings/routes/checkout').then((m) => ({ Component: m.CheckoutRoute })) },
  { path: paths.embeddedCheckout.path, lazy: () => sections().then((m) => ({ Component: m.EmbeddedCheckoutRoute })) },
  {
    path: paths.bookings.path,
    lazy: () => bookingLists().then((m) => ({ Component: m.BookingsRoute })),
    children: [{ path: paths.bookingDetail.path, lazy: () => bookingDetail().then((m) => ({ Component: m.BookingDetailRoute })) }],
  },
  {
    path: paths.requests.path,
    lazy: () => bookingLists().then((m) => ({ Component: m.RequestsRoute })),
    children: [{ path: paths.bookingDetail.path, lazy: () => bookingDetail().then((m) => ({ Component: m.RequestDetailRoute })) }],
  },
  { path: paths.city.path, lazy: () => import('@/features/catalogue/routes/city').then((m) => ({ Component: m.CityRoute })) },
  { path: paths.balance.path, lazy: () => sections().then((m) => ({ Component: m.BalanceRoute })) },
  { path: paths.topUp.path, lazy: () => sections().then((m) => ({ Component: m.TopUpRoute })) },
  {
    path: paths.myBookings.path,
    lazy: () => bookingLists().then((m) => ({ Component: m.MyBookingsRoute })),
    children: [{ path: paths.bookingDetail.path, lazy: () => bookingDetail().then((m) => ({ Component: m.MyBookingDetailRoute })) }],
  },
  { path: paths.myCommissions.path, lazy: () => sections().then((m) => ({ Component: m.MyCommissionsRoute })) },
  { path: paths.myAgencies.path, lazy: () => sections().then((m) => ({ Component: m.MyAgenciesRoute })) },
  { path: paths.widgets.path, lazy: () => sections().then((m) => ({ Component: m.WidgetsRoute })) },
  { path: paths.widgetsCreate.path, lazy: () => sections().then((m) => ({ Component: m.WidgetsCreateRoute })) },
  { path: paths.agents.path, lazy: () => sections().then((m) => ({ Component: m.AgentsRoute })) },
  // SPEC §2: /[country] is dynamic, so it comes after every static path
  { path: paths.country.path, lazy: () => import('@/features/catalogue/routes/country').then((m) => ({ Component: m.CountryRoute })) },
];

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    Component: RootLayout,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      ...publicRoutes,
      { Component: RequireAuth, children: protectedRoutes },
      { path: '*', element: <Navigate to={paths.notFound.getHref()} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

registerNavigator((to, options) => {
  void router.navigate(to, options);
});
