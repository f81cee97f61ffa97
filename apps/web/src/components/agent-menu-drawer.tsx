import { Box, Button, Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import type { AgentNavProps } from './agent-nav';
import { useNavItems } from './nav-items';
import { UserSummary } from './user-summary';

type AgentMenuDrawerProps = AgentNavProps & { isOpen: boolean; onClose: () => void };

// The phone's menu (agent-nav.tsx loads it when the burger is first tapped)
export function AgentMenuDrawer({ user, isOpen, onClose, onLogout }: AgentMenuDrawerProps) {
  const { t } = useTranslation();
  const items = useNavItems(user);

  const handleLogout = () => {
    onClose();
    onLogout();
  };

  return (
    <Drawer
      opened={isOpen}
      onClose={onClose}
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
            return (
              <NavLink
                key={item.key}
                component={Link}
                to={item.href}
                label={t(`nav.${item.key}`)}
                leftSection={<NavIcon size={18} />}
                active={item.isCurrent}
                aria-current={item.isCurrent ? 'page' : undefined}
                onClick={onClose}
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
  );
}
