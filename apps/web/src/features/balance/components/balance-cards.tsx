import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { MONEY_MESSAGES } from '@portal/contract';
import type { CurrencyCode } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { LoadFailed } from '@/components/load-failed';
import { ErrorAlert } from '@/components/error-alert';
import { Money } from '@/components/money';
import { translateMessage } from '@/lib/i18n';
import { useAccountBalance } from '../api/get-balance';
import { MoneyStat } from '@/components/money-stat';

// GET /b2b/balance: the balance, the credit limit and what can be booked now, in the account currency
export function BalanceCards({ currency }: { currency: CurrencyCode | null }) {
  const { t } = useTranslation();
  const balance = useAccountBalance(currency);
  if (balance.isError && !balance.data)
    return <LoadFailed error={balance.error} onRetry={() => void balance.refetch()} isRetrying={balance.isFetching} />;
  if (!balance.data)
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={84} radius="lg" />
        ))}
      </SimpleGrid>
    );
  const { balance: amount, creditLimit, available, overdue, currencyCode } = balance.data;
  return (
    <Stack gap="sm">
      {overdue > 0 && (
        <ErrorAlert testId="balance-overdue">
          <Text size="sm">{translateMessage(MONEY_MESSAGES.overdue)}</Text>
          <Text size="sm" fw={700} mt={4}>
            {t('balance.cards.overdue')} <Money amount={overdue} currency={currencyCode} testId="overdue-amount" />
          </Text>
        </ErrorAlert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="balance-cards">
        <MoneyStat label={t('balance.cards.balance')} amount={amount} currency={currencyCode} testId="balance-amount" />
        <MoneyStat
          label={t('balance.cards.creditLimit')}
          amount={creditLimit}
          currency={currencyCode}
          testId="balance-credit-limit"
          hint={t('balance.cards.creditLimitHint')}
        />
        <MoneyStat
          label={t('balance.cards.available')}
          amount={available}
          currency={currencyCode}
          testId="balance-available"
          isMain
        />
      </SimpleGrid>
    </Stack>
  );
}
