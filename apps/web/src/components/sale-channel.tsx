import { Badge } from '@mantine/core';
import type { BookingChannel, MarginStatus } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { StatusBadge } from './status-badge';

// Issue 13: a booking the agency's customer made in its widget shop. Lists mark it beside its reference and show the
// widget's name where an agent's would be; a widget sale's margin shows where it stands on its way to the balance.
// Inline elements only: they also show inside paragraphs.
// Issue 30: one made by the agency's own system over the reseller API (the key's name is shown as who booked).
export function WidgetSaleMark({ channel }: { channel: BookingChannel }) {
  const { t } = useTranslation();
  if (channel === 'agent') return null;
  return (
    <Badge
      component="span"
      size="xs"
      variant="light"
      color={channel === 'api' ? 'cyan' : 'grape'}
      ml={6}
      style={{ flexShrink: 0 }}
      data-testid={channel === 'api' ? 'api-booking-mark' : 'widget-sale-mark'}
    >
      {t(`saleChannel.${channel}`)}
    </Badge>
  );
}

export function BookedBy({ name, channel }: { name: string; channel: BookingChannel }) {
  if (channel === 'agent') return <>{name}</>;
  return (
    <span
      data-testid={channel === 'api' ? 'booked-over-api' : 'booked-in-widget'}
      style={{ display: 'inline-flex', alignItems: 'center' }}
    >
      <span>{name}</span>
      <WidgetSaleMark channel={channel} />
    </span>
  );
}

const MARGIN_COLORS: Record<MarginStatus, string> = { pending: 'yellow', credited: 'teal', reversed: 'gray' };

export function MarginStatusBadge({ status }: { status: MarginStatus | null }) {
  if (!status) return null;
  return (
    <StatusBadge
      status={status}
      colors={MARGIN_COLORS}
      textKeys="saleChannel.margin"
      testId="margin-status"
      isInline
      size="xs"
    />
  );
}
