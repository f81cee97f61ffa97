import { Button, Container, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useWidgets } from '../api/get-widgets';
import { WidgetsCards, WidgetsTable } from './widgets-list';
import { useIsPhone } from '@/lib/use-is-phone';

// SPEC §2 /widgets: the agency's widgets — name, type, domain and its status, how many offers — with edit,
// duplicate and delete
export function WidgetsPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('widgets.title'));
  const isPhone = useIsPhone();
  const list = useWidgets();

  return (
    <Container size="xl" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="md">
        <PageHeader
          title={t('widgets.title')}
          subtitle={t('widgets.subtitle')}
          action={
            <Button
              component={Link}
              to={paths.widgetsCreate.getHref()}
              leftSection={<IconPlus size={18} />}
              data-testid="widget-new"
            >
              {t('widgets.new')}
            </Button>
          }
        />
        {!list.data && list.isError ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
        ) : !list.data ? (
          <SectionSpinner />
        ) : list.data.items.length === 0 ? (
          <Paper withBorder p="xl">
            <Text c="dimmed" ta="center" data-testid="widgets-empty">
              {t('widgets.empty')}
            </Text>
          </Paper>
        ) : isPhone ? (
          <WidgetsCards widgets={list.data.items} />
        ) : (
          <Paper withBorder p="xs">
            <WidgetsTable widgets={list.data.items} />
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
