import { Anchor, Text } from '@mantine/core';
import { AgencyStatus, type AdminAgencyRow } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useIsPhone } from '@/lib/use-is-phone';
import { useAdminAgencies } from '../api/agencies';
import { ListPage, ListResults } from '../components/list-page';
import { ListSearchInput } from '@/components/list-search-input';
import { ListTable, type ListColumn } from '../components/list-table';
import { useListParams } from '../hooks/use-list-params';
import { listParam } from '../utils/list-params';
import { AgencyStatusBadge } from './components/agency-status-badge';
import { SegmentedFilter } from '../components/segmented-filter';
import { columnsUnder } from '../components/list-columns';
import { CardTop, ListCard } from '../components/list-card';

const STATUSES = AgencyStatus.options;
const PARAMS = { status: listParam.oneOf(STATUSES), q: listParam.text() };

function AgencyCard({ row }: { row: AdminAgencyRow }) {
  return (
    <ListCard to={paths.backOffice.agency.getHref(row.id)} data-testid="agency-row">
      <CardTop title={row.name} gap={2} aside={<AgencyStatusBadge status={row.status} />}>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {row.adminEmail ?? '—'}
        </Text>
        <Text size="sm">
          <Money amount={row.balance} currency={row.currency} />
        </Text>
      </CardTop>
    </ListCard>
  );
}

// /admin/agencies: every agency by status and search; a sign-up waiting for review opens its review page
export function AgenciesPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const isPhone = useIsPhone();
  const { filters, setFilters } = useListParams(PARAMS);
  const agencies = useAdminAgencies(filters);
  const column = columnsUnder<AdminAgencyRow>(t, 'backOffice.agencies');
  const columns: ListColumn<AdminAgencyRow>[] = [
    column('name', (row) => (
      <>
        <Anchor component={Link} to={paths.backOffice.agency.getHref(row.id)} fw={600} size="sm">
          {row.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.tradeLicenseNumber}
        </Text>
      </>
    )),
    column('admin', (row) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.adminEmail ?? '—'}
      </Text>
    )),
    column('site', (row) => <Text size="sm">{row.siteId}</Text>),
    column('status', (row) => <AgencyStatusBadge status={row.status} />),
    column('balance', (row) => <Money amount={row.balance} currency={row.currency} />, { align: 'right' }),
    column('creditLimit', (row) => <Money amount={row.creditLimit} currency={row.currency} />, { align: 'right' }),
    column('signedUp', (row) => <Text size="sm">{formatDateTime(row.createdAt, language)}</Text>),
  ];

  return (
    <ListPage
      testId="agencies-page"
      textKeys="backOffice.agencies"
      filters={
        <>
          <SegmentedFilter
            data={[
              { value: 'all', label: t('backOffice.agencies.all') },
              ...STATUSES.map((s) => ({ value: s, label: t(`backOffice.statuses.${s}`) })),
            ]}
            value={filters.status ?? 'all'}
            unset="all"
            onChange={(status) => setFilters({ status })}
            fullWidth={isPhone}
            w={isPhone ? '100%' : undefined}
          />
          <ListSearchInput
            value={filters.q}
            onSearch={(q) => setFilters({ q })}
            placeholder={t('backOffice.agencies.search')}
            w={{ base: '100%', sm: 320 }}
          />
        </>
      }
    >
      <ListResults query={agencies} isEmpty={(rows) => rows.length === 0} empty={t('backOffice.agencies.empty')}>
        {(rows) => (
          <ListTable
            rows={rows}
            columns={columns}
            minWidth={760}
            rowProps={() => ({ 'data-testid': 'agency-row' })}
            card={(row) => <AgencyCard row={row} />}
          />
        )}
      </ListResults>
    </ListPage>
  );
}
