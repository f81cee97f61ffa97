import { Paper, Text } from '@mantine/core';
import type { CurrencyCode } from '@portal/contract';
import { Money } from './money';

type MoneyStatProps = {
  label: string;
  amount: number;
  currency: CurrencyCode;
  testId: string;
  isMain?: boolean;
  hint?: string;
};

// One labelled figure in a card (a balance, a limit, a period's or a list's totals); the main one of a row stands out
export function MoneyStat({ label, amount, currency, testId, isMain = false, hint }: MoneyStatProps) {
  return (
    <Paper withBorder p="md" bg={isMain ? 'brand.0' : undefined} bd={isMain ? '1px solid brand.2' : undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
        {label}
      </Text>
      <Text
        fz={isMain ? { base: 22, sm: 26 } : { base: 18, sm: 20 }}
        fw={800}
        c={amount < 0 ? 'red.7' : isMain ? 'brand.7' : undefined}
        mt={4}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        <Money amount={amount} currency={currency} testId={testId} />
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}
