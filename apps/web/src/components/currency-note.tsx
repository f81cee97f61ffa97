import { Text } from '@mantine/core';
import { AED_PER_USD } from '@portal/contract/plain';
import type { CurrencyCode } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/locale';

// Prices are shown in the language's currency (SPEC §4) and charged in the agency's account currency (SPEC §9): where
// the two differ, the tour page says what the account is charged and the checkout what the tour page showed, with
// the fixed rate, so the currency never switches silently (issue 9).
export function CurrencyNote({
  kind,
  amount,
  currency,
  testId,
}: {
  kind: 'charged' | 'shown';
  amount: number;
  currency: CurrencyCode;
  testId: string;
}) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <Text size="sm" c="dimmed" data-testid={testId} data-currency={currency} data-amount={amount}>
      {t(`currencyNote.${kind}`, {
        currency: currency.toUpperCase(),
        amount: formatMoney(amount, currency, language),
        rate: `1 USD = ${AED_PER_USD} AED`,
      })}
    </Text>
  );
}
