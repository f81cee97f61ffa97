import { Box, Group, Stack, Text } from '@mantine/core';
import type { CurrencyCode } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import type { SelectionTotals } from '@/lib/pricing';
import { applyDiscount } from '@/lib/pricing';
import { Money } from '@/components/money';
import { PlainTable } from './plain-table';

type PriceSummaryProps = { totals: SelectionTotals; currency: CurrencyCode; promoPercent: number | null };

const cell = (amount: number | null, currency: CurrencyCode, testId?: string) =>
  amount === null ? '—' : <Money amount={amount} currency={currency} testId={testId} />;

// SPEC §2: published (recommended) and net price side by side for the selection
export function PriceSummary({ totals, currency, promoPercent }: PriceSummaryProps) {
  const { t } = useTranslation();
  const netToPay = totals.net !== null && promoPercent ? applyDiscount(totals.net, promoPercent) : totals.net;
  const margin = totals.published !== null && netToPay !== null ? totals.published - netToPay : null;

  return (
    <Stack gap="xs" data-testid="price-summary" data-currency={currency}>
      <PlainTable verticalSpacing={4} horizontalSpacing={0}>
        <thead>
          <tr>
            <th />
            <Box component="th" ta="right" fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('catalogue.price.published')}
            </Box>
            <Box component="th" ta="right" fz="xs" c="brand.6" tt="uppercase" fw={700} pl="md">
              {t('catalogue.price.net')}
            </Box>
          </tr>
        </thead>
        <tbody>
          {totals.lines.map((line) => (
            <tr key={line.kind}>
              <Box component="td" c="gray.7">
                {t(`catalogue.price.line.${line.kind}`, { count: line.count })}
                {line.kind !== 'infant' && line.kind !== 'trip' && line.unitNet !== null && (
                  <Text size="xs" c="dimmed">
                    {line.count} × {cell(line.unitNet, currency, `unit-net-${line.kind}`)}
                  </Text>
                )}
                {line.kind === 'infant' && (
                  <Text size="xs" c="dimmed">
                    {t('catalogue.price.free')}
                  </Text>
                )}
              </Box>
              <Box component="td" ta="right" valign="top">
                {cell(line.published, currency, `line-published-${line.kind}`)}
              </Box>
              <Box component="td" ta="right" valign="top" pl="md" fw={600}>
                {cell(line.net, currency, `line-net-${line.kind}`)}
              </Box>
            </tr>
          ))}
          <tr style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Box component="td" fw={700} pt={8}>
              {t('catalogue.price.total')}
            </Box>
            <Box component="td" ta="right" fw={600} pt={8}>
              {cell(totals.published, currency, 'total-published')}
            </Box>
            <Box component="td" ta="right" fw={800} c="brand.7" pt={8} pl="md" fz="md">
              {cell(totals.net, currency, 'total-net')}
            </Box>
          </tr>
        </tbody>
      </PlainTable>
      {promoPercent !== null && netToPay !== null && (
        <Group justify="space-between" c="teal.8" wrap="nowrap">
          <Text size="sm" fw={600}>
            {t('catalogue.price.afterPromo', { percent: promoPercent })}
          </Text>
          <Text size="md" fw={800}>
            {cell(netToPay, currency, 'total-net-after-promo')}
          </Text>
        </Group>
      )}
      {margin !== null && margin > 0 && (
        <Group justify="space-between" c="dimmed" wrap="nowrap">
          <Text size="xs">{t('catalogue.price.margin')}</Text>
          <Text size="xs" fw={600}>
            {cell(margin, currency)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
