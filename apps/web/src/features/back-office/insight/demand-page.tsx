import { Anchor, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { UNSERVED_REASONS, type UnservedDemandRow } from '@portal/contract';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { ListTable, type ListColumn } from '../components/list-table';
import { useListParams } from '../hooks/use-list-params';
import { useUnservedDemand } from './api/insight';
import { InsightPage } from './components/insight-page';
import { DEMAND_PARAMS, insightFilters } from './utils/insight-filters';
import { columnsUnder } from '../components/list-columns';
import { ListCard } from '../components/list-card';
import { PagedResults } from '../components/paged-results';

const ON_PAGE = 50;

function Reasons({ row }: { row: UnservedDemandRow }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {row.reasons.map((reason) => (
        <Badge key={reason} variant="light" color={reason === 'sold_out' ? 'red' : 'orange'} size="sm" tt="none">
          {t(`boInsight.reasons.${reason}`)}
        </Badge>
      ))}
    </Group>
  );
}

// The slots editor on that date's month (a row without an option or a date has no slot to open)
function SlotsLink({ row }: { row: UnservedDemandRow }) {
  const { t } = useTranslation();
  if (row.offerId === null) return null;
  return (
    <Anchor
      component={Link}
      to={paths.backOffice.slots.getHref(row.offerId, row.date ? { date: row.date } : {})}
      size="sm"
      data-testid="demand-slots-link"
    >
      <Group gap={4} wrap="nowrap">
        <IconCalendarEvent size={14} />
        {t('boInsight.demand.openSlots')}
      </Group>
    </Anchor>
  );
}

function TourAndOption({ row }: { row: UnservedDemandRow }) {
  const { language } = useLocale();
  return (
    <>
      <Text size="sm" fw={600}>
        {row.tourTitle[language]}
      </Text>
      {row.offerName && (
        <Text size="xs" c="dimmed">
          {row.offerName[language]}
        </Text>
      )}
    </>
  );
}

function Agencies({ row }: { row: UnservedDemandRow }) {
  const { t } = useTranslation();
  const shown = row.agencyNames.slice(0, 3);
  const more = row.agencyNames.length - shown.length;
  return (
    <Text size="sm" title={row.agencyNames.join(', ')}>
      {shown.join(', ')}
      {more > 0 && ` ${t('boInsight.demand.more', { count: more })}`}
    </Text>
  );
}

function DemandCard({ row }: { row: UnservedDemandRow }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <ListCard data-testid="demand-row" data-date={row.date ?? ''} data-seats={row.seats}>
      <Stack gap={6}>
        <TourAndOption row={row} />
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{row.date ? formatDate(row.date, language) : '—'}</Text>
          <Text size="sm" fw={700}>
            {t('boInsight.demand.seatsCount', { count: row.seats })}
          </Text>
        </Group>
        <Reasons row={row} />
        <Text size="sm" c="dimmed">
          {t('boInsight.demand.askedBy', { count: row.asked, agencies: row.agencies })}
        </Text>
        <Agencies row={row} />
        <SlotsLink row={row} />
      </Stack>
    </ListCard>
  );
}

// /admin/insight/demand: tour, option and date agents asked for and could not book — sold out, past the cut-off, no
// slot, not enough seats —, most seats wanted first, each with a link to that date in the slots editor
export function DemandPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const list = useListParams(DEMAND_PARAMS);
  const { filters, page, setFilters, setPage } = list;
  const { channel: _channel, ...shared } = insightFilters(filters);
  const demand = useUnservedDemand({ ...shared, reason: filters.reason, page, onPage: ON_PAGE });
  const column = columnsUnder<UnservedDemandRow>(t, 'boInsight.fields');
  const columns: ListColumn<UnservedDemandRow>[] = [
    column('tourAndOption', (row) => <TourAndOption row={row} />),
    column('date', (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {row.date ? formatDate(row.date, language) : '—'}
      </Text>
    )),
    column('reasons', (row) => <Reasons row={row} />, { tdProps: { miw: 150 } }),
    column(
      'seats',
      (row) => (
        <Text size="sm" fw={700}>
          {row.seats.toLocaleString(language)}
        </Text>
      ),
      { align: 'right' },
    ),
    column('asked', (row) => <Text size="sm">{row.asked.toLocaleString(language)}</Text>, { align: 'right' }),
    column('agencies', (row) => <Agencies row={row} />, { tdProps: { maw: 220 } }),
    { key: 'slots', cell: (row) => <SlotsLink row={row} /> },
  ];
  return (
    <InsightPage
      page="demand"
      list={list}
      shows={{ tour: true, channel: false }}
      period={demand.data?.period}
      exportQuery={{ reason: filters.reason }}
      extraFilter={
        <Select
          label={t('boInsight.fields.reason')}
          placeholder={t('boInsight.demand.anyReason')}
          data={UNSERVED_REASONS.map((reason) => ({ value: reason, label: t(`boInsight.reasons.${reason}`) }))}
          value={filters.reason ?? null}
          onChange={(reason) => setFilters({ reason })}
          clearable
          data-testid="insight-reason"
        />
      }
    >
      <PagedResults
        query={demand}
        empty={t('boInsight.demand.empty')}
        paging={{ page, onPage: ON_PAGE, onChange: setPage }}
      >
        {(data) => (
          <ListTable
            rows={data.items}
            rowKey={(row) => `${row.tourId}:${row.offerId ?? ''}:${row.date ?? ''}`}
            columns={columns}
            minWidth={940}
            rowProps={(row) => ({
              'data-testid': 'demand-row',
              'data-date': row.date ?? '',
              'data-seats': String(row.seats),
            })}
            card={(row) => <DemandCard row={row} />}
          />
        )}
      </PagedResults>
    </InsightPage>
  );
}
