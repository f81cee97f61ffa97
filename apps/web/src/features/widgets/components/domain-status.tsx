import { Badge } from '@mantine/core';
import type { WidgetDomainStatus } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';

const COLORS: Record<WidgetDomainStatus, string> = {
  pendingVerification: 'yellow',
  verified: 'teal',
  verificationFailed: 'red',
};

// SPEC §4: Pending Verification, Verified, Verification Failed
export function DomainStatus({ status }: { status: WidgetDomainStatus | null }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Badge color={COLORS[status]} variant="light" size="sm" data-testid="widget-domain-status">
      {t(`widgets.domainStatuses.${status}`)}
    </Badge>
  );
}
