import { Avatar, Box, Burger, Button, Container, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHourglass, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLayoutInfo } from '@/lib/layout-info';
import { useMe } from '@/lib/me';
import type { SessionUser } from '@/lib/session';
import { getNavItems } from './nav-items';
import { NoticeAlert } from './notice-alert';

// Loaded only for logged-in users, so the public home page does not pay for the drawer and menu.
type AgentNavProps = { user: SessionUser; onLogout: () => void };

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

export function AgentToolbar({ user, onLogout }: AgentNavProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" visibleFrom="sm">
      <UserSummary user={user} />
      <Button variant="default" leftSection={<IconLogout size={18} />} onClick={onLogout}>
        {t('nav.logout')}
      </Button>
    </Group>
  );
}

export function AgentNavBar({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const location = useLocation();
  const items = getNavItems(user);
  if (items.length === 0) return null;
  return (
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
  );
}

export function AgentMobileMenu({ user, onLogout }: AgentNavProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [isOpen, drawer] = useDisclosure(false);
  const items = getNavItems(user);

  const handleLogout = () => {
    drawer.close();
    onLogout();
  };

  return (
    <>
      <Burger opened={isOpen} onClick={drawer.toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.openMenu')} />
      <Drawer
        opened={isOpen}
        onClose={drawer.close}
        size="xs"
        padding="md"
        zIndex={300}
        title={<UserSummary user={user} />}
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
        hiddenFrom="sm"
      >
        <Stack gap="xs">
          <Box component="nav" aria-label={t('nav.main')}>
            {items.map((item) => {
              const NavIcon = item.icon;
              const isActive = item.isActive(location.pathname, location.search);
              return (
                <NavLink
                  key={item.key}
                  component={Link}
                  to={item.href}
                  label={t(`nav.${item.key}`)}
                  leftSection={<NavIcon size={18} />}
                  active={isActive}
                  aria-current={isActive ? 'page' : undefined}
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
    </>
  );
}

// An agency that signed up and waits for the tours company's approval learns it on every page, with what to expect,
// instead of at "Book and pay" (the approval e-mails its administrator: modules/admin/admin.service.ts)
// (rendered for agency users only: root-layout.tsx)
export function PendingApprovalBanner() {
  const { t } = useTranslation();
  const me = useMe();
  const { data: layout } = useLayoutInfo();
  if (me.data?.agency?.status !== 'pending') return null;
  return (
    <Container size="xl" pt="md">
      <NoticeAlert
        color="yellow"
        icon={IconHourglass}
        iconSize={20}
        title={t('pendingApproval.title')}
        testId="pending-approval"
      >
        {t('pendingApproval.body', { email: layout?.hostData.email ?? '' })}
      </NoticeAlert>
    </Container>
  );
}
