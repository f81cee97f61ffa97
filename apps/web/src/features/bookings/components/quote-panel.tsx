import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { BOOKING_MESSAGES } from '@portal/contract';
import type { BookingView, PaymentMethod } from '@portal/contract';
import { IconBuildingBank, IconCreditCard, IconFileDollar } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { formatDateTime } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { usePayBooking } from '../api/pay-booking';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { NoticeAlert } from '@/components/notice-alert';

// 'Payment Required': the operator's quote (net total, expiry, note), paid from the balance or by card
export function QuotePanel({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const user = useSessionUser();
  const pay = usePayBooking();
  const keyFor = useIdempotencyKey();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const { quote } = booking;
  if (!quote) return null;
  const isCardAllowed = (user?.isCreditCardTopupAllowed ?? 1) !== 0;

  const handlePay = (paymentMethod: PaymentMethod) => {
    setMethod(paymentMethod);
    const input = { id: booking.id, paymentMethod };
    pay.mutate(
      { ...input, idempotencyKey: keyFor(input) },
      {
        onSuccess: ({ booking: next }) => {
          const url = paymentMethod === 'card' ? next.payment?.redirectUrl : null;
          if (url) window.location.assign(url);
          else notify.success(t('bookings.quote.paid', { reference: next.reference }));
        },
      },
    );
  };

  return (
    <NoticeAlert color="orange" icon={IconFileDollar} title={t('bookings.quote.title')} testId="quote">
      <Stack gap="sm">
        <Group gap="xl">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('bookings.quote.net')}
            </Text>
            <Text fw={800} size="lg">
              <Money amount={quote.netTotal} currency={booking.amounts.currencyCode} testId="quote-net" />
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('bookings.quote.expires')}
            </Text>
            <Text fw={600}>{formatDateTime(quote.expiresAt, language)}</Text>
          </div>
        </Group>
        {quote.note && <Text size="sm">{quote.note}</Text>}
        <Group gap="sm">
          <Button
            leftSection={<IconBuildingBank size={18} />}
            loading={pay.isPending && method === 'balance'}
            disabled={pay.isPending}
            onClick={() => setConfirming(true)}
            data-testid="pay-quote-balance"
          >
            {t('bookings.quote.payBalance')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCreditCard size={18} />}
            loading={pay.isPending && method === 'card'}
            disabled={pay.isPending || !isCardAllowed}
            onClick={() => handlePay('card')}
            data-testid="pay-quote-card"
          >
            {t('bookings.quote.payCard')}
          </Button>
        </Group>
        {!isCardAllowed && <Text size="xs">{translateMessage(BOOKING_MESSAGES.creditCardDisabled)}</Text>}
      </Stack>
      {/* money leaves the balance only after the agent has seen the amount and said yes */}
      <Modal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title={t('bookings.quote.confirmTitle')}
        centered
        // above the booking drawer (z-index 300), like the cancel dialog
        zIndex={400}
        data-testid="confirm-pay-dialog"
      >
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{t('bookings.quote.net')}</Text>
            <Text fw={800} size="lg">
              <Money amount={quote.netTotal} currency={booking.amounts.currencyCode} testId="confirm-pay-amount" />
            </Text>
          </Group>
          <Text size="sm">{t('bookings.quote.confirmText', { reference: booking.reference })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-testid="confirm-pay-cancel">
              {t('bookings.quote.confirmCancel')}
            </Button>
            <Button
              leftSection={<IconBuildingBank size={18} />}
              loading={pay.isPending && method === 'balance'}
              onClick={() => {
                setConfirming(false);
                handlePay('balance');
              }}
              data-testid="confirm-pay-balance"
            >
              {t('bookings.quote.confirmPay')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </NoticeAlert>
  );
}
