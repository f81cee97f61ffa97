import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CommissionMonthTotal, CommissionTotal, Language } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { FigureList, FigureRow } from '@/components/figure-row';
import { MoneyStat } from '@/components/money-stat';
import { useLocale } from '@/lib/locale';
import { TableHead } from '@/components/table-head';

const INTL_LOCALE: Record<Language, string> = { en: 'en-US', ru: 'ru-RU' };

// 'yyyy-MM' as 'March 2026' / 'Март 2026 г.'
function monthLabel(month: string, language: Language): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  const label = new Intl.DateTimeFormat(INTL_LOCALE[language], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const FIGURES = ['published', 'net', 'commission'] as const;

// The grand total of every booking the filters select (one block per currency; an account has one in practice)
export function CommissionStats({ totals, isCompact }: { totals: readonly CommissionTotal[]; isCompact: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="commission-totals">
      {totals.map((total) =>
        isCompact ? (
          <FigureList key={total.currencyCode} data-currency={total.currencyCode}>
            <FigureRow label={t('commissions.stats.bookings')} testId="total-bookings">
              {total.bookings}
            </FigureRow>
            {FIGURES.map((figure) => (
              <FigureRow
                key={figure}
                label={t(`commissions.stats.${figure}`)}
                isMain={figure === 'commission'}
                isNegative={total.commission < 0}
              >
                <Money amount={total[figure]} currency={total.currencyCode} testId={`total-${figure}`} />
              </FigureRow>
            ))}
          </FigureList>
        ) : (
          <SimpleGrid key={total.currencyCode} cols={4} spacing="sm" data-currency={total.currencyCode}>
            <Paper withBorder p="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
                {t('commissions.stats.bookings')}
              </Text>
              <Text fz={20} fw={800} mt={4} data-testid="total-bookings">
                {total.bookings}
              </Text>
            </Paper>
            {FIGURES.map((figure) => (
              <MoneyStat
                key={figure}
                label={t(`commissions.stats.${figure}`)}
                amount={total[figure]}
                currency={total.currencyCode}
                testId={`total-${figure}`}
                isMain={figure === 'commission'}
              />
            ))}
          </SimpleGrid>
        ),
      )}
    </Stack>
  );
}

type MonthTotalsProps = {
  months: readonly CommissionMonthTotal[];
  totals: readonly CommissionTotal[];
  isCompact: boolean;
};

// Totals per month of travel, newest first, and the grand total under them; a phone shows the commission with the
// count under the month
export function MonthTotals({ months, totals, isCompact }: MonthTotalsProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const figures = isCompact ? (['commission'] as const) : FIGURES;
  const row = (total: CommissionTotal, label: string) => (
    <>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {label}
        {isCompact && (
          <Text size="xs" c="dimmed" fw={400}>
            {t('commissions.months.count', { count: total.bookings })}
          </Text>
        )}
      </Table.Td>
      {!isCompact && (
        <Table.Td ta="right" data-testid="month-bookings">
          {total.bookings}
        </Table.Td>
      )}
      {figures.map((figure) => (
        <Table.Td
          key={figure}
          ta="right"
          fw={figure === 'commission' ? 700 : undefined}
          c={figure === 'commission' && total.commission < 0 ? 'red.7' : undefined}
        >
          <Money amount={total[figure]} currency={total.currencyCode} testId={`month-${figure}`} />
        </Table.Td>
      ))}
    </>
  );
  return (
    <Paper withBorder p={isCompact ? 'xs' : 'md'} component="section" aria-labelledby="commission-months-title">
      <Title order={2} size="h4" id="commission-months-title" mb="xs" px={isCompact ? 'xs' : 0}>
        {t('commissions.months.title')}
      </Title>
      <Table verticalSpacing="xs" fz="sm" striped data-testid="commission-months">
        <TableHead
          textKeys="commissions.months"
          cells={[
            'month',
            !isCompact && { key: 'bookings', align: 'right' },
            ...figures.map((figure) => ({ key: figure, isMoney: true })),
          ]}
        />
        <Table.Tbody>
          {months.map((month) => (
            <Table.Tr
              key={`${month.month}-${month.currencyCode}`}
              data-testid="month-row"
              data-month={month.month}
              data-currency={month.currencyCode}
            >
              {row(month, monthLabel(month.month, language))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {totals.map((total) => (
            <Table.Tr
              key={total.currencyCode}
              data-testid="grand-total-row"
              data-currency={total.currencyCode}
              fw={700}
            >
              {row(total, t('commissions.months.grandTotal'))}
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}
