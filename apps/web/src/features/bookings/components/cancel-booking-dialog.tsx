import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { BookingView } from '@portal/contract';
import { IconAlertTriangle, IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { translateMessage } from '@/lib/i18n';
import { askedFor, recordInsight } from '@/lib/insight';
import { notify } from '@/lib/notify';
import { useCancelBooking } from '../api/cancel-booking';
import { useCancellationPreview } from '../api/get-cancellation-preview';
import { Fact } from './booking-facts';

// Cancel with the fee shown first: refund percent, refund, fee and where the refund goes (the policy's tier now)
export function CancelBookingDialog({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const preview = useCancellationPreview(booking.id, isOpen);
  const cancel = useCancelBooking();
  const data = preview.data;

  const handleConfirm = () => {
    if (!data) return;
    const expected = { expectedRefund: data.refundAmount, expectedRefundTo: data.refundTo };
    cancel.mutate(
      { id: booking.id, expected },
      {
        onSuccess: () => {
          const asked = askedFor(booking.tour.id, booking.offer.id, booking.date, booking);
          if (asked) recordInsight({ kind: 'booking_cancelled', ...asked });
          notify.success(t('bookings.cancel.done', { reference: booking.reference }));
          setOpen(false);
        },
      },
    );
  };

  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconReceiptRefund size={18} />}
        onClick={() => setOpen(true)}
        data-testid="cancel-booking"
      >
        {t('bookings.cancel.button')}
      </Button>
      <Modal
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={t('bookings.cancel.title', { reference: booking.reference })}
        centered
        zIndex={400}
      >
        {!data ? (
          <Text c="dimmed">{t('common.loading')}</Text>
        ) : (
          <Stack gap="md" data-testid="cancel-preview">
            {!data.cancellable ? (
              <Alert color="gray" icon={<IconAlertTriangle size={18} />}>
                {data.reason ? translateMessage(data.reason) : t('bookings.cancel.notPossible')}
              </Alert>
            ) : (
              <>
                <Text size="sm">
                  {t('bookings.cancel.intro', { hours: Math.max(0, Math.floor(data.hoursBeforeStart)) })}
                </Text>
                <Group grow align="flex-start">
                  <Fact label={t('bookings.cancel.refundPercent')} testId="cancel-refund-percent">
                    {data.refundPercent}%
                  </Fact>
                  <Fact label={t('bookings.cancel.refundAmount')}>
                    <Money amount={data.refundAmount} currency={data.currencyCode} testId="cancel-refund-amount" />
                  </Fact>
                </Group>
                <Group grow align="flex-start">
                  <Fact label={t('bookings.cancel.fee')}>
                    <Money amount={data.cancellationFee} currency={data.currencyCode} testId="cancel-fee" />
                  </Fact>
                  <Fact label={t('bookings.cancel.refundTo')} testId="cancel-refund-to">
                    {data.refundTo
                      ? t(`bookings.cancel.destination.${data.refundTo}`)
                      : t('bookings.cancel.destination.none')}
                  </Fact>
                </Group>
                {data.refundTo === 'card' && (
                  <Text size="xs" c="dimmed">
                    {t('bookings.cancel.cardFee')}
                  </Text>
                )}
              </>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('bookings.cancel.keep')}
              </Button>
              {data.cancellable && (
                <Button color="red" loading={cancel.isPending} onClick={handleConfirm} data-testid="confirm-cancel">
                  {t('bookings.cancel.confirm')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
