import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { MIN_DATE, MONEY_MESSAGES } from '@portal/contract';
import type { StatementResponse } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { AppDatesProvider, DISPLAY_DATE_FORMAT } from '@/components/dates-provider';
import { ListPagination } from '@/components/list-pagination';
import { QueryContent } from '@/components/query-content';
import { EmptyState } from '@/components/empty-state';
import { Money } from '@/components/money';
import { todayInDubai } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { useDownloadStatement } from '../api/download-statement';
import { useStatement } from '../api/get-statement';
import { currentMonth, isValidPeriod, lastMonth, type Period } from '../utils/period';
import { MoneyStat } from '@/components/money-stat';
import { FigureList, FigureRow } from '@/components/figure-row';
import { StatementCards, StatementTable } from './statement-entries';
import { useIsPhone } from '@/lib/use-is-phone';
import { CardsOrTable } from '@/components/cards-or-table';

const STATEMENT_PAGE_SIZE = 50;

type Range = [string | null, string | null];

// The period lives in the URL once both ends are chosen; the half-chosen range is held here meanwhile
function PeriodField({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [draft, setDraft] = useState<Range | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <AppDatesProvider language={language}>
      <DatePickerInput
        type="range"
        label={t('balance.statement.period')}
        value={draft ?? [value.from, value.to]}
        onChange={([from, to]) => {
          if (from && to) {
            setDraft(null);
            if (!isValidPeriod(from, to)) {
              setError(translateMessage(MONEY_MESSAGES.statementRange));
              return;
            }
            setError(null);
            onChange({ from, to });
          } else setDraft([from, to]);
        }}
        onDropdownClose={() => setDraft(null)}
        minDate={MIN_DATE}
        maxDate={todayInDubai()}
        valueFormat={DISPLAY_DATE_FORMAT}
        leftSection={<IconCalendar size={16} />}
        allowSingleDateInRange
        error={error}
        miw={260}
        popoverProps={{ position: 'bottom-start', shadow: 'md' }}
        data-testid="statement-period"
      />
    </AppDatesProvider>
  );
}

type Total = { key: 'openingBalance' | 'totalDebit' | 'totalCredit' | 'closingBalance'; testId: string };
const TOTALS: readonly Total[] = [
  { key: 'openingBalance', testId: 'statement-opening' },
  { key: 'totalDebit', testId: 'statement-total-debit' },
  { key: 'totalCredit', testId: 'statement-total-credit' },
  { key: 'closingBalance', testId: 'statement-closing' },
];

// The period's opening and closing balance and its totals: four cards, or one list on a phone
function PeriodTotals({ statement, isCompact }: { statement: StatementResponse; isCompact: boolean }) {
  const { t } = useTranslation();
  const currency = statement.currencyCode;
  if (isCompact)
    return (
      <FigureList data-testid="statement-totals">
        {TOTALS.map(({ key, testId }) => (
          <FigureRow key={key} label={t(`balance.statement.${key}`)} isMain={key === 'closingBalance'}>
            <Money amount={statement[key]} currency={currency} testId={testId} />
          </FigureRow>
        ))}
      </FigureList>
    );
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="statement-totals">
      {TOTALS.map(({ key, testId }) => (
        <MoneyStat
          key={key}
          label={t(`balance.statement.${key}`)}
          amount={statement[key]}
          currency={currency}
          testId={testId}
          isMain={key === 'closingBalance'}
        />
      ))}
    </SimpleGrid>
  );
}

// The buttons beside the period field: a month in one click
const QUICK_PERIODS = [
  { label: 'thisMonth', month: currentMonth, testId: 'period-this-month' },
  { label: 'lastMonth', month: lastMonth, testId: 'period-last-month' },
] as const;

type StatementTabProps = {
  period: Period;
  page: number;
  onPeriodChange: (period: Period) => void;
  onPageChange: (page: number) => void;
};

// GET /b2b/balance/statement: the daily statement of a period, its opening and closing balance and totals
export function StatementTab({ period, page, onPeriodChange, onPageChange }: StatementTabProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const statement = useStatement({ ...period, page, onPage: STATEMENT_PAGE_SIZE });
  const download = useDownloadStatement();
  const isSame = (other: Period) => other.from === period.from && other.to === period.to;

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group align="flex-end" gap="sm">
            <PeriodField key={`${period.from}:${period.to}`} value={period} onChange={onPeriodChange} />
            <Group gap={6}>
              {QUICK_PERIODS.map(({ label, month, testId }) => {
                const value = month();
                return (
                  <Button
                    key={label}
                    variant={isSame(value) ? 'light' : 'default'}
                    onClick={() => onPeriodChange(value)}
                    data-testid={testId}
                  >
                    {t(`balance.statement.${label}`)}
                  </Button>
                );
              })}
            </Group>
          </Group>
          <Group gap={6}>
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={18} />}
              loading={download.isPending && download.variables?.format !== 'pdf'}
              onClick={() => download.mutate({ ...period, format: 'xlsx' })}
              data-testid="download-statement"
            >
              {t('balance.statement.downloadXlsx')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileText size={18} />}
              loading={download.isPending && download.variables?.format === 'pdf'}
              onClick={() => download.mutate({ ...period, format: 'pdf' })}
              data-testid="download-statement-pdf"
            >
              {t('balance.statement.downloadPdf')}
            </Button>
          </Group>
        </Group>
      </Paper>

      <QueryContent query={statement}>
        {(data) => (
          <Stack gap="md" style={{ opacity: statement.isPlaceholderData ? 0.6 : 1 }}>
            <PeriodTotals statement={data} isCompact={isPhone} />
            <CardsOrTable
              isEmpty={data.entries.length === 0}
              empty={
                <EmptyState testId="statement-empty">
                  {data.total > 0 ? t('balance.statement.pageEmpty') : t('balance.statement.empty')}
                </EmptyState>
              }
              cards={<StatementCards entries={data.entries} currency={data.currencyCode} />}
              table={<StatementTable entries={data.entries} currency={data.currencyCode} />}
            />
            <ListPagination
              total={data.total}
              onPage={data.onPage || STATEMENT_PAGE_SIZE}
              page={page}
              onChange={onPageChange}
              isCompact={isPhone}
              textKeys="balance.pagination"
            />
          </Stack>
        )}
      </QueryContent>
    </Stack>
  );
}
