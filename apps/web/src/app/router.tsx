import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { registerNavigator } from '@/lib/api-client';
import { loadLocaleParts, type LocalePart } from '@/lib/i18n';
import { getAuthState, useAuth } from '@/lib/session';
import { RootLayout } from './root-layout';

// Routes are declared as components (React Router's declarative mode): the data router (loaders, actions,
// fetchers) would double React Router's share of the first page's JavaScript, and the portal loads its data
// with TanStack Query. Each page is its own chunk; the root layout's Suspense shows the full-screen spinner
// while one loads.

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

// The agency pages, for agency users only: the tours company's operator goes to a home page of their own
function RequireAgent() {
  const auth = useAuth();
  if (auth.status === 'authenticated' && auth.user.role === 'operator')
    return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

// SPEC §2: any other route when not authenticated redirects to /; a logged-in user gets the not-found page.
function UnknownPath() {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner />;
  const to = auth.status === 'authenticated' ? paths.notFound.getHref() : paths.home.getHref();
  return <Navigate to={to} replace />;
}

// The API client redirects (401 → home, 404 → /404) through the router instead of reloading the page.
function NavigatorRegistration() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => {
      void navigate(to, options);
    });
  }, [navigate]);
  return null;
}

// A page's code and its texts (locale parts beyond the core) load together.
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, parts: readonly LocalePart[] = []) {
  const Page = lazy(() =>
    Promise.all([load(), loadLocaleParts(parts)]).then(([module]) => ({ default: pick(module) })),
  );
  return <Page />;
}

// booking pages show offers, rules and cancellation policies in the catalogue's words
const BOOKING_TEXTS: readonly LocalePart[] = ['bookings', 'catalogue'];
const BACK_OFFICE_TEXTS: readonly LocalePart[] = [
  'backOffice',
  'backOfficeCatalogue',
  'backOfficeDesk',
  'backOfficeInsight',
];
const bookingLists = () => import('@/features/bookings/routes/bookings');
const bookingDetail = () => import('@/features/bookings/routes/booking-detail');
const widgetPages = () => import('@/features/widgets/routes/widgets');
const apiKeyPages = () => import('@/features/api-keys/routes/api-keys');

// The home route and the half of it this visitor needs (login or catalogue) load side by side, not one after the other.
function loadHome() {
  const half =
    getAuthState().status === 'authenticated'
      ? import('@/features/catalogue/components/agent-home')
      : import('@/features/auth/components/public-home');
  return Promise.all([import('./home-route'), half]).then(([module]) => module);
}

