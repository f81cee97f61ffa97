import { Suspense, lazy, type ComponentType } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { Navigate, Route, Routes } from 'react-router';
import { SectionSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/session';
import { BackOfficeChipNav, BackOfficeSideNav } from '../components/back-office-nav';

// Each back-office page is its own chunk, loaded when the operator opens it
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Page = lazy(() => load().then((module) => ({ default: pick(module) })));
  return <Page />;
}

const bo = paths.backOffice;

// Built once: each page() makes one lazy component, which must keep its identity across renders.
// Each area adds its pages in its own block.
const pages = (
  <Routes>
    {/* dashboard, agencies, audit */}
    <Route
      index
      element={page(
        () => import('../dashboard/dashboard-page'),
        (m) => m.DashboardPage,
      )}
    />
    <Route
      path={bo.agencies.path}
      element={page(
        () => import('../agencies/agencies-page'),
        (m) => m.AgenciesPage,
      )}
    />
    <Route
      path={bo.agency.path}
      element={page(
        () => import('../agencies/agency-page'),
        (m) => m.AgencyPage,
      )}
    />
    <Route
      path={bo.audit.path}
      element={page(
        () => import('../audit/audit-page'),
        (m) => m.AuditPage,
      )}
    />
    {/* catalogue: tours, offers, slots, promo codes */}
    <Route
      path={bo.tours.path}
      element={page(
        () => import('../catalogue/tours-page'),
        (m) => m.ToursPage,
      )}
    />
    <Route
      path={bo.tour.path}
      element={page(
        () => import('../catalogue/tour-page'),
        (m) => m.TourPage,
      )}
    />
    <Route
      path={bo.slots.path}
      element={page(
        () => import('../catalogue/slots-page'),
        (m) => m.SlotsPage,
      )}
    />
    <Route
      path={bo.promoCodes.path}
      element={page(
        () => import('../catalogue/promo-codes-page'),
        (m) => m.PromoCodesPage,
      )}
    />
    {/* desk: requests, bookings, money */}
    <Route
      path={bo.requests.path}
      element={page(
        () => import('../desk/requests-page'),
        (m) => m.RequestsPage,
      )}
    />
    <Route
      path={bo.money.path}
      element={page(
        () => import('../desk/money-page'),
        (m) => m.MoneyPage,
      )}
    />
    <Route
      path={bo.bookings.path}
      element={page(
        () => import('../desk/bookings-page'),
        (m) => m.BookingsPage,
      )}
    />
    <Route
      path={bo.booking.path}
      element={page(
        () => import('../desk/booking-page'),
        (m) => m.BookingPage,
      )}
    />
    {/* insight: funnel, agencies' activity, demand not served, sales by channel */}
    <Route
      path={bo.insightFunnel.path}
      element={page(
        () => import('../insight/funnel-page'),
        (m) => m.FunnelPage,
      )}
    />
    <Route
      path={bo.insightAgencies.path}
      element={page(
        () => import('../insight/agencies-page'),
        (m) => m.AgenciesActivityPage,
      )}
    />
    <Route
      path={bo.insightDemand.path}
      element={page(
        () => import('../insight/demand-page'),
        (m) => m.DemandPage,
      )}
    />
    <Route
      path={bo.insightSales.path}
      element={page(
        () => import('../insight/sales-page'),
        (m) => m.SalesPage,
      )}
    />
    {/* support replay: one recorded session */}
    <Route
      path={bo.replay.path}
      element={page(
        () => import('../replay/replay-page'),
        (m) => m.ReplayPage,
      )}
    />
    <Route path="*" element={<Navigate to={paths.notFound.getHref()} replace />} />
  </Routes>
);

// /admin/*: the tours company's back office, for operators only (an agency's user is sent home)
export function BackOfficeRoute() {
  const auth = useAuth();
  if (auth.status === 'authenticated' && auth.user.role !== 'operator')
    return <Navigate to={paths.home.getHref()} replace />;
  return (
    <Container size="xl" py={{ base: 'md', md: 'xl' }} px={{ base: 'sm', sm: 'md' }} data-testid="back-office">
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box w={220} visibleFrom="md" style={{ flexShrink: 0, position: 'sticky', top: 80 }}>
          <BackOfficeSideNav />
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Box hiddenFrom="md" mb="md">
            <BackOfficeChipNav />
          </Box>
          <Suspense fallback={<SectionSpinner />}>{pages}</Suspense>
        </Box>
      </Group>
    </Container>
  );
}
