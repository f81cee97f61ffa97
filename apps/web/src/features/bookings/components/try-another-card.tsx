import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { BOOKING_MESSAGES } from '@portal/contract';
import type { BookingView } from '@portal/contract';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';
import { usePayBooking } from '../api/pay-booking';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { canTryAnotherCard } from '../utils/booking-state';
import { HoldExpired } from './hold-expired';

// SPEC §4: payment failed → try another card; a failed retry → contact support with the booking ID
export function TryAnotherCard({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const pay = usePayBooking();
  const keyFor = useIdempotencyKey();
  const [isLeaving, setLeaving] = useState(false);
  const canRetry = canTryAnotherCard(booking);
  const isCancelled = booking.payment?.status === 'cancelled';
  // past the hold nothing can be paid any more: say so, and offer the same selection again
  if (!booking.isRequest && (booking.isHoldExpired || (!canRetry && !pay.isError)))
    return <HoldExpired booking={booking} />;

  const handleRetry = () => {
    const input = { id: booking.id, paymentMethod: 'card' as const };
    pay.mutate(
      { ...input, idempotencyKey: keyFor({ ...input, failed: booking.payment?.id ?? null }) },
      {
        onSuccess: ({ booking: next }) => {
          const url = next.payment?.redirectUrl;
          if (url) {
            setLeaving(true);
            window.location.assign(url);
          }
        },
      },
    );
  };

  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={22} />}
      title={isCancelled ? t('confirmation.notPaid') : translateMessage(BOOKING_MESSAGES.paymentFailed)}
      data-testid="payment-failed"
      data-payment-status={booking.payment?.status}
    >
      <Stack gap="sm" align="flex-start">
        {booking.payment?.failureMessage && <Text size="sm">{translateMessage(booking.payment.failureMessage)}</Text>}
        {!isCancelled && <Text size="sm">{translateMessage(BOOKING_MESSAGES.tryAgain)}</Text>}
        {pay.isError ? (
          <Text size="sm" fw={600} data-testid="retry-failed">
            {t('confirmation.retryFailed', { reference: booking.reference })}
          </Text>
        ) : canRetry ? (
          <Button
            color="red"
            leftSection={<IconCreditCard size={18} />}
            loading={pay.isPending || isLeaving}
            onClick={handleRetry}
            data-testid="try-another-card"
          >
            {t('confirmation.tryAnotherCard')}
          </Button>
        ) : (
          <Text size="sm" fw={600} data-testid="retry-unavailable">
            {t('confirmation.retryFailed', { reference: booking.reference })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
