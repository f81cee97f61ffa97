import { Anchor, Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { trendOf, type AgencyActivityRow } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { ListTable, type ListColumn } from '../components/list-table';
import { useListParams } from '../hooks/use-list-params';
import { useAgencyActivity } from './api/insight';
import { InsightPage } from './components/insight-page';
import { AGENCY_PARAMS, formatTrend, insightFilters } from './utils/insight-filters';
import { columnsUnder } from '../components/list-columns';
import { CardLine, ListCard } from '../components/list-card';
import { PagedResults } from '../components/paged-results';

const ON_PAGE = 50;

// A figure and its change against the previous period
function WithTrend({ current, previous }: { current: number; previous: number }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const trend = trendOf(current, previous);
  const text = formatTrend(trend, language);
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Text size="sm" fw={600}>
        {current.toLocaleString(language)}
      </Text>
      <Text
        size="xs"
        c={trend === null || trend === 0 ? 'dimmed' : trend > 0 ? 'teal.8' : 'red.8'}
        title={t('boInsight.agencies.previous', { count: previous })}
      >
        {text ?? (current > 0 ? t('boInsight.agencies.new') : '—')}
      </Text>
    </Group>
  );
}

function LastLogin({ row }: { row: AgencyActivityRow }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <Text size="sm" c={row.lastLoginAt ? undefined : 'dimmed'}>
      {row.lastLoginAt ? formatDateTime(row.lastLoginAt, language) : t('boInsight.agencies.never')}
    </Text>
  );
}

function AgencyName({ row }: { row: AgencyActivityRow }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={paths.backOffice.agency.getHref(row.agencyId)} fw={600} size="sm">
        {row.name}
      </Anchor>
      {row.isDormant && (
        <Badge color="orange" variant="light" size="sm">
          {t('boInsight.agencies.dormant')}
        </Badge>
      )}
    </Group>
  );
}

function AgencyCard({ row }: { row: AgencyActivityRow }) {
  const { t } = useTranslation();
  return (
    <ListCard data-testid="insight-agency-row" data-agency={row.agencyId}>
      <Stack gap={6}>
        <AgencyName row={row} />
        <CardLine label={t('boInsight.fields.lastLogin')}>
          <LastLogin row={row} />
        </CardLine>
        <CardLine label={t('boInsight.fields.searches')}>
          <WithTrend current={row.searches} previous={row.previousSearches} />
        </CardLine>
        <CardLine label={t('boInsight.fields.bookings')}>
          <WithTrend current={row.bookings} previous={row.previousBookings} />
        </CardLine>
      </Stack>
    </ListCard>
  );
}

// /admin/insight/agencies: each agency's last login, sessions, searches and bookings against the previous period of
// the same length, busiest first; the approved agencies that did nothing in the period are dormant (and can be listed
// alone)
export function AgenciesActivityPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const list = useListParams(AGENCY_PARAMS);
  const { filters, page, setFilters, setPage } = list;
  const { tourId: _tour, ...shared } = insightFilters(filters);
  const activity = useAgencyActivity({ ...shared, view: filters.view, page, onPage: ON_PAGE });
  const column = columnsUnder<AgencyActivityRow>(t, 'boInsight.fields');
  const columns: ListColumn<AgencyActivityRow>[] = [
    column('agency', (row) => <AgencyName row={row} />),
    column('site', (row) => <Text size="sm">{row.siteId}</Text>),
    column('lastLogin', (row) => <LastLogin row={row} />),
    column('sessions', (row) => <Text size="sm">{row.sessions.toLocaleString(language)}</Text>, { align: 'right' }),
    column('searches', (row) => <WithTrend current={row.searches} previous={row.previousSearches} />, {
      align: 'right',
    }),
    column('bookings', (row) => <WithTrend current={row.bookings} previous={row.previousBookings} />, {
      align: 'right',
    }),
  ];
  return (
    <InsightPage
      page="agencies"
      list={list}
      shows={{ tour: false, channel: true }}
      period={activity.data?.period}
      exportQuery={{ view: filters.view }}
      extraFilter={
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('boInsight.agencies.show')}
          </Text>
          <SegmentedControl
            value={filters.view ?? 'all'}
            onChange={(view) => setFilters({ view: view === 'dormant' ? 'dormant' : null })}
            data={[
              { value: 'all', label: t('boInsight.agencies.all') },
              {
                value: 'dormant',
                label: t('boInsight.agencies.dormantCount', { count: activity.data?.dormant ?? 0 }),
              },
            ]}
            data-testid="insight-dormant"
          />
        </Stack>
      }
    >
      <PagedResults
        query={activity}
        empty={t('boInsight.agencies.empty')}
        paging={{ page, onPage: ON_PAGE, onChange: setPage }}
      >
        {(data) => (
          <ListTable
            rows={data.items}
            rowKey={(row) => row.agencyId}
            columns={columns}
            minWidth={860}
            rowProps={(row) => ({ 'data-testid': 'insight-agency-row', 'data-agency': row.agencyId })}
            card={(row) => <AgencyCard row={row} />}
          />
        )}
      </PagedResults>
    </InsightPage>
  );
}
