import { useState, type ReactNode } from 'react';
import { Button, Text, type ButtonProps } from '@mantine/core';
import { BOOKING_MESSAGES } from '@portal/contract';
import type { BookingView } from '@portal/contract';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { PaymentFailedAlert } from '@/components/payment-failed-alert';
import { translateMessage } from '@/lib/i18n';
import { usePayBooking } from '../api/pay-booking';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { canContinuePayment, canTryAnotherCard } from '../utils/booking-state';
import { HoldExpired } from './hold-expired';

// A new card attempt for the booking's held seats; the server first closes an attempt still open at the provider.
// The agent is sent to the new pay page.
export function usePayWithAnotherCard(booking: BookingView) {
  const pay = usePayBooking();
  const keyFor = useIdempotencyKey();
  const [isLeaving, setLeaving] = useState(false);
  const retry = () => {
    const input = { id: booking.id, paymentMethod: 'card' as const };
    pay.mutate(
      { ...input, idempotencyKey: keyFor({ ...input, after: booking.payment?.id ?? null }) },
      {
        onSuccess: ({ booking: next }) => {
          const url = next.status === 'pending_payment' ? next.payment?.redirectUrl : null;
          if (url) {
            setLeaving(true);
            window.location.assign(url);
          }
        },
      },
    );
  };
  return { pay, retry, isLeaving };
}

// The pay page was left without an answer (closed, or the browser's Back): besides going back to it, the agent can
// start again with another card while the seats are held
export function PayWithAnotherCard({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const attempt = usePayWithAnotherCard(booking);
  if (!canContinuePayment(booking)) return null;
  return (
    <AnotherCardButton attempt={attempt} variant="default" testId="pay-another-card">
      {t('confirmation.useAnotherCard')}
    </AnotherCardButton>
  );
}

type AnotherCardButtonProps = Pick<ButtonProps, 'color' | 'variant'> & {
  attempt: ReturnType<typeof usePayWithAnotherCard>;
  testId: string;
  children: ReactNode;
};

// Starts the new card attempt, busy until the agent has left for the pay page
function AnotherCardButton({ attempt, testId, children, ...look }: AnotherCardButtonProps) {
  return (
    <Button
      {...look}
      leftSection={<IconCreditCard size={18} />}
      loading={attempt.pay.isPending || attempt.isLeaving}
      onClick={attempt.retry}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

// SPEC §4: payment failed → try another card; a failed retry → contact support with the booking ID
export function TryAnotherCard({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const attempt = usePayWithAnotherCard(booking);
  const { pay } = attempt;
  const canRetry = canTryAnotherCard(booking);
  const isCancelled = booking.payment?.status === 'cancelled';
  // past the hold nothing can be paid any more: say so, and offer the same selection again
  if (!booking.isRequest && (booking.isHoldExpired || (!canRetry && !pay.isError)))
    return <HoldExpired booking={booking} />;

  return (
    <PaymentFailedAlert
      cancelledTitle={isCancelled ? t('confirmation.notPaid') : null}
      testId="payment-failed"
      data={{ 'data-payment-status': booking.payment?.status }}
    >
      {booking.payment?.failureMessage && <Text size="sm">{translateMessage(booking.payment.failureMessage)}</Text>}
      {!isCancelled && <Text size="sm">{translateMessage(BOOKING_MESSAGES.tryAgain)}</Text>}
      {pay.isError ? (
        <Text size="sm" fw={600} data-testid="retry-failed">
          {t('confirmation.retryFailed', { reference: booking.reference })}
        </Text>
      ) : canRetry ? (
        <AnotherCardButton attempt={attempt} color="red" testId="try-another-card">
          {t('confirmation.tryAnotherCard')}
        </AnotherCardButton>
      ) : (
        <Text size="sm" fw={600} data-testid="retry-unavailable">
          {t('confirmation.retryFailed', { reference: booking.reference })}
        </Text>
      )}
    </PaymentFailedAlert>
  );
}
