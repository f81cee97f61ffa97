import { useState } from 'react';
import { Button, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { BookingFilters, BookingOptionsResponse } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { AppDatesProvider } from '@/components/dates-provider';
import { DateRangeField } from '@/components/date-range-field';
import { useLocale } from '@/lib/locale';
import type { CommissionFilterPatch } from '../hooks/use-commission-filters';

type CommissionFiltersProps = {
  filters: BookingFilters;
  options: BookingOptionsResponse | undefined;
  onChange: (patch: CommissionFilterPatch) => void;
  hasActive: boolean;
};

// The bookings list's filters without the status: search, travel and creation dates, tour, and the agent for those
// who see the agency's bookings (the server sends no agents to a junior)
export function CommissionFilters({ filters, options, onChange, hasActive }: CommissionFiltersProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [search, setSearch] = useState(filters.search ?? '');
  const [searchFor, setSearchFor] = useState(filters.search ?? '');
  // the URL changed elsewhere (reset, back button): show its search text
  if ((filters.search ?? '') !== searchFor) {
    setSearchFor(filters.search ?? '');
    setSearch(filters.search ?? '');
  }
  const applySearch = useDebouncedCallback((value: string) => onChange({ search: value.trim() || null }), 400);
  const tours = (options?.tours ?? []).map((tour) => ({ value: String(tour.id), label: tour.title }));
  const agents = (options?.agents ?? []).map((agent) => ({ value: agent.id, label: agent.name }));

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={t('commissions.filters.title')}
      data-testid="commission-filters"
    >
      <AppDatesProvider language={language}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: agents.length > 0 ? 5 : 4 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={t('commissions.filters.search')}
            placeholder={t('commissions.filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
          />
          <DateRangeField
            label={t('commissions.filters.travelDates')}
            placeholder={t('commissions.filters.anyDate')}
            value={[filters.dateFrom ?? null, filters.dateTo ?? null]}
            onChange={([from, to]) => onChange({ dateFrom: from, dateTo: to })}
          />
          <DateRangeField
            label={t('commissions.filters.createdDates')}
            placeholder={t('commissions.filters.anyDate')}
            value={[filters.createdFrom ?? null, filters.createdTo ?? null]}
            onChange={([from, to]) => onChange({ createdFrom: from, createdTo: to })}
          />
          <Select
            label={t('commissions.filters.tour')}
            placeholder={t('commissions.filters.all')}
            data={tours}
            value={filters.tourId ? String(filters.tourId) : null}
            onChange={(value) => onChange({ tourId: value })}
            searchable
            clearable
          />
          {agents.length > 0 && (
            <Select
              label={t('commissions.filters.agent')}
              placeholder={t('commissions.filters.all')}
              data={agents}
              value={filters.agentId ?? null}
              onChange={(value) => onChange({ agentId: value })}
              searchable
              clearable
            />
          )}
        </SimpleGrid>
        {hasActive && (
          <Button
            variant="subtle"
            size="compact-sm"
            mt="sm"
            leftSection={<IconFilterOff size={16} />}
            onClick={() =>
              onChange({
                dateFrom: null,
                dateTo: null,
                createdFrom: null,
                createdTo: null,
                tourId: null,
                agentId: null,
                search: null,
              })
            }
          >
            {t('commissions.filters.reset')}
          </Button>
        )}
      </AppDatesProvider>
    </Paper>
  );
}
