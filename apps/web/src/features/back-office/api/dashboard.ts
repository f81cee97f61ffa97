import { useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { backOfficeKeys } from './keys';

// GET /admin/dashboard, read again every minute while the page is open
export function useDashboard() {
  return useQuery({
    queryKey: backOfficeKeys.dashboard(),
    queryFn: ({ signal }) => callRoute(adminRoutes.dashboard, { signal }),
    refetchInterval: 60_000,
  });
}
