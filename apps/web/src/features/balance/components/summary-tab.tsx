import type { ReactNode } from 'react';
import { Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import type { PaperProps } from '@mantine/core';
import { SHORT_MONTHS } from '@portal/contract/plain';
import type { BalanceSummaryResponse, CurrencyCode } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { QueryContent } from '@/components/query-content';
import { EmptyState } from '@/components/empty-state';
import { Money } from '@/components/money';
import { useLocale } from '@/lib/locale';
import { useBalanceSummary } from '../api/get-balance-summary';
import { yearsToChoose } from '../utils/period';
import { summaryTotals } from '../utils/summary-totals';
import { MonthProforma, MonthReport, MonthTaxInvoice } from './month-documents';
import { useIsPhone } from '@/lib/use-is-phone';
import { ScrollTable } from '@/components/scroll-table';

type SummaryProps = { summary: BalanceSummaryResponse };

const amount = (value: number, currency: CurrencyCode, testId?: string) =>
  value === 0 ? (
    <Text span c="dimmed">
      —
    </Text>
  ) : (
    <Money amount={value} currency={currency} testId={testId} />
  );

// SPEC §3 "Balance table row": item (the month), month, year, debit, credit, running balance
function SummaryTable({ summary }: SummaryProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const currency = summary.currencyCode;
  const totals = summaryTotals(summary);
  return (
    <ScrollTable
      minWidth={1040}
      striped
      verticalSpacing="sm"
      testId="summary-table"
      textKeys="balance"
      cells={[
        { key: 'summary.item', w: 140 },
        { key: 'summary.month', w: 90 },
        { key: 'summary.year', w: 90 },
        { key: 'columns.debit', isMoney: true },
        { key: 'columns.credit', isMoney: true },
        { key: 'columns.runningBalance', isMoney: true },
        'summary.report',
        'summary.taxInvoice',
        'summary.proforma',
      ]}
      hasFigures
      foot={
        summary.rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr fw={700} style={{ borderTop: '2px solid var(--mantine-color-gray-3)' }}>
              <Table.Td colSpan={3}>{t('balance.summary.total', { year: summary.year })}</Table.Td>
              <Table.Td ta="right">{amount(totals.debit, currency, 'summary-total-debit')}</Table.Td>
              <Table.Td ta="right">{amount(totals.credit, currency, 'summary-total-credit')}</Table.Td>
              <Table.Td ta="right">
                <Money amount={totals.closing} currency={currency} testId="summary-closing-balance" />
              </Table.Td>
              <Table.Td colSpan={3} />
            </Table.Tr>
          </Table.Tfoot>
        )
      }
    >
      <Table.Tr data-testid="summary-opening" fw={600}>
        <Table.Td colSpan={5}>{t('balance.summary.openingBalance', { year: summary.year })}</Table.Td>
        <Table.Td ta="right">
          <Money amount={summary.openingBalance} currency={currency} testId="summary-opening-balance" />
        </Table.Td>
        <Table.Td colSpan={3} />
      </Table.Tr>
      {summary.rows.map((row) => (
        <Table.Tr key={`${row.year}-${row.month}`} data-testid="summary-row" data-month={row.month}>
          <Table.Td fw={600}>{SHORT_MONTHS[language][row.month - 1] ?? row.month}</Table.Td>
          <Table.Td>{String(row.month).padStart(2, '0')}</Table.Td>
          <Table.Td>{row.year}</Table.Td>
          <Table.Td ta="right">{amount(row.debit, currency)}</Table.Td>
          <Table.Td ta="right">{amount(row.credit, currency)}</Table.Td>
          <Table.Td ta="right" fw={700}>
            <Money amount={row.runningBalance} currency={currency} testId="summary-running-balance" />
          </Table.Td>
          <Table.Td>
            <MonthReport row={row} />
          </Table.Td>
          <Table.Td>
            <MonthTaxInvoice row={row} />
          </Table.Td>
          <Table.Td>
            <MonthProforma row={row} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

function Line({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 800 : 500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </Group>
  );
}

type FiguresCardProps = PaperProps & {
  title: ReactNode;
  debit: number;
  credit: number;
  currency: CurrencyCode;
  children: ReactNode;
};

// A month or the year as a card: its debit and credit, then the balance it ends on (children)
function FiguresCard({ title, debit, credit, currency, children, ...paper }: FiguresCardProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" {...paper}>
      <Text fw={700} mb={6}>
        {title}
      </Text>
      <Stack gap={4}>
        <Line label={t('balance.columns.debit')}>{amount(debit, currency)}</Line>
        <Line label={t('balance.columns.credit')}>{amount(credit, currency)}</Line>
        {children}
      </Stack>
    </Paper>
  );
}

// On a phone each month is a card: the same figures, no sideways scrolling
function SummaryCards({ summary }: SummaryProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const currency = summary.currencyCode;
  const totals = summaryTotals(summary);
  return (
    <Stack gap="sm" data-testid="summary-cards">
      <Paper withBorder p="sm" data-testid="summary-opening">
        <Line label={t('balance.summary.openingBalance', { year: summary.year })} strong>
          <Money amount={summary.openingBalance} currency={currency} testId="summary-opening-balance" />
        </Line>
      </Paper>
      {summary.rows.map((row) => (
        <FiguresCard
          key={`${row.year}-${row.month}`}
          title={
            <>
              {SHORT_MONTHS[language][row.month - 1]} {row.year}
            </>
          }
          debit={row.debit}
          credit={row.credit}
          currency={currency}
          data-testid="summary-row"
          data-month={row.month}
        >
          <Line label={t('balance.columns.runningBalance')} strong>
            <Money amount={row.runningBalance} currency={currency} testId="summary-running-balance" />
          </Line>
          <Line label={t('balance.summary.report')}>
            <MonthReport row={row} />
          </Line>
          <Line label={t('balance.summary.taxInvoice')}>
            <MonthTaxInvoice row={row} />
          </Line>
          {row.taxInvoice.status === 'proforma' && (
            <Line label={t('balance.summary.proforma')}>
              <MonthProforma row={row} />
            </Line>
          )}
        </FiguresCard>
      ))}
      {summary.rows.length > 0 && (
        <FiguresCard
          title={t('balance.summary.total', { year: summary.year })}
          debit={totals.debit}
          credit={totals.credit}
          currency={currency}
          bg="gray.0"
        >
          <Line label={t('balance.summary.closingBalance')} strong>
            <Money amount={totals.closing} currency={currency} testId="summary-closing-balance" />
          </Line>
        </FiguresCard>
      )}
    </Stack>
  );
}

type SummaryTabProps = { year: number; onYearChange: (year: number) => void };

// GET /b2b/balance/summary?year=: the year's months with entries, opening with the balance carried in
export function SummaryTab({ year, onYearChange }: SummaryTabProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const summary = useBalanceSummary(year);
  const years = yearsToChoose().map((value) => ({ value: String(value), label: String(value) }));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={t('balance.summary.yearPicker')}
          data={years}
          value={String(year)}
          onChange={(value) => value && onYearChange(Number(value))}
          allowDeselect={false}
          w={160}
          data-testid="summary-year"
        />
        <Text size="sm" c="dimmed" maw={520}>
          {t('balance.summary.hint')}
        </Text>
      </Group>
      <QueryContent query={summary}>
        {(data) => (
          <Stack gap="sm" style={{ opacity: summary.isPlaceholderData ? 0.6 : 1 }}>
            {isPhone ? (
              <SummaryCards summary={data} />
            ) : (
              <Paper withBorder p="xs">
                <SummaryTable summary={data} />
              </Paper>
            )}
            {data.rows.length === 0 && (
              <EmptyState testId="summary-empty">{t('balance.summary.empty', { year: data.year })}</EmptyState>
            )}
          </Stack>
        )}
      </QueryContent>
    </Stack>
  );
}
