import type { AgencyStatus } from '@portal/contract';
import { StatusBadge } from '@/components/status-badge';

const COLORS: Record<AgencyStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  suspended: 'red',
  rejected: 'gray',
};

export function AgencyStatusBadge({ status }: { status: AgencyStatus }) {
  return <StatusBadge status={status} colors={COLORS} textKeys="backOffice.statuses" testId="agency-status" />;
}
