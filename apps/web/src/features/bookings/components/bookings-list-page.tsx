import { Suspense } from 'react';
import { Button, Center, Container, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FilteredDownloadButton } from '@/components/filtered-download-button';
import { ListFilters } from '@/components/list-filters';
import { ListPagination } from '@/components/list-pagination';
import { useDocumentPageTitle } from '@/components/page-title';
import { QueryContent } from '@/components/query-content';
import { paths } from '@/config/paths';
import type { BookingListPath } from '@/config/paths';
import { useSessionUser } from '@/lib/session';
import { LIST_PAGE_SIZE, hasActiveFilters, useListFilters } from '@/lib/use-list-filters';
import { useIsPhone } from '@/lib/use-is-phone';
import { useDownloadBookings } from '../api/download-bookings';
import { useBookingOptions } from '../api/get-booking-options';
import { useBookingList } from '../api/get-bookings';
import type { BookingListKind } from '../api/keys';
import { useStatusLabel } from '../utils/status-label';
import { BookingsCards } from './bookings-cards';
import { BookingsTable } from './bookings-table';

export type BookingsListPageProps = {
  kind: BookingListKind;
  listPath: BookingListPath;
  title: string;
  isOwnOnly?: boolean;
};

// SPEC §2 bookings list (xlsx download) and requests list: filters in the URL, pages, the detail over the list
export function BookingsListPage({ kind, listPath, title, isOwnOnly = false }: BookingsListPageProps) {
  const { t } = useTranslation();
  useDocumentPageTitle(title);
  const user = useSessionUser();
  const location = useLocation();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const statusLabel = useStatusLabel();
  const [filters, update] = useListFilters({ withStatus: true, fixedAgentId: isOwnOnly ? user?.sub : undefined });
  const options = useBookingOptions();
  const list = useBookingList(kind, filters);
  const download = useDownloadBookings();
  const hrefFor = (id: string) => paths.bookingDetail.getHref(listPath, id, location.search);
  const hasAgents = (options.data?.agents.length ?? 0) > 0;
  const { agentId: _agent, ...otherFilters } = filters;
  const isFiltered = hasActiveFilters(isOwnOnly ? otherFilters : filters);

  return (
    <Container size="xl" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1}>{title}</Title>
            {list.data && (
              <Text c="dimmed" size="sm" data-testid="bookings-total">
                {t(kind === 'requests' ? 'bookings.totalRequests' : 'bookings.total', { count: list.data.total })}
              </Text>
            )}
          </div>
          <Group gap="sm">
            {kind === 'bookings' && hasAgents && (
              <SegmentedControl
                value={isOwnOnly ? 'mine' : 'all'}
                onChange={(value) =>
                  void navigate(value === 'mine' ? paths.myBookings.getHref() : paths.bookings.getHref())
                }
                data={[
                  { value: 'all', label: t('bookings.scope.all') },
                  { value: 'mine', label: t('bookings.scope.mine') },
                ]}
              />
            )}
            {kind === 'bookings' && (
              <FilteredDownloadButton
                download={download}
                filters={filters}
                label={t('bookings.downloadXlsx')}
                testId="download-xlsx"
              />
            )}
          </Group>
        </Group>

        <ListFilters
          key={listPath}
          filters={filters}
          options={options.data}
          onChange={update}
          hasActive={isFiltered}
          textKeys="bookings.filters"
          testId="bookings-filters"
          statusLabel={statusLabel}
          canFilterAgent={!isOwnOnly}
          layout="grid"
        />

        <QueryContent query={list}>
          {(data) =>
            data.items.length === 0 && data.total > 0 ? (
              <Paper withBorder p="xl">
                <Stack align="center" gap="sm" data-testid="bookings-page-empty">
                  <Text c="dimmed">{t('bookings.pageEmpty', { page: filters.page ?? '1' })}</Text>
                  <Button variant="light" onClick={() => update({ page: null })}>
                    {t('bookings.firstPage')}
                  </Button>
                </Stack>
              </Paper>
            ) : data.items.length === 0 ? (
              <Paper withBorder p="xl">
                <Center>
                  <Text c="dimmed" data-testid="bookings-empty">
                    {isFiltered
                      ? t('bookings.emptyFiltered')
                      : kind === 'requests'
                        ? t('bookings.emptyRequests')
                        : t('bookings.empty')}
                  </Text>
                </Center>
              </Paper>
            ) : (
              <Paper
                withBorder
                p={isPhone ? 0 : 'xs'}
                bd={isPhone ? 'none' : undefined}
                style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
              >
                {isPhone ? (
                  <BookingsCards rows={data.items} hrefFor={hrefFor} />
                ) : (
                  <BookingsTable rows={data.items} hrefFor={hrefFor} />
                )}
              </Paper>
            )
          }
        </QueryContent>

        {list.data && (
          <ListPagination
            total={list.data.total}
            onPage={list.data.onPage || LIST_PAGE_SIZE}
            page={Number(filters.page ?? 1)}
            onChange={(page) => update({ page: page > 1 ? String(page) : null })}
            isCompact={isPhone}
            textKeys="bookings.pagination"
          />
        )}
      </Stack>
      {/* the detail drawer's code loads while the list stays on screen */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </Container>
  );
}
