import { useState } from 'react';
import { Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { addDays } from '@portal/contract/plain';
import type { AdminAgencyDetail } from '@portal/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { LoadFailed } from '@/components/load-failed';
import { Money } from '@/components/money';
import { formatDate } from '@/lib/format';
import { todayInDubai } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useAgencyStatement } from '../../api/agencies';

// The agency's statement of the last 90 days, as its admins read it (adjustments show with their reason)
export function AgencyStatement({ agency }: { agency: AdminAgencyDetail }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [page, setPage] = useState(1);
  const today = todayInDubai();
  const statement = useAgencyStatement(agency.id, { from: addDays(today, -90), to: today }, page);
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const data = statement.data;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="agency-statement-title"
      data-testid="agency-statement"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="agency-statement-title">
          {t('backOffice.agency.statement')}
        </Title>
        {statement.isError && !data ? (
          <LoadFailed
            error={statement.error}
            onRetry={() => void statement.refetch()}
            isRetrying={statement.isFetching}
          />
        ) : !data ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : data.entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('backOffice.agency.noEntries')}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('backOffice.agency.date')}</Table.Th>
                    <Table.Th>{t('backOffice.agency.description')}</Table.Th>
                    <Table.Th ta="right">{t('backOffice.agency.debit')}</Table.Th>
                    <Table.Th ta="right">{t('backOffice.agency.credit')}</Table.Th>
                    <Table.Th ta="right">{t('backOffice.agencies.balance')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.entries.map((entry) => (
                    <Table.Tr key={entry.id} data-testid="statement-entry">
                      <Table.Td>{formatDate(entry.date, language)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {entry.description}
                        {entry.reference && (
                          <Text size="xs" c="dimmed">
                            {entry.reference}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        {entry.debit > 0 ? <Money amount={entry.debit} currency={data.currencyCode} /> : ''}
                      </Table.Td>
                      <Table.Td ta="right">
                        {entry.credit > 0 ? <Money amount={entry.credit} currency={data.currencyCode} /> : ''}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money amount={entry.balanceAfter} currency={data.currencyCode} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPagination
              total={data.total}
              onPage={data.onPage}
              page={page}
              onChange={setPage}
              isCompact={isPhone}
              textKeys="backOffice.pagination"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
