import { Group, Stack, Text } from '@mantine/core';
import { RU_CARD_SURCHARGE_PERCENT, RU_FEE_PERCENT, RU_TAX_PERCENT } from '@portal/contract';
import type { BookingView, CurrencyCode } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money';

type LineProps = {
  label: string;
  amount: number;
  currency: CurrencyCode;
  testId: string;
  strong?: boolean;
  negative?: boolean;
};

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
  return (
    <Stack gap={6} data-testid="booking-amounts">
      <Line
        label={t('bookings.amounts.published')}
        amount={amounts.publishedTotal}
        currency={currency}
        testId="amount-published"
      />
      {amounts.discount > 0 && (
        <>
          <Line
            label={t('bookings.amounts.netBeforeDiscount')}
            amount={amounts.netBeforeDiscount}
            currency={currency}
            testId="amount-net-before"
          />
          <Line
            label={t('bookings.amounts.discount', { percent: booking.promoPercent ?? 0 })}
            amount={amounts.discount}
            currency={currency}
            testId="amount-discount"
            negative
          />
        </>
      )}
      {amounts.cardSurcharge > 0 && (
        <Line
          label={t('checkout.summary.cardSurcharge', { percent: RU_CARD_SURCHARGE_PERCENT })}
          amount={amounts.cardSurcharge}
          currency={currency}
          testId="amount-surcharge"
        />
      )}
      <Line
        label={isQuoted ? t('bookings.amounts.netRequested') : t('bookings.amounts.net')}
        amount={amounts.netTotal}
        currency={currency}
        testId="amount-net"
        strong={!isQuoted}
      />
      {isQuoted && booking.quote && (
        <Line
          label={t('bookings.amounts.quoted')}
          amount={booking.quote.netTotal}
          currency={currency}
          testId="amount-quoted"
          strong
        />
      )}
      {amounts.tax !== null && (
        <Line
          label={t('checkout.summary.taxIncluded', { percent: RU_TAX_PERCENT })}
          amount={amounts.tax}
          currency={currency}
          testId="amount-tax"
        />
      )}
      {amounts.fee !== null && (
        <Line
          label={t('checkout.summary.feeIncluded', { percent: RU_FEE_PERCENT })}
          amount={amounts.fee}
          currency={currency}
          testId="amount-fee"
        />
      )}
      {booking.refundAmount !== null && (
        <Line
          label={t('bookings.amounts.refund')}
          amount={booking.refundAmount}
          currency={currency}
          testId="amount-refund"
        />
      )}
      {booking.cancellationFee !== null && (
        <Line
          label={t('bookings.amounts.cancellationFee')}
          amount={booking.cancellationFee}
          currency={currency}
          testId="amount-cancellation-fee"
        />
      )}
      {booking.balanceAfter !== null && (
        <Line
          label={t('bookings.amounts.balanceAfter')}
          amount={booking.balanceAfter}
          currency={currency}
          testId="amount-balance-after"
        />
      )}
    </Stack>
  );
}
