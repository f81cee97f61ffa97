import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { AgentPage } from '@/components/agent-page';
import { FilteredDownloadButton } from '@/components/filtered-download-button';
import { ListFilters } from '@/components/list-filters';
import { ListPagination } from '@/components/list-pagination';
import { QueryContent } from '@/components/query-content';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { LIST_PAGE_SIZE, hasActiveFilters, useListFilters } from '@/lib/use-list-filters';
import { useDownloadCommissions } from '../api/download-commissions';
import { useCommissions } from '../api/get-commissions';
import { useFilterOptions } from '../api/get-filter-options';
import { CommissionStats, MonthTotals } from './commission-totals';
import { CommissionsCards } from './commissions-cards';
import { CommissionsTable } from './commissions-table';
import { useIsPhone } from '@/lib/use-is-phone';
import { CardsOrTable } from '@/components/cards-or-table';

// SPEC §2 /my-commissions: what completed bookings earned (published − net), the totals per month of travel and
// overall, the rows page by page, and the same as xlsx. Filters and page in the URL, as in the bookings list.
export function CommissionsPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('commissions.title'));
  const isPhone = useIsPhone();
  const [filters, update] = useListFilters();
  const options = useFilterOptions();
  const list = useCommissions(filters);
  const download = useDownloadCommissions();
  const isFiltered = hasActiveFilters(filters);
  // a junior sees their own bookings: no agents to filter by, no agent column
  const showAgent = (options.data?.agents.length ?? 0) > 0;
  const hrefFor = (id: string) => paths.bookingDetail.getHref('/bookings', id);

  return (
    <AgentPage
      textKeys="commissions"
      action={
        <FilteredDownloadButton
          download={download}
          filters={filters}
          label={t('commissions.downloadXlsx')}
          testId="download-commissions"
          isDisabled={list.data?.total === 0}
        />
      }
    >
      <ListFilters
        filters={filters}
        options={options.data}
        onChange={update}
        hasActive={isFiltered}
        textKeys="commissions.filters"
        testId="commission-filters"
        layout="row"
      />

      <QueryContent query={list}>
        {(data) =>
          data.total === 0 ? (
            <Paper withBorder p="xl">
              <Center>
                <Text c="dimmed" ta="center" data-testid="commissions-empty">
                  {isFiltered ? t('commissions.emptyFiltered') : t('commissions.empty')}
                </Text>
              </Center>
            </Paper>
          ) : (
            <Stack gap="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <CommissionStats totals={data.totals} isCompact={isPhone} />
              <Text size="sm" c="dimmed">
                {t('commissions.netNote')}
              </Text>
              <div>
                <Text size="sm" fw={600} mb={6} data-testid="commissions-total">
                  {t('commissions.total', { count: data.total })}
                </Text>
                <CardsOrTable
                  isEmpty={data.items.length === 0}
                  empty={
                    <Paper withBorder p="xl">
                      <Stack align="center" gap="sm" data-testid="commissions-page-empty">
                        <Text c="dimmed">{t('commissions.pageEmpty', { page: Number(filters.page ?? 1) })}</Text>
                        <Button variant="light" onClick={() => update({ page: null })}>
                          {t('commissions.firstPage')}
                        </Button>
                      </Stack>
                    </Paper>
                  }
                  cards={<CommissionsCards rows={data.items} hrefFor={hrefFor} showAgent={showAgent} />}
                  table={<CommissionsTable rows={data.items} hrefFor={hrefFor} showAgent={showAgent} />}
                />
              </div>
              <ListPagination
                total={data.total}
                onPage={data.onPage || LIST_PAGE_SIZE}
                page={Number(filters.page ?? 1)}
                onChange={(page) => update({ page: page > 1 ? String(page) : null })}
                isCompact={isPhone}
                textKeys="commissions.pagination"
              />
              <MonthTotals months={data.months} totals={data.totals} isCompact={isPhone} />
            </Stack>
          )
        }
      </QueryContent>
    </AgentPage>
  );
}
