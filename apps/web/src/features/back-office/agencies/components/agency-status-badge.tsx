import { Badge } from '@mantine/core';
import type { AgencyStatus } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';

const COLORS: Record<AgencyStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  suspended: 'red',
  rejected: 'gray',
};

export function AgencyStatusBadge({ status }: { status: AgencyStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="agency-status">
      {t(`backOffice.statuses.${status}`)}
    </Badge>
  );
}
