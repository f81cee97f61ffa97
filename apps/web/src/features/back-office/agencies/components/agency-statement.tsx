import { useState } from 'react';
import { Text } from '@mantine/core';
import { addDays } from '@portal/contract/plain';
import type { AdminAgencyDetail, CurrencyCode, StatementEntry } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { formatDate, todayInDubai } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useAgencyStatement } from '../../api/agencies';
import { ListResults } from '../../components/list-page';
import { ListTable, type ListColumn } from '../../components/list-table';
import { Section } from '../../components/section';

// The agency's statement of the last 90 days, as its admins read it (adjustments show with their reason)
export function AgencyStatement({ agency }: { agency: AdminAgencyDetail }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [page, setPage] = useState(1);
  const today = todayInDubai();
  const statement = useAgencyStatement(agency.id, { from: addDays(today, -90), to: today }, page);
  const amount = (value: number, currency: CurrencyCode) =>
    value > 0 ? <Money amount={value} currency={currency} /> : '';
  const columns = (currency: CurrencyCode): ListColumn<StatementEntry>[] => [
    { key: 'date', title: t('backOffice.agency.date'), cell: (entry) => formatDate(entry.date, language) },
    {
      key: 'description',
      title: t('backOffice.agency.description'),
      tdProps: { style: { overflowWrap: 'anywhere' } },
      cell: (entry) => (
        <>
          {entry.description}
          {entry.reference && (
            <Text size="xs" c="dimmed">
              {entry.reference}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'debit',
      title: t('backOffice.agency.debit'),
      align: 'right',
      cell: (entry) => amount(entry.debit, currency),
    },
    {
      key: 'credit',
      title: t('backOffice.agency.credit'),
      align: 'right',
      cell: (entry) => amount(entry.credit, currency),
    },
    {
      key: 'balance',
      title: t('backOffice.agencies.balance'),
      align: 'right',
      cell: (entry) => <Money amount={entry.balanceAfter} currency={currency} />,
    },
  ];
  return (
    <Section title={t('backOffice.agency.statement')} testId="agency-statement">
      <ListResults
        query={statement}
        isEmpty={(data) => data.entries.length === 0}
        empty={t('backOffice.agency.noEntries')}
        isDense
        pagination={(data) => ({ total: data.total, onPage: data.onPage, page, onChange: setPage })}
      >
        {(data) => (
          <ListTable
            rows={data.entries}
            columns={columns(data.currencyCode)}
            minWidth={560}
            variant="compact"
            rowProps={() => ({ 'data-testid': 'statement-entry' })}
          />
        )}
      </ListResults>
    </Section>
  );
}