// Built once: each page() makes one lazy component, which must keep its identity across renders.
const routeTree = (
  <Routes>
    <Route path={paths.home.path} element={<RootLayout />}>
      <Route index element={page(loadHome, (m) => m.HomeRoute)} />
      <Route
        path={paths.signUp.path}
        element={page(
          () => import('@/features/auth/routes/sign-up'),
          (m) => m.SignUpRoute,
          ['auth'],
        )}
      />
      <Route
        path={paths.forgotPassword.path}
        element={page(
          () => import('@/features/auth/routes/forgot-password'),
          (m) => m.ForgotPasswordRoute,
          ['auth'],
        )}
      />
      <Route
        path={paths.resetPassword.path}
        element={page(
          () => import('@/features/auth/routes/reset-password'),
          (m) => m.ResetPasswordRoute,
          ['auth'],
        )}
      />
      <Route
        path={paths.termsOfUse.path}
        element={page(
          () => import('@/features/legal/routes/terms-of-use'),
          (m) => m.TermsOfUseRoute,
        )}
      />
      <Route
        path={paths.privacyPolicy.path}
        element={page(
          () => import('@/features/legal/routes/privacy-policy'),
          (m) => m.PrivacyPolicyRoute,
        )}
      />
      <Route
        path={paths.notFound.path}
        element={page(
          () => import('@/features/misc/routes/not-found'),
          (m) => m.NotFoundRoute,
        )}
      />

      <Route element={<RequireAuth />}>
        <Route
          path={paths.myAccount.path}
          element={page(
            () => import('@/features/auth/routes/my-account'),
            (m) => m.MyAccountRoute,
            ['account', 'auth'],
          )}
        />
        <Route
          path={paths.backOffice.path}
          element={page(
            () => import('@/features/back-office/routes/back-office'),
            (m) => m.BackOfficeRoute,
            BACK_OFFICE_TEXTS,
          )}
        />
        <Route element={<RequireAgent />}>
          <Route
            path={paths.tour.path}
            element={page(
              () => import('@/features/catalogue/routes/tour'),
              (m) => m.TourRoute,
              ['catalogue'],
            )}
          />
          <Route
            path={paths.checkout.path}
            element={page(
              () => import('@/features/bookings/routes/checkout'),
              (m) => m.CheckoutRoute,
              BOOKING_TEXTS,
            )}
          />
          <Route path={paths.bookings.path} element={page(bookingLists, (m) => m.BookingsRoute, BOOKING_TEXTS)}>
            <Route
              path={paths.bookingDetail.path}
              element={page(bookingDetail, (m) => m.BookingDetailRoute, BOOKING_TEXTS)}
            />
          </Route>
          <Route path={paths.requests.path} element={page(bookingLists, (m) => m.RequestsRoute, BOOKING_TEXTS)}>
            <Route
              path={paths.bookingDetail.path}
              element={page(bookingDetail, (m) => m.RequestDetailRoute, BOOKING_TEXTS)}
            />
          </Route>
          <Route
            path={paths.city.path}
            element={page(
              () => import('@/features/catalogue/routes/city'),
              (m) => m.CityRoute,
              ['catalogue'],
            )}
          />
          <Route
            path={paths.balance.path}
            element={page(
              () => import('@/features/balance/routes/balance'),
              (m) => m.BalanceRoute,
              ['balance'],
            )}
          />
          <Route
            path={paths.topUp.path}
            element={page(
              () => import('@/features/balance/routes/top-up'),
              (m) => m.TopUpRoute,
              ['balance'],
            )}
          />
          <Route path={paths.myBookings.path} element={page(bookingLists, (m) => m.MyBookingsRoute, BOOKING_TEXTS)}>
            <Route
              path={paths.bookingDetail.path}
              element={page(bookingDetail, (m) => m.MyBookingDetailRoute, BOOKING_TEXTS)}
            />
          </Route>
          <Route
            path={paths.myCommissions.path}
            element={page(
              () => import('@/features/commissions/routes/my-commissions'),
              (m) => m.MyCommissionsRoute,
              ['commissions'],
            )}
          />
          <Route
            path={paths.myAgencies.path}
            element={page(
              () => import('@/features/company/routes/my-agencies'),
              (m) => m.MyAgenciesRoute,
              ['company'],
            )}
          />
          <Route path={paths.widgets.path} element={page(widgetPages, (m) => m.WidgetsRoute, ['widgets'])} />
          <Route path={paths.widgetsCreate.path} element={page(widgetPages, (m) => m.WidgetCreateRoute, ['widgets'])} />
          <Route path={paths.widgetEdit.path} element={page(widgetPages, (m) => m.WidgetEditRoute, ['widgets'])} />
          <Route path={paths.apiKeys.path} element={page(apiKeyPages, (m) => m.ApiKeysRoute, ['widgets'])} />
          <Route
            path={paths.agents.path}
            element={page(
              () => import('@/features/agents/routes/agents'),
              (m) => m.AgentsRoute,
              ['agents'],
            )}
          />
          {/* SPEC §2: /[country] is dynamic; React Router ranks it below every static path */}
          <Route
            path={paths.country.path}
            element={page(
              () => import('@/features/catalogue/routes/country'),
              (m) => m.CountryRoute,
              ['catalogue'],
            )}
          />
        </Route>
      </Route>
      <Route path="*" element={<UnknownPath />} />
    </Route>
  </Routes>
);

export function AppRoutes() {
  return (
    <>
      <NavigatorRegistration />
      <Suspense fallback={<PageSpinner />}>{routeTree}</Suspense>
    </>
  );
}
