import { useEffect, useState } from 'react';
import { Anchor, Button, Container, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { BOOKING_MESSAGES } from '@portal/contract';
import type { BookingView } from '@portal/contract';
import { IconCircleCheck, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { useBooking } from '../api/get-booking';
import { usePaymentStatus } from '../api/get-payment-status';
import { StripeCardForm } from '@/components/stripe-card-form';
import { canContinuePayment, isBookingSettled, needsCardForm } from '../utils/booking-state';
import { BookingAmounts } from './booking-amounts';
import { ContinuePayment } from './continue-payment';
import { BookingFacts } from './booking-facts';
import { BookingStatusBadge } from './booking-status-badge';
import { DocumentButtons } from './document-buttons';
import { ProcessingSteps } from './processing-steps';
import { PayWithAnotherCard, TryAnotherCard } from './try-another-card';
import { useStatusLabel } from '../utils/status-label';
import { NoticeAlert } from '@/components/notice-alert';
import { PendingNotice } from '@/components/pending-notice';

const POLL_MS = 1500;
const POLL_FOR_MS = 3 * 60 * 1000;

function Outcome({ booking, onCardSent }: { booking: BookingView; onCardSent: () => void }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const statusLabel = useStatusLabel();
  switch (booking.status) {
    case 'completed':
      return (
        <NoticeAlert
          color="teal"
          icon={IconCircleCheck}
          title={t('confirmation.completed')}
          testId="confirmation-completed"
        >
          {t('confirmation.completedText')}
        </NoticeAlert>
      );
    case 'request':
      return (
        <PendingNotice title={statusLabel('request')} testId="confirmation-request">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{translateMessage(BOOKING_MESSAGES.noAutomaticBooking)}</Text>
            <Anchor component={Link} to={paths.requests.getHref()} size="sm">
              {t('confirmation.openRequests')}
            </Anchor>
          </Stack>
        </PendingNotice>
      );
    case 'payment_failed':
      return <TryAnotherCard booking={booking} />;
    case 'pending_payment':
      return (
        <NoticeAlert
          color="blue"
          icon={IconClockHour4}
          title={statusLabel('pending_payment')}
          testId="confirmation-pending"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {(canContinuePayment(booking) || needsCardForm(booking)) && booking.holdExpiresAt
                ? t('bookings.holdUntil', { time: formatDateTime(booking.holdExpiresAt, language) })
                : t('confirmation.pendingText', { reference: booking.reference })}
            </Text>
            <Group gap="sm">
              <ContinuePayment booking={booking} />
              <PayWithAnotherCard booking={booking} />
            </Group>
            {needsCardForm(booking) && booking.payment?.clientSecret && booking.payment.publishableKey && (
              <StripeCardForm
                publishableKey={booking.payment.publishableKey}
                clientSecret={booking.payment.clientSecret}
                amount={booking.payment.amount}
                currency={booking.payment.currencyCode}
                returnPath={paths.checkout.getHref({ booking: booking.id, payment: booking.payment.id })}
                onPaid={onCardSent}
              />
            )}
          </Stack>
        </NoticeAlert>
      );
    case 'payment_required':
      return (
        <NoticeAlert color="orange" icon={IconInfoCircle} title={statusLabel('payment_required')}>
          <Anchor component={Link} to={paths.bookingDetail.getHref('/requests', booking.id)} size="sm">
            {t('confirmation.openQuote')}
          </Anchor>
        </NoticeAlert>
      );
    case 'cancelled':
      return (
        <NoticeAlert color="gray" icon={IconInfoCircle} title={statusLabel('cancelled')}>
          {booking.declineReason ?? t('confirmation.cancelledText')}
        </NoticeAlert>
      );
  }
}

// SPEC §2 booking confirmation at /checkout?booking=<id>[&payment=<paymentId>]
export function BookingConfirmation({ bookingId, paymentId }: { bookingId: string; paymentId: string }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  useDocumentPageTitle(t('confirmation.title'));
  const [isTimedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  const poll = (booking: BookingView | undefined) => (!isBookingSettled(booking) && !isTimedOut ? POLL_MS : false);
  const byPayment = usePaymentStatus(paymentId, poll);
  const byBooking = useBooking(bookingId, { poll, enabled: paymentId === '' });
  const query = paymentId ? byPayment : byBooking;
  const booking = query.data;
  // a charge still waiting at its pay page (the agent came back without paying) is shown with its choices at once,
  // while the page goes on asking in the background
  // the same for a Stripe charge whose card form is on this page, until the card is sent for this payment
  const [cardSentFor, setCardSentFor] = useState<string | null>(null);
  const isLeftOnPayPage =
    booking !== undefined &&
    (canContinuePayment(booking) || (needsCardForm(booking) && cardSentFor !== booking.payment?.id));
  const isWaiting = !isBookingSettled(booking) && !isTimedOut && !query.isError && !isLeftOnPayPage;

  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1}>{booking?.isRequest ? statusLabel('request') : t('confirmation.title')}</Title>
            {booking && (
              <Group gap="xs" mt={4}>
                <Text c="dimmed">{t('bookings.fields.reference')}</Text>
                <Text fw={700} data-testid="booking-reference">
                  {booking.reference}
                </Text>
                <BookingStatusBadge status={booking.status} />
              </Group>
            )}
          </div>
          <Group gap="xs">
            <Button component={Link} to={paths.home.getHref()} variant="light">
              {t('nav.newBooking')}
            </Button>
            <Button
              component={Link}
              to={booking?.isRequest ? paths.requests.getHref() : paths.bookings.getHref()}
              variant="subtle"
            >
              {booking?.isRequest ? t('nav.requests') : t('nav.allBookings')}
            </Button>
          </Group>
        </Group>

        {!booking && query.isLoading && <SectionSpinner />}
        {isWaiting && <ProcessingSteps isCardPayment={paymentId !== ''} />}
        {booking && !isWaiting && (
          <Outcome
            booking={booking}
            onCardSent={() => {
              setCardSentFor(booking.payment?.id ?? null);
              void query.refetch();
            }}
          />
        )}
        {booking && !isWaiting && booking.status === 'pending_payment' && (
          <Button
            variant="light"
            onClick={() => void query.refetch()}
            loading={query.isFetching}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('confirmation.checkAgain')}
          </Button>
        )}

        {booking && (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              {booking.documents && (
                <>
                  <DocumentButtons booking={booking} />
                  <Divider />
                </>
              )}
              <BookingFacts booking={booking} />
              <Divider />
              <BookingAmounts booking={booking} />
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
