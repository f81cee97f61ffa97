import type { ReactNode } from 'react';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { canViewBalances } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/session';

// SPEC §6: the money pages are the agency admin's; other agents are told so and no figures are asked for
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (canViewBalances(user?.role)) return children;
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" variant="light" icon={<IconLock size={20} />} data-testid="money-forbidden">
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
