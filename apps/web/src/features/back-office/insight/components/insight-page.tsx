import type { ReactNode } from 'react';
import { Button, Group, Select, Tabs } from '@mantine/core';
import { INSIGHT_CHANNELS, type InsightPeriod } from '@portal/contract';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { DateRangeField } from '@/components/date-range-field';
import { AppDatesProvider } from '@/components/dates-provider';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { ListPage } from '../../components/list-page';
import { AgencySelect } from '../../desk/components/agency-select';
import type { useListParams } from '../../hooks/use-list-params';
import { useInsightExport, useInsightOptions, type InsightPageName } from '../api/insight';
import { insightFilters, insightLinkQuery, type INSIGHT_PARAMS } from '../utils/insight-filters';

const bo = paths.backOffice;
const TABS: { page: InsightPageName; href: typeof bo.insightFunnel.getHref }[] = [
  { page: 'funnel', href: bo.insightFunnel.getHref },
  { page: 'agencies', href: bo.insightAgencies.getHref },
  { page: 'demand', href: bo.insightDemand.getHref },
  { page: 'sales', href: bo.insightSales.getHref },
];

// the page's parameters in the URL (useListParams): the shared filters, and the page's own beside them
type InsightList = Pick<
  ReturnType<typeof useListParams<typeof INSIGHT_PARAMS>>,
  'filters' | 'setFilters' | 'isFiltered' | 'clearFilters'
>;

type InsightPageProps = {
  page: InsightPageName;
  list: InsightList;
  // the shared filters this page reads (the agencies' page has no tour, the demand page no channel)
  shows: { tour: boolean; channel: boolean };
  // the page's own filter (dormant agencies, a reason)
  extraFilter?: ReactNode;
  // what the page shows, once loaded: the subtitle names it, the files take their names from it
  period: InsightPeriod | undefined;
  // the page's other parameters for its export (the reason, the dormant view)
  exportQuery?: Record<string, string | undefined>;
  children: ReactNode;
};

// An Insight page: the tabs between the four, the shared filters (all in the URL, kept across tabs), the period
// shown and the page's CSV and xlsx files
export function InsightPage({ page, list, shows, extraFilter, period, exportQuery = {}, children }: InsightPageProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const navigate = useNavigate();
  const options = useInsightOptions();
  const download = useInsightExport(page);
  const { filters: values, setFilters, isFiltered, clearFilters } = list;
  const filters = insightFilters(values);
  const query = {
    ...filters,
    ...(shows.tour ? {} : { tourId: undefined }),
    ...(shows.channel ? {} : { channel: undefined }),
    ...exportQuery,
  };
  const subtitle = period
    ? t('boInsight.periodShown', { from: formatDate(period.from, language), to: formatDate(period.to, language) })
    : t(`boInsight.${page}.subtitle`);

  return (
    <ListPage
      testId={`insight-${page}-page`}
      textKeys={`boInsight.${page}`}
      subtitle={subtitle}
      filtersLayout="panel"
      clear={{ label: t('boInsight.filters.reset'), isFiltered, onClear: clearFilters }}
      action={
        <Group gap="xs">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={download.isPending && download.variables?.format === format}
              onClick={() => download.mutate({ format, query, period })}
              data-testid={`insight-export-${format}`}
            >
              {t(`boInsight.export.${format}`)}
            </Button>
          ))}
        </Group>
      }
      filters={
        <AppDatesProvider language={language}>
          <DateRangeField
            label={t('boInsight.filters.period')}
            placeholder={t('boInsight.filters.lastDays')}
            value={[values.from ?? null, values.to ?? null]}
            onChange={([from, to]) => setFilters({ from, to })}
          />
          <Select
            label={t('boInsight.filters.site')}
            placeholder={t('boInsight.filters.allSites')}
            data={(options.data?.sites ?? []).map((site) => ({ value: site.id, label: site.name }))}
            value={values.site ?? null}
            onChange={(site) => setFilters({ site })}
            clearable
            data-testid="insight-site"
          />
          <AgencySelect value={values.agency ?? null} onChange={(agency) => setFilters({ agency })} />
          {shows.tour && (
            <Select
              label={t('boInsight.filters.tour')}
              placeholder={t('boInsight.filters.allTours')}
              data={(options.data?.tours ?? []).map((tour) => ({
                value: String(tour.id),
                label: tour.title[language],
              }))}
              value={values.tour ?? null}
              onChange={(tour) => setFilters({ tour })}
              searchable
              clearable
              nothingFoundMessage={t('boInsight.filters.noTour')}
              data-testid="insight-tour"
            />
          )}
          {shows.channel && (
            <Select
              label={t('boInsight.filters.channel')}
              placeholder={t('boInsight.filters.allChannels')}
              data={INSIGHT_CHANNELS.map((channel) => ({ value: channel, label: t(`boInsight.channels.${channel}`) }))}
              value={values.channel ?? null}
              onChange={(channel) => setFilters({ channel })}
              clearable
              data-testid="insight-channel"
            />
          )}
          {extraFilter}
        </AppDatesProvider>
      }
    >
      <Tabs
        value={page}
        onChange={(next) => {
          const tab = TABS.find((one) => one.page === next);
          if (tab) void navigate(tab.href(insightLinkQuery(values)));
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.page} value={tab.page} data-testid={`insight-tab-${tab.page}`}>
              {t(`boInsight.${tab.page}.tab`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </ListPage>
  );
}
