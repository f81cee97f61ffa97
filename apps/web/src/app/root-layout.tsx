import { Suspense, lazy, useEffect } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { can } from '@portal/contract/plain';
import { Header, loadAgentNav } from '@/components/header';
import { FirstPageFallback } from '@/components/page-preview';
import { loadLocaleParts } from '@/lib/i18n';
import { useLayoutInfo } from '@/lib/layout-info';
import { useAuth } from '@/lib/session';
import { applySiteDefaultLanguage } from '@/lib/locale';
import { PAGE_VIEW_DELAY_MS, trackPageView } from '@/lib/insight';
import { AppErrorBoundary } from './error-screen';

// The footer and the WhatsApp button wait for /layout/info anyway, so their code loads with it.
const Footer = lazy(() => import('@/components/footer').then((m) => ({ default: m.Footer })));
const PendingApprovalBanner = lazy(() => loadAgentNav().then((m) => ({ default: m.PendingApprovalBanner })));
const MoneyBanner = lazy(() =>
  import('@/features/balance/components/money-banner').then((m) => ({ default: m.MoneyBanner })),
);
// the licence banner's texts are the company settings' own: they load with it, for admins only
const LicenceBanner = lazy(() =>
  Promise.all([import('@/features/company/components/licence-banner'), loadLocaleParts(['company'])]).then(([m]) => ({
    default: m.LicenceBanner,
  })),
);
const WhatsAppButton = lazy(() => import('@/components/whatsapp-button').then((m) => ({ default: m.WhatsAppButton })));

// SPEC §2: page views are tracked 500 ms after a route change.
function usePageViews(pathname: string) {
  useEffect(() => {
    const timer = setTimeout(() => trackPageView(pathname), PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
}

function useScrollToTopOnNavigation(pathname: string) {
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);
}

// A booking opened from a list is a drawer over it: opening or closing it must not remount (or reset) the list.
const DRAWER_ROUTE = /^(\/(?:bookings|requests|my-bookings))\/[^/]+\/?$/;

function boundaryKey(pathname: string): string {
  return DRAWER_ROUTE.exec(pathname)?.[1] ?? pathname;
}

export function RootLayout() {
  const location = useLocation();
  const { data: layoutInfo } = useLayoutInfo();
  const auth = useAuth();
  const siteLanguage = layoutInfo?.site.defaultLanguage;

  // SPEC §1: the chat contact belongs to the general site (a white-label site turns it off), and to agencies: the
  // tours company's own back office gets no chat with its own number over its editors' buttons
  const isOperator = auth.status === 'authenticated' && auth.user.role === 'operator';
  const showsChat = layoutInfo?.site.features.chat === true && !isOperator && !location.pathname.startsWith('/admin');

  usePageViews(location.pathname);
  useScrollToTopOnNavigation(location.pathname);

  useEffect(() => {
    if (siteLanguage) applySiteDefaultLanguage(siteLanguage);
  }, [siteLanguage]);

  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }} bg="gray.0">
      <Header />
      {/* at least a screen tall: the footer starts below the fold, so a page whose content arrives after the first
          paint grows without pushing a visible footer down (checkout CLS was 0.65 once the footer came with the page) */}
      <Box component="main" flex={1} mih="100vh" bg="white">
        {auth.status === 'authenticated' && auth.user.agencyId !== null && (
          <Suspense fallback={null}>
            <PendingApprovalBanner />
          </Suspense>
        )}
        {/* SPEC §6 by capability: the agency's money to those who see its balances, the licence to who edits it */}
        {auth.status === 'authenticated' && auth.user.agencyId !== null && can(auth.user.role, 'viewBalances') && (
          <Suspense fallback={null}>
            <MoneyBanner />
          </Suspense>
        )}
        {auth.status === 'authenticated' && can(auth.user.role, 'editCompanyDetails') && (
          <Suspense fallback={null}>
            <LicenceBanner />
          </Suspense>
        )}
        {/* every page starts with a fresh boundary; a drawer route over its list (/bookings/:id) shares the list's */}
        <AppErrorBoundary key={boundaryKey(location.pathname)}>
          {/* SPEC §2: the full-screen 'Loading...' spinner while the next page's code loads */}
          <Suspense fallback={<FirstPageFallback />}>
            <Outlet />
          </Suspense>
        </AppErrorBoundary>
      </Box>
      {layoutInfo && (
        <Suspense fallback={null}>
          <Footer info={layoutInfo} />
          {showsChat && <WhatsAppButton number={layoutInfo.contactInfo.whatsApp} />}
        </Suspense>
      )}
    </Box>
  );
}
