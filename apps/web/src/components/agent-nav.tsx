import { lazy, Suspense, useState } from 'react';
import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHourglass, IconLogout } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { useLayoutInfo } from '@/lib/layout-info';
import { useMe } from '@/lib/me';
import type { SessionUser } from '@/lib/session';
import { useNavItems } from './nav-items';
import { UserSummary } from './user-summary';
import { NoticeAlert } from './notice-alert';

// Loaded only for logged-in users, so the public home page does not pay for the drawer and menu.
export type AgentNavProps = { user: SessionUser; onLogout: () => void };

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
  const items = useNavItems(user);
  if (items.length === 0) return null;
  return (
    <Box visibleFrom="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-1)' }}>
      <Container size="xl">
        <Group component="nav" aria-label={t('nav.main')} gap={4} py={6} wrap="wrap">
          {items.map((item) => (
            <Button
              key={item.key}
              component={Link}
              to={item.href}
              size="compact-sm"
              variant={item.isCurrent ? 'light' : 'subtle'}
              color={item.isCurrent ? 'brand' : 'dark'}
              fw={item.isCurrent ? 600 : 500}
              aria-current={item.isCurrent ? 'page' : undefined}
            >
              {t(`nav.${item.key}`)}
            </Button>
          ))}
        </Group>
      </Container>
    </Box>
  );
}

// The burger loads the drawer with its menu the first time it is tapped: Mantine's drawer, focus trap and scroll lock
// stay off the tour page's and the checkout's first load (issue 32)
const AgentMenuDrawer = lazy(() => import('./agent-menu-drawer').then((m) => ({ default: m.AgentMenuDrawer })));

export function AgentMobileMenu({ user, onLogout }: AgentNavProps) {
  const { t } = useTranslation();
  const [isOpen, drawer] = useDisclosure(false);
  const [wasOpened, setWasOpened] = useState(false);

  const toggle = () => {
    setWasOpened(true);
    drawer.toggle();
  };

  return (
    <>
      <Burger opened={isOpen} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.openMenu')} />
      {wasOpened && (
        <Suspense fallback={null}>
          <AgentMenuDrawer user={user} isOpen={isOpen} onClose={drawer.close} onLogout={onLogout} />
        </Suspense>
      )}
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
