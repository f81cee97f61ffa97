import { NumberInput, Text } from '@mantine/core';
import type { NumberInputProps } from '@mantine/core';
import type { CurrencyCode } from '@portal/contract';
import { requiredField } from '@/components/required-field';
import { useLocale } from '@/lib/locale';

// A top-up amount: major units in whole cents, never negative, grouped as the language writes it, the currency beside it
export function AmountInput({ currency, ...props }: NumberInputProps & { currency: CurrencyCode }) {
  const { language } = useLocale();
  return (
    <NumberInput
      decimalScale={2}
      allowNegative={false}
      hideControls
      size="md"
      thousandSeparator={language === 'ru' ? ' ' : ','}
      inputMode="decimal"
      rightSection={
        <Text size="sm" c="dimmed" fw={600} pr="sm">
          {currency.toUpperCase()}
        </Text>
      }
      rightSectionWidth={56}
      {...requiredField}
      {...props}
    />
  );
}
