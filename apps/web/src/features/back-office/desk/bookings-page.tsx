import { Anchor, Select, Text } from '@mantine/core';
import { BookingStatus, type AdminBookingRow } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { DateRangeField } from '@/components/date-range-field';
import { AppDatesProvider } from '@/components/dates-provider';
import { Money } from '@/components/money';
import { paths } from '@/config/paths';
import { useLocale } from '@/lib/locale';
import { ListPage } from '../components/list-page';
import { ListSearchInput } from '@/components/list-search-input';
import { ListTable, type ListColumn } from '../components/list-table';
import { useListParams } from '../hooks/use-list-params';
import { listParam } from '../utils/list-params';
import { useAdminBookings } from './api/bookings';
import { AgencySelect } from './components/agency-select';
import { DeskCardBody } from './components/desk-card-body';
import { deskColumns } from './components/desk-columns';
import { guestsText } from './components/guests';
import { When } from './components/when';
import { columnsUnder } from '../components/list-columns';
import { ListCard } from '../components/list-card';
import { PagedResults } from '../components/paged-results';

const ON_PAGE = 20;
const PARAMS = {
  search: listParam.text(),
  status: listParam.oneOf(BookingStatus.options),
  agency: listParam.id(),
  dateFrom: listParam.day(),
  dateTo: listParam.day(),
  createdFrom: listParam.day(),
  createdTo: listParam.day(),
};

function BookingCard({ row, guests }: { row: AdminBookingRow; guests: string }) {
  return (
    <ListCard
      to={paths.backOffice.booking.getHref(row.id)}
      data-testid="admin-booking-row"
      data-reference={row.reference}
    >
      <DeskCardBody
        title={row.reference}
        status={row.status}
        footer={`${row.agencyName} · ${row.guestName}`}
        amount={<Money amount={row.netRate} currency={row.currencyCode} />}
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.tour}
        </Text>
        <Text size="sm" c="dimmed">
          <When row={row} /> · {guests}
        </Text>
      </DeskCardBody>
    </ListCard>
  );
}

// /admin/bookings: every agency's bookings; search, filters and page in the URL; a booking opens on its own page
export function BookingsPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { filters, page, isFiltered, setFilters, setPage, clearFilters } = useListParams(PARAMS);
  const { agency, ...query } = filters;
  const bookings = useAdminBookings({ ...query, agencyId: agency, language, page, onPage: ON_PAGE });
  const guests = (row: AdminBookingRow) => guestsText(t, row);
  const column = columnsUnder<AdminBookingRow>(t, 'boDesk.fields');
  const columns: ListColumn<AdminBookingRow>[] = [
    column('reference', (row) => (
      <Anchor
        component={Link}
        to={paths.backOffice.booking.getHref(row.id)}
        fw={600}
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        {row.reference}
      </Anchor>
    )),
    column('agency', (row) => (
      <>
        <Text size="sm">{row.agencyName}</Text>
        <Text size="xs" c="dimmed">
          {row.agent}
        </Text>
      </>
    )),
    deskColumns.tour(t),
    deskColumns.date(t, guests),
    column('guest', (row) => <Text size="sm">{row.guestName}</Text>),
    column('net', (row) => <Money amount={row.netRate} currency={row.currencyCode} />, { align: 'right' }),
    deskColumns.status(t),
    deskColumns.created(t('boDesk.fields.created'), language),
  ];

  return (
    <ListPage
      testId="admin-bookings-page"
      textKeys="boDesk.bookings"
      filtersLayout="panel"
      clear={{ label: t('boDesk.bookings.reset'), isFiltered, onClear: clearFilters }}
      filters={
        <AppDatesProvider language={language}>
          <ListSearchInput
            label={t('boDesk.bookings.search')}
            placeholder={t('boDesk.bookings.searchHint')}
            value={filters.search}
            onSearch={(search) => setFilters({ search })}
            testId="bookings-search"
          />
          <Select
            label={t('boDesk.fields.status')}
            placeholder={t('boDesk.bookings.anyStatus')}
            data={BookingStatus.options.map((s) => ({ value: s, label: t(`boDesk.statuses.${s}`) }))}
            value={filters.status ?? null}
            onChange={(value) => setFilters({ status: value })}
            clearable
          />
          <AgencySelect value={filters.agency ?? null} onChange={(id) => setFilters({ agency: id })} />
          <DateRangeField
            label={t('boDesk.bookings.travelDates')}
            placeholder={t('boDesk.bookings.anyDates')}
            value={[filters.dateFrom ?? null, filters.dateTo ?? null]}
            onChange={([from, to]) => setFilters({ dateFrom: from, dateTo: to })}
          />
          <DateRangeField
            label={t('boDesk.bookings.createdDates')}
            placeholder={t('boDesk.bookings.anyDates')}
            value={[filters.createdFrom ?? null, filters.createdTo ?? null]}
            onChange={([from, to]) => setFilters({ createdFrom: from, createdTo: to })}
          />
        </AppDatesProvider>
      }
    >
      <PagedResults
        query={bookings}
        empty={t('boDesk.bookings.empty')}
        paging={{ page, onPage: ON_PAGE, onChange: setPage }}
        paginationTextKeys="boDesk.pagination"
      >
        {(data) => (
          <>
            <Text size="sm" c="dimmed">
              {t('boDesk.bookings.count', { count: data.total })}
            </Text>
            <ListTable
              rows={data.items}
              columns={columns}
              minWidth={980}
              rowProps={(row) => ({ 'data-testid': 'admin-booking-row', 'data-reference': row.reference })}
              card={(row) => <BookingCard row={row} guests={guests(row)} />}
            />
          </>
        )}
      </PagedResults>
    </ListPage>
  );
}
