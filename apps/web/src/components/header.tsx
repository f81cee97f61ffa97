import { Avatar, Box, Burger, Button, Container, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { clearSession, useSessionUser } from '@/lib/session';
import type { SessionUser } from '@/lib/session';
import { LanguageSwitch } from './language-switch';
import { getNavItems } from './nav-items';
import { SiteLogo } from './site-logo';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

function UserSummary({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar color="brand" radius="xl" size={36}>
        {initials(user.name)}
      </Avatar>
      <Box miw={0}>
        <Text size="sm" fw={600} lh={1.2} truncate maw={180}>
          {user.name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2}>
          {t(`roles.${user.role}`)}
        </Text>
      </Box>
    </Group>
  );
}

export function Header() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const items = user ? getNavItems(user) : [];

  const handleLogout = () => {
    drawer.close();
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
              <Burger
                opened={isDrawerOpen}
                onClick={drawer.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.openMenu')}
              />
            )}
            <SiteLogo />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            {user ? (
              <>
                <Box visibleFrom="sm">
                  <UserSummary user={user} />
                </Box>
                <Button
                  visibleFrom="sm"
                  variant="default"
                  leftSection={<IconLogout size={18} />}
                  onClick={handleLogout}
                >
                  {t('nav.logout')}
                </Button>
              </>
            ) : (
              <>
                {!isHome && (
                  <Button component={Link} to={paths.home.getHref()} variant="subtle" visibleFrom="xs">
                    {t('nav.agentLogin')}
                  </Button>
                )}
                {!isSignUp && (
                  <Button component={Link} to={paths.signUp.getHref()}>
                    {t('nav.becomePartner')}
                  </Button>
                )}
              </>
            )}
          </Group>
        </Group>
      </Container>

      {user && items.length > 0 && (
        <Box visibleFrom="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-1)' }}>
          <Container size="xl">
            <Group component="nav" aria-label={t('nav.main')} gap={4} py={6} wrap="wrap">
              {items.map((item) => {
                const isActive = item.isActive(location.pathname, location.search);
                return (
                  <Button
                    key={item.key}
                    component={Link}
                    to={item.href}
                    size="compact-sm"
                    variant={isActive ? 'light' : 'subtle'}
                    color={isActive ? 'brand' : 'dark'}
                    fw={isActive ? 600 : 500}
                    aria-current={isActive ? 'page' : undefined}
                  >
                    {t(`nav.${item.key}`)}
                  </Button>
                );
              })}
            </Group>
          </Container>
        </Box>
      )}

      {user && (
        <Drawer
          opened={isDrawerOpen}
          onClose={drawer.close}
          size="xs"
          padding="md"
          title={<UserSummary user={user} />}
          closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
          hiddenFrom="sm"
        >
          <Stack gap="xs">
            <Box component="nav" aria-label={t('nav.main')}>
              {items.map((item) => {
                const NavIcon = item.icon;
                return (
                  <NavLink
                    key={item.key}
                    component={Link}
                    to={item.href}
                    label={t(`nav.${item.key}`)}
                    leftSection={<NavIcon size={18} />}
                    active={item.isActive(location.pathname, location.search)}
                    aria-current={item.isActive(location.pathname, location.search) ? 'page' : undefined}
                    onClick={drawer.close}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                );
              })}
            </Box>
            <Divider />
            <Button variant="light" color="red" leftSection={<IconLogout size={18} />} onClick={handleLogout}>
              {t('nav.logout')}
            </Button>
          </Stack>
        </Drawer>
      )}
    </Box>
  );
}
