import type { BalanceResponse } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { MoneyStat } from '@/components/money-stat';

type BalanceStatsProps = {
  balance: BalanceResponse;
  // the balance's label: the balance, or the new balance after a top-up
  balanceLabel: string;
  // the two figures' test ids
  testIds: { balance: string; available: string };
  // what can be booked now, stood out
  isAvailableMain?: boolean;
};

// The balance and what is available to book, side by side
export function BalanceStats({ balance, balanceLabel, testIds, isAvailableMain = false }: BalanceStatsProps) {
  const { t } = useTranslation();
  const figures = [
    { label: balanceLabel, amount: balance.balance, testId: testIds.balance, isMain: false },
    {
      label: t('balance.cards.available'),
      amount: balance.available,
      testId: testIds.available,
      isMain: isAvailableMain,
    },
  ];
  return (
    <>
      {figures.map((figure) => (
        <MoneyStat key={figure.testId} {...figure} currency={balance.currencyCode} />
      ))}
    </>
  );
}
