import { Text } from '@mantine/core';
import type { SalesRow } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { useLocale } from '@/lib/locale';
import { ListResults } from '../components/list-page';
import { ListTable, type ListColumn } from '../components/list-table';
import { useListParams } from '../hooks/use-list-params';
import { useSales } from './api/insight';
import { InsightPage } from './components/insight-page';
import { INSIGHT_PARAMS, insightFilters } from './utils/insight-filters';
import { columnsUnder } from '../components/list-columns';

// /admin/insight/sales: bookings made in the period and paid (not cancelled since), and their net amount, per
// channel — the portal, the agencies' widget shops, the reseller API — and account currency
export function SalesPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const list = useListParams(INSIGHT_PARAMS);
  const { filters } = list;
  const sales = useSales(insightFilters(filters));
  const column = columnsUnder<SalesRow>(t, 'boInsight.fields');
  const columns: ListColumn<SalesRow>[] = [
    column('channel', (row) => (
      <Text size="sm" fw={600}>
        {t(`boInsight.channels.${row.channel}`)}
      </Text>
    )),
    column('currency', (row) => <Text size="sm">{row.currencyCode.toUpperCase()}</Text>),
    column('paidBookings', (row) => <Text size="sm">{row.bookings.toLocaleString(language)}</Text>, { align: 'right' }),
    column('net', (row) => <Money amount={row.net} currency={row.currencyCode} />, { align: 'right' }),
  ];
  return (
    <InsightPage page="sales" list={list} shows={{ tour: true, channel: true }} period={sales.data?.period}>
      <ListResults query={sales} isEmpty={(data) => data.rows.length === 0} empty={t('boInsight.sales.empty')}>
        {(data) => (
          <ListTable
            rows={data.rows}
            rowKey={(row) => `${row.channel}:${row.currencyCode}`}
            columns={columns}
            minWidth={360}
            rowProps={(row) => ({
              'data-testid': 'sales-row',
              'data-channel': row.channel,
              'data-currency': row.currencyCode,
            })}
          />
        )}
      </ListResults>
    </InsightPage>
  );
}
