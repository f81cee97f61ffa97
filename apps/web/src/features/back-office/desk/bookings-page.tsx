import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { BookingStatus } from '@portal/contract';
import type { AdminBookingRow } from '@portal/contract';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateRangeField } from '@/components/date-range-field';
import { AppDatesProvider } from '@/components/dates-provider';
import { ListPagination } from '@/components/list-pagination';
import { LoadFailed } from '@/components/load-failed';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { useAdminBookings } from './api/bookings';
import { AgencySelect } from './components/agency-select';
import { DeskStatusBadge } from './components/booking-status-badge';
import { guestsText } from './components/guests';
import { When } from './components/when';

const ON_PAGE = 20;
const FILTER_KEYS = ['search', 'status', 'agency', 'dateFrom', 'dateTo', 'createdFrom', 'createdTo'] as const;
const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

// /admin/bookings: every agency's bookings; search, filters and page in the URL; a booking opens on its own page
export function BookingsPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  useDocumentPageTitle(t('boDesk.bookings.title'));
  const [params, patch] = useSearchParamsPatch();
  const search = params.get('search')?.trim() || undefined;
  const status = BookingStatus.options.find((s) => s === params.get('status'));
  const agencyId = params.get('agency') || undefined;
  const dateFrom = isDay(params.get('dateFrom'));
  const dateTo = isDay(params.get('dateTo'));
  const createdFrom = isDay(params.get('createdFrom'));
  const createdTo = isDay(params.get('createdTo'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const bookings = useAdminBookings({
    search,
    status,
    agencyId,
    dateFrom,
    dateTo,
    createdFrom,
    createdTo,
    language,
    page,
    onPage: ON_PAGE,
  });
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const typed = useDebouncedCallback((value: string) => patch({ search: value.trim() || undefined }), 300);
  const hasFilters = FILTER_KEYS.some((key) => params.get(key));
  const data = bookings.data;
  const guests = (row: AdminBookingRow) => guestsText(t, row);

  return (
    <Stack gap="lg" data-testid="admin-bookings-page">
      <PageHeader title={t('boDesk.bookings.title')} subtitle={t('boDesk.bookings.subtitle')} />
      <Paper withBorder p="md">
        <AppDatesProvider language={language}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <TextInput
              key={search === undefined ? 'empty' : 'search'}
              label={t('boDesk.bookings.search')}
              placeholder={t('boDesk.bookings.searchHint')}
              leftSection={<IconSearch size={16} />}
              defaultValue={search ?? ''}
              onChange={(event) => typed(event.currentTarget.value)}
              maxLength={100}
              data-testid="bookings-search"
            />
            <Select
              label={t('boDesk.fields.status')}
              placeholder={t('boDesk.bookings.anyStatus')}
              data={BookingStatus.options.map((s) => ({ value: s, label: t(`boDesk.statuses.${s}`) }))}
              value={status ?? null}
              onChange={(value) => patch({ status: value ?? undefined })}
              clearable
            />
            <AgencySelect value={agencyId ?? null} onChange={(id) => patch({ agency: id ?? undefined })} />
            <DateRangeField
              label={t('boDesk.bookings.travelDates')}
              placeholder={t('boDesk.bookings.anyDates')}
              value={[dateFrom ?? null, dateTo ?? null]}
              onChange={([from, to]) => patch({ dateFrom: from ?? undefined, dateTo: to ?? undefined })}
            />
            <DateRangeField
              label={t('boDesk.bookings.createdDates')}
              placeholder={t('boDesk.bookings.anyDates')}
              value={[createdFrom ?? null, createdTo ?? null]}
              onChange={([from, to]) => patch({ createdFrom: from ?? undefined, createdTo: to ?? undefined })}
            />
            <Group align="flex-end">
              <Button
                variant="subtle"
                leftSection={<IconFilterOff size={16} />}
                disabled={!hasFilters}
                onClick={() => patch(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])))}
              >
                {t('boDesk.bookings.reset')}
              </Button>
            </Group>
          </SimpleGrid>
        </AppDatesProvider>
      </Paper>
      {bookings.isError && !data ? (
        <LoadFailed error={bookings.error} onRetry={() => void bookings.refetch()} isRetrying={bookings.isFetching} />
      ) : !data ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t('boDesk.bookings.empty')}</Text>
      ) : (
        <Stack gap="sm" style={{ opacity: bookings.isPlaceholderData ? 0.6 : 1 }}>
          <Text size="sm" c="dimmed">
            {t('boDesk.bookings.count', { count: data.total })}
          </Text>
          {isPhone ? (
            data.items.map((row) => (
              <Card
                key={row.id}
                withBorder
                padding="sm"
                component={Link}
                to={paths.backOffice.booking.getHref(row.id)}
                data-testid="admin-booking-row"
                data-reference={row.reference}
              >
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {row.reference}
                    </Text>
                    <DeskStatusBadge status={row.status} />
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.tour}
                  </Text>
                  <Text size="sm" c="dimmed">
                    <When row={row} /> · {guests(row)}
                  </Text>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {row.agencyName} · {row.guestName}
                    </Text>
                    <Text size="sm" fw={600}>
                      <Money amount={row.netRate} currency={row.currencyCode} />
                    </Text>
                  </Group>
                </Stack>
              </Card>
            ))
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={980}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('boDesk.fields.reference')}</Table.Th>
                      <Table.Th>{t('boDesk.fields.agency')}</Table.Th>
                      <Table.Th>{t('boDesk.fields.tour')}</Table.Th>
                      <Table.Th>{t('boDesk.fields.date')}</Table.Th>
                      <Table.Th>{t('boDesk.fields.guest')}</Table.Th>
                      <Table.Th ta="right">{t('boDesk.fields.net')}</Table.Th>
                      <Table.Th>{t('boDesk.fields.status')}</Table.Th>
                      <Table.Th>{t('boDesk.fields.created')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((row) => (
                      <Table.Tr key={row.id} data-testid="admin-booking-row" data-reference={row.reference}>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={paths.backOffice.booking.getHref(row.id)}
                            fw={600}
                            size="sm"
                            style={{ whiteSpace: 'nowrap' }}
                          >
                            {row.reference}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{row.agencyName}</Text>
                          <Text size="xs" c="dimmed">
                            {row.agent}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {row.tour}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {row.offer}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            <When row={row} />
                          </Text>
                          <Text size="xs" c="dimmed">
                            {guests(row)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{row.guestName}</Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Money amount={row.netRate} currency={row.currencyCode} />
                        </Table.Td>
                        <Table.Td>
                          <DeskStatusBadge status={row.status} />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {formatDateTime(row.createdAt, language)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
          <ListPagination
            total={data.total}
            onPage={ON_PAGE}
            page={page}
            onChange={(next) => patch({ page: String(next) })}
            isCompact={isPhone}
            textKeys="boDesk.pagination"
          />
        </Stack>
      )}
    </Stack>
  );
}
