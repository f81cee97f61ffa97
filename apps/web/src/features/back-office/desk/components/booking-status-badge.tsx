import type { BookingStatus } from '@portal/contract';
import { StatusBadge } from '@/components/status-badge';

const COLORS: Record<BookingStatus, string> = {
  request: 'orange',
  payment_required: 'blue',
  pending_payment: 'yellow',
  completed: 'green',
  cancelled: 'gray',
  payment_failed: 'red',
};

// A booking's status (SPEC §4 display statuses) in the language on screen
export function DeskStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <StatusBadge
      status={status}
      colors={COLORS}
      textKeys="boDesk.statuses"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    />
  );
}
