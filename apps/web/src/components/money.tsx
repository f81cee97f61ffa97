import { Group, Stack, Text } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import type { CurrencyCode } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/locale';

type MoneyProps = { amount: number; currency: CurrencyCode; testId?: string };

// The amount in the currency it came in, with the amount and currency as data for tests and tools
export function Money({ amount, currency, testId }: MoneyProps) {
  const { language } = useLocale();
  return (
    <span
      data-testid={testId}
      data-amount={amount.toFixed(2)}
      data-currency={currency}
      style={{ whiteSpace: 'nowrap' }}
    >
      {formatMoney(amount, currency, language)}
    </span>
  );
}

type PricePairProps = {
  published: number | null;
  net: number | null;
  currency: CurrencyCode;
  size?: MantineSize;
  testId?: string;
};

// SPEC §2: the published (recommended) price and the agent's net price side by side
export function PricePair({ published, net, currency, size = 'md', testId }: PricePairProps) {
  const { t } = useTranslation();
  return (
    <Group gap="lg" wrap="nowrap" align="flex-end" data-testid={testId}>
      <Stack gap={0}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {t('catalogue.price.published')}
        </Text>
        <Text size={size} fw={500} c="gray.7">
          {published === null ? (
            '—'
          ) : (
            <Money amount={published} currency={currency} testId={testId && `${testId}-published`} />
          )}
        </Text>
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="brand.6" tt="uppercase" fw={700} lts={0.4}>
          {t('catalogue.price.net')}
        </Text>
        <Text size={size} fw={800} c="brand.7">
          {net === null ? '—' : <Money amount={net} currency={currency} testId={testId && `${testId}-net`} />}
        </Text>
      </Stack>
    </Group>
  );
}
