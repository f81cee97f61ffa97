import { useState } from 'react';
import { Button, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { AppDatesProvider } from '@/components/dates-provider';
import { DateRangeField } from '@/components/date-range-field';
import type { BookingFilters, BookingOptionsResponse } from '@portal/contract';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/locale';
import type { FilterPatch } from '../hooks/use-booking-filters';
import { useStatusLabel } from '../utils/status-label';

type BookingsFiltersProps = {
  filters: BookingFilters;
  options: BookingOptionsResponse | undefined;
  onChange: (patch: FilterPatch) => void;
  canFilterAgent: boolean;
  hasActive: boolean;
};

// SPEC §3 list filters: status, travel dates, creation dates, tour, agent, search (all kept in the URL)
export function BookingsFilters({ filters, options, onChange, canFilterAgent, hasActive }: BookingsFiltersProps) {
  const statusLabel = useStatusLabel();
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
  const statuses = (options?.statuses ?? []).map((s) => ({ value: s.value, label: statusLabel(s.value) }));
  const tours = (options?.tours ?? []).map((tour) => ({ value: String(tour.id), label: tour.title }));
  const agents = (options?.agents ?? []).map((agent) => ({ value: agent.id, label: agent.name }));

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={t('bookings.filters.title')}
      data-testid="bookings-filters"
    >
      <AppDatesProvider language={language}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={t('bookings.filters.search')}
            placeholder={t('bookings.filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
          />
          <Select
            label={t('bookings.filters.status')}
            placeholder={t('bookings.filters.all')}
            data={statuses}
            value={filters.status ?? null}
            onChange={(value) => onChange({ status: value })}
            clearable
          />
          <DateRangeField
            label={t('bookings.filters.travelDates')}
            placeholder={t('bookings.filters.anyDate')}
            value={[filters.dateFrom ?? null, filters.dateTo ?? null]}
            onChange={([from, to]) => onChange({ dateFrom: from, dateTo: to })}
          />
          <DateRangeField
            label={t('bookings.filters.createdDates')}
            placeholder={t('bookings.filters.anyDate')}
            value={[filters.createdFrom ?? null, filters.createdTo ?? null]}
            onChange={([from, to]) => onChange({ createdFrom: from, createdTo: to })}
          />
          <Select
            label={t('bookings.filters.tour')}
            placeholder={t('bookings.filters.all')}
            data={tours}
            value={filters.tourId ? String(filters.tourId) : null}
            onChange={(value) => onChange({ tourId: value })}
            searchable
            clearable
          />
          {canFilterAgent && agents.length > 0 && (
            <Select
              label={t('bookings.filters.agent')}
              placeholder={t('bookings.filters.all')}
              data={agents}
              value={filters.agentId ?? null}
              onChange={(value) => onChange({ agentId: value })}
              searchable
              clearable
            />
          )}
          {hasActive && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} />}
              style={{ alignSelf: 'end' }}
              onClick={() =>
                onChange({
                  status: null,
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
              {t('bookings.filters.reset')}
            </Button>
          )}
        </SimpleGrid>
      </AppDatesProvider>
    </Paper>
  );
}
