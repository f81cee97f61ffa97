import { Badge } from '@mantine/core';
import type { BookingStatus } from '@portal/contract';
import { STATUS_COLORS } from '../utils/booking-state';
import { useStatusLabel } from '../utils/status-label';

// SPEC §4 display statuses (the contract's BOOKING_STATUS_LABELS, translated)
export function BookingStatusBadge({ status, size = 'md' }: { status: BookingStatus; size?: 'sm' | 'md' | 'lg' }) {
  const statusLabel = useStatusLabel();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      tt="none"
      size={size}
      data-testid="booking-status"
      data-status={status}
    >
      {statusLabel(status)}
    </Badge>
  );
}
