import { Alert, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { BOOKING_MESSAGES } from '@portal/contract';
import type { BookingView } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { CancellationPolicy } from '@/components/cancellation-policy';
import { formatDateTime } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { BookingAmounts } from './booking-amounts';
import { BookingFacts } from './booking-facts';
import { BookingStatusBadge } from './booking-status-badge';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { ContinuePayment } from './continue-payment';
import { DocumentButtons } from './document-buttons';
import { QuotePanel } from './quote-panel';
import { PayWithAnotherCard, TryAnotherCard } from './try-another-card';
import { useStatusLabel } from '../utils/status-label';
import { PendingNotice } from '@/components/pending-notice';

const CANCELLABLE = new Set<BookingView['status']>(['completed', 'request', 'payment_required']);

// Everything in BookingView: state, documents, actions (pay a quote, another card, cancel), facts, money, policy
export function BookingDetail({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const { language } = useLocale();
  return (
    <Stack gap="md" data-testid="booking-detail">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t('bookings.fields.reference')}
          </Text>
          <Title order={2} fz="xl" data-testid="detail-reference">
            {booking.reference}
          </Title>
        </div>
        <BookingStatusBadge status={booking.status} size="lg" />
      </Group>

      {booking.status === 'request' && (
        <PendingNotice iconSize={20} title={statusLabel('request')}>
          {translateMessage(BOOKING_MESSAGES.noAutomaticBooking)}
        </PendingNotice>
      )}
      {booking.status === 'payment_required' && <QuotePanel booking={booking} />}
      {booking.status === 'payment_failed' && <TryAnotherCard booking={booking} />}
      {booking.status === 'pending_payment' && booking.holdExpiresAt && (
        <Alert color="blue" variant="light">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('bookings.holdUntil', { time: formatDateTime(booking.holdExpiresAt, language) })}</Text>
            <Group gap="sm">
              <ContinuePayment booking={booking} />
              <PayWithAnotherCard booking={booking} />
            </Group>
          </Stack>
        </Alert>
      )}

      {(booking.documents || CANCELLABLE.has(booking.status)) && (
        <Group gap="sm" justify="space-between">
          <DocumentButtons booking={booking} />
          {CANCELLABLE.has(booking.status) && <CancelBookingDialog booking={booking} />}
        </Group>
      )}
      <Divider />
      <BookingFacts booking={booking} />
      <Divider />
      <BookingAmounts booking={booking} />
      <Divider />
      <CancellationPolicy policy={booking.cancellationPolicy} />
    </Stack>
  );
}
