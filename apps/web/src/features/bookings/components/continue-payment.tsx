import { Button } from '@mantine/core';
import type { BookingView } from '@portal/contract';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { canContinuePayment } from '../utils/booking-state';

// The agent left the pay page open (or closed it) without an answer: back to the same charge, not a new one
export function ContinuePayment({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const url = booking.payment?.redirectUrl;
  if (!url || !canContinuePayment(booking)) return null;
  return (
    <Button component="a" href={url} leftSection={<IconCreditCard size={18} />} data-testid="continue-payment">
      {t('confirmation.continuePayment')}
    </Button>
  );
}
