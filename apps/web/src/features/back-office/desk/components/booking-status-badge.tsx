import { Badge } from '@mantine/core';
import type { BookingStatus } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';

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
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-status={status}
    >
      {t(`boDesk.statuses.${status}`)}
    </Badge>
  );
}
