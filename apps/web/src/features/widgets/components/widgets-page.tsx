import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { AgentPage } from '@/components/agent-page';
import { QueryContent } from '@/components/query-content';
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
    <AgentPage
      textKeys="widgets"
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
    >
      <QueryContent query={list}>
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState testId="widgets-empty">{t('widgets.empty')}</EmptyState>
          ) : isPhone ? (
            <WidgetsCards widgets={items} />
          ) : (
            <Paper withBorder p="xs">
              <WidgetsTable widgets={items} />
            </Paper>
          )
        }
      </QueryContent>
    </AgentPage>
  );
}
