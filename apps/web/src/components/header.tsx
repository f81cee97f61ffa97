import { Suspense, lazy, useState } from 'react';
import { Box, Button, Container, Group } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { clearSession, useSessionUser } from '@/lib/session';
import { LanguageSwitch } from './language-switch';
import { SiteLogo } from './site-logo';
import type * as AgentNavModule from './agent-nav';

// the agent's menu, once its code is here (main.tsx asks for it first thing when a session is stored)
let agentNav: typeof AgentNavModule | null = null;
export const loadAgentNav = () =>
  import('./agent-nav').then((module) => {
    agentNav = module;
    return module;
  });
const LazyAgentToolbar = lazy(() => loadAgentNav().then((m) => ({ default: m.AgentToolbar })));
const LazyAgentNavBar = lazy(() => loadAgentNav().then((m) => ({ default: m.AgentNavBar })));
const LazyAgentMobileMenu = lazy(() => loadAgentNav().then((m) => ({ default: m.AgentMobileMenu })));

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
  // drawn at once when the menu's code has come (as the first render of an agent's page mostly finds it), so that
  // the header has its burger and menu bar where the server's first HTML drew their places (issue 32). Chosen once:
  // switching from the lazy components later would remount the menu (and close an open drawer without its focus)
  const [nav] = useState(() => agentNav);
  const AgentToolbar = nav?.AgentToolbar ?? LazyAgentToolbar;
  const AgentNavBar = nav?.AgentNavBar ?? LazyAgentNavBar;
  const AgentMobileMenu = nav?.AgentMobileMenu ?? LazyAgentMobileMenu;
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
