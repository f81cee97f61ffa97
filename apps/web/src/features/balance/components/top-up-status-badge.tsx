import type { TopUpStatus } from '@portal/contract';
import { StatusBadge } from '@/components/status-badge';

const COLORS: Record<TopUpStatus, string> = {
  pending: 'yellow',
  credited: 'teal',
  failed: 'red',
  cancelled: 'gray',
  rejected: 'red',
};

export function TopUpStatusBadge({ status }: { status: TopUpStatus }) {
  return <StatusBadge status={status} colors={COLORS} textKeys="balance.topUpStatus" testId="top-up-status" />;
}
