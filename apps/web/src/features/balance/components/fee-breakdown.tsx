import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type { TopUpFeeResponse } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { formatPercent } from '../utils/amount';

// What a card top-up costs: the amount credited, the card fee apart (never credited) and the total charged
export function FeeBreakdown({ quote, isStale }: { quote: TopUpFeeResponse; isStale: boolean }) {
  const { t } = useTranslation();
  const currency = quote.currencyCode;
  return (
    <Paper
      bg="gray.0"
      p="md"
      radius="md"
      data-testid="fee-breakdown"
      data-stale={isStale}
      style={{ opacity: isStale ? 0.55 : 1, transition: 'opacity 120ms' }}
      aria-busy={isStale}
    >
      <Stack gap={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('balance.card.credited')}</Text>
          <Text fw={600}>
            <Money amount={quote.amount} currency={currency} testId="fee-amount" />
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            {t('balance.card.fee')}{' '}
            <Text span c="dimmed" size="sm" data-testid="fee-percent">
              ({formatPercent(quote.feePercent)})
            </Text>
          </Text>
          <Text fw={600}>
            <Money amount={quote.fee} currency={currency} testId="fee-fee" />
          </Text>
        </Group>
        <Divider my={4} />
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{t('balance.card.total')}</Text>
          <Text fw={800} fz="lg" c="brand.7">
            <Money amount={quote.total} currency={currency} testId="fee-total" />
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('balance.card.feeNote')}
        </Text>
      </Stack>
    </Paper>
  );
}
