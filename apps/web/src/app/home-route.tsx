import { Suspense, lazy } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Navigate, useLocation } from 'react-router';
import { HomeHeroPreview } from '@/components/home-hero';
import { SectionSpinner } from '@/components/page-spinner';
import { isFirstAddress } from '@/lib/page-preview';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/session';

// The home page is the login page for visitors and the catalogue's front page for agents: each loads only its own half.
export const loadPublicHome = () => import('@/features/auth/components/public-home');
export const loadAgentHome = () => import('@/features/catalogue/components/agent-home');
const PublicHome = lazy(() => loadPublicHome().then((m) => ({ default: m.PublicHome })));
const AgentHome = lazy(() => loadAgentHome().then((m) => ({ default: m.AgentHome })));

// The access rule sends logged-out users here with the page they asked for; after login they go back to it.
function redirectTarget(state: unknown): string | null {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string') {
    const from = state.from;
    if (from.startsWith('/') && !from.startsWith('//')) return from;
  }
  return null;
}

export function HomeRoute() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  useDocumentPageTitle(t('home.title'));
  if (auth.status !== 'authenticated') {
    return (
      <Suspense fallback={isFirstAddress(location) ? <HomeHeroPreview /> : <SectionSpinner />}>
        <PublicHome />
      </Suspense>
    );
  }
  // the tours company's operators work in the back office
  if (auth.user.role === 'operator') return <Navigate to={paths.backOffice.dashboard.getHref()} replace />;
  const target = redirectTarget(location.state);
  if (target) return <Navigate to={target} replace />;
  return (
    <Suspense fallback={<SectionSpinner />}>
      <AgentHome user={auth.user} />
    </Suspense>
  );
}
