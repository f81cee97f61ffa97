import { Button, Paper, Select, SimpleGrid, Switch } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { BookingFilters, BookingOptionsResponse, BookingStatus } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { AppDatesProvider } from '@/components/dates-provider';
import { DateRangeField } from '@/components/date-range-field';
import { ListSearchInput } from '@/components/list-search-input';
import { useLocale } from '@/lib/locale';
import type { ListFilterPatch } from '@/lib/use-list-filters';

type ListFiltersProps = {
  filters: BookingFilters;
  options: BookingOptionsResponse | undefined;
  onChange: (patch: ListFilterPatch) => void;
  hasActive: boolean;
  // where the texts are ('bookings.filters'): each list's texts load with its page
  textKeys: string;
  testId: string;
  // given, the status select is shown, its options named by it
  statusLabel?: (status: BookingStatus) => string;
  // the agent select shows when this allows it and the server sends agents (it sends none to a junior)
  canFilterAgent?: boolean;
  // 'row': the fields side by side on a wide screen and the reset under them; 'grid': four columns, the reset last
  layout: 'row' | 'grid';
};

// SPEC §3 list filters (kept in the URL by useListFilters): search, status, travel dates, creation dates, tour, agent
export function ListFilters({
  filters,
  options,
  onChange,
  hasActive,
  textKeys,
  testId,
  statusLabel,
  canFilterAgent = true,
  layout,
}: ListFiltersProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const tours = (options?.tours ?? []).map((tour) => ({ value: String(tour.id), label: tour.title }));
  const agents = (options?.agents ?? []).map((agent) => ({ value: agent.id, label: agent.name }));
  const hasAgentField = canFilterAgent && agents.length > 0;
  // where the bookings came from (portal, widget shop, reseller API): offered once there is more than one
  const channels = (options?.channels ?? []).map((channel) => ({ value: channel, label: t(`saleChannel.${channel}`) }));
  const hasChannelField = channels.length > 1 || Boolean(filters.channel);
  const fieldCount = 4 + (statusLabel ? 1 : 0) + (hasAgentField ? 1 : 0) + (hasChannelField ? 1 : 0);

  const reset = hasActive && (
    <Button
      variant="subtle"
      leftSection={<IconFilterOff size={16} />}
      {...(layout === 'row' ? { size: 'compact-sm', mt: 'sm' } : { style: { alignSelf: 'end' } })}
      onClick={() =>
        onChange({
          ...(statusLabel ? { status: null } : {}),
          dateFrom: null,
          dateTo: null,
          createdFrom: null,
          createdTo: null,
          tourId: null,
          agentId: null,
          channel: null,
          test: null,
          search: null,
        })
      }
    >
      {t(`${textKeys}.reset`)}
    </Button>
  );

  return (
    <Paper withBorder p="md" component="section" aria-label={t(`${textKeys}.title`)} data-testid={testId}>
      <AppDatesProvider language={language}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: layout === 'row' ? fieldCount : 4 }} spacing="sm" verticalSpacing="sm">
          <ListSearchInput
            label={t(`${textKeys}.search`)}
            placeholder={t(`${textKeys}.searchPlaceholder`)}
            value={filters.search}
            onSearch={(search) => onChange({ search: search ?? null })}
            delayMs={400}
          />
          {statusLabel && (
            <Select
              label={t(`${textKeys}.status`)}
              placeholder={t(`${textKeys}.all`)}
              data={(options?.statuses ?? []).map((s) => ({ value: s.value, label: statusLabel(s.value) }))}
              value={filters.status ?? null}
              onChange={(value) => onChange({ status: value })}
              clearable
            />
          )}
          <DateRangeField
            label={t(`${textKeys}.travelDates`)}
            placeholder={t(`${textKeys}.anyDate`)}
            value={[filters.dateFrom ?? null, filters.dateTo ?? null]}
            onChange={([from, to]) => onChange({ dateFrom: from, dateTo: to })}
          />
          <DateRangeField
            label={t(`${textKeys}.createdDates`)}
            placeholder={t(`${textKeys}.anyDate`)}
            value={[filters.createdFrom ?? null, filters.createdTo ?? null]}
            onChange={([from, to]) => onChange({ createdFrom: from, createdTo: to })}
          />
          <Select
            label={t(`${textKeys}.tour`)}
            placeholder={t(`${textKeys}.all`)}
            data={tours}
            value={filters.tourId ? String(filters.tourId) : null}
            onChange={(value) => onChange({ tourId: value })}
            searchable
            clearable
          />
          {hasAgentField && (
            <Select
              label={t(`${textKeys}.agent`)}
              placeholder={t(`${textKeys}.all`)}
              data={agents}
              value={filters.agentId ?? null}
              onChange={(value) => onChange({ agentId: value })}
              searchable
              clearable
            />
          )}
          {hasChannelField && (
            <Select
              label={t('saleChannel.filter')}
              placeholder={t(`${textKeys}.all`)}
              data={channels}
              value={filters.channel ?? null}
              onChange={(value) => onChange({ channel: value })}
              clearable
              data-testid="filter-channel"
            />
          )}
          {(options?.hasTestBookings || filters.test) && (
            <Switch
              label={t('saleChannel.testFilter')}
              checked={filters.test === true}
              onChange={(event) => onChange({ test: event.currentTarget.checked ? '1' : null })}
              style={{ alignSelf: 'end' }}
              data-testid="filter-test"
            />
          )}
          {layout === 'grid' && reset}
        </SimpleGrid>
        {layout === 'row' && reset}
      </AppDatesProvider>
    </Paper>
  );
}
