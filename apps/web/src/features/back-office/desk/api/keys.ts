import type { QueryClient } from '@tanstack/react-query';
import type { AdminRequestsQuery } from '@portal/contract';

// Query keys of the desk (requests, bookings, money), under the back office's root so its refresh reaches them too
const root = ['back-office', 'desk'] as const;

export const deskKeys = {
  all: root,
  requests: (query: AdminRequestsQuery) => [...root, 'requests', query] as const,
};

// A decision shows everywhere: the desk's lists, a booking's page, the dashboard's counts, the audit log
export function refreshDesk(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['back-office'] });
}
