import { Alert, Button, Container, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { can } from '@portal/contract/plain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/session';
import { ApiKeysPage } from '../components/api-keys-page';

// /api-keys: the company's admins, where the tours company switched the reseller API on; anyone else is told why
export function ApiKeysRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isAdmin = can(user?.role, 'manageWidgets');
  if (isAdmin && user?.isApiAllowed) return <ApiKeysPage />;
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" variant="light" icon={<IconLock size={20} />} data-testid="api-keys-forbidden">
        <Stack gap="sm" align="flex-start">
          {isAdmin ? t('apiKeys.notAllowed') : t('messages.forbidden')}
          <Button component={Link} to={paths.home.getHref()} variant="light" size="xs">
            {t('common.goHome')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
