import { adminRoutes } from '@portal/contract';
import type { AdminAuditQuery } from '@portal/contract';
import { useListQuery } from '@/lib/use-list-query';
import { backOfficeKeys } from './keys';

// GET /admin/audit: every change, newest first, by object, agency or operator
export function useAuditLog(query: AdminAuditQuery) {
  return useListQuery(backOfficeKeys.audit(query), adminRoutes.auditLog, { query });
}
