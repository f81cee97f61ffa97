import { Badge } from '@mantine/core';
import type { BookingStatus } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../utils/booking-state';

// SPEC §4 display statuses (the contract's BOOKING_STATUS_LABELS, translated)
export function BookingStatusBadge({ status, size = 'md' }: { status: BookingStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      tt="none"
      size={size}
      data-testid="booking-status"
      data-status={status}
    >
      {t(`bookings.status.${status}`)}
    </Badge>
  );
}
