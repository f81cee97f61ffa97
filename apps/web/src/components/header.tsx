import { Suspense, lazy } from 'react';
import { Box, Button, Container, Group } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { clearSession, useSessionUser } from '@/lib/session';
import { LanguageSwitch } from './language-switch';
import { SiteLogo } from './site-logo';

export const loadAgentNav = () => import('./agent-nav');
const AgentToolbar = lazy(() => loadAgentNav().then((m) => ({ default: m.AgentToolbar })));
const AgentNavBar = lazy(() => loadAgentNav().then((m) => ({ default: m.AgentNavBar })));
const AgentMobileMenu = lazy(() => loadAgentNav().then((m) => ({ default: m.AgentMobileMenu })));

export function Header() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const location = useLocation();
  const navigate = useNavigate();

  // SPEC §4: logout clears the token and session storage and goes to the home page.
  const handleLogout = () => {
    clearSession();
    void navigate(paths.home.getHref(), { replace: true });
  };

  const isHome = location.pathname === paths.home.path;
  const isSignUp = location.pathname === paths.signUp.path;

  return (
    <Box
      component="header"
      bg="white"
      pos="sticky"
      top={0}
      style={{ zIndex: 200, borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="xl">
        <Group h={64} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {user && (
              <Suspense fallback={null}>
                <AgentMobileMenu user={user} onLogout={handleLogout} />
              </Suspense>
            )}
            <SiteLogo />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            {user ? (
              <Suspense fallback={null}>
                <AgentToolbar user={user} onLogout={handleLogout} />
              </Suspense>
            ) : (
              <>
                {!isHome && (
                  <Button component={Link} to={paths.home.getHref()} variant="subtle" visibleFrom="xs">
                    {t('nav.agentLogin')}
                  </Button>
                )}
                {!isSignUp && (
                  <Button component={Link} to={paths.signUp.getHref()} visibleFrom="xs">
                    {t('nav.becomePartner')}
                  </Button>
                )}
              </>
            )}
          </Group>
        </Group>
      </Container>
      {user && (
        <Suspense fallback={null}>
          <AgentNavBar user={user} />
        </Suspense>
      )}
    </Box>
  );
}
