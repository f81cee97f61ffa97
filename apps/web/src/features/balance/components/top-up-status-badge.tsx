import { Badge } from '@mantine/core';
import type { TopUpStatus } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';

const COLORS: Record<TopUpStatus, string> = {
  pending: 'yellow',
  credited: 'teal',
  failed: 'red',
  cancelled: 'gray',
  rejected: 'red',
};

export function TopUpStatusBadge({ status }: { status: TopUpStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="top-up-status" data-status={status}>
      {t(`balance.topUpStatus.${status}`)}
    </Badge>
  );
}
