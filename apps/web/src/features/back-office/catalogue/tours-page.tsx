import { Anchor, Button, Text } from '@mantine/core';
import type { AdminTourRow } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLocale } from '@/lib/locale';
import { ListPage, ListResults } from '../components/list-page';
import { ListSearchInput } from '@/components/list-search-input';
import { ListTable, type ListColumn } from '../components/list-table';
import { useListParams } from '../hooks/use-list-params';
import { listParam } from '../utils/list-params';
import { useAdminTours } from './api/catalogue';
import { ActiveBadge } from './components/active-badge';
import { SegmentedFilter } from '../components/segmented-filter';
import { columnsUnder } from '../components/list-columns';
import { CardTop, ListCard } from '../components/list-card';

const ACTIVE = ['all', 'active', 'inactive'] as const;
const PARAMS = { active: listParam.oneOf(ACTIVE), q: listParam.text() };

function TourCard({ row }: { row: AdminTourRow }) {
  const { t } = useTranslation();
  return (
    <ListCard to={paths.backOffice.tour.getHref(row.id)} data-testid="tour-row">
      <CardTop title={row.title} gap={2} aside={<ActiveBadge isActive={row.isActive} />}>
        <Text size="sm" c="dimmed">
          {row.city} · {t('boCatalogue.tours.offersCount', { count: row.offers })}
        </Text>
      </CardTop>
    </ListCard>
  );
}

// /admin/tours: every tour, active or not, by title or address; a new tour starts here
export function ToursPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { filters, setFilters } = useListParams(PARAMS);
  const active = filters.active ?? 'all';
  const tours = useAdminTours({ q: filters.q, active, language });
  const column = columnsUnder<AdminTourRow>(t, 'boCatalogue.tours.columns');
  const columns: ListColumn<AdminTourRow>[] = [
    column('title', (row) => (
      <>
        <Anchor component={Link} to={paths.backOffice.tour.getHref(row.id)} fw={600}>
          {row.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          /{row.url}
        </Text>
      </>
    )),
    column('city', (row) => row.city),
    column('offers', (row) => row.offers),
    column('status', (row) => <ActiveBadge isActive={row.isActive} />),
  ];

  return (
    <ListPage
      testId="tours-page"
      textKeys="boCatalogue.tours"
      action={
        <Button component={Link} to={paths.backOffice.tour.getHref('new')} leftSection={<IconPlus size={16} />}>
          {t('boCatalogue.tours.new')}
        </Button>
      }
      filters={
        <>
          <SegmentedFilter
            data={ACTIVE.map((value) => ({ value, label: t(`boCatalogue.tours.filter.${value}`) }))}
            value={active}
            unset="all"
            onChange={(value) => setFilters({ active: value })}
          />
          <ListSearchInput
            value={filters.q}
            onSearch={(q) => setFilters({ q })}
            placeholder={t('boCatalogue.tours.search')}
            w={{ base: '100%', sm: 320 }}
          />
        </>
      }
    >
      <ListResults query={tours} isEmpty={(rows) => rows.length === 0} empty={t('boCatalogue.tours.empty')}>
        {(rows) => (
          <ListTable
            rows={rows}
            columns={columns}
            minWidth={640}
            variant="striped"
            rowProps={() => ({ 'data-testid': 'tour-row' })}
            card={(row) => <TourCard row={row} />}
          />
        )}
      </ListResults>
    </ListPage>
  );
}
