import type { ReactNode } from 'react';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { WIDGET_MESSAGES, can } from '@portal/contract/plain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { translateMessage } from '@/lib/i18n';
import { useSessionUser } from '@/lib/session';

// SPEC §6: widgets are an admin's, and only where the tours company allowed the agency to create them
// (isWidgetsCreationAllowed). Anyone else is told why, and nothing of the page is asked for; the server refuses the
// same calls.
export function WidgetsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isAdmin = can(user?.role, 'manageWidgets');
  if (isAdmin && user?.isWidgetsCreationAllowed) return children;
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" variant="light" icon={<IconLock size={20} />} data-testid="widgets-forbidden">
        <Stack gap="sm" align="flex-start">
          {isAdmin ? translateMessage(WIDGET_MESSAGES.notAllowed) : t('messages.forbidden')}
          <Button component={Link} to={paths.home.getHref()} variant="light" size="xs">
            {t('common.goHome')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
