import { Group, Stack, Text } from '@mantine/core';
import { RU_CARD_SURCHARGE_PERCENT } from '@portal/contract';
import type { BookingView, CurrencyCode } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { includedChargeLines, isAmountLine, type AmountLine } from '../utils/amount-lines';

type LineProps = AmountLine & { currency: CurrencyCode };

function Line({ label, amount, currency, testId, strong, negative }: LineProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'gray.7'}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 800 : 600} c={strong ? 'brand.7' : undefined}>
        {negative ? '−' : ''}
        <Money amount={amount} currency={currency} testId={testId} />
      </Text>
    </Group>
  );
}

// The booking's own money (SPEC §2 summary: published and net; §9 Russian site: surcharge, tax and fee)
export function BookingAmounts({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const { amounts } = booking;
  const currency = amounts.currencyCode;
  // Payment Required: the operator's quote replaces the catalogue net the request was sent with
  const isQuoted = booking.status === 'payment_required' && booking.quote !== null;
  const lines: (AmountLine | false)[] = [
    { label: t('bookings.amounts.published'), amount: amounts.publishedTotal, testId: 'amount-published' },
    amounts.discount > 0 && {
      label: t('bookings.amounts.netBeforeDiscount'),
      amount: amounts.netBeforeDiscount,
      testId: 'amount-net-before',
    },
    amounts.discount > 0 && {
      label: t('bookings.amounts.discount', { percent: booking.promoPercent ?? 0 }),
      amount: amounts.discount,
      testId: 'amount-discount',
      negative: true,
    },
    amounts.cardSurcharge > 0 && {
      label: t('checkout.summary.cardSurcharge', { percent: RU_CARD_SURCHARGE_PERCENT }),
      amount: amounts.cardSurcharge,
      testId: 'amount-surcharge',
    },
    {
      label: isQuoted ? t('bookings.amounts.netRequested') : t('bookings.amounts.net'),
      amount: amounts.netTotal,
      testId: 'amount-net',
      strong: !isQuoted,
    },
    isQuoted &&
      booking.quote !== null && {
        label: t('bookings.amounts.quoted'),
        amount: booking.quote.netTotal,
        testId: 'amount-quoted',
        strong: true,
      },
    ...includedChargeLines(t, amounts, 'amount'),
    booking.refundAmount !== null && {
      label: t('bookings.amounts.refund'),
      amount: booking.refundAmount,
      testId: 'amount-refund',
    },
    booking.cancellationFee !== null && {
      label: t('bookings.amounts.cancellationFee'),
      amount: booking.cancellationFee,
      testId: 'amount-cancellation-fee',
    },
    booking.balanceAfter !== null && {
      label: t('bookings.amounts.balanceAfter'),
      amount: booking.balanceAfter,
      testId: 'amount-balance-after',
    },
  ];
  return (
    <Stack gap={6} data-testid="booking-amounts">
      {lines.filter(isAmountLine).map((line) => (
        <Line key={line.testId} {...line} currency={currency} />
      ))}
    </Stack>
  );
}
