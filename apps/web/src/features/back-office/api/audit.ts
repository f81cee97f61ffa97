import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@portal/contract';
import type { AdminAuditQuery } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { backOfficeKeys } from './keys';

// GET /admin/audit: every change, newest first, by object, agency or operator
export function useAuditLog(query: AdminAuditQuery) {
  return useQuery({
    queryKey: backOfficeKeys.audit(query),
    queryFn: ({ signal }) => callRoute(adminRoutes.auditLog, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
