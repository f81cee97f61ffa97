import type { ReactNode } from 'react';
import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, type MantineSpacing } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { ListPagination } from '@/components/list-pagination';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { useIsPhone } from '@/lib/use-is-phone';

type ListPageProps = {
  testId: string;
  // where the page's texts are: its title at `${textKeys}.title`, the line under it at `${textKeys}.subtitle`
  textKeys: string;
  // a line under the title other than the usual one (the period shown)
  subtitle?: string;
  // what the page offers beside its title (a "new" button)
  action?: ReactNode;
  filters?: ReactNode;
  // 'row': the filters side by side, wrapping; 'panel': a framed grid, for a list with many
  filtersLayout?: 'row' | 'panel';
  // a button after the filters that clears them all
  clear?: ClearFilters;
  children: ReactNode;
};

type ClearFilters = { label: string; isFiltered: boolean; onClear: () => void };

// A back-office list page: its title (also the document's), the filters, then the list (ListResults)
export function ListPage({
  testId,
  textKeys,
  subtitle,
  action,
  filters,
  filtersLayout = 'row',
  clear,
  children,
}: ListPageProps) {
  const { t } = useTranslation();
  const title = t(`${textKeys}.title`);
  useDocumentPageTitle(title);
  return (
    <Stack gap="lg" data-testid={testId}>
      <PageHeader title={title} subtitle={subtitle ?? t(`${textKeys}.subtitle`)} action={action} />
      {filters && filtersLayout === 'row' && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {filters}
          {/* in a row it shows once a filter is set */}
          {clear?.isFiltered && <ClearFiltersButton {...clear} />}
        </Group>
      )}
      {filters && filtersLayout === 'panel' && (
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {filters}
            {/* in the grid it keeps its cell, disabled while no filter is set */}
            {clear && (
              <Group align="flex-end">
                <ClearFiltersButton {...clear} />
              </Group>
            )}
          </SimpleGrid>
        </Paper>
      )}
      {children}
    </Stack>
  );
}

type ListQuery<D> = Pick<
  UseQueryResult<D>,
  'data' | 'isError' | 'error' | 'refetch' | 'isFetching' | 'isPlaceholderData'
>;

export type ListResultsProps<D> = {
  query: ListQuery<D>;
  isEmpty: (data: D) => boolean;
  empty: string;
  // a list inside a framed section says "empty" in the section's smaller text
  isDense?: boolean;
  gap?: MantineSpacing;
  // given, the page links under the list: the total, the page size, the page shown and where the links' names are
  pagination?: (data: D) => { total: number; onPage: number; page: number; onChange: (page: number) => void };
  paginationTextKeys?: string;
  children: (data: D) => ReactNode;
};

// A list's states: could not load (with a retry), loading, empty, or the rows with the page links under them; rows
// of the previous filters stay dimmed while the next ones load
export function ListResults<D>({
  query,
  isEmpty,
  empty,
  isDense = false,
  gap = 'sm',
  pagination,
  paginationTextKeys = 'backOffice.pagination',
  children,
}: ListResultsProps<D>) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const { data } = query;
  if (query.isError && !data)
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  if (!data) return <Loader size="sm" aria-label={t('common.loading')} />;
  const pages = pagination?.(data);
  const links = pages && <ListPagination {...pages} isCompact={isPhone} textKeys={paginationTextKeys} />;
  if (isEmpty(data))
    return (
      <>
        <Text c="dimmed" size={isDense ? 'sm' : undefined}>
          {empty}
        </Text>
        {/* a page past the end (rows gone since): the links lead back */}
        {links}
      </>
    );
  return (
    <Stack gap={gap} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
      {children(data)}
      {links}
    </Stack>
  );
}

function ClearFiltersButton({ label, isFiltered, onClear }: ClearFilters) {
  return (
    <Button variant="subtle" leftSection={<IconFilterOff size={16} />} disabled={!isFiltered} onClick={onClear}>
      {label}
    </Button>
  );
}
