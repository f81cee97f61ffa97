import type { ReactNode } from 'react';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { can, type Capability } from '@portal/contract/plain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/session';

// A page for the roles holding a capability of the contract's matrix (SPEC §6; the server enforces the same): anyone
// else is told so, and nothing of the page is asked for
export function RequiresCapability({
  capability,
  testId,
  children,
}: {
  capability: Capability;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (can(user?.role, capability)) return children;
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" variant="light" icon={<IconLock size={20} />} data-testid={testId}>
        <Stack gap="sm" align="flex-start">
          {t('messages.forbidden')}
          <Button component={Link} to={paths.home.getHref()} variant="light" size="xs">
            {t('common.goHome')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
