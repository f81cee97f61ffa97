import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { AgentPage } from '@/components/agent-page';
import { QueryContent } from '@/components/query-content';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useWidgets } from '../api/get-widgets';
import { WidgetsCards, WidgetsTable } from './widgets-list';
import { CardsOrTable } from '@/components/cards-or-table';

// SPEC §2 /widgets: the agency's widgets — name, type, domain and its status, how many offers — with edit,
// duplicate and delete
export function WidgetsPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('widgets.title'));
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
        {({ items }) => (
          <CardsOrTable
            isEmpty={items.length === 0}
            empty={<EmptyState testId="widgets-empty">{t('widgets.empty')}</EmptyState>}
            cards={<WidgetsCards widgets={items} />}
            table={<WidgetsTable widgets={items} />}
          />
        )}
      </QueryContent>
    </AgentPage>
  );
}
