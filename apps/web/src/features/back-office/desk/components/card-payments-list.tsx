import { Group, Stack } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { useIsPhone } from '@/lib/use-is-phone';
import { useListParams } from '../../hooks/use-list-params';
import { listParam } from '../../utils/list-params';
import { useDeskPayments } from '../api/money';
import { AgencySelect } from './agency-select';
import { PaymentsTable } from './payments-table';
import { SegmentedFilter } from '../../components/segmented-filter';
import { PagedResults } from '../../components/paged-results';

const PAYMENT_VIEWS = ['all', 'refunds', 'failedRefunds'] as const;
const ON_PAGE = 20;
const PARAMS = { view: listParam.oneOf(PAYMENT_VIEWS), agency: listParam.id() };

// Every card payment with the provider's status, or only those refunded or whose refund failed, by agency
export function CardPaymentsList() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const { filters, page, setFilters, setPage } = useListParams(PARAMS);
  const view = filters.view ?? 'all';
  const payments = useDeskPayments({ view, agencyId: filters.agency, page, onPage: ON_PAGE });
  return (
    <Stack gap="md" data-testid="card-payments">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedFilter
          data={PAYMENT_VIEWS.map((v) => ({ value: v, label: t(`boDesk.money.views.${v}`) }))}
          value={view}
          unset="all"
          onChange={(next) => setFilters({ view: next })}
          orientation={isPhone ? 'vertical' : 'horizontal'}
          fullWidth={isPhone}
          w={isPhone ? '100%' : undefined}
        />
        <AgencySelect value={filters.agency ?? null} onChange={(id) => setFilters({ agency: id })} />
      </Group>
      <PagedResults
        query={payments}
        empty={t('boDesk.money.noPayments')}
        paging={{ page, onPage: ON_PAGE, onChange: setPage }}
        paginationTextKeys="boDesk.pagination"
      >
        {(data) => <PaymentsTable rows={data.items} />}
      </PagedResults>
    </Stack>
  );
}
