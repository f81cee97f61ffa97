import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useDocumentPageTitle } from '@/components/page-title';
import { useAuth } from '@/lib/session';
import { AgentHome } from '../components/agent-home';
import { PublicHome } from '../components/public-home';

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
  if (auth.status !== 'authenticated') return <PublicHome />;
  const target = redirectTarget(location.state);
  if (target) return <Navigate to={target} replace />;
  return <AgentHome user={auth.user} />;
}
